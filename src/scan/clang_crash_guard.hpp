// A crash inside Clang while scan parses a header or reads its classes. Clang 14 corrupts its heap
// in some memory layouts when asked for more after the parse (docs/SCAN.md, "The same scan every
// run"): which layouts, no one knows, and objgen fixes its layout so that a scan gives the same
// result every run. Clang runs in objgen's own process (it reads only the user's headers, never
// runs their code), so what its fault left behind cannot be trusted to go on with: the guard
// starts objgen again, the same command in another fixed layout (kScanAttempts in all), and after
// the last ends it with exit 3 and a message naming what it was reading, never a bare SIGSEGV.
#pragma once

#include <string>

namespace objgen::scan {

// How many layouts a scan is tried in before objgen gives up.
constexpr int kScanAttempts = 8;

// The command line to start again with (main's argv, kept by the caller); without it, or in an MPI
// job (whose ranks cannot be started again alone), a fault ends objgen at once.
void remember_command_line(char** argv);

// Which attempt this process is (1 for the first), from the environment objgen started itself
// with. attempt_layout_shift() moves where this attempt's allocations land: called first thing in
// main, it leaks a few blocks whose number and sizes depend on the attempt (none on the first).
int scan_attempt();
void attempt_layout_shift();

// A step of scan where Clang faults for what it is given, in every layout (deducing one member
// template's arguments instantiates code of the library's that Clang 14 mishandles): while one is
// alive, a fault makes the next attempt leave that step out (crashed_in_earlier_attempt), so
// the attempts converge instead of each dying at the same member.
class RiskyStep {
 public:
  explicit RiskyStep(const std::string& key);  // key: stable across attempts, without '\n'
  ~RiskyStep();
  RiskyStep(const RiskyStep&) = delete;
  RiskyStep& operator=(const RiskyStep&) = delete;
};

// Whether an earlier attempt of this command faulted in the step `key`.
bool crashed_in_earlier_attempt(const std::string& key);

class ClangCrashGuard {
 public:
  // `what`: "nlohmann::json in json.hpp", said in the message.
  explicit ClangCrashGuard(const std::string& what);
  ~ClangCrashGuard();  // the handlers objgen had before
  ClangCrashGuard(const ClangCrashGuard&) = delete;
  ClangCrashGuard& operator=(const ClangCrashGuard&) = delete;
};

}  // namespace objgen::scan
