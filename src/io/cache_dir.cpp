#include "io/cache_dir.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "io/file_error.hpp"

namespace objgen {

namespace {

std::string configured_root() {
  if (const char* d = std::getenv("OBJGEN_CACHE_DIR"); d && *d) return d;
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return std::string(x) + "/objgen";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.cache/objgen";
  return ".objgen-cache";
}

std::string octal_mode(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

// mkdir -p with mode 0700 for every level made; levels that exist are left as they are.
void make_directories_0700(const std::filesystem::path& dir) {
  std::error_code ec;
  if (dir.empty() || std::filesystem::exists(dir, ec)) return;
  if (dir.has_parent_path() && dir.parent_path() != dir) make_directories_0700(dir.parent_path());
  if (mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) throw FileError(std::strerror(errno), errno);
}

}  // namespace

// Absolute: cached files are compared with absolute paths (compiler dependency lists).
std::string cache_root() {
  std::error_code ec;
  std::filesystem::path p = std::filesystem::absolute(configured_root(), ec);
  return ec ? configured_root() : p.lexically_normal().string();
}

std::string untrusted_reason(const std::string& path) {
  struct stat link {};
  if (lstat(path.c_str(), &link) != 0) return std::string("cannot be examined (") + std::strerror(errno) + ")";
  uid_t me = geteuid();
  // A link owned by someone else could be pointed elsewhere by its owner after the check.
  if (S_ISLNK(link.st_mode) && link.st_uid != me && link.st_uid != 0)
    return "is a symbolic link owned by another user (uid " + std::to_string(link.st_uid) + ")";
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return std::string("cannot be examined (") + std::strerror(errno) + ")";
  if (st.st_uid != me) return "is owned by another user (uid " + std::to_string(st.st_uid) + ", you are uid " + std::to_string(me) + ")";
  if (st.st_mode & (S_IWGRP | S_IWOTH)) return "is writable by its group or by others (mode " + octal_mode(st.st_mode) + ")";
  return "";
}

void require_private_directory(const std::string& dir, const std::string& what) {
  std::string why = untrusted_reason(dir);
  if (!why.empty())
    throw FileError(what + " " + dir + " " + why +
                    ": another user could plant code there that objgen would run. Use a directory of your own "
                    "(chown it, `chmod 700 " +
                    dir + "`, or set OBJGEN_CACHE_DIR elsewhere)");
  struct stat st {};
  if (stat(dir.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))
    throw FileError(what + " " + dir + " is " + file_kind(st.st_mode) + ", not a directory (set OBJGEN_CACHE_DIR?)");
}

void make_private_directory(const std::string& dir, const std::string& what) {
  try {
    make_directories_0700(dir);
  } catch (const FileError& e) {
    std::string why = is_no_space(e.code) ? "no space left on device" : e.what();
    throw FileError("cannot create " + what + " " + dir + " (" + why + "): set OBJGEN_CACHE_DIR to a writable directory", e.code);
  }
  require_private_directory(dir, what);
}

std::string trusted_cache_root() {
  std::string root = cache_root();
  make_private_directory(root, "the cache directory");
  return root;
}

std::string trusted_cache_dir(const std::string& name) {
  std::string dir = trusted_cache_root() + "/" + name;
  make_private_directory(dir, "the cache directory");
  return dir;
}

}  // namespace objgen
