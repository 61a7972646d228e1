// Structure and explored counts that must come out exactly (BEAPI's published numbers and the
// closed forms of each structure), and identical results for any number of workers.
#include <gtest/gtest.h>

#include <cmath>

#include "gen/exhaustive/packed_job.hpp"
#include "run_example.hpp"

namespace {
using objgen::testing::run_example;

struct Expected {
  const char* example;
  uint32_t scope;
  uint64_t structures;
  uint64_t explored;  // 0: not published for this scope
};

void PrintTo(const Expected& e, std::ostream* os) { *os << e.example << " scope " << e.scope; }

uint64_t ipow(uint64_t b, unsigned e) {
  uint64_t r = 1;
  while (e--) r *= b;
  return r;
}

std::vector<Expected> expected_counts() {
  std::vector<Expected> v;
  // ncl: sum_{s<N} N^s (N-s); explored = structures * 2N + 2N iterations.
  for (uint32_t n = 1; n <= 7; ++n) {
    uint64_t s = 0;
    for (uint32_t k = 0; k < n; ++k) s += ipow(n, k) * (n - k);
    v.push_back({"ncl", n, s, s * 2 * n + 2 * n});
  }
  // bintree: sum_k C(N,k) Catalan(k).
  const uint64_t bintree[] = {2, 5, 15, 51, 188, 731, 2950, 12235};
  for (uint32_t n = 1; n <= 8; ++n) v.push_back({"bintree", n, bintree[n - 1], n == 3 ? 50u : n == 4 ? 210u : 0u});
  // sll with a header node: sum_{k<N} N^k; explored = S*N + N + 1.
  for (uint32_t n = 1; n <= 7; ++n) {
    uint64_t s = 0;
    for (uint32_t k = 0; k < n; ++k) s += ipow(n, k);
    v.push_back({"sll", n, s, s * n + n + 1});
  }
  // dll without a sentinel: sum_{k<=N} N^k; explored = S*N + N + 2.
  for (uint32_t n = 1; n <= 6; ++n) {
    uint64_t s = 0;
    for (uint32_t k = 0; k <= n; ++k) s += ipow(n, k);
    v.push_back({"dll", n, s, s * n + n + 2});
  }
  v.push_back({"avl", 5, 62, 317});
  v.push_back({"avl", 6, 157, 950});
  v.push_back({"rbt", 3, 11, 71});
  v.push_back({"rbt", 4, 29, 239});
  v.push_back({"rbt", 5, 72, 727});
  v.push_back({"rbt", 6, 197, 2376});
  v.push_back({"rbt", 7, 561, 7866});
  v.push_back({"rbt", 8, 1657, 26526});
  v.push_back({"binheap", 5, 936, 5623});
  v.push_back({"binheap", 6, 7602, 53222});
  v.push_back({"fibheap", 4, 335, 1683});
  v.push_back({"fibheap", 5, 4381, 26297});
  v.push_back({"fibheap", 6, 54159, 379125});
  for (uint32_t n = 1; n <= 8; ++n) v.push_back({"stdset", n, ipow(2, n), 0});
  // stack: the array's length (capacity 0, 1, 2, 4, ...) is at most N; a capacity k > 0 is
  // reached by pushing, then any count 0..k follows by popping: 1 + sum_k sum_{c<=k} N^c. At
  // scope 1 the stack of capacity 1 emptied again needs a 4th iteration (the limit is 3 x scope).
  for (uint32_t n = 2; n <= 7; ++n) {
    uint64_t s = 1;
    for (uint32_t k = 1; k <= n; k *= 2)
      for (uint32_t c = 0; c <= k; ++c) s += ipow(n, c);
    v.push_back({"stack", n, s, 0});
  }
  // bitset: the subsets of bits 0..N-1 in BitSet()'s word and in a sticky word of BitSet(1..N-1),
  // plus BitSet(0) with no word (setting a bit in it makes the storage non-sticky).
  v.push_back({"bitset", 1, 3, 0});
  for (uint32_t n = 2; n <= 8; ++n) v.push_back({"bitset", n, 2 * ipow(2, n) + 1, 0});
  return v;
}

class PublishedCounts : public ::testing::TestWithParam<Expected> {};

TEST_P(PublishedCounts, Match) {
  const Expected& e = GetParam();
  auto run = run_example(e.example, e.scope);
  EXPECT_TRUE(run->result.complete);
  EXPECT_EQ(run->structures(), e.structures);
  if (e.explored) {
    EXPECT_EQ(run->result.explored, e.explored);
  }
  EXPECT_TRUE(run->result.findings.empty());
}

INSTANTIATE_TEST_SUITE_P(Examples, PublishedCounts, ::testing::ValuesIn(expected_counts()),
                         [](const ::testing::TestParamInfo<Expected>& i) {
                           return std::string(i.param.example) + "_scope" + std::to_string(i.param.scope);
                         });

// Every state's recorded sequence and the iteration that found it, as a comparable list.
std::vector<std::vector<uint32_t>> recorded(const objgen::testing::ExampleRun& r) {
  std::vector<std::vector<uint32_t>> out;
  const auto& store = r.result.store;
  for (uint32_t s = 0; s < store.state_count(); ++s) {
    const auto& rec = store.state(s);
    const auto& seq = store.sequence(rec.sequence);
    std::vector<uint32_t> row{seq.op, rec.slot, rec.cls, store.iteration_of(s)};
    for (auto a : store.args(rec.sequence, r.api.operations()[seq.op].params.size())) row.push_back(a.bits);
    out.push_back(row);
  }
  return out;
}

// Every bundled subject (not the deliberately faulty ones) at two scopes: one forked worker, two
// forked workers and two threads find the same states with the same sequences, in the same
// iterations, after exploring the same number of candidates.
class Determinism : public ::testing::TestWithParam<std::string> {};

TEST_P(Determinism, SameStatesSequencesAndCountsForAnyWorkerCountAndIsolation) {
  for (uint32_t scope : {3u, 4u}) {
    auto one = run_example(GetParam(), scope, 1, true);
    auto two = run_example(GetParam(), scope, 2, true);
    auto threads = run_example(GetParam(), scope, 2, false);
    ASSERT_TRUE(one->result.complete) << "scope " << scope;
    EXPECT_GT(one->result.store.state_count(), 0u) << "scope " << scope;
    EXPECT_EQ(one->result.explored, two->result.explored) << "scope " << scope;
    EXPECT_EQ(one->result.explored, threads->result.explored) << "scope " << scope;
    auto expected = recorded(*one);
    EXPECT_EQ(expected, recorded(*two)) << "scope " << scope;
    EXPECT_EQ(expected, recorded(*threads)) << "scope " << scope;
  }
}

std::vector<std::string> well_behaved_examples() {
  std::vector<std::string> names;
  for (const auto& e : objgen::bundled_examples())
    if (e.name.rfind("buggy_", 0) != 0) names.push_back(e.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(BundledExamples, Determinism, ::testing::ValuesIn(well_behaved_examples()),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

TEST(Methods, WholeApiFindsAtLeastTheBuildersStates) {
  auto builders = run_example("ncl", 3);
  auto all = run_example("ncl", 3, 1, false, {"all"});
  EXPECT_GE(all->structures(), builders->structures());
  EXPECT_TRUE(all->result.findings.empty());
}

}  // namespace

namespace {

// What a rank sends for a job is what the job's region held: records (only the fingerprints they
// use travel), their messages, its explored count and its deaths.
TEST(PackedJob, UnpacksWhatWasPacked) {
  objgen::JobRegion region(8, 4096, false);
  objgen::CandidateRecord a{};
  a.candidate = 17;
  a.new_mask = 0b101;
  a.fps[0] = {1, 2};
  a.fps[2] = {3, 4};
  a.fps[5] = {9, 9};  // unused by the record: not sent
  region.append(a);
  objgen::CandidateRecord b{};
  b.candidate = 20;
  b.kind = 3;
  b.slot = 1;
  b.fps[1] = {5, 6};
  region.append(b, "the invariant broke");
  std::vector<objgen::exhaustive::CrashNote> deaths{{19, objgen::Outcome::Crash, "SIGSEGV", 4}};
  objgen::ByteWriter w;
  objgen::exhaustive::pack_job(w, objgen::exhaustive::read_job(7, 1234, region, deaths));
  std::string bytes = w.take();
  objgen::ByteReader r(bytes);
  objgen::exhaustive::PackedJob p = objgen::exhaustive::unpack_job(r);
  EXPECT_TRUE(r.done());
  EXPECT_EQ(p.job, 7u);
  EXPECT_EQ(p.explored, 1234u);
  ASSERT_EQ(p.count(), 2u);
  EXPECT_EQ(p.at(0).candidate, 17u);
  EXPECT_EQ(p.at(0).fps[0], (objgen::Fingerprint{1, 2}));
  EXPECT_EQ(p.at(0).fps[2], (objgen::Fingerprint{3, 4}));
  EXPECT_EQ(p.at(0).fps[5], (objgen::Fingerprint{}));
  EXPECT_EQ(p.text(0), "");
  EXPECT_EQ(p.at(1).fps[1], (objgen::Fingerprint{5, 6}));
  EXPECT_EQ(p.text(1), "the invariant broke");
  ASSERT_EQ(p.crashes.size(), 1u);
  EXPECT_EQ(p.crashes[0].candidate, 19u);
  EXPECT_EQ(p.crashes[0].what, "SIGSEGV");
  EXPECT_EQ(p.crashes[0].phase, 4u);
  std::string cut = bytes.substr(0, bytes.size() - 3);
  objgen::ByteReader short_reader(cut);
  EXPECT_THROW(objgen::exhaustive::unpack_job(short_reader), std::runtime_error);
}

}  // namespace
