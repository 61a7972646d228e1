// The parent's findings of the exhaustive engine: a worker's death blamed on the step it was in
// (the call, a copy, a rebuild, a read, a destructor), a crash after other calls confirmed in a
// fresh worker first (or reported as not reproducible alone), copies that killed a worker
// remembered per class, and literal-only calls that failed remembered for later iterations.
#include <gtest/gtest.h>

#include <memory>
#include <type_traits>

#include "example_api.hpp"
#include "gen/exhaustive/exhaustive_impl.hpp"

namespace findings_test {

using namespace objgen;
using exhaustive::CrashNote;
using exhaustive::ExhaustiveGenerator;
using exhaustive::ExhaustiveOptions;
using exhaustive::Finding;
namespace detail = exhaustive::detail;
using detail::Phase;

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

// ncl's builders at scope 3 in iteration 2, planned on one list (state 0, made by the
// constructor): positions 0 the constructor, 1-3 addLast(list, 0..2), 4-6 removeIndex(list, 0..2).
struct NclFindings {
  objgen::testing::ExampleApi ex{"ncl"};
  uint32_t make = ex.op("NodeCachingList"), add_last = ex.op("addLast"), remove_index = ex.op("removeIndex");
  std::unique_ptr<Impl> impl;

  NclFindings() {
    ExhaustiveOptions o;
    o.scope = 3;
    o.domain = LiteralDomain::defaults(3);
    o.target = ex.target;
    o.operations = {make, add_last, remove_index};
    o.isolate = false;
    impl = std::make_unique<Impl>(ex.api, o);
    StateStore& store = impl->result.store;
    uint32_t seq = store.add_sequence(make, {});
    store.add_state(Fingerprint{1, 2}, seq, kResultSlot, ex.target, 1);
    store.seal();
    impl->plan.iteration = 2;
    EXPECT_FALSE(impl->plan_iteration([] { return 0.0; }).has_value());
  }
  std::vector<Finding>& findings() { return impl->result.findings; }
  WorkerPool::Event crashed(size_t job, uint64_t at, uint64_t phase) { return {WorkerPool::Event::Crashed, job, at, "SIGSEGV", phase}; }
};

TEST(Findings, ACrashAfterOtherCallsIsRetriedInAFreshWorkerFirst) {
  NclFindings f;
  uint64_t after_others = detail::phase(Phase::Call, 0) | detail::kAfterOtherCalls;
  EXPECT_TRUE(f.impl->confirm_first(f.crashed(0, 2, after_others), Outcome::Crash));
  EXPECT_EQ(f.impl->book.retried[0], 1u);                                              // the retry runs candidate 2 again: counted once
  EXPECT_FALSE(f.impl->confirm_first(f.crashed(0, 2, after_others), Outcome::Crash));  // its second death confirms it
  EXPECT_EQ(f.impl->book.retried[0], 1u);
  // A crash in a fresh worker, and a hang, are what they are at once.
  EXPECT_FALSE(f.impl->confirm_first(f.crashed(0, 3, detail::phase(Phase::Call, 0)), Outcome::Crash));
  EXPECT_FALSE(f.impl->confirm_first(f.crashed(0, 4, after_others), Outcome::Timeout));
  ASSERT_EQ(f.impl->book.unconfirmed.size(), 1u);
  // The note keeps the phase without the flag, so the blame reads the step itself.
  EXPECT_EQ(f.impl->book.unconfirmed.begin()->second.phase, detail::phase(Phase::Call, 0));
}

TEST(Findings, ADeathNotSeenAgainAloneIsReportedAsNotReproducible) {
  NclFindings f;
  uint64_t after_others = detail::phase(Phase::Call, 0) | detail::kAfterOtherCalls;
  f.impl->confirm_first(f.crashed(0, 2, after_others), Outcome::Crash);
  f.impl->confirm_first(f.crashed(0, 5, after_others), Outcome::Crash);
  f.impl->confirm_first(f.crashed(1, 6, after_others), Outcome::Crash);  // another job's
  // Candidate 5 died again in the fresh worker (a crash of the job); candidate 2 did not.
  std::vector<CrashNote> crashes{{5, Outcome::Crash, "SIGSEGV", detail::phase(Phase::Call, 0)}};
  f.impl->add_unconfirmed(0, crashes);
  ASSERT_EQ(crashes.size(), 2u);
  EXPECT_EQ(crashes[1].candidate, 2u);
  EXPECT_EQ(crashes[1].what, std::string("SIGSEGV") + Impl::kNotAlone);
  EXPECT_EQ(f.impl->book.unconfirmed.size(), 1u);  // job 1's is left for job 1
  f.impl->add_death_finding(crashes[1]);
  f.impl->add_death_finding(crashes[0]);
  ASSERT_EQ(f.findings().size(), 2u);
  EXPECT_FALSE(f.findings()[0].reproducible);
  EXPECT_EQ(f.findings()[0].op, f.add_last);
  EXPECT_TRUE(f.findings()[1].reproducible);
  EXPECT_EQ(f.findings()[1].op, f.remove_index);
}

TEST(Findings, ADeathIsBlamedOnTheStepItWasIn) {
  NclFindings f;
  auto blame = [&](Phase p, uint32_t arg, uint64_t candidate) {
    size_t before = f.findings().size();
    f.impl->add_death_finding({candidate, Outcome::Crash, "SIGSEGV", detail::phase(p, arg)});
    return f.findings().size() > before ? f.findings().back() : Finding{};
  };
  Finding call = blame(Phase::Call, 0, 2);
  EXPECT_EQ(call.message, "SIGSEGV");
  EXPECT_EQ(call.op, f.add_last);
  EXPECT_EQ(call.args[1].bits, ArgRef::literal(1).bits);
  // Copying, rebuilding or destroying state 0: the finding is about the call that built it.
  Finding copy = blame(Phase::CopyState, 0, 2);
  EXPECT_EQ(copy.message, "copying the object: SIGSEGV");
  EXPECT_EQ(copy.op, f.make);
  EXPECT_TRUE(copy.in_copy);
  EXPECT_EQ(copy.slot, -1);
  EXPECT_EQ(blame(Phase::RebuildState, 0, 2).message, "running the calls that built it again: SIGSEGV");
  EXPECT_EQ(blame(Phase::DestroyState, 0, 2).message, "destroying the object: SIGSEGV");
  // Reading or copying what the call built: the call's finding, about the slot.
  Finding read = blame(Phase::Read, 0, 3);
  EXPECT_EQ(read.message, "reading the object it built: SIGSEGV");
  EXPECT_EQ(read.op, f.add_last);
  EXPECT_EQ(read.slot, 0);
  EXPECT_TRUE(read.in_copy);  // the list has a copy constructor: an emitted test reads a copy
  Finding check = blame(Phase::CopyCheck, 0, 4);
  EXPECT_EQ(check.message, "copying the object it built: SIGSEGV");
  EXPECT_EQ(check.op, f.remove_index);
  EXPECT_TRUE(check.in_copy);
  // objgen's own calls on copies blame no member.
  size_t before = f.findings().size();
  f.impl->add_death_finding({5, Outcome::Crash, "SIGSEGV", detail::phase(Phase::CopyProbe, 0)});
  EXPECT_EQ(f.findings().size(), before);
  // A state the store does not have (the phase was scribbled on): the call is blamed instead.
  EXPECT_EQ(blame(Phase::CopyState, 77, 6).op, f.remove_index);
}

TEST(Findings, ACopyThatKilledAWorkerIsRememberedForItsClass) {
  NclFindings f;
  EXPECT_FALSE(f.impl->blame_copy(2, detail::phase(Phase::Call, 0)));
  EXPECT_FALSE(f.impl->blame_copy(2, detail::phase(Phase::CopyState, 9)));  // no state 9
  EXPECT_EQ(f.impl->lessons.copy_crashed[f.ex.target], 0);
  EXPECT_TRUE(f.impl->blame_copy(2, detail::phase(Phase::CopyState, 0)));
  EXPECT_EQ(f.impl->lessons.copy_crashed[f.ex.target], 1);
  EXPECT_EQ(f.impl->lessons.copy_check_crashed[f.ex.target], 0);
  EXPECT_TRUE(f.impl->blame_copy(2, detail::phase(Phase::CopyCheck, 0)));
  EXPECT_EQ(f.impl->lessons.copy_check_crashed[f.ex.target], 1);
}

TEST(Findings, FailedLiteralOnlyCallsAreRememberedForLaterIterations) {
  NclFindings f;
  f.impl->note_failed_call(0);                             // the constructor: the same call in every iteration
  f.impl->note_failed_call(3);                             // addLast: another receiver next time
  EXPECT_TRUE(f.impl->plan.failed_literal_calls.empty());  // applied when the iteration ends
  f.impl->lessons.failing_on_ranks.emplace_back(f.make, 5);
  f.impl->remember_failed_calls();
  EXPECT_TRUE(f.impl->plan.failed_before(f.make, 0));
  EXPECT_TRUE(f.impl->plan.failed_before(f.make, 5));
  EXPECT_EQ(f.impl->plan.failed_literal_calls.size(), 2u);
  EXPECT_TRUE(f.impl->lessons.failing_now.empty());
  EXPECT_TRUE(f.impl->lessons.failing_on_ranks.empty());
}

TEST(Findings, EachFaultIsReportedOncePerOperationKindAndMessage) {
  NclFindings f;
  EXPECT_TRUE(f.impl->first_report(f.add_last, Outcome::Failure, "x"));
  EXPECT_FALSE(f.impl->first_report(f.add_last, Outcome::Failure, "x"));
  EXPECT_TRUE(f.impl->first_report(f.add_last, Outcome::Crash, "x"));
  EXPECT_TRUE(f.impl->first_report(f.remove_index, Outcome::Failure, "x"));
  EXPECT_TRUE(f.impl->first_report(f.add_last, Outcome::Failure, "y"));
}

TEST(Findings, AStatesSubjectCallIsTheCallThatBuiltIt) {
  NclFindings f;
  exhaustive::SubjectCall c = f.impl->subject_call(0);
  EXPECT_EQ(c.state, 0u);
  EXPECT_EQ(c.op, f.make);
  EXPECT_EQ(c.slot, kResultSlot);
  EXPECT_TRUE(c.args.empty());
}

}  // namespace findings_test
