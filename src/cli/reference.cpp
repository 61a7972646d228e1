#include "cli/reference.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "cli/cli_common.hpp"
#include "cli/reference_worker.hpp"
#include "emit/code_writer.hpp"
#include "emit/difference_writer.hpp"
#include "gen/differential/differential.hpp"
#include "harness/harness_loader.hpp"

namespace objgen::cli {

namespace fs = std::filesystem;
using differential::Difference;
using differential::DifferentialResult;
using differential::Side;

void add_reference_options(CLI::App* cmd, ReferenceArgs& r) {
  cmd->add_option("--reference-header", r.header,
                  "Differential testing: a header with a reference class (the fixed or previous version) whose members "
                  "are matched with the class's by name and parameter types; every state's calls and observers are "
                  "compared with it, in processes of its own")
      ->group("Differential testing");
  cmd->add_option("--reference-class", r.class_name, "The reference class (default: the class's own name)")->group("Differential testing");
  cmd->add_option("--reference-include", r.include,
                  "An include directory searched first for the reference (another version of the same library); "
                  "without --reference-header, the class's header as found under it")
      ->type_name("DIR")
      ->group("Differential testing");
  cmd->add_option("--reference-max-tests", r.max_tests, "Test cases run on each side at most (states sampled evenly beyond)")
      ->default_val(300000)
      ->group("Differential testing");
}

namespace {

// A header named as an #include names it (`<tsl/ordered_set.h>`): found through the include path,
// where the reference's include directory comes first.
bool included_by_name(const std::string& header) { return header.size() > 2 && header.front() == '<' && header.back() == '>'; }

// The class's header as found under --reference-include: the same name when it is included by
// name, else its path below the include directory (-I) it lies in, or its file name.
std::string rerooted_header(const SubjectArgs& subject, const std::string& include) {
  if (included_by_name(subject.header)) return subject.header;
  fs::path header = fs::absolute(subject.header);
  std::string relative = header.filename().string();
  for (size_t i = 0; i < subject.flags.size(); ++i) {
    const std::string& f = subject.flags[i];
    std::string dir = f == "-I" && i + 1 < subject.flags.size() ? subject.flags[i + 1] : f.rfind("-I", 0) == 0 ? f.substr(2) : "";
    if (dir.empty()) continue;
    fs::path below = header.lexically_relative(fs::absolute(dir));
    if (!below.empty() && *below.begin() != "..") {
      relative = below.string();
      break;
    }
  }
  return (fs::path(include) / relative).string();
}

// The reference as a subject of its own: the class's build, its header and class swapped, its
// include directory first.
SubjectArgs reference_subject(const SubjectArgs& subject, const ReferenceArgs& r) {
  SubjectArgs s = from_header(subject);
  s.harness.clear();
  s.coverage = s.coverage_of_callees = s.checks = s.asan = s.trace_loads = false;
  if (!r.class_name.empty()) s.class_name = r.class_name;
  if (!r.include.empty()) {
    std::error_code ec;
    if (!fs::is_directory(r.include, ec)) throw UsageError("--reference-include " + r.include + ": not a directory");
    s.flags.insert(s.flags.begin(), "-I" + fs::absolute(r.include).string());
  }
  if (r.header.empty() && !r.include.empty() && subject.header.empty())
    throw UsageError("--reference-include without --reference-header needs a --header subject (whose header it looks for)");
  s.header = !r.header.empty() ? r.header : !r.include.empty() ? rerooted_header(subject, r.include) : "";
  if (s.header.empty()) throw UsageError("--reference-class needs --reference-header or --reference-include");
  std::error_code ec;
  if (!included_by_name(s.header) && !fs::is_regular_file(s.header, ec))
    throw UsageError("the reference's header " + s.header + " is not a file");
  return s;
}

// The program that describes and serves the reference: this objgen in its worker mode.
std::vector<std::string> worker_program(const DifferentialSettings& st) {
  std::vector<std::string> p{
      fs::read_symlink("/proc/self/exe").string(), kReferenceWorkerMode, "--scope", std::to_string(st.scope), "--memory-limit",
      std::to_string(st.worker_memory_limit)};
  const LiteralSpec& l = st.literals;
  for (const auto& [name, value] : {std::pair{"--ints", &l.ints}, std::pair{"--doubles", &l.doubles}, std::pair{"--chars", &l.chars},
                                    std::pair{"--bools", &l.bools}, std::pair{"--strings", &l.strings}})
    if (!value->empty()) p.insert(p.end(), {name, *value});
  return p;
}

std::vector<std::string> names_of_registered_classes() {
  std::vector<std::string> out;
  for (size_t id = 0; id < registered_class_count(); ++id) out.push_back(class_vtable(static_cast<ClassId>(id)).name);
  return out;
}

// The reference's classes by id: objgen's own classes below the harness's, then the described.
std::vector<std::string> names_of_described_classes(const HarnessDescription& d) {
  std::vector<std::string> out = names_of_registered_classes();
  out.resize(d.first_class);
  for (const DescribedClass& c : d.classes) out.push_back(c.name);
  return out;
}

nlohmann::json difference_json(const Api& api, const LiteralDomain& domain, const Difference& d) {
  nlohmann::json j = {{"operation", api.operations()[d.op].signature()},
                      {"call", d.call},
                      {"message", d.message},
                      {"threw", d.threw},
                      {"hits", d.hits},
                      {"sequence", emit::write_statements(api, domain, d.sequence)},
                      {"sequence_length", d.sequence.calls.size()},
                      {"original_calls", d.original_calls},
                      {"one_minimal", d.one_minimal}};
  if (d.value) j["value"] = cpp_literal(*d.value);
  if (d.expected) j["expected"] = cpp_literal(*d.expected);
  if (!d.unconfirmed.empty()) j["not_confirmed"] = d.unconfirmed;
  return j;
}

void add_difference_records(const Api& api, const LiteralDomain& domain, const DifferentialResult& r, emit::CheckResults& results) {
  results.add_check("reference");
  auto add = [&](const Difference& d, emit::Verdict verdict) {
    emit::ResultRecord x = emit::sequence_record(api, domain, d.op, d.message, d.hits, d.sequence);
    x.check = "reference";
    x.kind = "difference";
    x.verdict = verdict;
    x.why = d.unconfirmed;
    results.results.push_back(std::move(x));
  };
  for (const Difference& d : r.differences) add(d, emit::Verdict::Bug);
  for (const Difference& d : r.unconfirmed) add(d, emit::Verdict::Unconfirmed);
}

void print_differences(const Api& api, const DifferentialResult& r) {
  std::fprintf(stdout, "differences %zu (states %zu of %zu, %llu test cases a side, %.2f s)\n", r.differences.size(), r.states_checked,
               r.states, static_cast<unsigned long long>(r.tests), r.seconds);
  for (const Difference& d : r.differences)
    std::fprintf(stdout, "  difference in %s: %s (%llu hits) [%zu -> %zu calls%s]\n", api.operations()[d.op].signature().c_str(),
                 d.message.c_str(), static_cast<unsigned long long>(d.hits), d.original_calls, d.sequence.calls.size(),
                 d.one_minimal ? ", 1-minimal" : "");
  for (const Difference& d : r.unconfirmed)
    std::fprintf(stdout, "  not confirmed, %s: %s: %s\n", api.operations()[d.op].signature().c_str(), d.message.c_str(),
                 d.unconfirmed.c_str());
}

nlohmann::json differential_json(const Api& api, const LiteralDomain& domain, const DifferentialResult& r, const std::string& reference,
                                 const std::vector<std::string>& unmatched) {
  auto signatures = [&api](const std::vector<uint32_t>& ops) {
    std::vector<std::string> out;
    out.reserve(ops.size());
    for (uint32_t op : ops) out.push_back(api.operations()[op].signature());
    return out;
  };
  nlohmann::json out = {{"differential",
                         {{"reference", reference},
                          {"states", r.states},
                          {"states_checked", r.states_checked},
                          {"pairs", r.pairs},
                          {"tests_per_side", r.tests},
                          {"compared", r.compared},
                          {"refused_by_reference", r.refused_by_reference},
                          {"untranslatable", r.untranslatable},
                          {"extensions", signatures(r.extensions)},
                          {"observers", signatures(r.observers)},
                          {"not_in_reference", unmatched},
                          {"seconds", r.seconds}}},
                        {"differences", nlohmann::json::array()},
                        {"unconfirmed_differences", nlohmann::json::array()}};
  for (const Difference& d : r.differences) out["differences"].push_back(difference_json(api, domain, d));
  for (const Difference& d : r.unconfirmed) out["unconfirmed_differences"].push_back(difference_json(api, domain, d));
  return out;
}

// The reference built and described by a process of its own, with its literal domain.
struct LoadedReference {
  HarnessDescription description;
  LiteralDomain domain;
  std::vector<std::string> worker;
  std::string name;
};

LoadedReference load_reference(const Api&, const ReferenceArgs& r, const DifferentialSettings& st) {
  SubjectArgs s = reference_subject(st.subject, r);
  std::string library = build_reference_harness(s, st.quiet);
  LoadedReference out;
  out.worker = worker_program(st);
  try {
    out.description = describe_harness_in_program(library, out.worker);
  } catch (const HarnessLoadError& e) {
    throw UsageError(std::string("the reference: ") + e.what());
  }
  out.worker.insert(out.worker.end(), {"--harness", library});  // describing added its own
  out.domain = literal_domain(st.scope, out.description.api, st.literals);
  out.name = out.description.target + " (" + s.header + ")";
  return out;
}

}  // namespace

void check_reference_args(const SubjectArgs& subject, const ReferenceArgs& r, bool quiet) {
  if (!r.given()) return;
  std::string library = build_reference_harness(reference_subject(subject, r), quiet);
  try {
    (void)describe_harness_in_program(library, {fs::read_symlink("/proc/self/exe").string(), kReferenceWorkerMode});
  } catch (const HarnessLoadError& e) {
    throw UsageError(std::string("the reference: ") + e.what());
  }
}

nlohmann::json check_against_reference(const Api& api, const FoundStates& found, const ReferenceArgs& r, const DifferentialSettings& st) {
  LoadedReference ref = load_reference(api, r, st);
  const ClassInfo* target = ref.description.api.find_class(ref.description.target);
  if (!target) throw UsageError("the reference's harness does not register its class " + ref.description.target);
  Side subject{api, found.target, found.domain, names_of_registered_classes(), class_vtable(found.target).name};
  Side reference{ref.description.api, target->id, ref.domain, names_of_described_classes(ref.description), ref.description.target};
  differential::OperationMatch match = differential::match_operations(subject, reference);
  std::vector<std::string> unmatched;
  for (uint32_t op : match.unmatched) unmatched.push_back(api.operations()[op].signature());
  if (!unmatched.empty() && !st.quiet)
    std::fprintf(stderr, "objgen: the reference has no member matching %s: not compared\n",
                 fmt::format("{}", fmt::join(unmatched, ", ")).c_str());
  differential::DifferentialOptions o;
  o.call_timeout_seconds = st.call_timeout;
  o.worker_memory_limit_bytes = st.worker_memory_limit;
  o.reference_worker = ref.worker;
  o.max_tests = r.max_tests;
  o.minimize = st.minimize;
  o.interrupted = &g_interrupted;
  if (!st.quiet)
    std::fprintf(stderr, "objgen: comparing %zu states with the reference %s\n", found.target_states().size(), ref.name.c_str());
  catch_interrupts(true);
  DifferentialResult result;
  try {
    result = differential::find_differences(subject, found, reference, match, o);
  } catch (const std::runtime_error& e) {
    catch_interrupts(false);
    throw UsageError(ref.name + ": " + e.what());
  }
  catch_interrupts(false);
  if (result.extensions.empty() && result.observers.empty())
    throw UsageError("the reference " + ref.name + " has none of the class's members that take the object and literals");
  print_differences(api, result);
  if (st.results) add_difference_records(api, found.domain, result, *st.results);
  if (st.suites && !st.emit_dir.empty()) {
    std::string file = emit::write_differences_suite(api, found.domain, result.differences, *st.suites, st.emit_dir, ref.name);
    if (!file.empty() && !st.quiet) std::fprintf(stderr, "objgen: wrote %s\n", file.c_str());
  }
  return differential_json(api, found.domain, result, ref.name, unmatched);
}

}  // namespace objgen::cli
