// A memory cgroup per worker: what --worker-memory-limit counts beyond the address space.
//
// RLIMIT_AS bounds a worker's mappings, not memory that lives in files: a memfd, POSIX shared
// memory or a tmpfs file filled with write() belongs to no mapping of the worker. A memory cgroup
// charges every page the worker and the processes it starts bring in (anonymous memory, shared
// memory, files in memory), and past its limit the kernel's OOM killer ends the worker; objgen
// reads the cgroup's oom_kill count to name that death.
//
// Where objgen can have one: below its own cgroup in cgroup v1's memory hierarchy (root, or a
// delegated one), or in cgroup v2 when its own cgroup hands the memory controller to its
// children (cgroup.subtree_control lists memory). Elsewhere there is none (make() says nullptr):
// the worker then gets a file-size limit as large as its memory limit, so that no one file in
// memory passes it (ChildProcess).
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <memory>
#include <string>

namespace objgen {

class MemoryCgroup {
 public:
  // A new cgroup below objgen's own holding at most `bytes`, or nullptr when this machine gives
  // objgen none to make. The first call also removes cgroups that objgen runs which no longer
  // exist left behind.
  static std::unique_ptr<MemoryCgroup> make(size_t bytes);
  ~MemoryCgroup();  // removes it; its processes have ended by then
  MemoryCgroup(const MemoryCgroup&) = delete;
  MemoryCgroup& operator=(const MemoryCgroup&) = delete;

  // Its cgroup.procs, open for writing (close-on-exec): a forked child joins it with
  // join_memory_cgroup before it runs anything else.
  int procs_fd() const { return procs_fd_; }
  // How many processes the OOM killer has ended in it so far.
  unsigned long oom_kills() const;
  size_t limit_bytes() const { return bytes_; }
  const std::string& path() const { return path_; }

 private:
  MemoryCgroup(std::string path, int procs_fd, bool v2, size_t bytes);
  std::string path_;
  int procs_fd_;
  bool v2_;
  size_t bytes_;
};

// In a forked child: moves this process into the cgroup whose cgroup.procs is open at `procs_fd`
// (async-signal-safe). False when the kernel refused.
bool join_memory_cgroup(int procs_fd);

}  // namespace objgen
