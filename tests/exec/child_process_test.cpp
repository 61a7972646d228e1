// The supervised child process (exec/child_process): what a child forked by a supervisor with
// other threads running starts with.
#include "exec/child_process.hpp"

#include <gtest/gtest.h>
#include <sys/single_threaded.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>

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

}  // namespace
}  // namespace objgen
