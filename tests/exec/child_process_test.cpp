// The supervised child process (exec/child_process): what a child forked by a supervisor with
// other threads running starts with; the settings a worker's calls may not change; memory in
// files counted toward its limit.
#include "exec/child_process.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/single_threaded.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <thread>

#include "exec/memory_cgroup.hpp"

namespace objgen {
namespace {

// glibc keeps __libc_single_threaded as the parent had it across fork(); the harness loader and
// the thread watch read it as "the code under test started a thread", so a worker forked while
// another supervisor thread runs (params --threads) must start with it set.
TEST(ChildProcess, AChildForkedBesideAnotherThreadStartsSingleThreaded) {
  std::atomic<bool> done{false};
  std::thread other([&] {
    while (!done.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  });
  ASSERT_FALSE(__libc_single_threaded);
  ChildProcess child;
  ChildOptions options;
  options.runs_code_under_test = false;
  child.start([] { _exit(__libc_single_threaded ? 0 : 9); }, options);
  child.stop(10);
  done = true;
  other.join();
  ASSERT_TRUE(WIFEXITED(child.status())) << child.describe_death();
  EXPECT_EQ(WEXITSTATUS(child.status()), 0) << "the child believes it has more than one thread";
}

// A child that runs the code under test, with `body` as its call: how it ended.
std::string death_of(const std::function<void()>& body, size_t memory_limit = 0) {
  ChildProcess child;
  ChildOptions options;
  options.memory_limit_bytes = memory_limit;
  child.start(body, options);
  child.stop(30);
  return WIFEXITED(child.status()) && WEXITSTATUS(child.status()) == 0 ? "" : child.describe_death();
}

// Limits, the reaper bit and the parent-death signal are objgen's once the worker is set up: a
// call that changes them is named (SIGSYS); reading them, and what objgen's fork watch sets, is not.
TEST(ChildProcess, ACallThatChangesTheWorkersSettingsIsNamed) {
  EXPECT_NE(death_of([] {
              rlimit one{1, RLIM_INFINITY};
              setrlimit(RLIMIT_CPU, &one);
            }).find("change resource limits"),
            std::string::npos);
  EXPECT_NE(death_of([] {
              rlimit none{0, 0};
              prlimit(0, RLIMIT_FSIZE, &none, nullptr);
            }).find("change resource limits"),
            std::string::npos);
  EXPECT_NE(death_of([] { prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0); }).find("reaps its processes"), std::string::npos);
  EXPECT_NE(death_of([] { prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0); }).find("dies with objgen"), std::string::npos);
  EXPECT_EQ(death_of([] {
              rlimit now{};
              int reaper = 0;
              if (getrlimit(RLIMIT_NOFILE, &now) != 0 || prlimit(0, RLIMIT_CPU, nullptr, &now) != 0) _exit(3);
              if (prctl(PR_GET_CHILD_SUBREAPER, &reaper, 0, 0, 0) != 0 || reaper != 1) _exit(4);
              if (prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0) != 0) _exit(5);
            }),
            "");
}

// 512 MiB written into a memfd under a 64 MiB limit: no mapping holds it, so only the worker's
// memory cgroup (or, without one, its file-size limit) stops it; 1 MiB is fine.
TEST(ChildProcess, MemoryInFilesCountsTowardTheWorkersLimit) {
  auto fill = [](size_t mib) {
    static char block[1 << 20];
    std::memset(block, 1, sizeof block);
    int fd = memfd_create("fill", 0);
    for (size_t i = 0; i < mib; ++i)
      if (write(fd, block, sizeof block) != static_cast<ssize_t>(sizeof block)) _exit(6);
  };
  constexpr size_t kLimit = size_t{64} << 20;
  EXPECT_EQ(death_of([&] { fill(1); }, kLimit), "");
  std::string death = death_of([&] { fill(512); }, kLimit);
  bool cgroup = MemoryCgroup::make(kLimit) != nullptr;
  EXPECT_NE(death.find(cgroup ? "over the worker's memory limit" : "a file grew past the worker's file-size limit"), std::string::npos)
      << death;
}

}  // namespace
}  // namespace objgen
