// A job's results as the bytes ranks exchange: what one rank packs, every other rank unpacks the
// same (records with only the fingerprints they use, texts, deaths, subjects' calls), the filter
// drops what it refuses, and bytes that are not a whole packed job are an exception.
#include "gen/exhaustive/packed_job.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace objgen {
namespace {

CandidateRecord record(uint64_t candidate, uint8_t new_mask, uint8_t slot) {
  CandidateRecord r{};
  r.candidate = candidate;
  r.kind = static_cast<uint8_t>(Outcome::Normal);
  r.new_mask = new_mask;
  r.slot = slot;
  r.subject = static_cast<uint32_t>(candidate * 3);
  for (int i = 0; i < kMaxRecordSlots; ++i) r.fps[i] = {candidate * 100 + static_cast<uint64_t>(i), ~candidate};
  return r;
}

// A job as its region holds it: records with one, several or no fingerprints in use, a finding
// about a slot, texts of several lengths.
exhaustive::PackedJob sample_job() {
  JobRegion region(16, 4096, false);
  region.append(record(10, 0b1, 0xff));
  region.append(record(11, 0b1011, 0xff), "two new states");
  CandidateRecord finding = record(12, 0, 5);
  finding.kind = static_cast<uint8_t>(Outcome::InvariantBroken);
  finding.flags = kRecordBrokenObject;
  region.append(finding, "invariant broken in slot 5");
  region.append(record(13, 0b10000000, 0xff), std::string(100, 'm'));
  std::vector<exhaustive::CrashNote> crashes = {{14, Outcome::Crash, "SIGSEGV", 3}, {15, Outcome::Timeout, "no progress for 2 s", 1}};
  exhaustive::PackedJob job = exhaustive::read_job(7, 42, region, crashes);
  job.subjects.push_back({9, 4, 1, {ArgRef::literal(2), ArgRef::state(8)}});
  job.subjects.push_back({3, 0, 0xff, {}});
  return job;
}

// The fingerprints a record carries: those flagged new and the finding's slot; the others are
// not sent (and come back zero).
void expect_same_record(const CandidateRecord& got, const CandidateRecord& sent) {
  EXPECT_EQ(got.candidate, sent.candidate);
  EXPECT_EQ(got.kind, sent.kind);
  EXPECT_EQ(got.new_mask, sent.new_mask);
  EXPECT_EQ(got.slot, sent.slot);
  EXPECT_EQ(got.flags, sent.flags);
  EXPECT_EQ(got.subject, sent.subject);
  for (int i = 0; i < kMaxRecordSlots; ++i) {
    bool carried = (sent.new_mask >> i) & 1 || sent.slot == i;
    if (carried) {
      EXPECT_EQ(got.fps[i], sent.fps[i]) << "candidate " << sent.candidate << " fingerprint " << i;
    }
  }
}

void expect_same_job(const exhaustive::PackedJob& got, const exhaustive::PackedJob& sent) {
  EXPECT_EQ(got.job, sent.job);
  EXPECT_EQ(got.explored, sent.explored);
  ASSERT_EQ(got.count(), sent.count());
  for (size_t i = 0; i < sent.count(); ++i) {
    expect_same_record(got.at(i), sent.at(i));
    EXPECT_EQ(got.text(i), sent.text(i));
  }
  ASSERT_EQ(got.crashes.size(), sent.crashes.size());
  for (size_t i = 0; i < sent.crashes.size(); ++i) {
    EXPECT_EQ(got.crashes[i].candidate, sent.crashes[i].candidate);
    EXPECT_EQ(got.crashes[i].kind, sent.crashes[i].kind);
    EXPECT_EQ(got.crashes[i].what, sent.crashes[i].what);
    EXPECT_EQ(got.crashes[i].phase, sent.crashes[i].phase);
  }
  ASSERT_EQ(got.subjects.size(), sent.subjects.size());
  for (size_t i = 0; i < sent.subjects.size(); ++i) {
    EXPECT_EQ(got.subjects[i].state, sent.subjects[i].state);
    EXPECT_EQ(got.subjects[i].op, sent.subjects[i].op);
    EXPECT_EQ(got.subjects[i].slot, sent.subjects[i].slot);
    ASSERT_EQ(got.subjects[i].args.size(), sent.subjects[i].args.size());
    for (size_t a = 0; a < sent.subjects[i].args.size(); ++a) EXPECT_EQ(got.subjects[i].args[a].bits, sent.subjects[i].args[a].bits);
  }
}

TEST(PackedJob, ReadFromItsRegionItHoldsEveryRecordAndText) {
  exhaustive::PackedJob job = sample_job();
  ASSERT_EQ(job.count(), 4u);
  EXPECT_EQ(job.at(1).candidate, 11u);
  EXPECT_EQ(job.text(0), "");
  EXPECT_EQ(job.text(1), "two new states");
  EXPECT_EQ(job.text(3), std::string(100, 'm'));
}

TEST(PackedJob, WhatOneRankPacksAnotherUnpacksTheSame) {
  exhaustive::PackedJob sent = sample_job();
  ByteWriter w;
  exhaustive::pack_job(w, sent);
  exhaustive::pack_job(w, sent);  // jobs follow each other in one message
  std::string bytes = w.take();
  ByteReader r(bytes);
  expect_same_job(exhaustive::unpack_job(r), sent);
  expect_same_job(exhaustive::unpack_job(r), sent);
  EXPECT_TRUE(r.done());
}

TEST(PackedJob, ARecordIsSentWithOnlyTheFingerprintsItUses) {
  exhaustive::PackedJob one;
  one.records.push_back(record(1, 0b1, 0xff));
  one.texts.emplace_back();
  exhaustive::PackedJob eight = one;
  eight.records[0].new_mask = 0b10000000;
  ByteWriter a, b;
  exhaustive::pack_job(a, one);
  exhaustive::pack_job(b, eight);
  EXPECT_EQ(b.bytes().size() - a.bytes().size(), 7 * sizeof(Fingerprint));
}

TEST(PackedJob, TheFilterDropsTheRecordsItRefusesAndKeepsTheRest) {
  exhaustive::PackedJob sent = sample_job();
  ByteWriter w;
  exhaustive::pack_job(w, sent, [](const CandidateRecord& r) { return r.candidate % 2 == 1; });
  std::string bytes = w.take();
  ByteReader r(bytes);
  exhaustive::PackedJob got = exhaustive::unpack_job(r);
  ASSERT_EQ(got.count(), 2u);
  EXPECT_EQ(got.at(0).candidate, 11u);
  EXPECT_EQ(got.text(0), "two new states");
  EXPECT_EQ(got.at(1).candidate, 13u);
  EXPECT_EQ(got.crashes.size(), sent.crashes.size());
  EXPECT_EQ(got.subjects.size(), sent.subjects.size());
}

TEST(PackedJob, BytesThatEndEarlyAreAnExceptionAtEveryCut) {
  ByteWriter w;
  exhaustive::pack_job(w, sample_job());
  const std::string bytes = w.take();
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    std::string prefix = bytes.substr(0, cut);
    ByteReader r(prefix);
    EXPECT_THROW(exhaustive::unpack_job(r), std::runtime_error) << "cut at " << cut << " of " << bytes.size();
  }
}

TEST(PackedJob, ARecordCountLargerThanTheBytesIsRefusedBeforeAllocating) {
  ByteWriter w;
  w.put<uint64_t>(1);                                     // job
  w.put<uint64_t>(2);                                     // explored
  w.put<uint64_t>(std::numeric_limits<uint64_t>::max());  // records
  std::string bytes = w.take();
  ByteReader r(bytes);
  EXPECT_THROW(exhaustive::unpack_job(r), std::runtime_error);
}

}  // namespace
}  // namespace objgen
