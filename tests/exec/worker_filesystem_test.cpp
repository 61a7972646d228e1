// Where a worker may write (exec/worker_filesystem): beneath its scratch directory (its TMPDIR)
// and /dev/null, nowhere else; reading stays open.
#include "exec/worker_filesystem.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "exec/child_process.hpp"

namespace objgen {
namespace {

// Runs `body` as a call in a worker that runs the code under test; its exit code (-1: it died).
int exit_code_in_worker(const std::function<int()>& body) {
  ChildProcess child;
  child.start([&body] { _exit(body()); });
  child.stop(30);
  return WIFEXITED(child.status()) ? WEXITSTATUS(child.status()) : -1;
}

TEST(WorkerFilesystem, AWorkerWritesItsScratchDirectoryAndNothingElse) {
  if (!worker_filesystem_confinable()) GTEST_SKIP() << "this kernel has no Landlock";
  std::string outside = std::filesystem::temp_directory_path() / ("objgen-fs-test-" + std::to_string(getpid()));
  std::filesystem::create_directories(outside);
  std::string file = outside + "/made-by-a-worker";
  // Made, written and removed in TMPDIR, which is the scratch directory.
  EXPECT_EQ(exit_code_in_worker([] {
              const char* tmp = std::getenv("TMPDIR");
              if (!tmp || worker_scratch_directory() != tmp) return 3;
              std::string path = std::string(tmp) + "/x";
              int fd = open(path.c_str(), O_WRONLY | O_CREAT, 0600);
              if (fd < 0 || write(fd, "x", 1) != 1) return 4;
              close(fd);
              return unlink(path.c_str()) == 0 && mkdir((std::string(tmp) + "/d").c_str(), 0700) == 0 ? 0 : 5;
            }),
            0);
  // Elsewhere: no file, no directory, no truncation, no removal; reading works, and so does /dev/null.
  std::string existing = outside + "/existing";
  {
    int fd = open(existing.c_str(), O_WRONLY | O_CREAT, 0644);
    ASSERT_GE(fd, 0);
    ASSERT_EQ(write(fd, "kept", 4), 4);
    close(fd);
  }
  EXPECT_EQ(exit_code_in_worker([&] {
              if (open(file.c_str(), O_WRONLY | O_CREAT, 0644) >= 0 || errno != EACCES) return 3;
              if (mkdir((outside + "/dir").c_str(), 0755) == 0) return 4;
              if (truncate(existing.c_str(), 0) == 0 || unlink(existing.c_str()) == 0) return 5;
              char buf[4];
              int fd = open(existing.c_str(), O_RDONLY);
              if (fd < 0 || read(fd, buf, 4) != 4) return 6;
              close(fd);
              int null = open("/dev/null", O_WRONLY);
              return null >= 0 && write(null, "x", 1) == 1 ? 0 : 7;
            }),
            0);
  EXPECT_FALSE(std::filesystem::exists(file));
  EXPECT_EQ(std::filesystem::file_size(existing), 4u);
  std::filesystem::remove_all(outside);
}

}  // namespace
}  // namespace objgen
