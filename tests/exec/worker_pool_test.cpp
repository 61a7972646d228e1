// The worker pool's promise to the exhaustive engine: jobs merged strictly in order see every
// candidate's record exactly once, whatever dies. A worker that crashes (a signal, abort, an exit
// of its own) or hangs is reported with the candidate it was running and the job's right owner;
// the job resumes after it on a fresh worker, keeping the records written before the death; and
// the merged records are the same for any number of workers, in processes or threads.
#include "exec/worker_pool.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include "hostile_inputs/escape.hpp"  // fill_shared_mappings: what code under test aiming at objgen does

namespace objgen {
namespace {

constexpr size_t kJobs = 12;
constexpr uint64_t kPerJob = 10;

enum class Death { None, Segv, Abort, Exit, Hang, Scribble, ScribbleZeros, ScribbleThenDie };

struct Batch {
  std::map<uint64_t, Death> deaths;  // candidate -> how the worker running it dies
};

void die(Death how) {
  switch (how) {
    case Death::Segv:
      std::raise(SIGSEGV);
      break;
    case Death::Abort:
      std::abort();
    case Death::Exit:
      _exit(3);
    case Death::Hang:
      for (;;) pause();
    case Death::Scribble:
      escape::fill_shared_mappings(0x5a);
      break;
    case Death::ScribbleZeros:
      escape::fill_shared_mappings(0);
      break;
    case Death::ScribbleThenDie:
      escape::fill_shared_mappings(0xff);
      std::raise(SIGSEGV);
      break;
    case Death::None:
      break;
  }
}

struct BatchResult {
  std::vector<uint64_t> merged;                                           // candidates, in merge order
  std::map<uint64_t, std::pair<size_t, WorkerPool::Event::Kind>> deaths;  // candidate -> job, kind
  size_t done_events = 0;
  std::map<uint64_t, std::string> what;  // candidate -> its death's description
};

// Runs the batch and merges it as the engine does: a job only after every job before it, its
// region released then (so that workers ahead of the merge wait for a free region).
BatchResult run_batch(const Batch& batch, int workers, bool isolate) {
  WorkerPool pool(workers, isolate, 1.0, kPerJob);
  pool.begin(
      kJobs, [](size_t job) { return job * kPerJob; },
      [&batch](size_t job, uint64_t first, JobRegion& region, WorkerProgress& progress) {
        for (uint64_t c = first; c < (job + 1) * kPerJob; ++c) {
          progress.store(c);
          auto it = batch.deaths.find(c);
          if (it != batch.deaths.end()) die(it->second);
          CandidateRecord r{};
          r.candidate = c;
          region.append(r);
        }
      });
  BatchResult out;
  std::vector<char> done(kJobs, 0);
  size_t next = 0;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (next < kJobs && std::chrono::steady_clock::now() < deadline) {
    for (const WorkerPool::Event& e : pool.wait(0.2)) {
      if (e.kind == WorkerPool::Event::Done) {
        ++out.done_events;
        done[e.job] = 1;
        continue;
      }
      EXPECT_TRUE(out.deaths.emplace(e.at, std::make_pair(e.job, e.kind)).second) << "candidate " << e.at << " reported twice";
      out.what[e.at] = e.what;
      pool.resume(e.job, e.at + 1);
    }
    for (; next < kJobs && done[next]; ++next) {
      const JobRegion& region = pool.region(next);
      for (size_t i = 0; i < region.record_count(); ++i) out.merged.push_back(region.record(i).candidate);
      pool.release(next);
    }
  }
  pool.end();
  EXPECT_EQ(next, kJobs) << "the batch did not finish";
  return out;
}

// A call that writes over shared memory and returns still made its record.
bool ends_worker(Death d) { return d != Death::Scribble && d != Death::ScribbleZeros; }

std::vector<uint64_t> every_candidate_but(const Batch& batch) {
  std::vector<uint64_t> v;
  for (uint64_t c = 0; c < kJobs * kPerJob; ++c)
    if (!batch.deaths.count(c) || !ends_worker(batch.deaths.at(c))) v.push_back(c);
  return v;
}

TEST(WorkerPool, MergedInOrderEveryCandidateOnceAndEachDeathNamedWithItsJob) {
  Batch batch;
  // The first and last candidates of jobs, two deaths in a row, a hang, an exit of its own.
  batch.deaths = {{0, Death::Segv},  {13, Death::Abort}, {27, Death::Segv}, {28, Death::Abort},
                  {50, Death::Exit}, {71, Death::Hang},  {89, Death::Segv}, {kJobs * kPerJob - 1, Death::Abort}};
  BatchResult out = run_batch(batch, 2, true);
  EXPECT_EQ(out.merged, every_candidate_but(batch));
  EXPECT_EQ(out.done_events, kJobs);
  ASSERT_EQ(out.deaths.size(), batch.deaths.size());
  for (const auto& [candidate, how] : batch.deaths) {
    auto it = out.deaths.find(candidate);
    ASSERT_NE(it, out.deaths.end()) << "no event for candidate " << candidate;
    EXPECT_EQ(it->second.first, candidate / kPerJob) << "candidate " << candidate;
    EXPECT_EQ(it->second.second, how == Death::Hang ? WorkerPool::Event::TimedOut : WorkerPool::Event::Crashed)
        << "candidate " << candidate;
  }
}

TEST(WorkerPool, TheSameRecordsInTheSameOrderForAnyNumberOfWorkers) {
  Batch batch;
  batch.deaths = {{5, Death::Segv}, {6, Death::Segv}, {44, Death::Abort}, {110, Death::Exit}};
  std::vector<uint64_t> expected = every_candidate_but(batch);
  for (int workers : {1, 2, 3, 5}) {
    BatchResult out = run_batch(batch, workers, true);
    EXPECT_EQ(out.merged, expected) << workers << " workers";
    EXPECT_EQ(out.deaths.size(), batch.deaths.size()) << workers << " workers";
  }
}

TEST(WorkerPool, ThreadsMergeTheSameRecordsAsProcesses) {
  Batch none;
  std::vector<uint64_t> expected = every_candidate_but(none);
  for (int workers : {1, 2, 4}) {
    EXPECT_EQ(run_batch(none, workers, false).merged, expected) << workers << " threads";
    EXPECT_EQ(run_batch(none, workers, true).merged, expected) << workers << " processes";
  }
}

// A call that writes over the memory its worker shares with objgen (a pattern, zeros; then
// returns or dies) cannot change what objgen merges: every other candidate's record exactly once,
// in order, for any number of workers, and each such call named as a finding.
TEST(WorkerPool, CallsThatWriteOverSharedMemoryAreFindingsAndChangeNoRecord) {
  Batch batch;
  batch.deaths = {{3, Death::Scribble},         {25, Death::ScribbleZeros}, {26, Death::Segv},
                  {57, Death::ScribbleThenDie}, {80, Death::Scribble},      {kJobs * kPerJob - 1, Death::ScribbleZeros}};
  for (int workers : {1, 2}) {
    BatchResult out = run_batch(batch, workers, true);
    EXPECT_EQ(out.merged, every_candidate_but(batch)) << workers << " workers";
    for (const auto& [candidate, how] : batch.deaths) {
      ASSERT_TRUE(out.deaths.count(candidate)) << "no event for candidate " << candidate;
      EXPECT_EQ(out.deaths[candidate].first, candidate / kPerJob);
      bool wrote = how != Death::Segv;
      EXPECT_EQ(out.what[candidate].find("wrote into objgen's shared memory") != std::string::npos, wrote)
          << "candidate " << candidate << ": " << out.what[candidate];
    }
  }
}

}  // namespace
}  // namespace objgen
