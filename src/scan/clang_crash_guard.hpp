// A crash inside Clang while scan parses a header or reads its classes (Clang 14's Sema, used
// after the parse to deduce member templates, faults in some memory layouts: docs/SCAN.md) ends
// objgen with exit 3 and a message naming what it was reading, not a bare SIGSEGV. Clang runs in
// objgen's own process (it reads only the user's headers, never runs their code), so the guard
// can only report: what Clang's fault left behind cannot be trusted to go on with.
#pragma once

#include <string>

namespace objgen::scan {

class ClangCrashGuard {
 public:
  // `what`: "nlohmann::json in json.hpp", said in the message.
  explicit ClangCrashGuard(const std::string& what);
  ~ClangCrashGuard();  // the handlers objgen had before
  ClangCrashGuard(const ClangCrashGuard&) = delete;
  ClangCrashGuard& operator=(const ClangCrashGuard&) = delete;
};

}  // namespace objgen::scan
