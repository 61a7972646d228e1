#include "io/private_temp.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <random>

#include "io/file_error.hpp"

namespace objgen {

namespace {

std::string random_suffix() {
  static constexpr char kChars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  thread_local std::mt19937_64 rng{std::random_device{}() ^ (static_cast<uint64_t>(getpid()) << 32)};
  std::string s(6, 'x');
  for (char& c : s) c = kChars[rng() % (sizeof kChars - 1)];
  return s;
}

std::string temp_root() {
  const char* t = std::getenv("TMPDIR");
  return t && *t == '/' ? t : "/tmp";
}

}  // namespace

NewFile create_new_file(const std::string& prefix, unsigned mode) {
  // Names already taken (by an earlier objgen, or planted) are skipped, never opened.
  for (int attempt = 0; attempt < 100; ++attempt) {
    std::string path = prefix + random_suffix();
    int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode);
    if (fd >= 0) return {fd, path};
    if (errno != EEXIST) throw write_error(prefix + "*", errno);
  }
  throw FileError("cannot create a file named " + prefix + "*: every name tried exists");
}

PrivateTempDir::PrivateTempDir(const std::string& purpose) {
  std::string pattern = temp_root() + "/" + purpose + "-XXXXXX";
  if (!mkdtemp(pattern.data())) throw write_error(pattern, errno);
  path_ = pattern;
}

PrivateTempDir::~PrivateTempDir() {
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace objgen
