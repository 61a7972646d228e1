#include "emit/cache_dir.hpp"

#include <cstdlib>

namespace objgen {

std::string cache_root() {
  if (const char* d = std::getenv("OBJGEN_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/objgen";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/objgen";
  return ".objgen-cache";
}

}  // namespace objgen
