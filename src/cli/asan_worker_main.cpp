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
#include "exec/sanitizer_options.hpp"
#include "exec/test_runner.hpp"
#include "gen/params/parameter_search.hpp"
#include "gen/params/params_repository.hpp"
#include "harness/harness_loader.hpp"

extern "C" __attribute__((visibility("default"), used)) const char* __asan_default_options() { return objgen::kAsanOptions; }
extern "C" __attribute__((visibility("default"), used)) const char* __ubsan_default_options() { return objgen::kUbsanOptions; }

int main(int argc, char** argv) {
  std::string harness, api;
  int shared_fd = -1, notify_fd = -1;
  size_t bytes = 0;
  bool probe = false, check = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    const char* next = i + 1 < argc ? argv[i + 1] : "";
    if (a == "--harness")
      harness = next, ++i;
    else if (a == "--api")
      api = next, ++i;
    else if (a == "--shared-fd")
      shared_fd = std::atoi(next), ++i;
    else if (a == "--notify-fd")
      notify_fd = std::atoi(next), ++i;
    else if (a == "--bytes")
      bytes = std::strtoull(next, nullptr, 10), ++i;
    else if (a == "--probe")
      probe = true;
    else if (a == "--check")
      check = true;
  }
  if (harness.empty() || (!check && (shared_fd < 0 || notify_fd < 0 || bytes == 0))) {
    std::fprintf(stderr, "objgen-asan-worker: started by objgen params, not by hand\n");
    return 2;
  }
  // --check: objgen asks once, before its search, whether this worker can serve (it loads the
  // harness and registers the same API) and shows what went wrong if not.
  if (!check) objgen::adopt_supervised_child();
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
    ro.probe = probe;
    objgen::TestRunner::serve(registered, domain, ro, shared_fd, bytes, notify_fd);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "objgen-asan-worker: %s\n", e.what());
    end(4);
  }
  end(0);
}
