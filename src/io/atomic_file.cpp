#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>

#include "io/private_temp.hpp"

namespace objgen {
namespace fs = std::filesystem;

namespace {
// fsync of a file or a directory (O_RDONLY opens both).
bool sync_path(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = fsync(fd) == 0;
  close(fd);
  return ok;
}

// Makes the missing directories of dir (output directories appear with their first file); the
// ones made, outermost first, so that a failed write can take them back.
std::vector<std::string> make_missing_directories(const fs::path& dir) {
  std::vector<std::string> missing;
  std::error_code ec;
  for (fs::path p = dir; !p.empty() && !fs::exists(p, ec); p = p.parent_path()) {
    missing.insert(missing.begin(), p.string());
    if (p.parent_path() == p) break;
  }
  std::vector<std::string> made;
  for (const std::string& d : missing) {
    if (mkdir(d.c_str(), 0777) == 0)
      made.push_back(d);
    else if (errno != EEXIST)
      break;  // the file's open then says why
  }
  return made;
}

void remove_directories(const std::vector<std::string>& made) {
  for (auto d = made.rbegin(); d != made.rend(); ++d) rmdir(d->c_str());  // only while empty
}
}  // namespace

std::optional<std::string> read_whole_file(const std::string& path) {
  // O_NONBLOCK: a FIFO in a file's place opens at once (and is then refused) instead of waiting
  // for a writer forever.
  int fd = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::nullopt;
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return std::nullopt;
  }
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(fd);
      if (n < 0) return std::nullopt;
      return bytes;
    }
    bytes.append(buffer, static_cast<size_t>(n));
  }
}

DurableFileWriter::DurableFileWriter(std::string path, bool sync) : path_(std::move(path)), sync_(sync) {
  fs::path parent = fs::path(path_).parent_path();
  made_dirs_ = make_missing_directories(parent);
  try {
    // Beside the target (the rename must not cross file systems), under a name made exclusively:
    // a symbolic link planted at a guessable name is never written through.
    NewFile tmp = create_new_file(path_ + ".tmp.", 0644);
    fd_ = tmp.fd;
    tmp_ = tmp.path;
  } catch (const FileError& e) {
    remove_directories(made_dirs_);
    throw e.code ? write_error(path_, e.code) : e;
  }
}

DurableFileWriter::~DurableFileWriter() {
  if (fd_ >= 0) abandon();
}

// Nothing stays of an uncommitted file: its temporary file and the directories made for it.
void DurableFileWriter::abandon() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  unlink(tmp_.c_str());
  remove_directories(made_dirs_);
}

void DurableFileWriter::append(std::string_view bytes) {
  if (fd_ < 0) throw std::logic_error("objgen: DurableFileWriter::append after commit");
  while (!bytes.empty()) {
    ssize_t n = write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      int err = n < 0 ? errno : ENOSPC;
      abandon();
      throw write_error(path_, err);
    }
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

void DurableFileWriter::commit() {
  if (fd_ < 0) throw std::logic_error("objgen: DurableFileWriter::commit twice");
  // A full disk may show only here (delayed allocation, network file systems).
  if (sync_ && fsync(fd_) != 0) {
    int err = errno;
    abandon();
    throw write_error(path_, err);
  }
  int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) {
    int err = errno;
    abandon();
    throw write_error(path_, err);
  }
  if (std::rename(tmp_.c_str(), path_.c_str()) != 0) {
    int err = errno;
    abandon();
    throw write_error(path_, err);
  }
  if (!sync_) return;
  fs::path parent = fs::path(path_).parent_path();
  if (!sync_path(parent.empty() ? "." : parent.string()))
    throw FileError("cannot write " + path_ + " to the disk (fsync of its directory failed)");
  // A directory made here is an entry of its own parent (best effort: that may be read-only).
  if (!made_dirs_.empty()) sync_path(parent.has_parent_path() ? parent.parent_path().string() : ".");
}

void write_file_durably(const std::string& path, const std::string& contents) {
  DurableFileWriter out(path);
  out.append(contents);
  out.commit();
}

void write_file_atomically(const std::string& path, const std::string& contents) {
  DurableFileWriter out(path, false);
  out.append(contents);
  out.commit();
}

namespace {
// The directory dir is or will be created in: itself if it exists, else its nearest existing
// ancestor, which must be a writable directory. Nothing is created before there is output.
void check_creatable(const fs::path& dir, const std::string& what) {
  std::error_code ec;
  fs::path p = dir.empty() ? fs::path(".") : dir;
  while (!fs::exists(p, ec)) {
    if (!p.has_parent_path()) {  // a relative path whose first part is missing: created in "."
      p = ".";
      break;
    }
    if (p.parent_path() == p) break;
    p = p.parent_path();
  }
  if (!fs::is_directory(p, ec)) throw FileError("cannot create " + what + ": " + p.string() + " is not a directory");
  // access() says yes to root even where nothing can be created (/proc): try, and leave nothing.
  try {
    NewFile probe = create_new_file((p / ".objgen-probe.").string(), 0600);
    close(probe.fd);
    unlink(probe.path.c_str());
  } catch (const FileError&) {
    throw FileError("cannot create " + what + ": " + p.string() + " is not writable");
  }
}
}  // namespace

void ensure_writable_directory(const std::string& dir) { check_creatable(dir, "output directory " + dir); }

void ensure_writable_file(const std::string& path) {
  fs::path p(path);
  check_creatable(p.has_parent_path() ? p.parent_path() : fs::path("."), path);
  struct stat st {};
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) throw FileError(path + " is " + file_kind(st.st_mode) + ", not a regular file");
}

}  // namespace objgen
