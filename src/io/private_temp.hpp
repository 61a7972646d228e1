// Temporary files nobody else can plant. A name another user can guess (a pid in /tmp, a target's
// name plus ".tmp") is only ever created, never opened if it exists: a planted file or symbolic
// link there makes objgen pick another name instead of writing through it. Scratch files that
// need no fixed place live in a directory of objgen's own (mkdtemp, mode 0700).
#pragma once

#include <string>

namespace objgen {

struct NewFile {
  int fd = -1;       // open for writing, close-on-exec
  std::string path;  // prefix + a random suffix
};
// Creates a file named prefix + 6 random characters with O_CREAT | O_EXCL | O_NOFOLLOW (a
// mkstemp that keeps `mode`, less the umask, instead of 0600). Throws FileError on failure.
NewFile create_new_file(const std::string& prefix, unsigned mode);

// A directory of this process's own under $TMPDIR (else /tmp), mode 0700, removed with all it
// holds when destroyed.
class PrivateTempDir {
 public:
  // Throws FileError when it cannot be created.
  explicit PrivateTempDir(const std::string& purpose = "objgen");
  ~PrivateTempDir();
  PrivateTempDir(const PrivateTempDir&) = delete;
  PrivateTempDir& operator=(const PrivateTempDir&) = delete;
  const std::string& path() const { return path_; }
  // path() + "/" + name: a file in it no one else can have created.
  std::string file(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

}  // namespace objgen
