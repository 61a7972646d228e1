// A job's records: appended with their messages (cut, or refused when they must arrive whole),
// adopted from a worker's region only when its seed, counts, checksum and every record check out,
// and the watched bytes of a careful attempt that tell whether a call wrote over them.
#include "exec/job_region.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "exec/executor.hpp"

namespace job_region_test {

using namespace objgen;

CandidateRecord record_of(uint64_t candidate, Outcome kind = Outcome::Normal) {
  CandidateRecord r{};
  r.candidate = candidate;
  r.kind = static_cast<uint8_t>(kind);
  r.new_mask = 1;
  r.fps[0] = Fingerprint{candidate * 3 + 1, candidate * 5 + 2};
  return r;
}

// A worker's region as a worker fills it for an attempt started with `seed`.
void fill_as_worker(JobRegion& region, uint64_t seed) {
  region.reset(seed);
  region.append(record_of(10), "first");
  region.append(record_of(11, Outcome::Failure), "std::runtime_error: second");
  region.append(record_of(12));
  region.add_explored(3);
}

// The stored copy of record i, writable: what code under test scribbling on the region reaches.
CandidateRecord& scribble(JobRegion& region, size_t i) { return const_cast<CandidateRecord&>(region.record(i)); }

struct Collected final : RecordSink {
  std::vector<std::pair<uint64_t, std::string>> seen;
  void record(const CandidateRecord& r, std::string_view text) override { seen.emplace_back(r.candidate, std::string(text)); }
};

TEST(JobRegion, AppendKeepsRecordsTheirTextsAndARunningChecksum) {
  JobRegion region(4, 1024, false);
  region.reset(77);
  EXPECT_EQ(region.checksum(), 77u);
  Collected sink;
  region.set_sink(&sink);
  region.append(record_of(1), "one");
  uint64_t after_one = region.checksum();
  EXPECT_NE(after_one, 77u);
  region.append(record_of(2));
  EXPECT_NE(region.checksum(), after_one);
  ASSERT_EQ(region.record_count(), 2u);
  EXPECT_EQ(region.text(region.record(0)), "one");
  EXPECT_EQ(region.text(region.record(1)), "");
  EXPECT_EQ(region.text_used(), 3u);
  // What the header publishes is what the writer counted.
  EXPECT_EQ(region.header().records.load(), 2u);
  EXPECT_EQ(region.header().checksum.load(), region.checksum());
  EXPECT_EQ(sink.seen, (std::vector<std::pair<uint64_t, std::string>>{{1, "one"}, {2, ""}}));
}

TEST(JobRegion, LongMessagesAreCutUnlessTheyMustArriveWhole) {
  JobRegion region(4, 3000, false);
  region.append(record_of(1), std::string(5000, 'x'));
  EXPECT_EQ(region.record(0).text_length, JobRegion::kMaxMessage);
  // What is left of the text area (1000 bytes) cuts the next one.
  region.append(record_of(2), std::string(1500, 'y'));
  EXPECT_EQ(region.record(1).text_length, 3000u - JobRegion::kMaxMessage);
  EXPECT_EQ(region.text(region.record(1)), std::string(1000, 'y'));
  // A whole message that does not fit is objgen's own sizing bug: refused, nothing appended.
  EXPECT_THROW(region.append(record_of(3), "z", true), std::length_error);
  EXPECT_EQ(region.record_count(), 2u);
}

TEST(JobRegion, MoreRecordsThanItsCapacityThrow) {
  JobRegion region(2, 64, false);
  region.append(record_of(1));
  region.append(record_of(2));
  EXPECT_THROW(region.append(record_of(3)), std::length_error);
  region.reset();
  EXPECT_EQ(region.record_count(), 0u);
  EXPECT_NO_THROW(region.append(record_of(3)));
}

TEST(JobRegion, AdoptsAWorkersRecordsAfterItsOwn) {
  JobRegion worker(8, 1024, false), mine(16, 4096, false);
  mine.append(record_of(1), "earlier");
  fill_as_worker(worker, 0xabcdef);
  EXPECT_EQ(mine.adopt(worker, 0xabcdef, RecordBounds{10, 13, 3}), "");
  ASSERT_EQ(mine.record_count(), 4u);
  EXPECT_EQ(mine.record(1).candidate, 10u);
  EXPECT_EQ(mine.record(3).candidate, 12u);
  // Texts land after this region's own: their offsets moved with them.
  EXPECT_EQ(mine.text(mine.record(0)), "earlier");
  EXPECT_EQ(mine.text(mine.record(1)), "first");
  EXPECT_EQ(mine.text(mine.record(2)), "std::runtime_error: second");
  EXPECT_EQ(mine.header().explored.load(), 3u);
}

TEST(JobRegion, RefusesARegionWrittenOverAndAdoptsNothingThen) {
  const uint64_t seed = 991;
  JobRegion worker(8, 1024, false);
  auto refused_with = [&](const RecordBounds& bounds, uint64_t expected_seed) {
    JobRegion mine(16, 4096, false);
    std::string why = mine.adopt(worker, expected_seed, bounds);
    EXPECT_EQ(mine.record_count(), 0u) << why;
    EXPECT_EQ(mine.header().explored.load(), 0u) << why;
    return why;
  };
  auto refused = [&](const RecordBounds& bounds) { return refused_with(bounds, seed); };
  fill_as_worker(worker, seed);
  EXPECT_EQ(refused_with({}, seed + 1), "its header was written over");
  EXPECT_NE(refused({11, UINT64_MAX, UINT64_MAX}).find("outside the attempt's [11,"), std::string::npos);
  EXPECT_NE(refused({0, UINT64_MAX, 2}).find("3 candidates explored of at most 2"), std::string::npos);

  worker.header().records.store(9);  // a forged count, past the capacity
  EXPECT_NE(refused({}).find("counts 9 records"), std::string::npos);

  fill_as_worker(worker, seed);
  scribble(worker, 1).new_mask = 3;  // a record changed after its worker appended it
  EXPECT_EQ(refused({}), "its checksum does not match its records");

  fill_as_worker(worker, seed);
  scribble(worker, 2).kind = 200;
  EXPECT_EQ(refused({}), "a record of kind 200");

  fill_as_worker(worker, seed);
  scribble(worker, 0).text_length = 5000;
  EXPECT_EQ(refused({}), "a record's text outside the region");
}

TEST(JobRegion, RefusesMoreThanItHoldsItself) {
  JobRegion worker(8, 1024, false), small(2, 4096, false);
  fill_as_worker(worker, 5);
  EXPECT_EQ(small.adopt(worker, 5, {}), "more records than a job holds");
  EXPECT_EQ(small.record_count(), 0u);
}

TEST(JobRegion, AdoptOneChecksTheRecordASocketBrought) {
  JobRegion mine(2, 16, false);
  CandidateRecord r = record_of(4);
  r.text_offset = 999;  // the worker's own offset: replaced
  EXPECT_EQ(mine.adopt_one(r, "abc", {0, 10, UINT64_MAX}), "");
  EXPECT_EQ(mine.text(mine.record(0)), "abc");
  EXPECT_NE(mine.adopt_one(record_of(10), "", {0, 10, UINT64_MAX}).find("candidate 10"), std::string::npos);
  EXPECT_EQ(mine.adopt_one(record_of(5, static_cast<Outcome>(99)), "", {}), "a record of kind 99");
  EXPECT_EQ(mine.adopt_one(record_of(5), std::string(20, 't'), {}), "more records than a job holds");
  EXPECT_EQ(mine.record_count(), 1u);
}

TEST(JobRegion, WatchedBytesShowAnyWriteOverThem) {
  JobRegion region(64, 8192, true);
  const uint64_t seed = 0x1122334455667788ULL;
  region.fill_watched(seed);
  EXPECT_TRUE(region.watched_intact(seed));
  EXPECT_FALSE(region.watched_intact(seed + 1));
  static_cast<unsigned char*>(region.bytes())[kWatchedBytes - 1] ^= 0x80;
  EXPECT_FALSE(region.watched_intact(seed));
  region.fill_watched(seed);
  static_cast<unsigned char*>(region.bytes())[kWatchedBytes] ^= 0x80;  // past the watched bytes
  EXPECT_TRUE(region.watched_intact(seed));
}

TEST(JobRegion, ASharedRegionCarriesAForkedWorkersRecords) {
  JobRegion shared(8, 1024, true), mine(8, 1024, false);
  pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    fill_as_worker(shared, 31337);
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  EXPECT_EQ(mine.adopt(shared, 31337, {}), "");
  EXPECT_EQ(mine.record_count(), 3u);
  EXPECT_EQ(mine.text(mine.record(1)), "std::runtime_error: second");
}

TEST(JobRegion, FoldChecksumDependsOnEveryByteAndItsPlace) {
  const char a[] = "0123456789abc", b[] = "1023456789abc", c[] = "0123456789abd";
  uint64_t base = fold_checksum(1, a, 13);
  EXPECT_NE(base, fold_checksum(1, b, 13));  // two bytes swapped within a word
  EXPECT_NE(base, fold_checksum(1, c, 13));  // the tail past the last whole word
  EXPECT_NE(base, fold_checksum(2, a, 13));  // the seed
  EXPECT_EQ(base, fold_checksum(1, a, 13));
}

}  // namespace job_region_test
