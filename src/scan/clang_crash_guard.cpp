#include "scan/clang_crash_guard.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace objgen::scan {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
constexpr size_t kSignalCount = sizeof kSignals / sizeof kSignals[0];
constexpr int kExitInternal = 3;  // objgen's exit code for its own failures (cli/commands.hpp)

// Written before the guard arms: the handler only copies it out (async-signal-safe).
char g_message[1024];
size_t g_message_length = 0;
struct sigaction g_previous[kSignalCount];
// Its own stack: a fault from deep recursion in Clang has none left to run a handler on.
constexpr size_t kAltStackBytes = 64 * 1024;
char g_alt_stack[kAltStackBytes];

void on_clang_fault(int sig) {
  const char head[] = "objgen: Clang crashed with SIG";
  (void)!write(STDERR_FILENO, head, sizeof head - 1);
  const char* name = sigabbrev_np(sig);
  (void)!write(STDERR_FILENO, name ? name : "NAL", std::strlen(name ? name : "NAL"));
  (void)!write(STDERR_FILENO, g_message, g_message_length);
  _exit(kExitInternal);
}

}  // namespace

ClangCrashGuard::ClangCrashGuard(const std::string& what) {
  std::string text = " while reading " + what +
                     ": a fault of the C++ front end objgen reads headers with (libclang-cpp), not of the header; "
                     "objgen reads with a fixed memory layout, so the same scan fails the same way: please report it "
                     "with the header\n";
  g_message_length = std::min(text.size(), sizeof g_message);
  std::memcpy(g_message, text.data(), g_message_length);
  stack_t alt{};
  alt.ss_sp = g_alt_stack;
  alt.ss_size = kAltStackBytes;
  sigaltstack(&alt, nullptr);
  struct sigaction sa {};
  sa.sa_handler = on_clang_fault;
  sa.sa_flags = SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  for (size_t i = 0; i < kSignalCount; ++i) sigaction(kSignals[i], &sa, &g_previous[i]);
  if (const char* fault = std::getenv("OBJGEN_TEST_CLANG_FAULT"); fault && *fault)  // the guard's own test
    raise(SIGSEGV);
}

ClangCrashGuard::~ClangCrashGuard() {
  for (size_t i = 0; i < kSignalCount; ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
}

}  // namespace objgen::scan
