// --header/--class for every strategy (built only with Clang): scan, write, compile, cache, load.
#include <cstdio>
#include <filesystem>
#include <functional>
#include <optional>
#include <stdexcept>

#include "cli/cli_common.hpp"
#include "cli/reference_worker.hpp"
#include "cli/subject.hpp"
#include "cli/type_name_check.hpp"
#include "cover/coverage_runtime.hpp"
#include "emit/suite_preamble.hpp"
#include "exec/initialising_call.hpp"
#include "io/atomic_file.hpp"
#include "io/utf8_text.hpp"
#include "harness/harness_build.hpp"
#include "harness/harness_compiler.hpp"
#include "harness/harness_loader.hpp"
#include "scan/compile_db.hpp"

#include <nlohmann/json.hpp>

namespace objgen::cli {

void print_scan_failure(const scan::ScanOutcome& outcome, bool verbose) {
  for (const auto& d : outcome.diagnostics)
    if (outcome.status != scan::ScanStatus::UnknownClass || verbose) std::fprintf(stderr, "%s\n", d.str().c_str());
  if (outcome.status != scan::ScanStatus::UnknownClass) return;
  if (!verbose)
    for (const auto& d : outcome.diagnostics)
      if (d.is_error()) std::fprintf(stderr, "  clang: %s\n", d.message.c_str());
  if (!outcome.suggestions.empty()) std::fprintf(stderr, "did you mean:\n");
  for (const auto& s : outcome.suggestions) std::fprintf(stderr, "  %s\n", s.c_str());
}

std::vector<std::string> scan_flags(const SubjectArgs& s) {
  std::vector<std::string> flags;
  if (!s.compile_db.empty()) {
    try {
      flags = scan::flags_from_compile_db(s.compile_db, s.header);
    } catch (const scan::CompileDbError& e) {
      throw UsageError(e.what());
    }
  }
  flags.insert(flags.end(), s.flags.begin(), s.flags.end());
  return flags;
}

namespace {

void report_build(const HarnessBuild& b, const std::string& class_name) {
  if (b.cached) {
    std::fprintf(stderr, "objgen: harness for %s: %s (cached)\n", class_name.c_str(), b.directory.c_str());
    return;
  }
  if (!b.rebuild_reason.empty() && b.damage.empty()) std::fprintf(stderr, "objgen: rebuilding the harness: %s\n", b.rebuild_reason.c_str());
  for (const auto& w : b.scan.result.warnings) std::fprintf(stderr, "objgen: warning: %s\n", w.c_str());
  std::fprintf(stderr, "objgen: harness for %s: scan %.1f s, compile %.1f s, in %s\n", class_name.c_str(), b.scan_seconds,
               b.compile_seconds, b.directory.c_str());
}

constexpr const char* kUnusableCoverage = "coverage build of the harness is unusable (--rebuild-harness?): ";

// The map is read here; the library's counters live where it is loaded (every worker, and the
// child that describes it, which reports a map that does not fit): the load's after_load step.
std::shared_ptr<const cover::CoverageMap> bind_coverage_where_loaded(const HarnessBuild& b, HarnessLoadOptions& load) {
  std::optional<std::string> text = read_whole_file(b.coverage_map);
  std::shared_ptr<const cover::CoverageMap> map;
  try {
    if (!text) throw std::runtime_error("cannot read " + b.coverage_map);
    map = std::make_shared<const cover::CoverageMap>(cover::map_from_json(*text));
  } catch (const std::runtime_error& e) {
    throw UsageError(std::string(kUnusableCoverage) + e.what());
  }
  std::string library = std::filesystem::absolute(b.library).string();
  load.after_load = [library, map] {
    try {
      cover::CoverageRuntime::get().bind(*map, library);
    } catch (const std::runtime_error& e) {
      throw std::runtime_error(kUnusableCoverage + std::string(e.what()));
    }
  };
  return map;
}

}  // namespace

namespace {

// A build that did not give a harness, as the error the user reads (compiler lines first).
[[noreturn]] void explain_failure(const HarnessBuild& b, const SubjectArgs& s) {
  switch (b.status) {
    case HarnessBuildStatus::ScanFailed:
      print_scan_failure(b.scan, false);
      throw UsageError(b.scan.message);
    case HarnessBuildStatus::CompileFailed: {
      for (const auto& line : b.compiler_errors) std::fprintf(stderr, "%s\n", line.c_str());
      std::string why = "the harness for " + s.class_name + " does not compile (sources and build.log in " + b.directory + ")";
      for (const std::string& t : b.unreadable_types)
        why.append("; objgen cannot read values of type ")
            .append(t)
            .append(", which no description covers: describe it with --class '")
            .append(t)
            .append("' (a class of yours), or read ")
            .append(s.class_name)
            .append(" by its fields (--state fields)");
      throw UsageError(why);
    }
    case HarnessBuildStatus::LinkFailed:
      for (const auto& line : b.compiler_errors) std::fprintf(stderr, "%s\n", line.c_str());
      throw UsageError("the harness for " + s.class_name + " does not link (sources and build.log in " + b.directory + ")");
    case HarnessBuildStatus::Interrupted:
      throw Interrupted("interrupted while building the harness; nothing written");
    case HarnessBuildStatus::Ok:
      break;
  }
  throw std::logic_error("explain_failure: the build succeeded");
}

// Scans and compiles (or reuses) the harness s describes; a UsageError for what went wrong.
// reference: a second harness beside the subject's (cli/reference.hpp), which must not change what
// the subject's suites are built with.
HarnessBuild build_or_explain(const SubjectArgs& s, bool quiet, bool reference = false) {
  if (s.state != "auto" && s.state != "fields" && s.state != "value")
    throw UsageError("bad --state '" + s.state + "': use auto, fields or value");
  if (s.class_depth < 0) throw UsageError("--class-depth must be >= 0");
  HarnessRequest request{s.header, s.class_name, scan_flags(s), s.state, "", s.rebuild, s.coverage, s.checks, s.asan, &g_interrupted};
  request.extra_classes = s.extra_classes;
  request.class_depth = s.class_depth;
  request.coverage_of_callees = s.coverage && s.coverage_of_callees;
  request.trace_loads = s.trace_loads;
  request.template_args = parse_template_args(s.template_args);
  request.initialising_call = s.initialising_call;
  request.initialising_member_left_out = s.initialising_member_left_out;
  request.unreadable_fields = s.unreadable_fields;
  request.harness_source = s.harness_source;
  catch_interrupts(true);
  HarnessBuild b;
  auto say = [quiet](const std::string& step) {
    if (!quiet) std::fprintf(stderr, "objgen: %s\n", step.c_str());
  };
  try {
    b = build_harness(request, say);
  } catch (const std::filesystem::filesystem_error& e) {  // the cache cannot be written, the disk is full
    throw UsageError(std::string("cannot build the harness in the cache (set OBJGEN_CACHE_DIR?): ") + e.what());
  } catch (const std::runtime_error& e) {  // a file in the cache could not be written, or Ctrl-C
    if (g_interrupted.load()) throw Interrupted(std::string(e.what()) + "; nothing written");
    throw UsageError(std::string("cannot build the harness: ") + e.what());
  }
  catch_interrupts(false);
  // Said even with --quiet: someone or something changed a file objgen would have run.
  if (!b.damage.empty()) std::fprintf(stderr, "objgen: %s: rebuilding\n", b.damage.c_str());
  if (b.status != HarnessBuildStatus::Ok) explain_failure(b, s);
  // Said even with --quiet: the API under test is not all the header declares.
  for (const auto& note : b.link_notes) std::fprintf(stderr, "objgen: note: %s\n", note.c_str());
  if (reference) {
    if (!quiet) report_build(b, s.class_name + " (the reference)");
    return b;
  }
  if (!quiet) report_build(b, s.class_name);
  return b;
}

}  // namespace

std::string build_asan_harness(const SubjectArgs& s, const Subject& built, bool quiet) {
  SubjectArgs a = from_header(s);
  // The libraries the plain build found and linked: the ASan build is loaded by a worker that
  // cannot check its links from here (ASan's runtime is in the worker), so it takes them as given.
  a.flags.insert(a.flags.end(), built.added_libraries.begin(), built.added_libraries.end());
  a.checks = a.asan = true;
  a.coverage = false;
  // The plain build's own harness.cpp, compiled with ASan: the same members as the API objgen
  // knows (a second scan may instantiate others).
  a.harness_source = built.build_directory.empty() ? "" : built.build_directory + "/harness.cpp";
  return build_or_explain(a, quiet).library;
}

std::string build_reference_harness(const SubjectArgs& s, bool quiet) { return build_or_explain(s, quiet, true).library; }

namespace {

Subject load_built(const SubjectArgs& s, const HarnessBuild& b) {
  try {
    Subject out;
    HarnessLoadOptions load;
    load.link_inputs_given = !split_user_flags(scan_flags(s)).link.empty();
    if (s.coverage) out.coverage = bind_coverage_where_loaded(b, load);
    out.example = load_harness(b.library, load);
    out.build_directory = b.directory;
    out.added_libraries = b.added_libraries;
    return out;
  } catch (const HarnessLoadError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace

namespace {

// The built harness described and probed by programs of their own (objgen's process loads one
// harness only, the one it runs): whether its class's objects need a call before they can be read.
// Nothing when it could not be described or probed (loading it says why, or it is read as built).
std::optional<ReadProbe> probe_built_harness(const std::string& library, const std::string& directory) {
  std::vector<std::string> worker{std::filesystem::read_symlink("/proc/self/exe").string(),
                                  kReferenceWorkerMode,
                                  "--scope",
                                  std::to_string(kReadProbeScope),
                                  "--ints",
                                  kReadProbeInts,
                                  "--memory-limit",
                                  std::to_string(kReadProbeMemory)};
  HarnessDescription d;
  try {
    d = describe_harness_in_program(library, worker);
  } catch (const HarnessLoadError&) {
    return std::nullopt;
  }
  const ClassInfo* target = d.api.find_class(d.target);
  if (!target) return std::nullopt;
  worker.insert(worker.end(), {"--harness", library, "--fingerprint"});
  ReadProbeOptions o;
  o.worker_memory_limit_bytes = kReadProbeMemory;
  o.plain_worker = o.reading_worker = worker;
  o.plain_worker.push_back("0");
  o.reading_worker.push_back("1");
  if (std::optional<std::string> fields = read_whole_file(directory + "/" + kDescribedFieldsFile))
    for (std::string& f : lines_of(*fields))
      if (!f.empty()) o.field_candidates.push_back(std::move(f));
  try {
    return probe_reading(d.api, target->id, o);
  } catch (const std::runtime_error&) {  // no worker could be started: the run itself will say so
    return std::nullopt;
  }
}

// The probe's verdict is kept beside the harness it was made on (in the trusted cache, as the
// harness itself), so a cached harness is not probed again; a file that does not parse is ignored.
constexpr const char* kReadProbeFile = "/read_probe.json";

std::optional<ReadProbe> kept_probe(const std::string& directory) {
  std::optional<std::string> text = read_whole_file(directory + kReadProbeFile);
  if (!text) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object() || !j.contains("unreadable") || !j["unreadable"].is_boolean()) return std::nullopt;
  ReadProbe p;
  p.unreadable = j["unreadable"].get<bool>();
  p.why = j.value("why", "");
  if (j.contains("call") && j["call"].is_string() && j.value("member", "") != "")
    p.found =
        InitialisingCall{0, {}, j["call"].get<std::string>(), j.value("member", ""), j.value("signature", ""), j.value("repeatable", true)};
  if (j.contains("left_out") && j["left_out"].is_array())
    for (const nlohmann::json& f : j["left_out"])
      if (f.is_string()) p.left_out.push_back(f.get<std::string>());
  return p;
}

void keep_probe(const std::string& directory, const ReadProbe& p) {
  nlohmann::json j{{"unreadable", p.unreadable}, {"why", p.why}};
  if (p.found)
    j.update(
        {{"call", p.found->call}, {"member", p.found->member}, {"signature", p.found->signature}, {"repeatable", p.found->repeatable}});
  if (!p.left_out.empty()) j["left_out"] = p.left_out;
  if (p.omission_reads > 0) j["omission_reads"] = p.omission_reads;
  try {
    write_file_atomically(directory + kReadProbeFile, j.dump() + "\n");
  } catch (const std::exception&) {  // a cache that cannot keep it probes again next time
  }
}

// What the read probe found, adopted: a call or fields to leave out, in `s` and a harness built
// again with it; or a warning. Each is said even with --quiet: the states are built in a way the
// user did not ask for, or most objects will be left out (a run of 0 states says no more).
void adopt_read_probe(SubjectArgs& s, HarnessBuild& b, bool quiet) {
  std::optional<ReadProbe> p = kept_probe(b.directory);
  if (!p && (p = probe_built_harness(b.library, b.directory))) keep_probe(b.directory, *p);
  if (!p || !p->unreadable) return;
  if (p->found) {
    s.initialising_call = p->found->call;
    if (!p->found->repeatable) s.initialising_member_left_out = p->found->member;
    std::fprintf(stderr,
                 "objgen: %s's objects cannot be read as constructed (%s); after %s they can: every constructor is followed by it%s\n",
                 s.class_name.c_str(), p->why.c_str(), s.initialising_call.c_str(),
                 p->found->repeatable ? "" : (", and " + p->found->signature + " is left out (a second call fails)").c_str());
    b = build_or_explain(s, quiet);
  } else if (!p->left_out.empty() && s.unreadable_fields.empty()) {
    s.unreadable_fields = exact_fields_pattern(p->left_out);
    std::string fields;
    for (const std::string& f : p->left_out) fields += (fields.empty() ? "" : ", ") + f;
    std::fprintf(stderr,
                 "objgen: %s's objects cannot be read as constructed (%s while reading its fields) and no call objgen tried "
                 "makes them readable; without %s they read: %s left out of every state (its default --omit-fields; "
                 "give --omit-fields to choose)\n",
                 s.class_name.c_str(), p->why.c_str(), fields.c_str(), p->left_out.size() == 1 ? "it is" : "they are");
    b = build_or_explain(s, quiet);
  } else {
    std::fprintf(stderr,
                 "objgen: warning: %s's objects cannot be read as constructed (%s while reading its fields) and no call "
                 "objgen tried makes them readable: the objects it cannot read are left out of the states; leave out the "
                 "fields it cannot follow (--omit-fields REGEX) or describe it yourself (docs/REGISTERING.md)\n",
                 s.class_name.c_str(), p->why.c_str());
  }
}

}  // namespace

Subject build_subject_harness(SubjectArgs& s, bool quiet) {
  HarnessBuild b = build_or_explain(s, quiet);
  if (s.initialising_call.empty()) adopt_read_probe(s, b, quiet);
  Subject subject = load_built(s, b);
  // Suites include the header as the project does, or by its name with its folder's -I added.
  subject.suites = emit::suite_build_from_flags(scan_flags(s), b.added_libraries);
  subject.example.header = emit::portable_include(subject.example.header, subject.suites);
  return subject;
}

}  // namespace objgen::cli
