// The processes below this one: children listed from /proc, their state and name (names with
// spaces and parentheses included), bounded reaping, and the orphan sweep that kills and reaps
// every child but the registered workers (and the group a setsid()'d child leads).
#include "exec/process_tree.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

namespace process_tree_test {

using namespace objgen;

// A child that names itself, says so over a pipe, then waits to be killed (optionally in a
// session of its own with a grandchild in its group).
pid_t start_sleeper(const char* name, bool own_session = false, pid_t* grandchild = nullptr) {
  int ready[2];
  if (pipe(ready) != 0) return -1;
  pid_t pid = fork();
  if (pid == 0) {
    close(ready[0]);
    if (own_session) setsid();
    prctl(PR_SET_NAME, name);
    pid_t inner = 0;
    if (own_session) {
      inner = fork();
      if (inner == 0) {
        for (;;) pause();
      }
    }
    (void)!write(ready[1], &inner, sizeof inner);
    for (;;) pause();
  }
  close(ready[1]);
  pid_t inner = 0;
  (void)!read(ready[0], &inner, sizeof inner);
  close(ready[0]);
  if (grandchild) *grandchild = inner;
  return pid;
}

void kill_and_reap(pid_t pid) {
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
}

// A child that has just said it is ready may not have reached pause() yet.
char settled_state(pid_t pid, char wanted) {
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  char state = process_state(pid);
  while (state != wanted && std::chrono::steady_clock::now() < until) {
    usleep(1000);
    state = process_state(pid);
  }
  return state;
}

bool lists(const std::vector<pid_t>& pids, pid_t pid) { return std::find(pids.begin(), pids.end(), pid) != pids.end(); }

TEST(ProcessTree, ChildrenAreListedWithTheirStateAndName) {
  pid_t child = start_sleeper("og-sleeper");
  ASSERT_GT(child, 0);
  EXPECT_TRUE(lists(children_of(getpid()), child));
  EXPECT_EQ(settled_state(child, 'S'), 'S');
  EXPECT_EQ(running_child_name(getpid()), "og-sleeper");
  kill(child, SIGSTOP);
  waitpid(child, nullptr, WUNTRACED);
  EXPECT_EQ(process_state(child), 'T');
  kill_and_reap(child);
  EXPECT_FALSE(lists(children_of(getpid()), child));
  EXPECT_EQ(process_state(child), '?');
  EXPECT_EQ(running_child_name(getpid()), "");
}

TEST(ProcessTree, ANameWithParenthesesAndSpacesIsReadWhole) {
  pid_t child = start_sleeper("a) (b c)");
  ASSERT_GT(child, 0);
  EXPECT_EQ(running_child_name(getpid()), "a) (b c)");
  EXPECT_EQ(settled_state(child, 'S'), 'S');  // read after the last ')', not the first
  kill_and_reap(child);
}

TEST(ProcessTree, AZombieIsNotARunningChild) {
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) _exit(0);
  auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (process_state(child) != 'Z' && std::chrono::steady_clock::now() < until) usleep(1000);
  EXPECT_EQ(process_state(child), 'Z');
  EXPECT_EQ(running_child_name(getpid()), "");
  int status = -1;
  EXPECT_TRUE(reap_within(child, 1.0, &status));
  EXPECT_TRUE(WIFEXITED(status));
}

TEST(ProcessTree, ReapWithinGivesUpOnAChildStillRunning) {
  pid_t child = start_sleeper("og-lingerer");
  ASSERT_GT(child, 0);
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(reap_within(child, 0.05));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(500));
  kill(child, SIGKILL);
  int status = 0;
  rusage usage{};
  EXPECT_TRUE(reap_within(child, 2.0, &status, &usage));
  EXPECT_TRUE(WIFSIGNALED(status));
  EXPECT_EQ(WTERMSIG(status), SIGKILL);
  EXPECT_FALSE(reap_within(child, 0.01));  // already reaped: not ours any more
}

TEST(ProcessTree, ReapOrphansSparesRegisteredWorkers) {
  pid_t worker = start_sleeper("og-worker");
  pid_t orphan = start_sleeper("og-orphan");
  ASSERT_GT(worker, 0);
  ASSERT_GT(orphan, 0);
  {
    auto starts = lock_worker_starts();
    note_supervised_child(worker);
  }
  EXPECT_TRUE(is_supervised_child(worker));
  EXPECT_FALSE(is_supervised_child(orphan));
  EXPECT_EQ(reap_orphans(), 1);
  EXPECT_EQ(process_state(orphan), '?');  // killed and reaped: no zombie left
  EXPECT_EQ(settled_state(worker, 'S'), 'S');
  forget_supervised_child(worker);
  EXPECT_FALSE(is_supervised_child(worker));
  EXPECT_EQ(reap_orphans(), 1);
  EXPECT_EQ(process_state(worker), '?');
  EXPECT_EQ(reap_orphans(), 0);
}

TEST(ProcessTree, ReapOrphansKillsTheGroupASetsidChildLeadsAndWhatItLeaves) {
  // As a supervisor is: a subreaper, so the killed leader's child is reparented here.
  int was_subreaper = 0;
  prctl(PR_GET_CHILD_SUBREAPER, &was_subreaper);
  prctl(PR_SET_CHILD_SUBREAPER, 1);
  pid_t grandchild = 0;
  pid_t leader = start_sleeper("og-leader", true, &grandchild);
  ASSERT_GT(leader, 0);
  ASSERT_GT(grandchild, 0);
  EXPECT_EQ(reap_orphans(), 2);
  EXPECT_EQ(process_state(leader), '?');
  EXPECT_EQ(process_state(grandchild), '?');
  EXPECT_TRUE(children_of(getpid()).empty());
  prctl(PR_SET_CHILD_SUBREAPER, was_subreaper);
}

}  // namespace process_tree_test
