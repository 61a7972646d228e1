// Whether a finding is the library's bug or the caller's, decided from behaviour. A failure after
// an earlier call on a new object cannot be blamed on that call from behaviour alone: pop() of an
// empty stack (a precondition the library does not check) and put() of a first entry (a legal
// state from which a later call fails: a bug) look the same, so both stay bugs, and so does a
// call that breaks every state.
#include "gen/minimize/finding_blame.hpp"

#include <gtest/gtest.h>

#include <csignal>

#include "objgen/objgen.hpp"

namespace blame_test {
// put(2) into a table whose first entry is 1 faults: a bug, from a legal state.
class Table {
 public:
  void put(int k) {
    if (k == 2 && first_ == 1) std::raise(SIGSEGV);
    if (first_ < 0) first_ = k;
  }
  int first_ = -1;
};
// pop() of an empty stack takes its size below zero, unchecked; push() then faults.
class Stack {
 public:
  void push(int v) {
    if (n_ < 0) std::raise(SIGSEGV);
    items_[n_++ % 4] = v;
  }
  void pop() { --n_; }
  int n_ = 0;
  int items_[4]{};
};
// forget() breaks the log whatever it holds: a bug, which record() then shows.
class Log {
 public:
  void record(int v) {
    if (broken_) std::raise(SIGSEGV);
    last_ = v;
  }
  void forget() { broken_ = true; }
  bool broken_ = false;
  int last_ = 0;
};
}  // namespace blame_test

OBJGEN_FIELDS(blame_test::Table, first_)
OBJGEN_FIELDS(blame_test::Stack, n_, items_)
OBJGEN_FIELDS(blame_test::Log, broken_, last_)

namespace objgen::minimize {
namespace {

// A class's constructor (operation `make`) and two members taking at most one int each.
struct Fixture {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);  // ints 0..2
  uint32_t make = 0;
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    throw std::logic_error("no operation " + name);
  }
  // A new object, then `calls` on it (value: the int argument's literal index, -1 for none).
  FlatSequence sequence(const std::vector<std::pair<std::string, int>>& calls) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {0}});
    for (const auto& [name, value] : calls)
      s.calls.push_back(value < 0 ? FlatCall{op(name), {0}, {0, -1}} : FlatCall{op(name), {0, -1 - value}, {0, -1, -1}});
    s.result_value = 0;
    return s;
  }
  FindingBlame blame(const FlatSequence& failing, const std::vector<FlatSequence>& states) const {
    SequenceFinding f{Outcome::Crash, failing.calls.back().op, "SIGSEGV (Segmentation fault)", failing, domain};
    return blame_findings(api, domain, {f}, states, {}).at(0);
  }
};

TEST(FindingBlame, AFailureFromALegalStateOneCallFromConstructionIsABug) {
  Fixture f;
  f.api.add_class<blame_test::Table>().constructor<>().method("put", &blame_test::Table::put);
  f.make = f.op("Table");
  std::vector<FlatSequence> states{f.sequence({{"put", 0}}), f.sequence({{"put", 2}})};
  // put(1), then put(2): on other states put(1) does not become the first entry, and put(2) works.
  FindingBlame b = f.blame(f.sequence({{"put", 1}, {"put", 2}}), states);
  EXPECT_EQ(b.blame, Blame::Bug) << b.evidence;
}

TEST(FindingBlame, AnUncheckedCallOnANewObjectIsNotToldFromABugEither) {
  Fixture f;
  f.api.add_class<blame_test::Stack>().constructor<>().method("push", &blame_test::Stack::push).method("pop", &blame_test::Stack::pop);
  f.make = f.op("Stack");
  std::vector<FlatSequence> states{f.sequence({{"push", 1}}), f.sequence({{"push", 0}, {"push", 2}})};
  FindingBlame b = f.blame(f.sequence({{"pop", -1}, {"push", 0}}), states);
  EXPECT_EQ(b.blame, Blame::Bug) << "the same shape as the table's bug: only the library's own check tells them apart";
}

TEST(FindingBlame, ACallThatBreaksEveryStateIsABug) {
  Fixture f;
  f.api.add_class<blame_test::Log>().constructor<>().method("record", &blame_test::Log::record).method("forget", &blame_test::Log::forget);
  f.make = f.op("Log");
  std::vector<FlatSequence> states{f.sequence({{"record", 1}}), f.sequence({{"record", 0}, {"record", 2}})};
  FindingBlame b = f.blame(f.sequence({{"forget", -1}, {"record", 0}}), states);
  EXPECT_EQ(b.blame, Blame::Bug) << b.evidence;
}

}  // namespace
}  // namespace objgen::minimize
