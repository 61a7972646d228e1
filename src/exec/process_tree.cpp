#include "exec/process_tree.hpp"

#include <dirent.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

namespace objgen {
namespace {

std::mutex g_registry_mutex;
std::vector<pid_t> g_supervised;
std::mutex g_starts_mutex;  // lock_worker_starts

// Kill rounds of reap_orphans: each kills what the previous round's orphans had started.
constexpr int kMaxReapRounds = 64;

std::vector<pid_t> numeric_entries(const char* dir) {
  std::vector<pid_t> out;
  if (DIR* d = opendir(dir)) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] >= '0' && e->d_name[0] <= '9') out.push_back(static_cast<pid_t>(std::atoi(e->d_name)));
    closedir(d);
  }
  return out;
}

// /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
bool read_stat(pid_t pid, std::string* comm, char* state, pid_t* ppid) {
  char path[64], text[512];
  std::snprintf(path, sizeof path, "/proc/%d/stat", static_cast<int>(pid));
  FILE* f = std::fopen(path, "re");
  if (!f) return false;
  size_t n = std::fread(text, 1, sizeof text - 1, f);
  std::fclose(f);
  text[n] = '\0';
  char* open = std::strchr(text, '(');
  char* close = std::strrchr(text, ')');
  int parent = 0;
  char st = '?';
  if (!open || !close || close < open || std::sscanf(close + 1, " %c %d", &st, &parent) != 2) return false;
  if (comm) comm->assign(open + 1, close);
  if (state) *state = st;
  if (ppid) *ppid = parent;
  return true;
}

// Without /proc/<pid>/task/<tid>/children (a kernel without CONFIG_PROC_CHILDREN): every process's ppid.
std::vector<pid_t> children_by_scan(pid_t parent) {
  std::vector<pid_t> out;
  for (pid_t p : numeric_entries("/proc")) {
    pid_t ppid = 0;
    if (read_stat(p, nullptr, nullptr, &ppid) && ppid == parent) out.push_back(p);
  }
  return out;
}

}  // namespace

std::unique_lock<std::mutex> lock_worker_starts() { return std::unique_lock<std::mutex>(g_starts_mutex); }

void note_supervised_child(pid_t pid) {
  std::lock_guard<std::mutex> lock(g_registry_mutex);
  g_supervised.push_back(pid);
}

void forget_supervised_child(pid_t pid) {
  std::lock_guard<std::mutex> lock(g_registry_mutex);
  g_supervised.erase(std::remove(g_supervised.begin(), g_supervised.end(), pid), g_supervised.end());
}

bool is_supervised_child(pid_t pid) {
  std::lock_guard<std::mutex> lock(g_registry_mutex);
  return std::find(g_supervised.begin(), g_supervised.end(), pid) != g_supervised.end();
}

std::vector<pid_t> children_of(pid_t pid) {
  char dir[64];
  std::snprintf(dir, sizeof dir, "/proc/%d/task", static_cast<int>(pid));
  std::vector<pid_t> out;
  bool listed = false;
  for (pid_t tid : numeric_entries(dir)) {
    char path[96];
    std::snprintf(path, sizeof path, "/proc/%d/task/%d/children", static_cast<int>(pid), static_cast<int>(tid));
    FILE* f = std::fopen(path, "re");
    if (!f) continue;
    listed = true;
    int child = 0;
    while (std::fscanf(f, "%d", &child) == 1) out.push_back(child);
    std::fclose(f);
  }
  return listed ? out : children_by_scan(pid);
}

bool reap_within(pid_t pid, double seconds, int* status, rusage* usage) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  // Woken when the process ends (a pidfd is readable then), not on a timer: a worker killed at
  // the end of each iteration is reaped as soon as its memory is torn down.
  int pidfd = static_cast<int>(syscall(SYS_pidfd_open, pid, 0));
  bool reaped = false;
  for (;;) {
    int st = 0;
    rusage ru{};
    pid_t r = wait4(pid, &st, WNOHANG | __WALL, &ru);
    if (r == pid || (r < 0 && errno != EINTR)) {
      if (status) *status = st;
      if (usage) *usage = ru;
      reaped = r == pid;
      break;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) break;
    pollfd ready{pidfd, POLLIN, 0};
    if (pidfd < 0 || poll(&ready, 1, static_cast<int>(std::min<int64_t>(left.count(), 10))) < 0)
      std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  if (pidfd >= 0) close(pidfd);
  return reaped;
}

int reap_orphans() {
  const pid_t self = getpid();
  int reaped = 0;
  for (int round = 0; round < kMaxReapRounds; ++round) {
    std::vector<pid_t> orphans;
    {
      std::unique_lock<std::mutex> starts = lock_worker_starts();
      for (pid_t c : children_of(self))
        if (!is_supervised_child(c)) orphans.push_back(c);
      for (pid_t o : orphans) {
        // Still our child (unreaped), so neither its pid nor a group it leads can be reused yet.
        if (getpgid(o) == o) kill(-o, SIGKILL);  // a setsid()'d process: what it started with it
        kill(o, SIGKILL);
      }
    }
    if (orphans.empty()) break;
    for (pid_t o : orphans) reaped += reap_within(o, 1.0) ? 1 : 0;
  }
  return reaped;
}

char process_state(pid_t pid) {
  char state = '?';
  return read_stat(pid, nullptr, &state, nullptr) ? state : '?';
}

std::string running_child_name(pid_t parent) {
  for (pid_t c : children_of(parent)) {
    std::string comm;
    char state = '?';
    if (read_stat(c, &comm, &state, nullptr) && state != 'Z' && state != 'X') return comm;
  }
  return "";
}

}  // namespace objgen
