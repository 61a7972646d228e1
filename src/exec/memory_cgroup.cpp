#include "exec/memory_cgroup.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <thread>
#include <utility>
#include <vector>

#include "io/atomic_file.hpp"

namespace objgen {
namespace {

// objgen's own memory cgroup: its directory, and which version of the interface it speaks.
struct OwnCgroup {
  std::string dir;
  bool v2 = false;
};

std::vector<std::string> split(const std::string& text, char by) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, by);) parts.push_back(part);
  return parts;
}

bool lists(const std::string& comma_list, const std::string& name) {
  for (const std::string& item : split(comma_list, ','))
    if (item == name) return true;
  return false;
}

std::string read_text(const std::string& path) { return read_whole_file(path).value_or(""); }

bool write_text(const std::string& path, const std::string& text) {
  int fd = open(path.c_str(), O_WRONLY | O_CLOEXEC);
  if (fd < 0) return false;
  bool ok = write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  close(fd);
  return ok;
}

// Where a cgroup path of /proc/self/cgroup lies under a mount whose root is `root`.
std::string under_mount(const std::string& mount_point, const std::string& root, const std::string& path) {
  if (root == "/" || path.rfind(root, 0) != 0) return mount_point + path;
  return mount_point + path.substr(root.size());
}

// /proc/self/cgroup ("id:controllers:path") and /proc/self/mountinfo ("id parent dev root
// mount-point options [tags] - type source super-options"): cgroup v1's memory hierarchy first
// (on a machine with both, v2 has no memory controller), else v2 when objgen's cgroup hands the
// memory controller to its children.
std::optional<OwnCgroup> find_own_cgroup() {
  std::string v1_path, v2_path;
  std::ifstream cgroups("/proc/self/cgroup");
  for (std::string line; std::getline(cgroups, line);) {
    size_t first = line.find(':'), second = line.find(':', first + 1);
    if (first == std::string::npos || second == std::string::npos) continue;
    std::string controllers = line.substr(first + 1, second - first - 1), path = line.substr(second + 1);
    if (lists(controllers, "memory")) v1_path = path;
    if (line.compare(0, first, "0") == 0 && controllers.empty()) v2_path = path;
  }
  std::optional<OwnCgroup> v2;
  std::ifstream mounts("/proc/self/mountinfo");
  for (std::string line; std::getline(mounts, line);) {
    std::vector<std::string> f = split(line, ' ');
    size_t dash = 0;
    while (dash < f.size() && f[dash] != "-") ++dash;
    if (f.size() < 5 || dash + 3 > f.size()) continue;
    const std::string &type = f[dash + 1], &super_options = f[dash + 3];
    if (type == "cgroup" && !v1_path.empty() && lists(super_options, "memory")) return OwnCgroup{under_mount(f[4], f[3], v1_path), false};
    if (type == "cgroup2" && !v2_path.empty()) {
      std::string dir = under_mount(f[4], f[3], v2_path);
      std::string handed = read_text(dir + "/cgroup.subtree_control");
      for (const std::string& c : split(handed.substr(0, handed.find('\n')), ' '))
        if (c == "memory") v2 = OwnCgroup{dir, true};
    }
  }
  return v2;
}

const std::optional<OwnCgroup>& own_cgroup() {
  static const std::optional<OwnCgroup> own = find_own_cgroup();
  return own;
}

constexpr const char* kPrefix = "objgen-";

// Cgroups named objgen-<pid>-<n> whose objgen has ended (killed before it could remove them).
void remove_abandoned(const std::string& dir) {
  DIR* d = opendir(dir.c_str());
  if (!d) return;
  std::vector<std::string> stale;
  while (dirent* e = readdir(d)) {
    std::string name = e->d_name;
    if (name.rfind(kPrefix, 0) != 0) continue;
    pid_t owner = static_cast<pid_t>(std::atol(name.c_str() + std::strlen(kPrefix)));
    if (owner > 0 && kill(owner, 0) != 0 && errno == ESRCH) stale.push_back(std::filesystem::path(dir) / name);
  }
  closedir(d);
  for (const std::string& path : stale) rmdir(path.c_str());
}

// "name value" lines (memory.oom_control, memory.events): the value of `name`, 0 when absent.
unsigned long counter(const std::string& text, const std::string& name) {
  std::istringstream in(text);
  std::string key;
  unsigned long value = 0;
  while (in >> key >> value)
    if (key == name) return value;
  return 0;
}

}  // namespace

MemoryCgroup::MemoryCgroup(std::string path, int procs_fd, bool v2, size_t bytes)
    : path_(std::move(path)), procs_fd_(procs_fd), v2_(v2), bytes_(bytes) {}

std::unique_ptr<MemoryCgroup> MemoryCgroup::make(size_t bytes) {
  const std::optional<OwnCgroup>& own = own_cgroup();
  if (!own || bytes == 0) return nullptr;
  static std::atomic<unsigned> made{0};
  unsigned n = made.fetch_add(1);
  if (n == 0) remove_abandoned(own->dir);
  std::string path = own->dir + "/" + kPrefix + std::to_string(getpid()) + "-" + std::to_string(n);
  if (mkdir(path.c_str(), 0755) != 0) return nullptr;
  std::string limit = std::to_string(bytes);
  // Swap counts too where the kernel accounts it (else memory could move to swap unbounded).
  bool limited = own->v2 ? write_text(path + "/memory.max", limit) : write_text(path + "/memory.limit_in_bytes", limit);
  if (own->v2) {
    write_text(path + "/memory.swap.max", "0");
    write_text(path + "/memory.oom.group", "1");  // the processes a worker started go with it
  } else {
    write_text(path + "/memory.memsw.limit_in_bytes", limit);
  }
  int fd = limited ? open((path + "/cgroup.procs").c_str(), O_WRONLY | O_CLOEXEC) : -1;
  if (fd < 0) {
    rmdir(path.c_str());
    return nullptr;
  }
  return std::unique_ptr<MemoryCgroup>(new MemoryCgroup(path, fd, own->v2, bytes));
}

MemoryCgroup::~MemoryCgroup() {
  close(procs_fd_);
  // Its last process may still be leaving the kernel's books for a moment after it was reaped.
  for (int attempt = 0; attempt < 50 && rmdir(path_.c_str()) != 0 && errno == EBUSY; ++attempt)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

unsigned long MemoryCgroup::oom_kills() const {
  return counter(read_text(path_ + (v2_ ? "/memory.events" : "/memory.oom_control")), "oom_kill");
}

bool join_memory_cgroup(int procs_fd) {
  char digits[24];
  char* end = digits + sizeof digits;
  char* p = end;
  for (unsigned long pid = static_cast<unsigned long>(getpid()); p == end || pid > 0; pid /= 10) *--p = static_cast<char>('0' + pid % 10);
  return write(procs_fd, p, static_cast<size_t>(end - p)) == end - p;
}

}  // namespace objgen
