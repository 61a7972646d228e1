#include "harness/harness_loader.hpp"

#include <dlfcn.h>

#include <sys/wait.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <filesystem>

#include "exec/child_process.hpp"
#include "objgen/harness_entry.hpp"

namespace objgen {
namespace {

using EntryFunction = const HarnessEntry* (*)();
constexpr double kProbeSeconds = 60;
constexpr int kProbeLoaded = 0x4c;  // exit(0) in a static initializer must not pass for success

// Loading a harness runs the static initializers of the code under test, and its registration.
// objgen's own process must load it (workers are forked from it and inherit the loaded API), so
// it first does the same in a supervised child: a harness whose loading crashes, hangs, forks or
// starts a thread is refused with the reason, never loaded into objgen. (A static initializer
// that damages memory without any of these can still reach objgen: that one load is the only
// code of the class that ever runs in objgen's process.)
void probe_loading(const std::string& file) {
  ChildProcess child;
  child.start([&file] {
    void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) _exit(kProbeLoaded);  // the parent's own dlopen says why
    auto entry_function = reinterpret_cast<EntryFunction>(dlsym(handle, OBJGEN_HARNESS_ENTRY_SYMBOL));
    const HarnessEntry* e = entry_function ? entry_function() : nullptr;
    if (e && e->abi == kHarnessAbi && std::strcmp(e->headers_hash, OBJGEN_HEADERS_HASH) == 0) {
      Api api;
      e->register_api(api);
    }
    check_after_call();
    _exit(kProbeLoaded);
  });
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kProbeSeconds);
  while (!child.ended()) {
    if (std::chrono::steady_clock::now() > deadline) {
      child.kill();
      throw HarnessLoadError("loading " + file + " did not finish within " + std::to_string(int(kProbeSeconds)) +
                             " s in a test process (a static initializer of the code under test hangs)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (!WIFEXITED(child.status()) || WEXITSTATUS(child.status()) != kProbeLoaded)
    throw HarnessLoadError("loading " + file + " in a test process failed (" + child.describe_death() +
                           "): the static initializers of the code under test (or its registration) misbehave, "
                           "so objgen does not load it into its own process");
}

}  // namespace

Example load_harness(const std::string& path, bool probe) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw HarnessLoadError("harness not found: " + path);
  // dlopen searches the library path for names without a slash; a harness is always a file.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  if (probe) probe_loading(file);
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    std::string why = dlerror();
    if (why.find("undefined symbol") != std::string::npos)
      why += " (the class's implementation is missing: pass its sources or libraries after --, e.g. -- list.cpp -lmylib)";
    throw HarnessLoadError("cannot load harness: " + why);
  }
  auto entry_function = reinterpret_cast<EntryFunction>(dlsym(handle, OBJGEN_HARNESS_ENTRY_SYMBOL));
  if (!entry_function)
    throw HarnessLoadError(path + " is not an objgen harness (no " OBJGEN_HARNESS_ENTRY_SYMBOL
                           " symbol: the harness source needs OBJGEN_HARNESS_ENTRY)");
  const HarnessEntry* e = entry_function();
  if (e->abi != kHarnessAbi || std::strcmp(e->headers_hash, OBJGEN_HEADERS_HASH) != 0)
    throw HarnessLoadError(path + " was built for objgen " + e->objgen_version + " (harness ABI " +
                           std::to_string(e->abi) + ", other headers); this is objgen " OBJGEN_VERSION_STRING
                           ": rebuild the harness");
  return Example{e->name, std::string("harness ") + path, e->target, e->include, e->register_api};
}

}  // namespace objgen
