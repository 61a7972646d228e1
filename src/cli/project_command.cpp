// objgen project -p BUILD_DIR: every testable class of a CMake project's own headers, through
// objgen's pipeline, with one SARIF log, one JUnit file and one summary (src/project/).
#include <fmt/format.h>

#include <filesystem>
#include <regex>
#include <thread>

#include "cli/cli_common.hpp"
#include "cli/commands.hpp"
#include "io/atomic_file.hpp"
#include "project/build_step.hpp"
#include "project/project_runs.hpp"

namespace objgen::cli {

namespace {

struct ProjectArgs {
  project::ProjectOptions o;
};

void validate(project::ProjectOptions& o) {
  try {
    std::regex(o.classes);
  } catch (const std::regex_error& e) {
    throw UsageError("--classes '" + o.classes + "' is not a regular expression: " + e.what());
  }
  if (!o.class_names.empty() && o.classes != ".*") throw UsageError("give --classes REGEX or --class NAME, not both");
  if (!(o.time_limit > 0) || o.time_limit > 1e6) throw UsageError("--time-limit must be > 0 and at most 10^6 seconds");
  if (!(o.class_seconds >= 3) || o.class_seconds > 1e5) throw UsageError("--class-seconds must be at least 3 (and at most 10^5)");
  if (o.scope < 1 || o.scope > 8) throw UsageError("--scope must be 1 to 8");
  if (o.jobs < 1) throw UsageError("--jobs must be >= 1");
  std::error_code ec;
  if (!std::filesystem::is_directory(o.build_dir, ec)) throw UsageError("-p " + o.build_dir + ": not a directory");
  for (const std::string* f : {&o.sarif, &o.junit, &o.report_json}) require_writable_file(*f);
  require_writable_directory("--out", o.out_dir);
  require_writable_directory("--html", o.html);
  o.objgen = std::filesystem::read_symlink("/proc/self/exe").string();
  // The project's compile commands run in its own directories: every path objgen hands them absolute.
  o.build_dir = std::filesystem::absolute(o.build_dir).lexically_normal().string();
  o.out_dir = std::filesystem::absolute(o.out_dir).lexically_normal().string();
  if (!o.html.empty()) o.html = std::filesystem::absolute(o.html).lexically_normal().string();
}

int run_project_command(ProjectArgs& a) {
  validate(a.o);
  catch_interrupts(true);
  project::ProjectOutcome outcome;
  try {
    outcome = project::run_project(a.o, &g_interrupted);
  } catch (const project::ProjectError& e) {
    catch_interrupts(false);
    throw UsageError(e.what());
  }
  catch_interrupts(false);
  if (outcome.classes.empty()) {
    for (const std::string& n : outcome.notes) std::fprintf(stderr, "objgen: note: %s\n", n.c_str());
    throw UsageError("no class of the project's " + std::to_string(outcome.layout.headers.size()) + " headers matches --classes '" +
                     a.o.classes + "'");
  }
  project::write_project_outputs(a.o, outcome);
  std::vector<std::string> untested = a.o.build_step ? project::write_build_step_files(a.o, outcome) : std::vector<std::string>{};
  size_t tested = 0, bugs = 0, skipped = 0, failed = 0, unchanged = 0;
  for (const project::ClassOutcome& c : outcome.classes) {
    tested += c.status == "tested" || c.status == "reused";
    skipped += c.status == "skipped";
    failed += c.status == "failed";
    unchanged += c.status == "unchanged";
    bugs += c.bugs;
  }
  for (const std::string& n : outcome.notes) std::fprintf(stderr, "objgen: note: %s\n", n.c_str());
  if (!a.o.build_step)  // a build step's outputs are the suites; its summary would be one class's
    std::printf("classes %zu  tested %zu  unchanged %zu  skipped %zu  failed %zu  bugs %zu  (summary in %s/summary.json)\n",
                outcome.classes.size(), tested, unchanged, skipped, failed, bugs, a.o.out_dir.c_str());
  for (const std::string& why : untested) std::fprintf(stderr, "objgen: %s\n", why.c_str());
  if (outcome.interrupted) return kExitInterrupted;
  return untested.empty() ? kExitOk : kExitBadInput;  // --build-step: the build must not go on without a class's suites
}

}  // namespace

void add_project_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ProjectArgs>();
  auto* cmd = app.add_subcommand("project",
                                 "Test every class of a CMake project's own headers: bounded-exhaustive and random generation "
                                 "with contracts, one SARIF log and JUnit file for the whole project");
  cmd->add_option("-p,--build-dir", a->o.build_dir, "The project's build directory (its compile_commands.json)")->required();
  cmd->add_option("--classes", a->o.classes, "Only the classes whose qualified names this regular expression finds")->default_val(".*");
  cmd->add_option("--class", a->o.class_names,
                  "Only this class (its qualified name; repeat for more): a name no project header defines is an error")
      ->type_name("NAME");
  cmd->add_option("--target", a->o.target,
                  "Only this CMake target's translation units, and the headers they include from the project's directories");
  cmd->add_option("--out", a->o.out_dir, "Where the suites, each class's reports and summary.json go")->default_val("objgen-project");
  cmd->add_option("--time-limit", a->o.time_limit, "The whole run stops after this many seconds (classes not reached are said)")
      ->default_val(600);
  cmd->add_option("--class-seconds", a->o.class_seconds,
                  "Generation time per class: two thirds bounded-exhaustive, one third random (building its harness aside)")
      ->default_val(30);
  cmd->add_option("--scope", a->o.scope, "Bounded-exhaustive scope: at most this many objects and elements")->default_val(3);
  cmd->add_option("-j,--jobs", a->o.jobs, "Classes tested at once (default: half the cores, at least 1)")
      ->default_val(std::max(1u, std::thread::hardware_concurrency() / 2));
  cmd->add_option("--seed", a->o.seed, "The random generation's seed")->default_val(1);
  cmd->add_option("--changed-since", a->o.changed_since,
                  "Only the classes whose header, or a project header it includes, changed since this git revision "
                  "(committed or not; a changed source file: every class); the others keep their last results")
      ->type_name("GIT_REF");
  cmd->add_option("--sarif", a->o.sarif, "Write every class's findings here as one SARIF 2.1.0 log")->type_name("FILE");
  cmd->add_option("--junit", a->o.junit, "Write every class's checks here as JUnit XML")->type_name("FILE");
  cmd->add_option("--html", a->o.html,
                  "Write the project as static HTML pages here (index.html: every class; a page each with its bugs and "
                  "reproducers, likely preconditions, sampled states, checks and suites)")
      ->type_name("DIR");
  cmd->add_flag("--coverage", a->o.coverage,
                "Also measure how much of each class's code its suites run (gcovr: the project compiled with --coverage, "
                "the suites built and run against it); the figures in the summary, the annotated sources on the --html pages");
  cmd->add_option("--report-json", a->o.report_json, "Write the summary here too (one entry per class)")->type_name("FILE");
  cmd->add_flag("--build-step", a->o.build_step,
                "As a build step (CMake's objgen_add_tests): each class's four suites under names the build knows "
                "(OUT/<C_identifier>/<C_identifier>_{,random_}{states,failures}_test.cpp, a failures suite without a test "
                "when nothing failed), OUT/<C_identifier>/objgen.d for the headers they depend on, no OUT/summary.json or "
                "CMakeLists.txt, exit 2 when a class could not be tested");
  cmd->add_flag("-q,--quiet", a->o.quiet, "No progress on stderr");
  cmd->callback([a, &exit_code] { exit_code = run_project_command(*a); });
}

}  // namespace objgen::cli
