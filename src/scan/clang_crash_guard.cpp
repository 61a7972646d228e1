#include "scan/clang_crash_guard.hpp"

#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

extern char** environ;

namespace objgen::scan {
namespace {

constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT};
constexpr size_t kSignalCount = sizeof kSignals / sizeof kSignals[0];
constexpr int kExitInternal = 3;  // objgen's exit code for its own failures (cli/commands.hpp)
constexpr const char* kAttemptVariable = "OBJGEN_SCAN_ATTEMPT";
// The steps earlier attempts faulted in, one per line (RiskyStep).
constexpr const char* kCrashedVariable = "OBJGEN_SCAN_CRASHED";

// Written before the guard arms: the handler only copies them out and calls execve
// (async-signal-safe).
char g_message[1024];
size_t g_message_length = 0;
char g_retry_note[1024];
size_t g_retry_note_length = 0;
char** g_argv = nullptr;
std::vector<std::string> g_next_environment;  // this one's, with the next attempt's number
std::vector<char*> g_next_envp;
bool g_retry = false;
// The next attempt's kCrashedVariable entry ("NAME=earlier\nsteps"), to which the handler appends
// the step it faulted in; and that step, set by RiskyStep before Clang runs it.
char g_crashed_entry[16384];
size_t g_crashed_entry_length = 0;
char g_step[1024];
size_t g_step_length = 0;
struct sigaction g_previous[kSignalCount];
// Its own stack: a fault from deep recursion in Clang has none left to run a handler on.
constexpr size_t kAltStackBytes = 64 * 1024;
char g_alt_stack[kAltStackBytes];

void say(const char* text, size_t length) { (void)!write(STDERR_FILENO, text, length); }

void on_clang_fault(int sig) {
  const char head[] = "objgen: Clang crashed with SIG";
  say(head, sizeof head - 1);
  const char* name = sigabbrev_np(sig);
  say(name ? name : "NAL", std::strlen(name ? name : "NAL"));
  if (g_retry) {
    if (g_step_length > 0 && g_crashed_entry_length + g_step_length + 2 < sizeof g_crashed_entry) {
      g_crashed_entry[g_crashed_entry_length++] = '\n';
      std::memcpy(g_crashed_entry + g_crashed_entry_length, g_step, g_step_length);
      g_crashed_entry[g_crashed_entry_length + g_step_length] = '\0';
    }
    say(g_retry_note, g_retry_note_length);
    execve("/proc/self/exe", g_argv, g_next_envp.data());
    say(": could not start again\n", 24);  // execve failed: the message below ends it
    say(head, sizeof head - 1);
    say(name ? name : "NAL", std::strlen(name ? name : "NAL"));
  }
  say(g_message, g_message_length);
  _exit(kExitInternal);
}

bool in_mpi_job() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"})
    if (std::getenv(v)) return true;
  return false;
}

void copy_text(const std::string& text, char* out, size_t capacity, size_t& length) {
  length = std::min(text.size(), capacity);
  std::memcpy(out, text.data(), length);
}

// The environment the next attempt starts with: this one's, the attempt's number replaced.
void prepare_retry(int attempt) {
  g_next_environment.clear();
  auto named = [](const char* entry, const char* name) {
    const size_t n = std::strlen(name);
    return std::strncmp(entry, name, n) == 0 && entry[n] == '=';
  };
  for (char** e = environ; e && *e; ++e)
    if (!named(*e, kAttemptVariable) && !named(*e, kCrashedVariable)) g_next_environment.emplace_back(*e);
  g_next_environment.push_back(std::string(kAttemptVariable) + "=" + std::to_string(attempt + 1));
  const char* crashed = std::getenv(kCrashedVariable);
  copy_text(std::string(kCrashedVariable) + "=" + (crashed ? crashed : ""), g_crashed_entry, sizeof g_crashed_entry - 1,
            g_crashed_entry_length);
  g_crashed_entry[g_crashed_entry_length] = '\0';
  g_next_envp.clear();
  for (std::string& e : g_next_environment) g_next_envp.push_back(e.data());
  g_next_envp.push_back(g_crashed_entry);
  g_next_envp.push_back(nullptr);
}

}  // namespace

void remember_command_line(char** argv) { g_argv = argv; }

int scan_attempt() {
  const char* v = std::getenv(kAttemptVariable);
  int n = v ? std::atoi(v) : 1;
  return std::clamp(n, 1, kScanAttempts);
}

void attempt_layout_shift() {
  int k = scan_attempt() - 1;
  if (k == 0) return;
  // Small blocks of many sizes (the allocator's bins) and one mapping: what Clang allocates next
  // lands elsewhere, the same way for the same attempt.
  for (int i = 0; i < 97 * k; ++i) (void)!std::malloc(static_cast<size_t>(16 + (i * 40 + k * 8) % 3000));
  (void)!mmap(nullptr, static_cast<size_t>(k) * ((1 << 20) + 3 * 4096), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
}

ClangCrashGuard::ClangCrashGuard(const std::string& what) {
  int attempt = scan_attempt();
  g_retry = g_argv && attempt < kScanAttempts && !in_mpi_job();
  std::string text =
      " while reading " + what + ": a fault of the C++ front end objgen reads headers with (libclang-cpp), not of the header";
  text += attempt > 1 ? " (in " + std::to_string(attempt) + " memory layouts)" : "";
  text += ": please report it with the header and the command\n";
  copy_text(text, g_message, sizeof g_message, g_message_length);
  if (g_retry) {
    prepare_retry(attempt);
    copy_text(" while reading " + what + "; reading it again in another memory layout (attempt " + std::to_string(attempt + 1) + " of " +
                  std::to_string(kScanAttempts) + ")\n",
              g_retry_note, sizeof g_retry_note, g_retry_note_length);
  }
  // A process this handler started runs with the signal blocked, as the handler did: unblocked, a
  // fault in it reaches the handler too.
  sigset_t faults;
  sigemptyset(&faults);
  for (int sig : kSignals) sigaddset(&faults, sig);
  sigprocmask(SIG_UNBLOCK, &faults, nullptr);
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

RiskyStep::RiskyStep(const std::string& key) {
  copy_text(key, g_step, sizeof g_step, g_step_length);
  std::replace(g_step, g_step + g_step_length, '\n', ' ');
  // The guard's own test: a fault in every step whose key holds the variable's text.
  if (const char* at = std::getenv("OBJGEN_TEST_CLANG_FAULT_AT"); at && *at && key.find(at) != std::string::npos) raise(SIGSEGV);
}

RiskyStep::~RiskyStep() { g_step_length = 0; }

bool crashed_in_earlier_attempt(const std::string& key) {
  const char* crashed = std::getenv(kCrashedVariable);
  if (!crashed) return false;
  const std::string all(crashed);
  for (size_t start = 0; start <= all.size();) {
    size_t end = all.find('\n', start);
    if (end == std::string::npos) end = all.size();
    if (all.compare(start, end - start, key.substr(0, sizeof g_step)) == 0 && end > start) return true;
    start = end + 1;
  }
  return false;
}

ClangCrashGuard::~ClangCrashGuard() {
  for (size_t i = 0; i < kSignalCount; ++i) sigaction(kSignals[i], &g_previous[i], nullptr);
}

}  // namespace objgen::scan
