#include "project/project_coverage.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>

#include "emit/code_writer.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"
#include "project/project_library.hpp"
#include "project/suites_cmake.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

namespace {

constexpr int kSuiteSeconds = 300;  // a suite that runs longer is stopped; its counts are lost

// A path as a gcovr --filter: the regular expression matching exactly it.
std::string exactly(const std::string& path) { return regex_literal(path) + "$"; }

void remove_counts(const std::string& dir) {
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".gcda") fs::remove(it->path(), ec);
}

// Compiles and runs one suite against the archive; "" or why it could not.
std::string run_suite(const std::string& compiler, const std::string& suite, const std::string& archive, const std::string& dir,
                      const std::atomic<bool>* interrupted) {
  std::string stem = fs::path(suite).stem().string(), object = dir + "/" + stem + ".o", program = dir + "/" + stem;
  std::vector<std::string> compile{compiler};
  for (const std::string& f : suite_compile_flags(suite)) compile.push_back(f);
  compile.insert(compile.end(), {"--coverage", "-O0", "-c", suite, "-o", object});
  if (run_tool(compile, dir + "/" + stem + ".log", interrupted) != 0) return stem + " did not compile with --coverage (see its .log)";
  if (run_tool({compiler, "--coverage", object, archive, "-lgtest_main", "-lgtest", "-pthread", "-o", program}, dir + "/" + stem + ".log",
               interrupted) != 0)
    return stem + " did not link with --coverage (see its .log)";
  // A failures suite fails by design: its exit status says nothing here.
  run_tool({"timeout", "-k", "5", std::to_string(kSuiteSeconds), program}, dir + "/" + stem + ".run.log", interrupted);
  return "";
}

// gcovr's summary of the class's code: its header, and the sources its suites reached.
std::string coverage_summary(const std::string& json_path, const std::string& header) {
  std::optional<std::string> text = read_whole_file(json_path);
  nlohmann::json j = text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
  if (!j.is_object() || !j.contains("files") || !j["files"].is_array()) return "";
  uint64_t lines = 0, lines_run = 0, branches = 0, branches_run = 0;
  for (const nlohmann::json& f : j["files"]) {
    if (!f.is_object()) continue;
    bool own = f.value("filename", "") == header;
    if (!own && f.value("line_covered", uint64_t{0}) == 0) continue;
    lines += f.value("line_total", uint64_t{0}), lines_run += f.value("line_covered", uint64_t{0});
    branches += f.value("branch_total", uint64_t{0}), branches_run += f.value("branch_covered", uint64_t{0});
  }
  if (lines == 0) return "not measured (none of its code was compiled into what its suites ran: see OUT/.coverage)";
  auto percent = [](uint64_t part, uint64_t whole) {
    return whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 100.0;
  };
  std::string branch_part = branches ? fmt::format("branches {:.1f} % ({} of {})", percent(branches_run, branches), branches_run, branches)
                                     : std::string("no branch");
  return fmt::format("lines {:.1f} % ({} of {}), {}", percent(lines_run, lines), lines_run, lines, branch_part);
}

}  // namespace

std::vector<std::string> measure_coverage(const ProjectOptions& o, ProjectOutcome& outcome, const std::string& pages_dir,
                                          const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& say) {
  const ProjectLayout& layout = outcome.layout;
  std::string root = o.out_dir + "/.coverage";
  if (run_tool({"gcovr", "--version"}, root + ".gcovr.log") != 0) return {"no coverage: gcovr is not installed (apt-get install gcovr)"};
  ProjectLibrary library = build_project_library(layout, root, o.jobs, interrupted, say, {"--coverage", "-O0"});
  std::vector<std::string> notes;
  std::string compiler = layout.sources.front().command.front();
  for (ClassOutcome& c : outcome.classes) {
    if ((c.status != "tested" && c.status != "reused" && c.status != "unchanged") || c.suites.empty()) continue;
    if (interrupted && interrupted->load()) break;
    std::string dir = root + "/" + emit::c_identifier(c.name);
    fs::create_directories(dir);
    remove_counts(root);
    for (const std::string& suite : c.suites) {
      std::string failure = run_suite(compiler, o.out_dir + "/" + suite, library.archive, dir, interrupted);
      if (!failure.empty()) notes.push_back(c.name + ": coverage: " + failure);
    }
    std::string page_dir = fmt::format("{}/coverage/{}", pages_dir, emit::c_identifier(c.name));
    fs::create_directories(page_dir);
    std::vector<std::string> gcovr{"gcovr",
                                   "--root",
                                   layout.source_root,
                                   "--filter",
                                   exactly(layout.source_root + "/" + c.header),
                                   "--exclude-throw-branches",
                                   "--html-details",
                                   page_dir + "/index.html",
                                   "--json-summary",
                                   dir + "/summary.json"};
    for (const scan::CompileEntry& e : layout.sources) {
      std::string source = fs::path(e.file).lexically_relative(layout.source_root).string();
      if (std::find(library.programs.begin(), library.programs.end(), source) == library.programs.end())
        gcovr.insert(gcovr.end(), {"--filter", exactly(e.file)});  // not a program's main(): never a class's code
    }
    gcovr.insert(gcovr.end(), {root + "/objects", dir});
    if (run_tool(gcovr, dir + "/gcovr.log", interrupted) != 0) {
      notes.push_back(c.name + ": coverage: gcovr failed (see " + dir + "/gcovr.log)");
      continue;
    }
    c.coverage_summary = coverage_summary(dir + "/summary.json", c.header);
    c.coverage_page = page_dir + "/index.html";
    say(fmt::format("coverage of {} by its suites: {}", c.name, c.coverage_summary));
  }
  return notes;
}

}  // namespace objgen::project
