// Errors of the files around objgen rather than of objgen: a full disk, a FIFO given where a
// file belongs, a cache directory another user could write. The CLI reports them as bad input
// (exit 2), naming the path and what to do, never as an internal error.
#pragma once

#include <stdexcept>
#include <string>

namespace objgen {

struct FileError : std::runtime_error {
  explicit FileError(const std::string& message, int err = 0) : std::runtime_error(message), code(err) {}
  int code;  // the errno that caused it, or 0
};

// The error of a failed write to path with errno err: "no space left on device while writing
// PATH" for a full disk or quota, else "cannot write PATH: <reason>".
FileError write_error(const std::string& path, int err);
// Whether err means the disk (or the user's quota) is full.
bool is_no_space(int err);

// "a directory", "a FIFO (named pipe)", ... for a stat mode that is not a regular file.
std::string file_kind(unsigned mode);
// Throws FileError when path exists and is not a regular file (symbolic links followed): a FIFO
// or a device would block or never end, a directory cannot be read. A missing path is left to the
// caller's own message. `what` names the option ("--header"). Never blocks (stat, no open).
void refuse_non_regular_file(const std::string& path, const std::string& what);

}  // namespace objgen
