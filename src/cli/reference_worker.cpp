// `objgen __reference-worker`: the process that runs a reference class for differential testing
// (cli/reference.hpp). The reference may have the very name of the class under test (another
// version of the same header), so it never shares a process with it: objgen's supervised,
// confined child execs this program, which loads the reference's harness into a fresh process
// and either describes its API (--describe-fd) or serves the runner's test cases
// (TestRunner::serve), with the literal domain built from the same options as objgen's.
#include "cli/reference_worker.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

#include "exec/child_process.hpp"
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

}  // namespace

int reference_worker_main(int argc, char** argv) {
  std::map<std::string, std::string> o = read_options(argc, argv);
  std::string harness = option(o, "--harness");
  if (harness.empty()) {
    std::fprintf(stderr, "objgen: %s is started by objgen for --reference, not by hand\n", kReferenceWorkerMode);
    return 2;
  }
  adopt_supervised_child();
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
    TestRunner::serve(registered, domain, ro, std::atoi(option(o, "--shared-fd").c_str()),
                      std::strtoull(option(o, "--bytes").c_str(), nullptr, 10), std::atoi(option(o, "--notify-fd").c_str()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen reference worker: %s\n", e.what());
    end(4);
  }
  end(0);
}

}  // namespace objgen::cli
