#include "harness/harness_loader.hpp"

#include <dlfcn.h>

#include <cstring>
#include <filesystem>

#include "objgen/harness_entry.hpp"

namespace objgen {

Example load_harness(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw HarnessLoadError("harness not found: " + path);
  // dlopen searches the library path for names without a slash; a harness is always a file.
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    std::string why = dlerror();
    if (why.find("undefined symbol") != std::string::npos)
      why += " (the class's implementation is missing: pass its sources or libraries after --, e.g. -- list.cpp -lmylib)";
    throw HarnessLoadError("cannot load harness: " + why);
  }
  using EntryFunction = const HarnessEntry* (*)();
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
