#include "exec/worker_filesystem.hpp"

#include <fcntl.h>
#include <linux/landlock.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <sstream>
#include <vector>

// The kernel's ABI (stable); Debian 12's headers stop at version 2.
#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif

namespace objgen {
namespace {

struct WorkerFilesystem {
  bool prepared = false;
  pid_t owner = 0;                    // the supervising process that made the scratch directory
  std::string scratch;                // "" when it could not be made
  std::vector<std::string> writable;  // the scratch directory first
  ~WorkerFilesystem() {
    std::error_code ignored;
    if (owner == getpid() && !scratch.empty()) std::filesystem::remove_all(scratch, ignored);
  }
};
WorkerFilesystem g_filesystem;

constexpr uint64_t kDirectoryWrites = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
                                      LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
                                      LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
                                      LANDLOCK_ACCESS_FS_MAKE_SYM;
constexpr uint64_t kFileWrites = LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_TRUNCATE;  // what a rule on a file may hold

int landlock_version() {
  static const int version = static_cast<int>(syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION));
  return version;
}

// The write rights this kernel's Landlock knows: renames across directories from version 2,
// truncation from 3 (each unhandled right stays allowed everywhere).
uint64_t handled_writes(int version) {
  uint64_t rights = kDirectoryWrites;
  if (version >= 2) rights |= LANDLOCK_ACCESS_FS_REFER;
  if (version >= 3) rights |= LANDLOCK_ACCESS_FS_TRUNCATE;
  return rights;
}

// The directories of the sanitizers' log_path options ("log_path=/dir/report" writes /dir/report.<pid>).
void add_sanitizer_log_directories(std::vector<std::string>& out) {
  for (const char* variable : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "TSAN_OPTIONS", "LSAN_OPTIONS", "MSAN_OPTIONS"}) {
    const char* value = std::getenv(variable);
    if (!value) continue;
    std::stringstream options(value);
    for (std::string option; std::getline(options, option, ':');)
      if (option.rfind("log_path=", 0) == 0) {
        std::filesystem::path path = option.substr(9);
        if (path.has_parent_path()) out.push_back(path.parent_path().string());
      }
  }
}

void add_listed_directories(std::vector<std::string>& out) {
  const char* listed = std::getenv("OBJGEN_WORKER_WRITES");
  if (!listed) return;
  std::stringstream in(listed);
  for (std::string dir; std::getline(in, dir, ':');)
    if (!dir.empty()) out.push_back(dir);
}

std::string make_scratch_directory() {
  const char* tmp = std::getenv("TMPDIR");
  std::string pattern = std::string(tmp && *tmp ? tmp : "/tmp") + "/objgen-worker-XXXXXX";
  return mkdtemp(pattern.data()) ? pattern : "";
}

bool allow_writes_beneath(int ruleset, const std::string& path, uint64_t rights) {
  int fd = open(path.c_str(), O_PATH | O_CLOEXEC);
  if (fd < 0) return true;  // nothing there to write into
  struct stat st {};
  landlock_path_beneath_attr rule{};
  rule.allowed_access = fstat(fd, &st) == 0 && S_ISDIR(st.st_mode) ? rights : rights & kFileWrites;
  rule.parent_fd = fd;
  bool ok = syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0) == 0;
  close(fd);
  return ok;
}

// Where workers may write, the scratch directory first.
void list_writable() {
  if (!g_filesystem.scratch.empty()) g_filesystem.writable.push_back(g_filesystem.scratch);
  for (const char* device : {"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"})
    g_filesystem.writable.emplace_back(device);
  add_sanitizer_log_directories(g_filesystem.writable);
  add_listed_directories(g_filesystem.writable);
}

}  // namespace

void prepare_worker_filesystem() {
  // Once, whichever supervising thread starts the first worker (params --threads).
  static std::once_flag once;
  std::call_once(once, [] {
    g_filesystem.owner = getpid();
    g_filesystem.scratch = make_scratch_directory();
    list_writable();
    g_filesystem.prepared = true;
  });
}

const std::string& worker_scratch_directory() { return g_filesystem.scratch; }

std::string worker_scratch_variable() {
  return g_filesystem.scratch.empty() ? "" : std::string(kScratchVariable) + "=" + g_filesystem.scratch;
}

bool worker_filesystem_confinable() { return landlock_version() >= 1; }

bool confine_worker_filesystem() {
  if (!g_filesystem.prepared) {  // a worker program objgen exec'd: its supervisor's directory, when handed
    g_filesystem.prepared = true;
    if (const char* handed = std::getenv(kScratchVariable)) g_filesystem.scratch = handed;
    list_writable();
  }
  if (!g_filesystem.scratch.empty()) setenv("TMPDIR", g_filesystem.scratch.c_str(), 1);
  int version = landlock_version();
  if (version < 1) return true;  // no Landlock: writes as before
  landlock_ruleset_attr attr{};
  attr.handled_access_fs = handled_writes(version);
  int ruleset = static_cast<int>(syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0));
  if (ruleset < 0) return false;
  bool ok = true;
  for (const std::string& path : g_filesystem.writable) ok &= allow_writes_beneath(ruleset, path, attr.handled_access_fs);
  ok = ok && syscall(SYS_landlock_restrict_self, ruleset, 0) == 0;
  close(ruleset);
  return ok;
}

}  // namespace objgen
