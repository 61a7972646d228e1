#include "emit/sarif_log.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "exec/sequence.hpp"

namespace objgen::emit {

namespace {

struct RuleText {
  const char* kind;
  const char* name;
  const char* text;
};

// One rule per kind of finding; a kind not listed gets a generic rule.
constexpr RuleText kRules[] = {
    {"crash", "CallCrashes", "A call ends its process: a signal (segmentation fault, abort) or a sanitizer's report."},
    {"failure", "UnexpectedException", "A call throws an exception that is not the class's documented misuse."},
    {"timeout", "CallHangs", "A call runs past the call timeout."},
    {"out-of-memory", "CallExhaustsMemory", "A call takes more memory than the worker's limit."},
    {"invariant", "InvariantBroken", "After a call, the class's invariant (its repOK-like member) is false."},
    {"nondeterministic", "Nondeterministic", "The same calls from the same state give different results."},
    {"contract", "ContractBroken",
     "A contract every value type should keep (copies equal and independent, == an equivalence, hash agreeing with ==, "
     "< a strict order, moves and assignments) is broken."},
    {"difference", "DiffersFromReference", "A call returns or throws other than the reference implementation does."},
};

const RuleText* rule_text(const std::string& kind) {
  for (const RuleText& r : kRules)
    if (kind == r.kind) return &r;
  return nullptr;
}

nlohmann::json rule_json(const std::string& kind) {
  const RuleText* r = rule_text(kind);
  std::string text = r ? r->text : "objgen found the class misbehaving (" + kind + ").";
  return {{"id", kind},
          {"name", r ? r->name : kind},
          {"shortDescription", {{"text", text}}},
          {"fullDescription", {{"text", text}}},
          {"defaultConfiguration", {{"level", "error"}}},
          {"properties", {{"tags", {"correctness", "objgen"}}}}};
}

// Stable across runs: the class, the check, the kind, the member and the message with its
// numbers left out (addresses and counts vary; the bug does not).
std::string fingerprint(const std::string& target, const ResultRecord& r) {
  std::string key = fmt::format("{}\n{}\n{}\n{}\n{}", target, r.check, r.kind, r.operation, message_without_numbers(r.message));
  uint64_t h = 1469598103934665603ULL;  // FNV-1a
  for (unsigned char c : key) h = (h ^ c) * 1099511628211ULL;
  return fmt::format("{:016x}", h);
}

class SarifWriter {
 public:
  explicit SarifWriter(const SarifOptions& o) : options_(o) {
    root_ = o.source_root;
    if (!root_.empty() && root_.back() != '/') root_ += '/';
  }

  nlohmann::json artifact(const std::string& file) const {
    if (!root_.empty() && file.compare(0, root_.size(), root_) == 0)
      return {{"uri", uri_path(file.substr(root_.size()))}, {"uriBaseId", "SRCROOT"}};
    return {{"uri", "file://" + uri_path(file)}};
  }

  nlohmann::json physical(const SourceLine& at) const {
    return {{"artifactLocation", artifact(at.file)}, {"region", {{"startLine", std::max<uint32_t>(at.line, 1)}}}};
  }

  nlohmann::json code_flow(const ResultRecord& r) const {
    nlohmann::json steps = nlohmann::json::array();
    for (size_t i = 0; i < r.calls.size(); ++i) {
      const CallSite& c = r.calls[i];
      nlohmann::json location = {{"message", {{"text", c.statement}}}};
      if (c.at.known()) location["physicalLocation"] = physical(c.at);
      location["logicalLocations"] = {{{"fullyQualifiedName", c.operation}, {"kind", "function"}}};
      steps.push_back({{"location", location}, {"executionOrder", i + 1}, {"nestingLevel", 0}});
    }
    return {{"threadFlows", {{{"locations", steps}}}}};
  }

  nlohmann::json result(const CheckResults& cls, const ResultRecord& r) {
    std::string text = fmt::format("{} in {}: {}", r.kind, r.operation, r.message);
    if (r.verdict == Verdict::Precondition) text = "Likely a precondition the calls broke, not a bug: " + text + " (" + r.why + ")";
    if (r.verdict == Verdict::Unconfirmed) text = "Not confirmed: " + text + " (" + r.why + ")";
    std::string reproducer;
    for (const CallSite& c : r.calls) reproducer += c.statement + "\n";
    nlohmann::json j = {
        {"ruleId", r.kind},
        {"ruleIndex", rule_index(r.kind)},
        {"level", r.verdict == Verdict::Bug ? "error" : "note"},
        {"message", {{"text", text}, {"markdown", text + "\n\nReproducer:\n\n```cpp\n" + reproducer + "```"}}},
        {"partialFingerprints", {{"objgenFinding/v1", fingerprint(cls.target, r)}}},
        {"properties",
         {{"class", cls.target}, {"command", cls.command}, {"check", r.check}, {"verdict", verdict_name(r.verdict)}, {"hits", r.hits}}}};
    SourceLine at = r.at.known() ? r.at : cls.class_at;
    nlohmann::json location = {{"logicalLocations", {{{"fullyQualifiedName", r.operation}, {"kind", "function"}}}}};
    if (at.known()) location["physicalLocation"] = physical(at);
    j["locations"] = {location};
    if (!r.calls.empty()) j["codeFlows"] = {code_flow(r)};
    return j;
  }

  nlohmann::json log(const std::vector<CheckResults>& classes) {
    nlohmann::json results = nlohmann::json::array();
    for (const CheckResults& c : classes)
      for (const ResultRecord& r : c.results) results.push_back(result(c, r));
    nlohmann::json driver = {{"name", "objgen"}, {"rules", rules_}};
    if (!options_.tool_version.empty()) driver["version"] = options_.tool_version;
    nlohmann::json run = {{"tool", {{"driver", driver}}}, {"results", results}, {"columnKind", "unicodeCodePoints"}};
    if (!root_.empty()) run["originalUriBaseIds"] = {{"SRCROOT", {{"uri", "file://" + uri_path(root_)}}}};
    return {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", {run}}};
  }

 private:
  size_t rule_index(const std::string& kind) {
    for (size_t i = 0; i < rules_.size(); ++i)
      if (rules_[i]["id"] == kind) return i;
    rules_.push_back(rule_json(kind));
    return rules_.size() - 1;
  }

  const SarifOptions& options_;
  std::string root_;
  nlohmann::json rules_ = nlohmann::json::array();
};

}  // namespace

std::string uri_path(const std::string& path) {
  std::string out;
  for (unsigned char c : path) {
    if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~' || c == '/')
      out += static_cast<char>(c);
    else
      out += fmt::format("%{:02X}", c);
  }
  return out;
}

nlohmann::json sarif_log(const std::vector<CheckResults>& classes, const SarifOptions& options) {
  SarifWriter w(options);
  return w.log(classes);
}

}  // namespace objgen::emit
