// objgen-asan-worker: objgen params' test worker on a harness built with AddressSanitizer. ASan's
// runtime must be the first library of a process, and objgen's own allocator (the checked heap)
// replaces malloc, so such a harness cannot run in a fork of objgen: the runner's forked child
// execs this program instead, which loads the harness, registers the same API and serves the
// runner's batches through the memory file it was handed (TestRunner::serve).
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "exec/child_process.hpp"
#include "exec/confinement.hpp"
#include "exec/worker_filesystem.hpp"
#include "exec/sanitizer_options.hpp"
#include "exec/test_runner.hpp"
#include "gen/params/parameter_search.hpp"
#include "gen/params/params_repository.hpp"
#include "harness/harness_loader.hpp"

extern "C" __attribute__((visibility("default"), used)) const char* __asan_default_options() { return objgen::kAsanOptions; }
extern "C" __attribute__((visibility("default"), used)) const char* __ubsan_default_options() { return objgen::kUbsanOptions; }

namespace {

// What objgen params hands this program on its command line.
struct WorkerArguments {
  std::string harness, api;
  int shared_fd = -1, notify_fd = -1;
  size_t bytes = 0;
  bool probe = false, check = false;
  bool complete() const { return !harness.empty() && (check || (shared_fd >= 0 && notify_fd >= 0 && bytes > 0)); }
};

WorkerArguments read_arguments(int argc, char** argv) {
  WorkerArguments w;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--harness")
      w.harness = next, ++i;
    else if (a == "--api")
      w.api = next, ++i;
    else if (a == "--shared-fd")
      w.shared_fd = std::atoi(next), ++i;
    else if (a == "--notify-fd")
      w.notify_fd = std::atoi(next), ++i;
    else if (a == "--bytes")
      w.bytes = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--probe")
      w.probe = true;
    else if (a == "--check")
      w.check = true;
  }
  return w;
}

}  // namespace

int main(int argc, char** argv) {
  const WorkerArguments w = read_arguments(argc, argv);
  const std::string &harness = w.harness, &api = w.api;
  const bool check = w.check;
  if (!w.complete()) {
    std::fprintf(stderr, "objgen-asan-worker: started by objgen params, not by hand\n");
    return 2;
  }
  // --check: objgen asks once, before its search, whether this worker can serve (it loads the
  // harness and registers the same API) and shows what went wrong if not.
  if (!check) objgen::adopt_supervised_child();
  // ASan's runtime has set its limits (the core-dump size): from here on the limits are objgen's.
  if (!objgen::lock_worker_settings() || !objgen::confine_worker_filesystem()) {
    std::fprintf(stderr, "objgen-asan-worker: cannot confine the worker (seccomp, Landlock)\n");
    return 4;
  }
  // Once the harness is loaded this program ends with _exit: the static destructors of the code
  // under test must not run (one that aborts would turn a good answer into a crash).
  auto end = [](int code) {
    std::fflush(nullptr);
    _exit(code);
  };
  try {
    objgen::Example ex = objgen::load_harness_in_this_process(harness);
    static objgen::Api registered;
    ex.register_api(registered);
    registered.add_calls_through_references();
    const objgen::ClassInfo* target = registered.find_class(ex.target);
    if (!target || objgen::params::api_hash(registered, target->id) != api) {
      std::fprintf(stderr, "objgen-asan-worker: %s registers another API than objgen's harness\n", harness.c_str());
      end(5);
    }
    if (check) end(0);
    static objgen::LiteralDomain domain = objgen::params::params_domain(registered);
    objgen::RunnerOptions ro;
    ro.probe = w.probe;
    objgen::TestRunner::serve(registered, domain, ro, w.shared_fd, w.bytes, w.notify_fd);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen-asan-worker: %s\n", e.what());
    end(4);
  }
  end(0);
}
