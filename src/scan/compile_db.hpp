// Compile flags for a header from a compile_commands.json (`-p DIR`): Clang's tooling picks the
// command of the file that best matches the header (headers rarely have their own entry), and
// objgen keeps the flags that matter for parsing and compiling it.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace objgen::scan {

// Its vtable is emitted with its destructor, in a file compiled with RTTI (compile_db_error.cpp):
// an inline one could come from compile_db.cpp, built without RTTI as LLVM is, and a caller's
// catch would then call what() through a vtable UndefinedBehaviorSanitizer cannot check.
struct CompileDbError : std::runtime_error {
  using std::runtime_error::runtime_error;
  ~CompileDbError() override;
};

// dir holds compile_commands.json (or is that file). Include paths come back absolute.
// Throws CompileDbError when the database cannot be read or has no usable entry.
std::vector<std::string> flags_from_compile_db(const std::string& dir, const std::string& header);

// One translation unit of a compile_commands.json, as the database gives it.
struct CompileEntry {
  std::string file;                  // absolute
  std::string directory;             // where the command runs
  std::vector<std::string> command;  // the compiler first, the file among the arguments
  std::string output;                // the object it makes, as the database says ("" when it does not)
};
// Every entry of the database (dir holds compile_commands.json, or is that file), in its order.
// Throws CompileDbError as flags_from_compile_db does.
std::vector<CompileEntry> all_compile_commands(const std::string& dir);

// The parsing-relevant part of one compiler command line: -I/-isystem/-iquote/-idirafter,
// -D/-U, -std=, -include, relative paths resolved against directory.
std::vector<std::string> parsing_flags(const std::vector<std::string>& command, const std::string& directory);

}  // namespace objgen::scan
