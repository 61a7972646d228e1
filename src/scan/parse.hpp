// Parsing one synthesized source (which includes the user's header) into a Clang AST, keeping
// the diagnostics as plain records.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
}

namespace objgen::scan {

struct Diagnostic {
  std::string level;  // "note", "warning", "error", "fatal error"
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string message;
  bool in_synthesized_source = false;  // located in the source scan wrote, not the user's header

  bool is_error() const { return level == "error" || level == "fatal error"; }
  std::string str() const;  // "file:line:col: level: message"
};

struct ParsedUnit {
  std::unique_ptr<clang::ASTUnit> ast;  // null when the driver rejected the arguments
  std::vector<Diagnostic> diagnostics;
  int errors = 0;
  double seconds = 0;
};

inline constexpr const char* kSynthesizedFileName = "objgen_scan_input.cpp";

// Parses `code` as the file kSynthesizedFileName with `args` (driver flags, no file name);
// `program` is the driver's argv[0] (see driver_program()).
ParsedUnit parse_source(const std::string& code, const std::vector<std::string>& args, const std::string& program);

}  // namespace objgen::scan
