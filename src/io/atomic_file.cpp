#include "io/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

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
}  // namespace

std::optional<std::string> read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

namespace {
// The written file takes the target's name in one step (or is removed).
void rename_into_place(const std::string& tmp, const std::string& path) {
  std::error_code ec;
  fs::rename(tmp, path, ec);
  if (!ec) return;
  std::remove(tmp.c_str());
  throw std::runtime_error("cannot write " + path + ": " + ec.message());
}
}  // namespace

DurableFileWriter::DurableFileWriter(std::string path) : path_(std::move(path)) {
  fs::path parent = fs::path(path_).parent_path();
  std::error_code made;
  created_parent_ = !parent.empty() && fs::create_directories(parent, made);  // directories appear with their first file
  tmp_ = path_ + ".tmp." + std::to_string(getpid());
  fd_ = open(tmp_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0) throw std::runtime_error("cannot write " + path_);
}

DurableFileWriter::~DurableFileWriter() {
  if (fd_ < 0) return;
  close(fd_);
  std::remove(tmp_.c_str());
}

void DurableFileWriter::append(std::string_view bytes) {
  if (fd_ < 0) throw std::logic_error("objgen: DurableFileWriter::append after commit");
  while (!bytes.empty()) {
    ssize_t n = write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw std::runtime_error("cannot write " + path_ + " (disk full?)");
    bytes.remove_prefix(static_cast<size_t>(n));
  }
}

void DurableFileWriter::commit() {
  if (fsync(fd_) != 0) throw std::runtime_error("cannot write " + path_ + " to the disk (fsync failed)");
  int fd = fd_;
  fd_ = -1;
  if (close(fd) != 0) {
    std::remove(tmp_.c_str());
    throw std::runtime_error("cannot write " + path_ + " (disk full?)");
  }
  rename_into_place(tmp_, path_);
  fs::path parent = fs::path(path_).parent_path();
  if (!sync_path(parent.empty() ? "." : parent.string()))
    throw std::runtime_error("cannot write " + path_ + " to the disk (fsync of its directory failed)");
  // A directory made here is an entry of its own parent (best effort: that may be read-only).
  if (created_parent_) sync_path(parent.has_parent_path() ? parent.parent_path().string() : ".");
}

void write_file_durably(const std::string& path, const std::string& contents) {
  DurableFileWriter out(path);
  out.append(contents);
  out.commit();
}

void write_file_atomically(const std::string& path, const std::string& contents) {
  fs::path parent = fs::path(path).parent_path();
  std::error_code made;
  if (!parent.empty()) fs::create_directories(parent, made);  // output directories appear with their first file
  std::string tmp = path + ".tmp." + std::to_string(getpid());
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write " + path);
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.close();
    if (!out) {
      std::remove(tmp.c_str());
      throw std::runtime_error("cannot write " + path + " (disk full?)");
    }
  }
  rename_into_place(tmp, path);
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
  if (!fs::is_directory(p, ec)) throw std::runtime_error("cannot create " + what + ": " + p.string() + " is not a directory");
  // access() says yes to root even where nothing can be created (/proc): try, and leave nothing.
  std::string probe = (p / (".objgen-probe." + std::to_string(getpid()))).string();
  int fd = open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0) throw std::runtime_error("cannot create " + what + ": " + p.string() + " is not writable");
  close(fd);
  unlink(probe.c_str());
}
}  // namespace

void ensure_writable_directory(const std::string& dir) { check_creatable(dir, "output directory " + dir); }

void ensure_writable_file(const std::string& path) {
  fs::path p(path);
  check_creatable(p.has_parent_path() ? p.parent_path() : fs::path("."), path);
  if (fs::is_directory(p)) throw std::runtime_error(path + " is a directory");
}

}  // namespace objgen
