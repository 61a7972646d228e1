#include "project/project_runs.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <mutex>
#include <regex>
#include <set>
#include <thread>

#include "emit/code_writer.hpp"
#include "emit/junit_report.hpp"
#include "emit/sarif_log.hpp"
#include "harness/harness_cache.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"
#include "io/utf8_text.hpp"
#include "objgen/version.hpp"
#include "project/project_classes.hpp"
#include "project/project_coverage.hpp"
#include "project/project_library.hpp"
#include "project/project_pages.hpp"
#include "project/suites_cmake.hpp"

namespace objgen::project {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

namespace {

std::optional<nlohmann::json> read_report(const std::string& path) {
  std::optional<std::string> text = read_whole_file(path);
  if (!text) return std::nullopt;
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_object() || !j.contains("results")) return std::nullopt;
  return j;
}

// The last line objgen wrote about why it stopped ("objgen: the harness ... does not compile").
std::string reason_in_log(const std::string& log) {
  std::optional<std::string> text = read_whole_file(log);
  if (!text) return "no log";
  std::string last;
  for (const std::string& line : lines_of(*text))
    if (line.rfind("objgen: ", 0) == 0) last = line.substr(8);
  return last.empty() ? "see " + log : last;
}

void count_findings(ClassOutcome& c) {
  c.bugs = c.preconditions = c.unconfirmed = 0;
  for (const emit::CheckResults& r : c.results)
    for (const emit::ResultRecord& x : r.results) {
      c.bugs += x.verdict == emit::Verdict::Bug;
      c.preconditions += x.verdict == emit::Verdict::Precondition;
      c.unconfirmed += x.verdict == emit::Verdict::Unconfirmed;
    }
}

// Whether `operation` ("XMLPrinter::CloseElement(bool)") is a member of the class named `name`.
bool declares(const std::string& name, const std::string& operation) {
  size_t colon = name.rfind("::", name.find('<'));  // ns::Map<std::string, int>: Map
  std::string leaf = colon == std::string::npos ? name : name.substr(colon + 2);
  leaf = leaf.substr(0, leaf.find('<'));
  return operation.rfind(leaf + "::", 0) == 0;
}

// A fault reached through several classes (one's member called on objects another's run built)
// is listed once: under the class that declares the member when that class was run, else under
// the first class that found it.
void one_class_per_finding(std::vector<ClassOutcome>& classes) {
  std::map<std::string, size_t> owner;
  for (size_t i = 0; i < classes.size(); ++i)
    for (const emit::CheckResults& r : classes[i].results)
      for (const emit::ResultRecord& x : r.results) {
        auto [it, fresh] = owner.emplace(emit::finding_key(x), i);
        if (!fresh && declares(classes[i].name, x.operation) && !declares(classes[it->second].name, x.operation)) it->second = i;
      }
  for (size_t i = 0; i < classes.size(); ++i) {
    for (emit::CheckResults& r : classes[i].results)
      std::erase_if(r.results, [&](const emit::ResultRecord& x) { return owner[emit::finding_key(x)] != i; });
    count_findings(classes[i]);
  }
}

// The project's own exception classes are how it refuses a call (cxxopts throws
// requested_option_not_present for an option nobody gave): a call ending in one is the caller's
// misuse, like the standard's invalid_argument family (which stays misuse), not a bug. Nothing
// when it declares none.
std::vector<std::string> misuse_options(const std::vector<std::string>& refusals) {
  if (refusals.empty()) return {};
  std::vector<std::string> out{"--also-misuse"};
  out.insert(out.end(), refusals.begin(), refusals.end());
  return out;
}

// Counts and results from the class's reports; one record per bug across the two strategies.
void read_results(const std::string& dir, ClassOutcome& c) {
  std::set<std::string> seen;
  for (const char* command : {"exhaustive", "random"}) {
    std::optional<nlohmann::json> report = read_report(dir + "/" + command + ".json");
    if (!report) continue;
    if (std::string(command) == "exhaustive") c.states = report->value("structures", uint64_t{0});
    emit::CheckResults r;
    try {
      r = emit::results_from_json((*report)["results"]);
    } catch (const std::runtime_error&) {
      continue;
    }
    std::erase_if(r.results, [&seen](const emit::ResultRecord& x) { return !seen.insert(emit::finding_key(x)).second; });
    c.results.push_back(std::move(r));
  }
  count_findings(c);
  std::error_code ec;
  for (const fs::directory_entry& f : fs::directory_iterator(dir, ec))
    if (f.path().extension() == ".cpp") c.suites.push_back(fs::path(dir).filename().string() + "/" + f.path().filename().string());
  std::sort(c.suites.begin(), c.suites.end());
}

class ProjectRun {
 public:
  ProjectRun(const ProjectOptions& o, const ProjectLayout& layout, const ProjectLibrary& library, const std::atomic<bool>& stop,
             const std::vector<std::string>& refusals)
      : o_(o), layout_(layout), library_(library), stop_(stop), misuse_(misuse_options(refusals)) {}

  // --changed-since: the files changed, and whether a source of the project's is among them.
  void set_changed(std::vector<std::string> files) {
    changed_ = std::set<std::string>(files.begin(), files.end());
    for (const scan::CompileEntry& e : layout_.sources) sources_changed_ = sources_changed_ || changed_.count(e.file) > 0;
    only_changed_ = true;
  }

  ClassOutcome run(const ClassTarget& t) {
    ClassOutcome c{t.name, fs::path(t.header).lexically_relative(layout_.source_root).string(), t.line};
    if (!t.skip_reason.empty()) return c.status = "skipped", c.why = t.skip_reason, c;
    auto start = Clock::now();
    std::string dir = o_.out_dir + "/" + emit::c_identifier(t.name);
    fs::create_directories(dir);
    HeaderDependencies deps = header_dependencies(t, dir);
    c.depends = deps.files;
    if (only_changed_ && !sources_changed_ &&
        std::none_of(deps.files.begin(), deps.files.end(), [this](const std::string& f) { return changed_.count(f) > 0; })) {
      read_results(dir, c);
      return c.status = "unchanged", c.why = "nothing it includes changed since " + o_.changed_since, c;
    }
    std::string key = harness_cache_key({"project class", t.name, t.header, deps.digest, library_.hash, std::to_string(o_.scope),
                                         fmt::format("{}", o_.class_seconds), std::to_string(o_.seed), o_.build_step ? "build step" : "",
                                         fmt::format("{}", fmt::join(misuse_, " "))});
    if (read_whole_file(dir + "/results.key") == key + "\n") {
      read_results(dir, c);
      if (!c.results.empty()) return c.status = "reused", c;
    }
    for (const fs::directory_entry& f : fs::directory_iterator(dir)) fs::remove_all(f.path());
    std::string failure = run_strategies(t, dir);
    c.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (stop_.load()) return c.status = "not reached", c.why = "the project's time limit or an interrupt stopped it", c;
    read_results(dir, c);
    if (!failure.empty()) return c.status = "failed", c.why = failure, c;
    write_file_atomically(dir + "/results.key", key + "\n");
    return c.status = "tested", c;
  }

 private:
  // exhaustive then random on the class; "" or why objgen could not test it.
  std::string run_strategies(const ClassTarget& t, const std::string& dir) {
    std::string exhaustive_seconds = fmt::format("{:.1f}", o_.class_seconds * 2 / 3);
    std::string random_seconds = fmt::format("{:.1f}", o_.class_seconds / 3);
    std::vector<std::string> common{"--header", t.header, "--class", t.name, "-p", layout_.build_dir, "--quiet", "--emit-gtest", dir};
    if (o_.build_step) common.insert(common.end(), {"--suite-name", emit::c_identifier(t.name)});
    common.insert(common.end(), misuse_.begin(), misuse_.end());
    std::vector<std::vector<std::string>> runs{{"exhaustive", "--scope", std::to_string(o_.scope), "--time-limit", exhaustive_seconds},
                                               {"random", "--time-limit", random_seconds, "--seed", std::to_string(o_.seed)}};
    for (std::vector<std::string>& run : runs) {
      std::string command = run.front();
      std::vector<std::string> argv{o_.objgen};
      argv.insert(argv.end(), run.begin(), run.end());
      argv.insert(argv.end(), common.begin(), common.end());
      std::string stem = fmt::format("{}/{}", dir, command);
      argv.insert(argv.end(), {"--report-json", stem + ".json"});
      if (!library_.archive.empty()) argv.insert(argv.end(), {"--", library_.archive});
      int rc = run_tool(argv, stem + ".log", &stop_);
      if (stop_.load()) return "stopped";
      if (rc != 0) return fmt::format("{} exited {}: {}", command, rc, reason_in_log(stem + ".log"));
    }
    return "";
  }

  const ProjectOptions& o_;
  const ProjectLayout& layout_;
  const ProjectLibrary& library_;
  const std::atomic<bool>& stop_;
  const std::vector<std::string> misuse_;  // --misuse and its types, or nothing
  std::set<std::string> changed_;
  bool only_changed_ = false, sources_changed_ = false;
};

// A --class name without its leading "::".
std::string bare(const std::string& name) { return name.substr(name.rfind("::", 0) == 0 ? 2 : 0); }

// --class: the names as one regular expression, and an error for a name the project lacks.
std::regex wanted_classes(const ProjectOptions& o) {
  if (o.class_names.empty()) return std::regex(o.classes);
  std::string alternatives;
  for (const std::string& name : o.class_names) alternatives += (alternatives.empty() ? "" : "|") + regex_literal(bare(name));
  return std::regex("^(?:" + alternatives + ")$");
}

void require_named_classes(const ProjectOptions& o, const std::vector<ClassTarget>& found, const ProjectLayout& layout) {
  for (const std::string& name : o.class_names) {
    if (std::none_of(found.begin(), found.end(), [&name](const ClassTarget& t) { return t.name == bare(name); }))
      throw ProjectError(fmt::format("--class {}: no class of that name is defined at namespace scope in the {} header(s) of {}{}", name,
                                     layout.headers.size(), layout.source_root,
                                     o.target.empty() ? "" : " that --target " + o.target + " sees"));
  }
}

std::string progress_line(size_t done, size_t total, const ClassOutcome& c) {
  std::string what = c.status == "tested" || c.status == "reused"
                         ? fmt::format("{} states, {} bug(s), {} likely precondition(s)", c.states, c.bugs, c.preconditions)
                         : c.why;
  return fmt::format("objgen: [{}/{}] {} {}: {}{}\n", done, total, c.status, c.name, what,
                     c.status == "tested" ? fmt::format(" ({:.1f} s)", c.seconds) : "");
}

}  // namespace

ProjectOutcome run_project(const ProjectOptions& o, const std::atomic<bool>* interrupted) {
  auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.time_limit));
  auto say = [&o](const std::string& s) {
    if (!o.quiet) std::fprintf(stderr, "objgen: %s\n", s.c_str());
  };
  ProjectOutcome outcome;
  outcome.layout = read_project(o.build_dir, o.target);
  const ProjectLayout& layout = outcome.layout;
  say(fmt::format("project {}: {} sources, {} headers", layout.source_root, layout.sources.size(), layout.headers.size()));
  std::vector<std::string> refusals;
  std::vector<ClassTarget> targets = find_project_classes(layout, wanted_classes(o), outcome.notes, say, refusals);
  require_named_classes(o, targets, layout);
  fs::create_directories(o.out_dir);
  ProjectLibrary library = build_project_library(layout, o.out_dir + "/.library", o.jobs, interrupted, say);
  for (const std::string& f : library.failed) outcome.notes.push_back("left out of the library: " + f);
  for (const std::string& f : library.programs) say("left out of the library: " + f + " (it defines main())");
  outcome.archive = library.archive;
  std::atomic<bool> stop{false};
  std::atomic<size_t> next{0}, done{0};
  outcome.classes.resize(targets.size());
  std::mutex printing;
  ProjectRun runner(o, layout, library, stop, refusals);
  if (!o.changed_since.empty()) runner.set_changed(changed_since(layout.source_root, o.changed_since, o.out_dir));
  auto work = [&] {
    for (size_t i; (i = next++) < targets.size();) {
      bool reached = !stop.load() || !targets[i].skip_reason.empty();  // a skipped class is said as skipped
      ClassOutcome c =
          reached ? runner.run(targets[i]) : ClassOutcome{targets[i].name, "", targets[i].line, "not reached", "the time limit"};
      std::lock_guard lock(printing);
      if (!o.quiet) std::fputs(progress_line(++done, targets.size(), c).c_str(), stderr);
      outcome.classes[i] = std::move(c);
    }
  };
  std::atomic<bool> finished{false};
  std::thread watchdog([&] {  // the time limit and Ctrl-C stop the classes' objgen processes
    for (; !finished.load(); std::this_thread::sleep_for(std::chrono::milliseconds(50)))
      if (Clock::now() > deadline || (interrupted && interrupted->load())) stop = true;
  });
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, o.jobs); ++t) threads.emplace_back(work);
  for (std::thread& t : threads) t.join();
  one_class_per_finding(outcome.classes);
  // Coverage within the same time limit: the watchdog's stop ends its compiles and suites too.
  if (o.coverage && !stop.load())
    for (std::string& n : measure_coverage(o, outcome, o.html.empty() ? o.out_dir : o.html, &stop, say))
      outcome.notes.push_back(std::move(n));
  if (o.coverage && stop.load()) outcome.notes.push_back("coverage: the time limit or an interrupt stopped it (classes without figures)");
  finished = true;
  watchdog.join();
  outcome.interrupted = interrupted && interrupted->load();
  return outcome;
}

nlohmann::json project_summary(const ProjectOutcome& outcome) {
  nlohmann::json classes = nlohmann::json::array();
  for (const ClassOutcome& c : outcome.classes)
    classes.push_back({{"class", c.name},
                       {"header", c.header},
                       {"line", c.line},
                       {"status", c.status},
                       {"why", c.why},
                       {"seconds", c.seconds},
                       {"states", c.states},
                       {"bugs", c.bugs},
                       {"preconditions", c.preconditions},
                       {"unconfirmed", c.unconfirmed},
                       {"coverage", c.coverage_summary},
                       {"suites", c.suites}});
  return {{"project", outcome.layout.source_root},
          {"build", outcome.layout.build_dir},
          {"classes", classes},
          {"notes", outcome.notes},
          {"interrupted", outcome.interrupted}};
}

void write_project_outputs(const ProjectOptions& o, const ProjectOutcome& outcome) {
  std::vector<emit::CheckResults> all;
  for (const ClassOutcome& c : outcome.classes) all.insert(all.end(), c.results.begin(), c.results.end());
  constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
  std::string summary = project_summary(outcome).dump(2, ' ', false, kReplace) + "\n";
  // A build step is one of several objgen runs sharing OUT (one a class): each class's reports
  // are in its own directory, and the build has its own CMakeLists.
  if (!o.build_step) write_file_atomically(o.out_dir + "/summary.json", summary);
  if (!o.report_json.empty()) write_file_atomically(o.report_json, summary);
  if (!o.sarif.empty())
    write_file_atomically(o.sarif, emit::sarif_log(all, {.source_root = outcome.layout.source_root, .tool_version = OBJGEN_VERSION_STRING})
                                           .dump(2, ' ', false, kReplace) +
                                       "\n");
  if (!o.junit.empty()) write_file_atomically(o.junit, emit::junit_xml(all));
  if (!o.html.empty())
    for (const emit::HtmlFile& f : emit::html_pages(project_site(o, outcome, o.html)))
      write_file_atomically(o.html + "/" + f.path, f.content);
  if (!o.build_step) write_file_atomically(o.out_dir + "/CMakeLists.txt", suites_cmake(outcome, o.out_dir));
}

}  // namespace objgen::project
