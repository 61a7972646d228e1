// The parent's merge of a job's records: new states with the sequence they share, in candidate
// order with the job's deaths; findings kept once per operation and message (or per state);
// records outside the job ignored; and jobs run and merged in order giving the generator's own
// states and counts.
#include <gtest/gtest.h>

#include <memory>
#include <type_traits>

#include "example_api.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"
#include "run_example.hpp"

namespace merge_test {

using namespace objgen;
using exhaustive::CrashNote;
using exhaustive::ExhaustiveGenerator;
using exhaustive::ExhaustiveOptions;
using exhaustive::Finding;
namespace detail = exhaustive::detail;

// ExhaustiveGenerator::Impl is private to the generator. Access is not checked in an explicit
// instantiation's arguments, so one may name it; the friend it defines hands the type out.
struct ImplKey {
  friend auto impl_type(ImplKey);
};
template <class T>
struct ImplExposer {
  friend auto impl_type(ImplKey) { return std::type_identity<T>{}; }
};
template struct ImplExposer<ExhaustiveGenerator::Impl>;
using Impl = decltype(impl_type(ImplKey{}))::type;

// ncl's builders at scope 3, planned up to iteration 2: one list (state 0) from iteration 1, so
// positions are the constructor (0), addLast(list, 0..2) (1-3), removeIndex(list, 0..2) (4-6).
struct NclMerge {
  objgen::testing::ExampleApi ex{"ncl"};
  uint32_t make = ex.op("NodeCachingList"), add_last = ex.op("addLast"), remove_index = ex.op("removeIndex");
  std::unique_ptr<Impl> impl;
  JobRegion region{64, 1 << 14, false};
  std::vector<CrashNote> crashes;

  explicit NclMerge(size_t job_size = 16384) {
    ExhaustiveOptions o;
    o.scope = 3;
    o.domain = LiteralDomain::defaults(3);
    o.target = ex.target;
    o.operations = {make, add_last, remove_index};
    o.isolate = false;
    o.job_size = job_size;
    const std::string& omit = ex.api.find_class(ex.target)->omit_fields;  // modCount, as the generator's runs
    if (!omit.empty()) o.omit = std::make_shared<const std::regex>(omit);
    impl = std::make_unique<Impl>(ex.api, o);
  }
  StateStore& store() { return impl->result.store; }
  void plan(int iteration) {
    impl->plan.iteration = iteration;
    ASSERT_FALSE(impl->plan_iteration([] { return 0.0; }).has_value());
  }
  // Iteration 1 as a worker would report it: the constructor's list is new.
  void first_iteration() {
    plan(1);
    region.reset();
    append(0, Outcome::Normal, "", 1, {fp(1)});
    region.add_explored(1);
    impl->merge(impl->plan.jobs[0], region, crashes);
    impl->finish_iteration(false);
    region.reset();
  }
  static Fingerprint fp(uint64_t n) { return {n * 0x9e3779b97f4a7c15ULL, n}; }
  void append(uint64_t candidate, Outcome kind, const std::string& text, uint8_t new_mask = 0, std::vector<Fingerprint> fps = {},
              uint8_t slot = 0, uint8_t flags = 0, uint32_t subject = 0) {
    CandidateRecord r{};
    r.candidate = candidate;
    r.kind = static_cast<uint8_t>(kind);
    r.new_mask = new_mask;
    r.slot = slot;
    r.flags = flags;
    r.subject = subject;
    for (size_t i = 0; i < fps.size(); ++i) r.fps[i] = fps[i];
    region.append(r, text);
  }
  void merge_job(size_t j = 0) { impl->merge(impl->plan.jobs[j], region, crashes); }
  std::vector<Finding>& findings() { return impl->result.findings; }
};

TEST(Merge, ANewStateGetsItsCallsSequence) {
  NclMerge m;
  m.first_iteration();
  ASSERT_EQ(m.store().state_count(), 1u);
  const StateRecord& list = m.store().state(0);
  EXPECT_EQ(list.cls, m.ex.target);
  EXPECT_EQ(list.slot, kResultSlot);
  EXPECT_EQ(m.store().sequence(list.sequence).op, m.make);
  EXPECT_EQ(m.store().iteration_of(0), 1u);
  EXPECT_EQ(m.impl->result.explored, 1u);
}

TEST(Merge, StatesOfAMemberCallAreItsReceiversWithTheDecodedArguments) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  m.append(3, Outcome::Normal, "", 1, {NclMerge::fp(2)});  // addLast(list, 2)
  m.append(2, Outcome::Normal, "", 1, {NclMerge::fp(2)});  // the same state again: nothing new
  m.region.add_explored(7);
  m.merge_job();
  ASSERT_EQ(m.store().state_count(), 2u);
  ASSERT_EQ(m.store().sequence_count(), 2u);
  const StateRecord& s = m.store().state(1);
  EXPECT_EQ(s.slot, 0u);  // the receiver
  EXPECT_EQ(m.store().iteration_of(1), 2u);
  const SequenceNode& seq = m.store().sequence(s.sequence);
  EXPECT_EQ(seq.op, m.add_last);
  auto args = m.store().args(s.sequence, 2);
  EXPECT_EQ(args[0].bits, ArgRef::state(0).bits);
  EXPECT_EQ(args[1].bits, ArgRef::literal(2).bits);
  EXPECT_EQ(m.impl->result.explored, 1u + 7u);
}

TEST(Merge, RecordsOutsideTheJobAreIgnored) {
  NclMerge m(2);  // jobs [0,1) [1,3) [3,5) [5,7) in iteration 2
  m.first_iteration();
  m.plan(2);
  ASSERT_EQ(m.impl->plan.jobs.size(), 4u);
  m.append(5, Outcome::Normal, "", 1, {NclMerge::fp(7)});  // job 3's candidate, in job 1's region
  m.append(2, Outcome::Failure, "std::runtime_error: x");  // its own
  m.merge_job(1);
  EXPECT_EQ(m.store().state_count(), 1u);
  ASSERT_EQ(m.findings().size(), 1u);
  EXPECT_EQ(m.findings()[0].op, m.add_last);
}

TEST(Merge, AFailureIsKeptOncePerOperationAndMessage) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  m.append(1, Outcome::Failure, "std::runtime_error: boom");
  m.append(2, Outcome::Failure, "std::runtime_error: boom");   // the same fault: its first call kept
  m.append(3, Outcome::Failure, "std::runtime_error: other");  // another message
  m.append(4, Outcome::Failure, "std::runtime_error: boom");   // another operation
  m.merge_job();
  ASSERT_EQ(m.findings().size(), 3u);
  const Finding& first = m.findings()[0];
  EXPECT_EQ(first.kind, Outcome::Failure);
  EXPECT_EQ(first.message, "std::runtime_error: boom");
  EXPECT_EQ(first.op, m.add_last);
  ASSERT_EQ(first.args.size(), 2u);
  EXPECT_EQ(first.args[1].bits, ArgRef::literal(0).bits);
  EXPECT_EQ(first.iteration, 2u);
  EXPECT_TRUE(first.reproducible);
  EXPECT_EQ(m.findings()[1].message, "std::runtime_error: other");
  EXPECT_EQ(m.findings()[2].op, m.remove_index);
}

TEST(Merge, ABrokenInvariantIsKeptOncePerState) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  m.append(1, Outcome::InvariantBroken, "invariant of list returned false", 0, {NclMerge::fp(9)}, 0);
  m.append(2, Outcome::InvariantBroken, "invariant of list returned false", 0, {NclMerge::fp(9)}, 0);  // the same state
  m.append(3, Outcome::InvariantBroken, "invariant of list returned false", 0, {NclMerge::fp(10)}, 0);
  // An object without a canonical form: kept once per operation and message instead.
  m.append(4, Outcome::InvariantBroken, "unreadable", 0, {}, 0, kRecordBrokenObject);
  m.append(5, Outcome::InvariantBroken, "unreadable", 0, {}, 0, kRecordBrokenObject);
  m.merge_job();
  ASSERT_EQ(m.findings().size(), 3u);
  EXPECT_EQ(m.findings()[0].slot, 0);  // the receiver broke it
  EXPECT_EQ(m.findings()[0].args[1].bits, ArgRef::literal(0).bits);
  EXPECT_EQ(m.findings()[1].args[1].bits, ArgRef::literal(2).bits);
  EXPECT_EQ(m.findings()[2].op, m.remove_index);
  EXPECT_EQ(m.store().state_count(), 1u);  // a broken state is not a new one
}

TEST(Merge, ANondeterministicStateIsReportedOnceByItsOwnSequence) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  m.append(1, Outcome::Nondeterministic, "rebuilt differently", 0, {}, 0, 0, 0);
  m.append(2, Outcome::Nondeterministic, "rebuilt differently", 0, {}, 0, 0, 0);
  m.append(3, Outcome::Nondeterministic, "rebuilt differently", 0, {}, 0, 0, 99);  // no such state: scribbled
  m.merge_job();
  ASSERT_EQ(m.findings().size(), 1u);
  EXPECT_EQ(m.findings()[0].kind, Outcome::Nondeterministic);
  EXPECT_EQ(m.findings()[0].op, m.make);  // the call that built state 0
  EXPECT_EQ(m.findings()[0].slot, -1);
}

TEST(Merge, DeathsAreMergedInCandidateOrderWithTheRecords) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  m.append(1, Outcome::Failure, "std::runtime_error: before");
  m.append(5, Outcome::Failure, "std::runtime_error: after");
  m.crashes.push_back({4, Outcome::Crash, "SIGSEGV", detail::phase(detail::Phase::Call, 0)});
  m.crashes.push_back({2, Outcome::Timeout, "hung", detail::phase(detail::Phase::Call, 0)});
  m.merge_job();
  ASSERT_EQ(m.findings().size(), 4u);
  EXPECT_EQ(m.findings()[0].message, "std::runtime_error: before");
  EXPECT_EQ(m.findings()[1].kind, Outcome::Timeout);
  EXPECT_EQ(m.findings()[2].kind, Outcome::Crash);
  EXPECT_EQ(m.findings()[2].op, m.remove_index);
  EXPECT_EQ(m.findings()[3].message, "std::runtime_error: after");
}

TEST(Merge, CopyChecksTeachWhetherAClassCopiesDeeply) {
  NclMerge m;
  m.first_iteration();
  m.plan(2);
  ASSERT_LT(m.ex.target, m.impl->lessons.clone_learned.size());
  EXPECT_EQ(m.impl->lessons.clone_learned[m.ex.target], -1);
  CandidateRecord r{};
  r.candidate = 1;
  r.kind = static_cast<uint8_t>(Outcome::Normal);
  r.copy_checked = 1;  // the receiver's class was checked...
  r.copy_deep = 0;     // ...and copies shallowly
  m.region.append(r);
  m.merge_job();
  EXPECT_EQ(m.impl->lessons.clone_learned[m.ex.target], 0);
}

TEST(Merge, JobsRunAndMergedInOrderGiveTheGeneratorsStates) {
  NclMerge m(4);
  auto run = objgen::testing::run_example("ncl", 3);
  uint64_t seed = 1;
  for (int it = 1; it <= 9; ++it) {
    m.plan(it);
    size_t before = m.store().state_count();
    for (size_t j = 0; j < m.impl->plan.jobs.size(); ++j) {
      m.region.reset(++seed);
      WorkerProgress progress(&m.region.header().current);
      m.impl->run_job(j, m.region, m.impl->plan.jobs[j].lo, progress);
      m.merge_job(j);
    }
    m.impl->finish_iteration(false);
    if (m.store().state_count() == before) break;
  }
  EXPECT_EQ(m.store().states_of(m.ex.target).size(), run->structures());
  EXPECT_EQ(m.impl->result.explored, run->result.explored);
  EXPECT_TRUE(m.findings().empty());
}

}  // namespace merge_test
