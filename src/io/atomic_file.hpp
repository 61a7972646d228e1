// Whole files: output files appear whole or not at all (written beside the target, then renamed
// over it), and input files are read whole.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace objgen {

// Throws std::runtime_error naming the path when it cannot be written.
void write_file_atomically(const std::string& path, const std::string& contents);
// The same, and on the disk before it returns (the file, then its directory entry): for files a
// later step relies on after a power loss, such as a checkpoint whose predecessor is deleted next.
void write_file_durably(const std::string& path, const std::string& contents);
// A file written a piece at a time, for files too large to hold in memory first: it appears whole
// or not at all, and is on the disk when commit() returns (as write_file_durably). Destroyed
// uncommitted (a throw on the way), it leaves nothing. Each call throws std::runtime_error
// naming the path when the file cannot be written.
class DurableFileWriter {
 public:
  explicit DurableFileWriter(std::string path);
  ~DurableFileWriter();
  DurableFileWriter(const DurableFileWriter&) = delete;
  DurableFileWriter& operator=(const DurableFileWriter&) = delete;
  void append(std::string_view bytes);
  void commit();

 private:
  std::string path_, tmp_;
  int fd_ = -1;
  bool created_parent_ = false;
};
// Checks that dir exists or can be created, without creating it (write_file_atomically creates
// a file's missing directories when it writes).
void ensure_writable_directory(const std::string& dir);
// Checks that path's directory exists and is writable, without creating path.
void ensure_writable_file(const std::string& path);
// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace objgen
