// Checkpoints: the directory's files (a state and fingerprint files named by a manifest that is
// replaced last, older ones removed, damage and another run's checkpoint refused by name), and the
// engine's round trip: a run stopped part-way resumes from its last whole iteration and ends
// with the states, sequences and counts of a run never stopped, on any number of workers.
#include "gen/exhaustive/checkpoint.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "emit/report_json.hpp"
#include "io/byte_stream.hpp"
#include "io/private_temp.hpp"
#include "run_example.hpp"

namespace objgen {
namespace {

namespace fs = std::filesystem;

std::string fill_with(const std::string& bytes, exhaustive::CheckpointDir& dir, int iteration, size_t shard, size_t shards) {
  return dir.write_shard(iteration, shard, shards, [&](ByteWriter& w) { w.put_raw(bytes.data(), bytes.size()); });
}

// A checkpoint of `iteration` with two fingerprint files and a state.
exhaustive::CheckpointManifest write_checkpoint(exhaustive::CheckpointDir& dir, const std::string& run, int iteration,
                                                const std::string& state) {
  exhaustive::CheckpointManifest m;
  m.run = run;
  m.iteration = iteration;
  m.shard_checksums = {fill_with("shard zero " + std::to_string(iteration), dir, iteration, 0, 2),
                       fill_with("shard one", dir, iteration, 1, 2)};
  dir.write(m, [&](ByteWriter& w) { w.put_raw(state.data(), state.size()); });
  return m;
}

TEST(CheckpointDir, WhatIsWrittenReadsBackUnderTheSameRun) {
  PrivateTempDir tmp("checkpoint-test");
  exhaustive::CheckpointDir dir(tmp.file("ck"));
  dir.check_writable();
  const std::string run = "scope 4\ntarget ncl\n";
  exhaustive::CheckpointManifest none;
  EXPECT_FALSE(dir.read_manifest(run, none));  // a new run
  std::string state(100000, '\0');
  for (size_t i = 0; i < state.size(); ++i) state[i] = static_cast<char>(i * 7);
  write_checkpoint(dir, run, 3, state);
  exhaustive::CheckpointManifest m;
  ASSERT_TRUE(dir.read_manifest(run, m));
  EXPECT_EQ(m.iteration, 3);
  EXPECT_FALSE(m.complete);
  ASSERT_EQ(m.shard_checksums.size(), 2u);
  EXPECT_EQ(dir.read_state(m), state);
  EXPECT_EQ(dir.read_shard(m, 0), "shard zero 3");
  EXPECT_EQ(dir.read_shard(m, 1), "shard one");
}

TEST(CheckpointDir, ANewIterationReplacesTheOldFiles) {
  PrivateTempDir tmp("checkpoint-test");
  exhaustive::CheckpointDir dir(tmp.file("ck"));
  dir.check_writable();
  const std::string run = "scope 4\n";
  write_checkpoint(dir, run, 3, "three");
  write_checkpoint(dir, run, 4, "four");
  std::vector<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path())) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"fingerprints-4-0-of-2.bin", "fingerprints-4-1-of-2.bin", "manifest", "state-4.bin"}));
  exhaustive::CheckpointManifest m;
  ASSERT_TRUE(dir.read_manifest(run, m));
  EXPECT_EQ(m.iteration, 4);
  EXPECT_EQ(dir.read_state(m), "four");
  EXPECT_EQ(dir.read_shard(m, 0), "shard zero 4");
}

void expect_error(const std::function<void()>& f, const std::string& part) {
  try {
    f();
    ADD_FAILURE() << "no CheckpointError (wanted one naming \"" << part << "\")";
  } catch (const exhaustive::CheckpointError& e) {
    EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
  }
}

TEST(CheckpointDir, DamageAndAnotherRunsCheckpointAreRefusedByName) {
  PrivateTempDir tmp("checkpoint-test");
  exhaustive::CheckpointDir dir(tmp.file("ck"));
  dir.check_writable();
  const std::string run = "scope 4\ntarget ncl\n";
  write_checkpoint(dir, run, 2, "the state");
  exhaustive::CheckpointManifest m;
  expect_error([&] { dir.read_manifest("scope 5\ntarget ncl\n", m); }, "made by another run");
  ASSERT_TRUE(dir.read_manifest(run, m));
  {
    std::fstream f(dir.path() + "/state-2.bin", std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4);
    f.put('X');
  }
  expect_error([&] { dir.read_state(m); }, "state-2.bin does not match the manifest's checksum");
  fs::remove(dir.path() + "/fingerprints-2-1-of-2.bin");
  expect_error([&] { dir.read_shard(m, 1); }, "fingerprints-2-1-of-2.bin");
  std::ofstream(dir.path() + "/manifest") << "a file of another program\n";
  expect_error([&] { dir.read_manifest(run, m); }, "not an objgen checkpoint manifest");
  fs::remove(dir.path() + "/manifest");
  fs::create_directory(dir.path() + "/manifest");
  expect_error([&] { dir.read_manifest(run, m); }, "is not a file");
}

// The iteration of the last checkpoint in dir (0: none yet), read as a user would.
int checkpointed_iteration(const std::string& dir) {
  std::ifstream in(dir + "/manifest");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("iteration ", 0) == 0) return std::atoi(line.c_str() + 10);
  return 0;
}

struct NclRun {
  exhaustive::ExhaustiveResult result;
  std::string digest;
};

NclRun run_ncl(const std::string& checkpoint, int workers, bool isolate, const std::atomic<bool>* interrupted) {
  auto example = testing::run_example("ncl", 1);  // only for its Api and options
  exhaustive::ExhaustiveOptions o = example->options;
  o.scope = 7;
  o.domain = LiteralDomain::defaults(7);
  o.workers = workers;
  o.isolate = isolate;
  o.checkpoint_dir = checkpoint;
  o.interrupted = interrupted;
  NclRun r{exhaustive::ExhaustiveGenerator(example->api, o).run(), ""};
  r.digest = emit::states_digest(example->api, r.result.store);
  return r;
}

TEST(CheckpointRoundTrip, AStoppedRunResumesToTheResultOfARunNeverStopped) {
  NclRun whole = run_ncl("", 2, false, nullptr);
  ASSERT_TRUE(whole.result.complete);
  for (auto [workers, isolate] : {std::pair{2, true}, std::pair{1, false}}) {
    PrivateTempDir tmp("checkpoint-test");
    std::string dir = tmp.file("ck");
    // Stopped (as by Ctrl-C) once the third iteration is on the disk.
    std::atomic<bool> interrupted{false}, finished{false};
    std::thread watcher([&] {
      while (!finished && checkpointed_iteration(dir) < 3) std::this_thread::sleep_for(std::chrono::microseconds(200));
      interrupted = true;
    });
    NclRun stopped = run_ncl(dir, 2, true, &interrupted);
    finished = true;
    watcher.join();
    if (stopped.result.complete) GTEST_SKIP() << "the run ended before the stop reached it (a stalled machine)";
    EXPECT_EQ(stopped.result.stopped_by, exhaustive::StopReason::Interrupted);
    int at = checkpointed_iteration(dir);
    EXPECT_GE(at, 3);
    EXPECT_LT(at, whole.result.iterations);

    NclRun resumed = run_ncl(dir, workers, isolate, nullptr);
    EXPECT_EQ(resumed.result.resumed_after, at);
    EXPECT_TRUE(resumed.result.complete);
    EXPECT_EQ(resumed.result.stopped_by, exhaustive::StopReason::Fixpoint);
    EXPECT_EQ(resumed.digest, whole.digest) << workers << " workers, isolate " << isolate;
    EXPECT_EQ(resumed.result.store.state_count(), whole.result.store.state_count());
    EXPECT_EQ(resumed.result.explored, whole.result.explored);
    EXPECT_EQ(resumed.result.iterations, whole.result.iterations);
  }
}

}  // namespace
}  // namespace objgen
