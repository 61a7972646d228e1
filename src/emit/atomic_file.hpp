// Whole files: output files appear whole or not at all (written beside the target, then renamed
// over it), and input files are read whole.
#pragma once

#include <optional>
#include <string>

namespace objgen {

// Throws std::runtime_error naming the path when it cannot be written.
void write_file_atomically(const std::string& path, const std::string& contents);
// Creates dir (and parents) and checks that a file can be written in it.
void ensure_writable_directory(const std::string& dir);
// Checks that path's directory exists and is writable, without creating path.
void ensure_writable_file(const std::string& path);
// The file's bytes, or nullopt when it cannot be opened.
std::optional<std::string> read_whole_file(const std::string& path);

}  // namespace objgen
