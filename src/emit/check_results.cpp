#include "emit/check_results.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "emit/code_writer.hpp"
#include "exec/executor.hpp"
#include "gen/oracles/contracts.hpp"

namespace objgen::emit {

namespace {

constexpr const char* kVerdicts[] = {"bug", "precondition", "unconfirmed"};

nlohmann::json line_json(const SourceLine& at) {
  if (!at.known()) return nullptr;
  return {{"file", at.file}, {"line", at.line}};
}

// The reading side checks every field's type: a report may have been edited or cut short.
template <class T>
T field(const nlohmann::json& j, const char* key, const char* where) {
  if (!j.is_object() || !j.contains(key)) throw std::runtime_error(std::string(where) + ": \"" + key + "\" is missing");
  try {
    return j.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw std::runtime_error(std::string(where) + ": \"" + key + "\" is not of the expected type");
  }
}

SourceLine line_from(const nlohmann::json& j, const char* key, const char* where) {
  if (!j.contains(key) || j.at(key).is_null()) return {};
  const nlohmann::json& at = j.at(key);
  return {field<std::string>(at, "file", where), field<uint32_t>(at, "line", where)};
}

Verdict verdict_from(const std::string& name) {
  for (size_t i = 0; i < std::size(kVerdicts); ++i)
    if (name == kVerdicts[i]) return static_cast<Verdict>(i);
  throw std::runtime_error("a result's verdict \"" + name + "\" is none of bug, precondition, unconfirmed");
}

// The declaration of the class's member called `name` ("operator<"), unknown when none is registered.
SourceLine member_line(const Api& api, ClassId owner, const char* name) {
  for (const Operation& op : api.operations())
    if (op.contract < 0 && op.owner == owner && op.name == name && op.declared_at.known()) return op.declared_at;
  return {};
}

// Where the member to blame is declared: the failing call's; for a check of the invariant, the
// member called last before it (it broke the invariant); for a contract on comparisons, the
// operator it tests; for one on copies, moves or assignment, none (the class: those are rarely
// registered members).
SourceLine culprit_line(const Api& api, uint32_t op, const FlatSequence& sequence) {
  const Operation& o = api.operations()[op];
  if (o.contract < 0) return o.declared_at;
  switch (static_cast<contracts::Contract>(o.contract)) {
    case contracts::Contract::Failures:
    case contracts::Contract::Invariant:
      for (size_t i = sequence.calls.size(); i-- > 0;)
        if (const Operation& before = api.operations()[sequence.calls[i].op]; before.contract < 0) return before.declared_at;
      return {};
    case contracts::Contract::LtIrreflexive:
      return member_line(api, o.owner, "operator<");
    case contracts::Contract::EqReflexive:
    case contracts::Contract::EqSymmetric:
    case contracts::Contract::HashEq:
      return member_line(api, o.owner, "operator==");
    default:
      return {};
  }
}

}  // namespace

const char* verdict_name(Verdict v) { return kVerdicts[static_cast<size_t>(v)]; }

std::string finding_key(const ResultRecord& r) {
  return fmt::format("{}\n{}\n{}:{}\n{}", r.check, r.kind, r.at.file, r.at.line, message_without_numbers(r.message));
}

void CheckResults::add_check(const std::string& check) {
  if (std::find(checks.begin(), checks.end(), check) == checks.end()) checks.push_back(check);
}

std::string check_of(const Api& api, Outcome kind, uint32_t op) {
  const Operation& o = api.operations()[op];
  auto contract = static_cast<contracts::Contract>(o.contract);
  // Random checks the invariant and the calls' failures through contract checks too.
  if (o.contract >= 0 && contract != contracts::Contract::Invariant && contract != contracts::Contract::Failures)
    return std::string("contract ") + contracts::contract_name(contract);
  if (kind == Outcome::InvariantBroken || (o.contract >= 0 && contract == contracts::Contract::Invariant)) return "invariant";
  return "calls";
}

ResultRecord sequence_record(const Api& api, const LiteralDomain& domain, uint32_t op, const std::string& message, uint64_t hits,
                             const FlatSequence& sequence) {
  const Operation& o = api.operations()[op];
  ResultRecord r;
  r.operation = o.signature();
  r.at = culprit_line(api, op, sequence);
  if (!r.at.known()) r.at = api.find_class(o.owner) ? api.find_class(o.owner)->declared_at : SourceLine{};
  r.message = message;
  r.hits = hits;
  std::vector<std::string> statements = write_statements(api, domain, sequence);
  for (size_t i = 0; i < sequence.calls.size(); ++i) {
    const Operation& called = api.operations()[sequence.calls[i].op];
    r.calls.push_back({statements[i], called.signature(), called.declared_at});
  }
  return r;
}

ResultRecord result_record(const Api& api, const LiteralDomain& domain, Outcome kind, uint32_t op, const std::string& message,
                           uint64_t hits, const FlatSequence& sequence) {
  ResultRecord r = sequence_record(api, domain, op, message, hits, sequence);
  r.check = check_of(api, kind, op);
  r.kind = outcome_name(kind);
  return r;
}

CheckResults check_results(const Api& api, const std::string& command, ClassId target, const std::string& header) {
  CheckResults r;
  r.command = command;
  r.target = class_vtable(target).name;
  r.header = header;
  const ClassInfo* info = api.find_class(target);
  if (info) r.class_at = info->declared_at;
  r.add_check("calls");
  if (info && info->invariant) r.add_check("invariant");
  return r;
}

nlohmann::json results_json(const CheckResults& r) {
  nlohmann::json results = nlohmann::json::array();
  for (const ResultRecord& f : r.results) {
    nlohmann::json calls = nlohmann::json::array();
    for (const CallSite& c : f.calls) calls.push_back({{"statement", c.statement}, {"operation", c.operation}, {"at", line_json(c.at)}});
    results.push_back({{"check", f.check},
                       {"kind", f.kind},
                       {"operation", f.operation},
                       {"at", line_json(f.at)},
                       {"message", f.message},
                       {"verdict", verdict_name(f.verdict)},
                       {"why", f.why},
                       {"hits", f.hits},
                       {"calls", calls}});
  }
  return {{"command", r.command}, {"target", r.target}, {"header", r.header}, {"class_at", line_json(r.class_at)},
          {"checks", r.checks},   {"results", results}};
}

CheckResults results_from_json(const nlohmann::json& j) {
  const char* where = "the report's results";
  CheckResults r;
  r.command = field<std::string>(j, "command", where);
  r.target = field<std::string>(j, "target", where);
  r.header = field<std::string>(j, "header", where);
  r.class_at = line_from(j, "class_at", where);
  r.checks = field<std::vector<std::string>>(j, "checks", where);
  for (const nlohmann::json& f : field<nlohmann::json>(j, "results", where)) {
    const char* in = "a result";
    ResultRecord x;
    x.check = field<std::string>(f, "check", in);
    x.kind = field<std::string>(f, "kind", in);
    x.operation = field<std::string>(f, "operation", in);
    x.at = line_from(f, "at", in);
    x.message = field<std::string>(f, "message", in);
    x.verdict = verdict_from(field<std::string>(f, "verdict", in));
    x.why = field<std::string>(f, "why", in);
    x.hits = field<uint64_t>(f, "hits", in);
    for (const nlohmann::json& c : field<nlohmann::json>(f, "calls", in))
      x.calls.push_back({field<std::string>(c, "statement", in), field<std::string>(c, "operation", in), line_from(c, "at", in)});
    r.results.push_back(std::move(x));
  }
  return r;
}

}  // namespace objgen::emit
