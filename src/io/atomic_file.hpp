// Whole files: output files appear whole or not at all (written beside the target under a name
// created exclusively, then renamed over it; the directories made for a file that fails are
// removed again), and input files are read whole. Write failures throw FileError
// (io/file_error.hpp): "no space left on device while writing PATH" for a full disk.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io/file_error.hpp"

namespace objgen {

// Throws FileError naming the path when it cannot be written.
void write_file_atomically(const std::string& path, const std::string& contents);
// The same, and on the disk before it returns (the file, then its directory entry): for files a
// later step relies on after a power loss, such as a checkpoint whose predecessor is deleted next.
void write_file_durably(const std::string& path, const std::string& contents);
// A file written a piece at a time, for files too large to hold in memory first: it appears whole
// or not at all, and is on the disk when commit() returns (as write_file_durably). Destroyed
// uncommitted (a throw on the way), it leaves nothing, not even the directories it made. Each call
// throws FileError naming the path when the file cannot be written.
class DurableFileWriter {
 public:
  // sync false: whole or not at all, but not forced to the disk (write_file_atomically).
  explicit DurableFileWriter(std::string path, bool sync = true);
  ~DurableFileWriter();
  DurableFileWriter(const DurableFileWriter&) = delete;
  DurableFileWriter& operator=(const DurableFileWriter&) = delete;
  void append(std::string_view bytes);
  void commit();

 private:
  void abandon();

  std::string path_, tmp_;
  int fd_ = -1;
  bool sync_ = true;
  std::vector<std::string> made_dirs_;  // the directories made for this file, outermost first
};
// Checks that dir exists or can be created, without creating it (write_file_atomically creates
// a file's missing directories when it writes).
void ensure_writable_directory(const std::string& dir);
// Checks that path's directory exists and is writable, and that path, if it exists, is a regular
// file (a directory, FIFO or device is refused), without creating path.
void ensure_writable_file(const std::string& path);
// The file's bytes, or nullopt when it cannot be opened or is not a regular file (a FIFO is
// never waited on).
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace objgen
