#include "exec/worker_stderr.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>

#include "exec/executor.hpp"

namespace objgen {

int open_worker_stderr() {
  int fd = memfd_create("objgen-worker-stderr", MFD_CLOEXEC);
  if (fd >= 0 && fd <= 2) {  // objgen was started with stderr closed: keep clear of 0..2
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    close(fd);
    return moved;
  }
  return fd;
}

void clear_worker_stderr(int fd) {
  if (fd >= 0 && ftruncate(fd, 0) == 0) lseek(fd, 0, SEEK_SET);
}

std::string worker_death_description(int status, int stderr_fd) {
  if (!WIFSIGNALED(status)) return "process exited with status " + std::to_string(WEXITSTATUS(status));
  std::string what = signal_description(WTERMSIG(status));
  if (WTERMSIG(status) != SIGABRT) return what;
  std::string said = worker_stderr_tail(stderr_fd);
  return said.find("Assertion `") == std::string::npos ? what : what + ": " + said;
}

void trim_worker_stderr(int fd) {
  struct stat st {};
  if (fd >= 0 && fstat(fd, &st) == 0 && st.st_blocks * 512 > (1 << 20))
    fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, st.st_size);
}

std::string worker_stderr_tail(int fd) {
  if (fd < 0) return "";
  struct stat st {};
  if (fstat(fd, &st) != 0 || st.st_size == 0) return "";
  char buf[1024];
  off_t from = std::max<off_t>(0, st.st_size - static_cast<off_t>(sizeof buf));
  ssize_t n = pread(fd, buf, sizeof buf, from);
  if (n <= 0) return "";
  std::string text(buf, static_cast<size_t>(n));
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  size_t nl = text.find_last_of('\n');
  std::string line = nl == std::string::npos ? text : text.substr(nl + 1);
  line.erase(std::remove(line.begin(), line.end(), '\0'), line.end());
  // glibc's "prog: file:line: function: Assertion `x' failed.": the function can be a page of
  // template arguments; keep where and what.
  size_t assertion = line.find("Assertion `"), where = line.find(": ");
  size_t where_end = where == std::string::npos ? where : line.find(": ", where + 2);
  if (assertion != std::string::npos && where_end != std::string::npos && where_end < assertion)
    line = line.substr(where + 2, where_end - where - 2) + ": " + line.substr(assertion);
  return line.size() > 300 ? line.substr(0, 300) + "..." : line;
}

}  // namespace objgen
