#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>

#include "cli/cli_common.hpp"
#include "cli/commands.hpp"
#include "cli/option_checks.hpp"
#include "cli/reference_worker.hpp"
#include "exec/child_process.hpp"
#include "exec/confinement.hpp"
#include "exec/sanitizer_options.hpp"
#include "io/file_error.hpp"
#ifdef OBJGEN_HAVE_MPI
#include "exec/mpi_cluster.hpp"
#endif
#ifdef OBJGEN_HAVE_SCAN
#include "scan/clang_crash_guard.hpp"
#endif
#include "objgen/example.hpp"
#include "objgen/version.hpp"

namespace objgen::cli {

void add_examples_command(CLI::App& app, int& exit_code) {
  auto* cmd = app.add_subcommand("examples", "List the bundled example subjects");
  cmd->callback([&exit_code] {
    for (const auto& e : bundled_examples()) std::printf("%-18s %s\n", e.name.c_str(), e.description.c_str());
    exit_code = kExitOk;
  });
}

}  // namespace objgen::cli

// A harness built with UndefinedBehaviorSanitizer (objgen params) asks the process for its
// default options when it loads (exec/sanitizer_options.hpp).
extern "C" __attribute__((visibility("default"), used)) const char* __ubsan_default_options() { return objgen::kUbsanOptions; }

namespace {

// Started by mpirun or srun: join the other ranks (objgen built without MPI cannot, and says so
// instead of running the same work alone K times).
std::unique_ptr<objgen::Cluster> join_ranks(int* argc, char*** argv) {
#ifdef OBJGEN_HAVE_MPI
  if (objgen::launched_by_mpi()) return objgen::start_mpi_cluster(argc, argv);
#else
  const char* size = std::getenv("OMPI_COMM_WORLD_SIZE");
  if (!size) size = std::getenv("PMI_SIZE");
  if (size && std::atoi(size) > 1) {
    std::fprintf(stderr,
                 "objgen: started as one of %s MPI ranks, but this objgen was built without MPI "
                 "(apt-get install libopenmpi-dev and build again; docs/DISTRIBUTED.md)\n",
                 size);
    std::exit(objgen::cli::kExitBadInput);
  }
#endif
  (void)argc;
  (void)argv;
  return nullptr;
}

// An error on one rank would leave the others waiting in an exchange forever: end them all.
// Not after an interrupt: every rank agreed to stop, and rank 0 is still writing what it has.
int finish(int code) {
  using objgen::cli::g_cluster;
  if (code != objgen::cli::kExitOk && code != objgen::cli::kExitInterrupted && g_cluster && g_cluster->size() > 1) {
    std::fflush(stdout);
    std::fflush(stderr);
    g_cluster->abort_all(code);
  }
  return code;
}

// Messages about the input are the same on every rank: rank 0 says it. Another rank says it
// too after a second, in case it failed alone (when rank 0 failed too, its abort ends this rank
// first).
void say(const char* what, const char* text) {
  using objgen::cli::g_cluster;
  if (objgen::cli::is_main_rank()) {
    std::fprintf(stderr, "objgen: %s%s\n", what, text);
    return;
  }
  sleep(1);
  std::fprintf(stderr, "objgen (rank %d): %s%s\n", g_cluster->rank(), what, text);
}

// The program's description, error format and version flag.
void describe(CLI::App& app) {
  app.description(
      "objgen: test inputs for C++ classes from their API.\n"
      "Finds call sequences that build every distinct object state within a bound, and emits\n"
      "them as GoogleTest suites and JSON reports.");
  app.require_subcommand(1);
  // One line naming the problem (CLI11's default adds a second about --help).
  app.failure_message([](const CLI::App*, const CLI::Error& e) { return "objgen: " + std::string(e.what()) + "\n"; });
  app.set_version_flag("--version", "objgen " OBJGEN_VERSION_STRING);
}

// Every subcommand, the options they share, and the refusal to run any but exhaustive on ranks.
void add_commands(CLI::App& app, std::string& heap_check, int& exit_code) {
  using namespace objgen::cli;
  app.add_option("--heap-check", heap_check,
                 "on: guard every heap block, so a write past its end or a double free in the code under test is "
                 "a finding of the call that did it; off: faster; auto: on except for bundled examples")
      ->check(CLI::IsMember({"on", "off", "auto"}))
      ->default_str("auto");
  app.fallthrough();  // accepted after the subcommand too
  add_examples_command(app, exit_code);
  add_exhaustive_command(app, exit_code);
  add_builders_command(app, exit_code);
  add_params_command(app, exit_code);
  add_random_command(app, exit_code);
#ifdef OBJGEN_HAVE_SCAN
  add_scan_command(app, exit_code);
  add_evolve_command(app, exit_code);
  add_korat_command(app, exit_code);
  add_project_command(app, exit_code);
#endif
  add_option_checks(app);
  // Only exhaustive splits its work over ranks; any other command on K ranks would run K times
  // and write the same files at once.
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    if (sub->get_name() != "exhaustive")
      sub->preparse_callback([name = sub->get_name()](size_t) {
        if (g_cluster && g_cluster->size() > 1)
          throw UsageError("objgen " + name + " runs in one process; of the commands only exhaustive runs on MPI ranks");
      });
}

// Parses the command line, which runs the command (setting exit_code, hence the reference); each
// kind of error is an exit code of its own.
int parse_and_run(CLI::App& app, int argc, char** argv, const int& exit_code) {
  using namespace objgen::cli;
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int rc = is_main_rank() ? app.exit(e) : e.get_exit_code();
    return finish(rc == 0 ? 0 : kExitBadInput);
  } catch (const Interrupted& e) {
    say("", e.what());
    return finish(kExitInterrupted);
  } catch (const UsageError& e) {
    say("", e.what());
    return finish(kExitBadInput);
  } catch (const objgen::FileError& e) {  // a full disk, a FIFO for a file, an untrusted cache
    say("", e.what());
    return finish(kExitBadInput);
  } catch (const objgen::WorkersCannotStart& e) {  // the harness cannot be used (exec/child_process.hpp)
    say("", (std::string("the code under test cannot run: ") + e.what()).c_str());
    return finish(kExitBadInput);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen: internal error: %s\n", e.what());  // may be this rank's alone
    return finish(kExitInternal);
  }
  return finish(exit_code);
}

int run(int argc, char** argv) {
  CLI::App app;
  describe(app);
  objgen::cli::restart_with_fixed_layout(argc, argv);  // first: the exec below keeps the layout's setting
#ifdef OBJGEN_HAVE_SCAN
  // A scan that Clang crashed in starts objgen again in another layout (scan/clang_crash_guard.hpp).
  objgen::scan::remember_command_line(argv);
  objgen::scan::attempt_layout_shift();
#endif
  // Before anything else runs: the allocator's mode is fixed when the process starts.
  std::string heap_check = objgen::cli::follow_heap_check_option(argc, argv);
  // After that exec (which would undo it): workers cannot open /proc/<objgen>/mem, and what they
  // orphan is reparented to objgen (exec/confinement.hpp).
  objgen::protect_supervisor();
  // After that: following --heap-check may start objgen again (exec), which must not have joined.
  std::unique_ptr<objgen::Cluster> cluster = join_ranks(&argc, &argv);
  objgen::cli::g_cluster = cluster.get();
  int exit_code = objgen::cli::kExitOk;  // set by the command that runs
  add_commands(app, heap_check, exit_code);
  return parse_and_run(app, argc, argv, exit_code);
}

}  // namespace

int main(int argc, char** argv) {
  // objgen's own worker for a reference class (differential testing): exec'd by a supervised child.
  if (argc > 1 && std::string(argv[1]) == objgen::cli::kReferenceWorkerMode) return objgen::cli::reference_worker_main(argc, argv);
  try {
    return run(argc, argv);
  } catch (const std::exception& e) {  // setting the commands up failed, before any ran
    std::fprintf(stderr, "objgen: internal error: %s\n", e.what());
    return objgen::cli::kExitInternal;
  }
}
