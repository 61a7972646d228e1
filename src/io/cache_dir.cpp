#include "io/cache_dir.hpp"

#include <cstdlib>
#include <filesystem>

namespace objgen {

namespace {

std::string configured_root() {
  if (const char* d = std::getenv("OBJGEN_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/objgen";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/objgen";
  return ".objgen-cache";
}

}  // namespace

// Absolute: cached files are compared with absolute paths (compiler dependency lists).
std::string cache_root() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(configured_root(), ec);
  return ec ? configured_root() : p.lexically_normal().string();
}

}  // namespace objgen
