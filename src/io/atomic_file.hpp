// Whole files: output files appear whole or not at all (written beside the target, then renamed
// over it), and input files are read whole.
#pragma once

#include <optional>
#include <string>

namespace objgen {

// Throws std::runtime_error naming the path when it cannot be written.
void write_file_atomically(const std::string& path, const std::string& contents);
// The same, and on the disk before it returns (the file, then its directory entry): for files a
// later step relies on after a power loss, such as a checkpoint whose predecessor is deleted next.
void write_file_durably(const std::string& path, const std::string& contents);
// Checks that dir exists or can be created, without creating it (write_file_atomically creates
// a file's missing directories when it writes).
void ensure_writable_directory(const std::string& dir);
// Checks that path's directory exists and is writable, without creating path.
void ensure_writable_file(const std::string& path);
// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace objgen
