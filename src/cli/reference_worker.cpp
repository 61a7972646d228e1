// `objgen __reference-worker`: the process that runs a reference class for differential testing
// (cli/reference.hpp). The reference may have the very name of the class under test (another
// version of the same header), so it never shares a process with it: objgen's supervised,
// confined child execs this program, which loads the reference's harness into a fresh process
// and either describes its API (--describe-fd) or serves the runner's test cases
// (TestRunner::serve), with the literal domain built from the same options as objgen's.
#include "cli/reference_worker.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "exec/child_process.hpp"
#include "exec/confinement.hpp"
#include "exec/worker_filesystem.hpp"
#include "exec/test_runner.hpp"
#include "harness/harness_loader.hpp"
#include "model/literal_domain.hpp"

namespace objgen::cli {
namespace {

// --name value pairs after the program's own name and mode.
std::map<std::string, std::string> read_options(int argc, char** argv) {
  std::map<std::string, std::string> out;
  for (int i = 2; i + 1 < argc; i += 2) out[argv[i]] = argv[i + 1];
  return out;
}

std::string option(const std::map<std::string, std::string>& o, const std::string& name) {
  auto it = o.find(name);
  return it == o.end() ? "" : it->second;
}

// Once the harness is loaded the process ends with _exit: the static destructors of the code under
// test must not run.
[[noreturn]] void end(int code) {
  std::fflush(nullptr);
  _exit(code);
}

// What the reference may add to this process's address space, as a forked worker's limit says
// for the class (a program exec'd by the runner gets none from it).
void limit_added_memory(size_t bytes) {
  if (bytes == 0) return;
  unsigned long pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(pages) * static_cast<rlim_t>(getpagesize()) + bytes;
  setrlimit(RLIMIT_AS, &limit);
}

}  // namespace

int reference_worker_main(int argc, char** argv) {
  std::map<std::string, std::string> o = read_options(argc, argv);
  std::string harness = option(o, "--harness");
  if (harness.empty()) {
    std::fprintf(stderr, "objgen: %s is started by objgen for --reference, not by hand\n", kReferenceWorkerMode);
    return 2;
  }
  adopt_supervised_child();
  // Its loading included, as in a forked worker; then the limits are objgen's.
  limit_added_memory(std::strtoull(option(o, "--memory-limit").c_str(), nullptr, 10));
  if (!lock_worker_settings() || !confine_worker_filesystem()) {
    std::fprintf(stderr, "objgen reference worker: cannot confine the worker (seccomp, Landlock)\n");
    return 4;
  }
  if (std::string fd = option(o, "--describe-fd"); !fd.empty()) describe_harness_into(harness, std::atoi(fd.c_str()));
  try {
    Example ex = load_harness_in_this_process(harness);
    static Api registered;  // as long as the process: the runner calls it
    ex.register_api(registered);
    check_after_call();
    LiteralSpec spec{option(o, "--ints"), option(o, "--doubles"), option(o, "--chars"), option(o, "--bools"), option(o, "--strings")};
    static LiteralDomain domain = LiteralDomain::make(std::atoi(option(o, "--scope").c_str()), registered, spec);
    RunnerOptions ro;
    ro.enumerations = true;
    ro.heap_shift_blocks = std::strtoull(option(o, "--heap-shift").c_str(), nullptr, 10);
    ro.fingerprint_state = option(o, "--fingerprint") == "1";
    ro.state_omit = option(o, "--state-omit");
    TestRunner::serve(registered, domain, ro, std::atoi(option(o, "--shared-fd").c_str()),
                      std::strtoull(option(o, "--bytes").c_str(), nullptr, 10), std::atoi(option(o, "--notify-fd").c_str()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen reference worker: %s\n", e.what());
    end(4);
  }
  end(0);
}

}  // namespace objgen::cli
