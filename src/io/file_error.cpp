#include "io/file_error.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>

namespace objgen {

bool is_no_space(int err) { return err == ENOSPC || err == EDQUOT; }

FileError write_error(const std::string& path, int err) {
  if (is_no_space(err)) return FileError("no space left on device while writing " + path, err);
  return FileError("cannot write " + path + ": " + std::strerror(err), err);
}

std::string file_kind(unsigned mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return S_ISREG(mode) ? "a regular file" : "not a regular file";
}

void refuse_non_regular_file(const std::string& path, const std::string& what) {
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw FileError(what + " " + path + " is " + file_kind(st.st_mode) + ", not a regular file");
}

}  // namespace objgen
