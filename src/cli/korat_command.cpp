// objgen korat: bounded-exhaustive generation from the class's invariant (Korat's search, on the
// user's own C++ objects): every valid structure within a finitization, up to isomorphism.
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <nlohmann/json.hpp>

#include "cli/cli_common.hpp"
#include "cli/run_reports.hpp"
#include "cli/option_checks.hpp"
#include "cli/run_args.hpp"
#include "cli/subject.hpp"
#include "emit/code_writer.hpp"
#include "emit/structures_writer.hpp"
#include "exec/sequence.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "gen/invariant/api_diff.hpp"
#include "gen/invariant/fingerprint_set.hpp"
#include "gen/invariant/invariant_search.hpp"
#include "io/atomic_file.hpp"

namespace objgen::cli {
namespace {

struct KoratArgs : RunArgs, OutputArgs {
  int scope = 3;
  std::vector<std::string> objects;   // CLASS=N
  std::vector<std::string> ranges;    // FIELD=LO..HI
  std::vector<std::string> not_null;  // FIELD
  size_t print = 0;
  size_t max_structures = size_t{1} << 26;
  bool scope_given = false;
  std::string finitization_file;
  std::vector<std::string> file_objects, file_ranges;  // its settings, below the command line's
  bool against_api = false;
  int api_scope = -1;          // default: --scope
  int api_max_iterations = 0;  // default: 3 x the API scope, as BEAPI
  size_t gtest_max_structures = 10000;
  bool gtest_max_given = false;
};

std::pair<std::string, std::string> split_assignment(const std::string& text, const char* option) {
  size_t eq = text.rfind('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    throw UsageError(std::string(option) + " '" + text + "': write NAME=VALUE");
  return {text.substr(0, eq), text.substr(eq + 1)};
}

// A finitization file: one setting per line, as the options without their dashes ("scope 4",
// "objects Node=3", "range size=0..4", "not-null header"), '#' starting a comment. The command
// line's own options come after it: its --scope wins, its ranges and counts override the file's.
void read_finitization_file(KoratArgs& a) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(a.finitization_file, ec))
    throw UsageError("--finitization: " + a.finitization_file + " is not a file");
  std::ifstream in(a.finitization_file);
  if (!in) throw UsageError("--finitization: cannot read " + a.finitization_file);
  std::vector<std::string> objects, ranges;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (size_t hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::istringstream words(line);
    std::string key, value, extra;
    if (!(words >> key)) continue;
    const std::string where = a.finitization_file + ":" + std::to_string(number) + ": ";
    if (!(words >> value) || (words >> extra)) throw UsageError(where + "write one setting and one value, e.g. 'range size=0..4'");
    if (key == "scope") {
      int scope = -1;
      try {
        scope = std::stoi(value);
      } catch (const std::exception&) {
      }
      if (scope < 0 || scope > 255 || std::to_string(scope) != value) throw UsageError(where + "the scope must be a number in 0..255");
      if (!a.scope_given) a.scope = scope;
    } else if (key == "objects") {
      objects.push_back(value);
    } else if (key == "range") {
      ranges.push_back(value);
    } else if (key == "not-null") {
      a.not_null.push_back(value);
    } else {
      throw UsageError(fmt::format("{}unknown setting '{}' (scope, objects, range, not-null)", where, key));
    }
  }
  a.file_objects = std::move(objects);
  a.file_ranges = std::move(ranges);
}

void parse_counts_and_ranges(const std::vector<std::string>& objects, const std::vector<std::string>& ranges,
                             std::map<std::string, int>& counts, std::map<std::string, std::pair<int64_t, int64_t>>& bounds) {
  try {
    for (const auto& o : objects) {
      auto [name, n] = split_assignment(o, "--objects");
      auto [lo, hi] = invariant::parse_range(n);
      if (lo != hi || lo < 0) throw UsageError("--objects '" + o + "': the count must be one number >= 0");
      counts[name] = static_cast<int>(lo);
    }
    for (const auto& r : ranges) {
      auto [name, range] = split_assignment(r, "--range");
      bounds[name] = invariant::parse_range(range);
    }
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

invariant::Finitization finitization(const KoratArgs& a) {
  invariant::Finitization fin;
  fin.scope = a.scope;
  parse_counts_and_ranges(a.objects, a.ranges, fin.objects, fin.ranges);
  parse_counts_and_ranges(a.file_objects, a.file_ranges, fin.file_objects, fin.file_ranges);
  fin.not_null = a.not_null;
  return fin;
}

// "List.head=Node#0 List.size=1 Node#0.key=3 ...": the fields of the structure (its objects the
// root reaches; a vector's elements within its length).
std::string assignment_text(const invariant::FieldSpace& space, const uint8_t* vector) {
  std::vector<uint8_t> reached;
  space.reachable(vector, reached);
  std::string out;
  for (uint32_t f = 0; f < space.fields.size(); ++f)
    if (space.in_structure(f, vector, reached))
      out += (out.empty() ? "" : " ") + space.field_name(f) + "=" + space.value_text(f, vector[f]);
  return out;
}

std::string set_digest(const std::vector<Fingerprint>& set) {
  uint64_t h = 1469598103934665603ull;
  for (const Fingerprint& fp : set)
    for (uint64_t v : {fp.lo, fp.hi})
      for (int i = 0; i < 8; ++i, v >>= 8) h = (h ^ (v & 0xff)) * 1099511628211ull;
  return fmt::format("{:016x}", h);
}

// Korat runs the class's invariant on candidate objects, not its members: what it finds is the
// invariant failing on a candidate (crashing, hanging), a fault of the invariant's code.
emit::CheckResults korat_results(const Api& api, const ClassInfo& target, const invariant::SearchResult& r) {
  emit::CheckResults results = emit::check_results(api, "korat", target.id, "");
  results.checks = {"invariant"};
  for (const auto& f : r.findings) {
    emit::ResultRecord x;
    x.check = "invariant";
    x.kind = outcome_name(f.kind);
    x.operation = target.invariant_call.empty() ? "the invariant of " + target.name : target.name + "::" + target.invariant_call;
    x.at = target.declared_at;
    x.message = f.message + " (on candidate " + std::to_string(f.explored_at) + ")";
    results.results.push_back(std::move(x));
  }
  return results;
}

nlohmann::json report(const std::string& target, const KoratArgs& a, const invariant::SearchResult& r,
                      const std::vector<Fingerprint>& states) {
  using nlohmann::json;
  json fields = json::array();
  for (uint32_t f = 0; f < r.space.fields.size(); ++f) {
    const invariant::Domain& d = r.space.domains[r.space.fields[f].domain];
    fields.push_back(
        {{"field", r.space.field_name(f)},
         {"values", d.size},
         {"domain", d.kind == invariant::Domain::Ints ? fmt::format("{}..{}", d.lo, d.hi)
                                                      : (d.null_allowed ? "null or " : "") + r.space.classes[d.class_domain].name}});
  }
  json findings = json::array();
  for (const auto& f : r.findings)
    findings.push_back({{"kind", outcome_name(f.kind)},
                        {"message", f.message},
                        {"candidate", f.explored_at},
                        {"fields", assignment_text(r.space, f.candidate.data())}});
  return {{"command", "korat"},
          {"class", target},
          {"scope", a.scope},
          {"candidate_vector", fields},
          {"explored", r.explored},
          {"structures", r.structures},
          {"canonical_states", states.size()},
          {"out_of_scope", r.out_of_scope},
          {"states_digest", set_digest(states)},
          {"seconds", r.seconds},
          {"setup_seconds", r.setup_seconds},
          {"jobs", r.jobs},
          {"left_as_constructed", r.space.left_as_constructed},
          {"interrupted", r.interrupted},
          {"truncated", r.truncated},
          {"findings", findings}};
}

// The API's states at a scope (bounded-exhaustive generation from every method, or --methods), as
// they are: a state that breaks the invariant is kept (it is what the diff is after), not reported
// and dropped as exhaustive does.
exhaustive::ExhaustiveResult api_states(const KoratArgs& a, Api& api, const ClassInfo& target, uint32_t scope,
                                        const std::shared_ptr<const std::regex>& omit, int workers, LiteralDomain& domain,
                                        size_t& operations) {
  api.class_info(target.id).invariant = nullptr;
  exhaustive::ExhaustiveOptions o;
  o.scope = scope;
  o.domain = domain = literal_domain(static_cast<int>(scope), api, LiteralSpec{});
  o.omit = omit;
  o.target = target.id;
  o.max_iterations = a.api_max_iterations;
  o.operations = select_methods(api, target.id, a.methods.empty() ? std::vector<std::string>{"all"} : read_method_list(a.methods));
  operations = o.operations.size();
  o.workers = workers;
  o.interrupted = &g_interrupted;
  if (!a.quiet) print_progress(fmt::format("objgen: korat: the API's states at scope {}", o.scope));
  exhaustive::ExhaustiveResult run = exhaustive::ExhaustiveGenerator(api, o).run();
  if (!a.quiet) end_progress();
  return run;
}

// BEAPI's RQ3 beside the search: the invariant's states against the API's, as canonical forms.
// With --api-scope above --scope (balance-bound structures need more room to build a small
// state), the invariant's states are looked up among the API's at --api-scope, and the API's own
// states, for "only the API builds", come from --scope: the larger search's states mostly lie
// outside the finitization's bounds.
nlohmann::json against_api(const KoratArgs& a, Api& api, const ClassInfo& target, const invariant::SearchResult& r,
                           const std::shared_ptr<const std::regex>& omit, int workers) {
  const uint32_t scope = static_cast<uint32_t>(a.scope);
  const uint32_t wide_scope = a.api_scope >= 0 ? static_cast<uint32_t>(a.api_scope) : scope;
  LiteralDomain domain, wide_domain;
  size_t operations = 0;
  exhaustive::ExhaustiveResult api_run = api_states(a, api, target, std::min(scope, wide_scope), omit, workers, domain, operations);
  std::optional<exhaustive::ExhaustiveResult> wide_run;
  if (wide_scope > scope) wide_run = api_states(a, api, target, wide_scope, omit, workers, wide_domain, operations);
  invariant::ApiDiff d = invariant::diff_against_api(r, api_run.store, target.id, 3);
  size_t reached_wider = 0;
  if (wide_run) {
    invariant::ApiDiff w = invariant::diff_against_api(r, wide_run->store, target.id, 3);
    reached_wider = w.both > d.both ? w.both - d.both : 0;  // a partial wider run may match fewer
    d.both = w.both, d.invariant_only = w.invariant_only, d.invariant_only_examples = w.invariant_only_examples;
  }
  const bool complete = api_run.complete && (!wide_run || wide_run->complete);
  std::string partial =
      complete ? ""
               : ", partial: " + std::string(exhaustive::stop_reason_name(api_run.complete ? wide_run->stopped_by : api_run.stopped_by));
  std::string scopes = wide_run ? fmt::format("scope {}, and {} for the invariant's states", scope, wide_scope)
                                : fmt::format("scope {}", std::min(scope, wide_scope));
  std::printf(
      "against the API (%s, %zu operations%s): %zu states of the invariant, %zu of the API; both %zu, only "
      "the invariant accepts %zu, only the API builds %zu\n",
      scopes.c_str(), operations, partial.c_str(), d.invariant_states, d.api_states, d.both, d.invariant_only, d.api_only);
  if (wide_run) std::printf("  %zu of the invariant's states the API builds only at scope %u\n", reached_wider, wide_scope);
  const size_t api_findings = api_run.findings.size() + (wide_run ? wide_run->findings.size() : 0);
  if (api_findings)
    std::printf("  the API run had %zu findings of its own (crashes, failures): objgen exhaustive reports them\n", api_findings);
  nlohmann::json j = {{"api_scope", wide_scope},
                      {"api_complete", complete},
                      {"api_findings", api_findings},
                      {"invariant_states", d.invariant_states},
                      {"api_states", d.api_states},
                      {"both", d.both},
                      {"invariant_only", d.invariant_only},
                      {"api_only", d.api_only},
                      {"invariant_only_examples", nlohmann::json::array()},
                      {"api_only_examples", nlohmann::json::array()}};
  if (wide_run) j["built_only_at_api_scope"] = reached_wider;
  j["invariant_only_cpp"] = nlohmann::json::array();
  for (size_t s : d.invariant_only_examples) {
    std::string fields = assignment_text(r.space, r.vector(s));
    std::vector<std::string> code = emit::structure_statements(r.space, r.vector(s));
    std::string joined;
    for (const auto& l : code) joined += (joined.empty() ? "" : " ") + l;
    std::printf("  only the invariant accepts: %s\n    as C++: %s\n", fields.c_str(), joined.c_str());
    j["invariant_only_examples"].push_back(fields);
    j["invariant_only_cpp"].push_back(code);
  }
  Replayer replayer(api, api_run.store, domain);
  for (uint32_t id : d.api_only_examples) {
    std::vector<std::string> lines = emit::write_statements(api, domain, replayer.flatten(id));
    std::string code;
    for (const auto& l : lines) code += (code.empty() ? "" : " ") + l;
    std::printf("  only the API builds: %s\n", code.c_str());
    j["api_only_examples"].push_back(lines);
  }
  return j;
}

// The structures as a GoogleTest suite: the invariant accepts each, and each mutating operation
// (--methods, default all) keeps it.
void emit_structures(const KoratArgs& a, const Api& api, const Subject& subject, const ClassInfo& target,
                     const invariant::SearchResult& r) {
  emit::GtestSuiteOptions g{subject.example.header, subject.example.name};
  g.build = subject.suites;
  g.max_states = a.gtest_max_structures;
  LiteralDomain domain = literal_domain(a.scope, api, LiteralSpec{});
  std::vector<uint32_t> ops =
      select_methods(api, target.id, a.methods.empty() ? std::vector<std::string>{"all"} : read_method_list(a.methods));
  std::string path = emit::write_structures_suite(api, r, domain, ops, g, a.emit_gtest);
  std::printf("wrote %s (%zu structures)\n", path.c_str(), std::min<size_t>(r.structures, g.max_states ? g.max_states : r.structures));
}

invariant::SearchOptions search_options(const KoratArgs& a, const ClassInfo& target) {
  invariant::SearchOptions opt;
  opt.finitization = finitization(a);
  opt.call_timeout_seconds = a.call_timeout;
  opt.max_structures = a.max_structures;
  opt.omit = build_omit(a.omit_fields_of(target));
  opt.workers = default_workers(a.threads, a.force);
  opt.worker_memory_limit_bytes = a.worker_memory_limit_bytes();
  opt.interrupted = &g_interrupted;
  if (!a.quiet)
    opt.on_progress = [](uint64_t explored, uint64_t found) {
      print_progress(fmt::format("objgen: korat: {} candidates, {} structures", explored, found));
    };
  return opt;
}

// The outputs and the method list checked before the search, which may take long.
void check_outputs(const KoratArgs& a, Api& api, const ClassInfo& target) {
  require_writable_outputs(a);
  if (!a.methods.empty()) select_methods(api, target.id, read_method_list(a.methods));  // a bad list: before the search
}

// The search; a finitization or invariant it cannot use is the user's to fix.
invariant::SearchResult search(const KoratArgs& a, const Api& api, const ClassInfo& target, const invariant::SearchOptions& opt) {
  invariant::SearchResult r;
  try {
    r = invariant::search_from_invariant(api, target.id, opt);
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("the finitization: ") + e.what());
  } catch (const std::runtime_error& e) {
    throw UsageError(e.what());
  }
  if (!a.quiet) end_progress();
  if (r.reads_nothing && !r.interrupted && r.findings.empty())  // a worker that died took its reads along
    throw UsageError("the invariant of " + target.name + " read no field of the candidate objects, so a search from it " +
                     "cannot tell candidates apart: it must read the object's fields in code built with the harness " +
                     "(an invariant compiled into a separate library is not traced)");
  return r;
}

void print_search(const KoratArgs& a, const ClassInfo& target, const invariant::SearchResult& r, size_t canonical_states) {
  std::printf("korat: %s: %llu structures (%zu canonical states), %llu candidates explored, %.2f s%s\n", target.name.c_str(),
              static_cast<unsigned long long>(r.structures), canonical_states, static_cast<unsigned long long>(r.explored), r.seconds,
              r.interrupted ? " (interrupted: partial)"
              : r.truncated ? " (stopped at --max-structures: partial)"
                            : "");
  std::printf("candidate vector: %zu fields, about 10^%.1f assignments\n", r.space.fields.size(), r.space.log10_candidates());
  if (!r.space.left_as_constructed.empty()) {
    std::string names;
    for (const auto& n : r.space.left_as_constructed) names += (names.empty() ? "" : ", ") + n;
    std::printf("left as the default constructor made them (not integers, bools, enums or raw pointers to described classes): %s\n",
                names.c_str());
  }
  for (size_t s = 0; s < std::min<size_t>(a.print, r.structures); ++s) std::printf("  %s\n", assignment_text(r.space, r.vector(s)).c_str());
  for (const auto& f : r.findings)
    std::printf("finding: %s: %s\n  on %s\n", outcome_name(f.kind), f.message.c_str(),
                assignment_text(r.space, f.candidate.data()).c_str());
}

int run_korat(KoratArgs& a) {
  apply_run_args(a);
  if (!a.against_api && (a.api_scope >= 0 || a.api_max_iterations > 0))
    throw UsageError("--api-scope and --api-max-iterations go with --against-api");
  if (a.emit_gtest.empty() && a.gtest_max_given) throw UsageError("--gtest-max-structures goes with --emit-gtest");
  if (!a.finitization_file.empty()) read_finitization_file(a);
  a.subject.trace_loads = true;
  const Subject subject = resolve_subject(a.subject, a.quiet);
  const Example& ex = subject.example;
  Api api;
  const ClassInfo& target = register_example(ex, api);
  invariant::SearchOptions opt = search_options(a, target);
  check_outputs(a, api, target);
  catch_interrupts(true);
  invariant::SearchResult r = search(a, api, target, opt);
  std::vector<Fingerprint> states = invariant::distinct_sorted(r.found.fingerprints());
  print_search(a, target, r, states.size());
  nlohmann::json out = report(target.name, a, r, states);
  if (!a.emit_gtest.empty() && !r.interrupted) emit_structures(a, api, subject, target, r);
  if (a.against_api && !r.interrupted) out["against_api"] = against_api(a, api, target, r, opt.omit, opt.workers);
  catch_interrupts(false);
  write_run_reports(a, out, korat_results(api, target, r));
  return r.interrupted || g_interrupted ? kExitInterrupted : kExitOk;  // the API run too
}

}  // namespace

void add_korat_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<KoratArgs>();
  auto* cmd = app.add_subcommand("korat",
                                 "Bounded-exhaustive generation from the class's invariant (Korat): every structure its "
                                 "repOK accepts within the bounds, up to isomorphism, on real objects of the class");
  add_subject_options(cmd, args->subject);
  cmd->add_option("--scope", args->scope, "Objects of each class the root points to, and int fields 0..N-1")
      ->default_val(3)
      ->check(CLI::Range(0, 255))
      ->each([args](const std::string&) { args->scope_given = true; });
  cmd->add_option("--finitization", args->finitization_file,
                  "A file of settings, one per line: 'scope N', 'objects CLASS=N', 'range FIELD=LO..HI', 'not-null FIELD' "
                  "(the options on the command line override it)")
      ->type_name("FILE");
  cmd->add_option("--objects", args->objects, "CLASS=N: objects of that class (short or full name) instead of --scope");
  cmd->add_option("--range", args->ranges, "FIELD=LO..HI: the values of an int, enum or bool field (field, Class::field or Class.field)");
  cmd->add_option("--not-null", args->not_null, "FIELD: a pointer field that may not be null");
  add_run_options(cmd, *args,
                  {.methods = "With --against-api or --emit-gtest: the operations the API search calls and the suite tests (a,b or @file; "
                              "default: all)",
                   .omit_fields = "Regex of fields left out of the canonical states (still searched); default: the class's",
                   .threads = "Worker processes the search is split over (default: all cores); the results do not depend on it",
                   .call_timeout = "An invariant call running longer than this is a hang finding (s)"});
  cmd->add_option("--max-structures", args->max_structures,
                  "Structures kept (each its vector and canonical form); past it the search stops, partial")
      ->default_val(size_t{1} << 26)
      ->check(CLI::Range(size_t{1}, size_t{1} << 32));
  cmd->add_flag("--against-api", args->against_api,
                "Also build the class's states through its API (objgen exhaustive) and compare: states only the "
                "invariant accepts, only the API builds (BEAPI's RQ3)");
  cmd->add_option("--api-scope", args->api_scope, "With --against-api: the API search's scope (default: --scope)")
      ->check(CLI::Range(0, 255));
  cmd->add_option("--api-max-iterations", args->api_max_iterations,
                  "With --against-api: the API search's iterations at most (default 3 x its scope, as BEAPI; past it the API's "
                  "states are partial)")
      ->check(CLI::Range(0, 65000));
  add_output_options(cmd, *args,
                     {.emit_gtest = "Write <name>_structures_test.cpp here: the structures built field by field, the invariant checked on "
                                    "each, and after each mutating operation (--methods) that returns"});
  cmd->add_option("--gtest-max-structures", args->gtest_max_structures, "The suite's structures at most (evenly spaced; 0: all)")
      ->each([args](const std::string&) { args->gtest_max_given = true; });
  cmd->add_option("--print", args->print, "Print the first N structures, field by field");
  add_quiet_option(cmd, *args);
  cmd->callback([args, &exit_code] { exit_code = run_korat(*args); });
}

}  // namespace objgen::cli
