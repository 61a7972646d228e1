// Whether a finding is the library's bug or the caller's, decided from behaviour. A failure after
// an earlier call on a new object cannot be blamed on that call from behaviour alone: pop() of an
// empty stack (a precondition the library does not check) and put() of a first entry (a legal
// state from which a later call fails: a bug) look the same, so both stay bugs, and so does a
// call that breaks every state.
#include "gen/minimize/finding_blame.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <stdexcept>

#include "exec/test_runner.hpp"
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
// A document whose members each refuse the wrong kind with an exception class of their own, all
// derived from one library base (YAML::Node's shape: BadPushback, InvalidNode, BadConversion are
// YAML::Exceptions).
struct DocError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct BadPush : DocError {
  using DocError::DocError;
};
struct NotAList : DocError {
  using DocError::DocError;
};
struct NotAMap : DocError {
  using DocError::DocError;
};
struct NotAScalar : DocError {
  using DocError::DocError;
};
class Doc {
 public:
  void make_list() { kind_ = 1; }
  void push(int v) {
    if (kind_ != 1) throw BadPush("push onto a document that is not a list");
    n_ += v;
  }
  int at(int i) const {
    if (kind_ != 1) throw NotAList("not a list");
    return i;
  }
  int get(int k) const {
    if (kind_ != 2) throw NotAMap("not a map");
    return k;
  }
  int as_int() const {
    if (kind_ != 3) throw NotAScalar("not a scalar");
    return n_;
  }
  int kind_ = 0;
  int n_ = 0;
};
}  // namespace blame_test

OBJGEN_FIELDS(blame_test::Doc, kind_, n_)
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

// push() is the only member throwing BadPush; at(), get() and as_int() refuse with exception classes
// of their own, all DocErrors: the library refuses calls by DocError, and push() onto a new
// document is such a refusal (it works on a list), not a bug. The worker names the library base
// in the message; standard bases (std::runtime_error) are not named.
TEST(FindingBlame, ARefusalByAnExceptionClassOfItsOwnCountsItsLibraryBase) {
  Fixture f;
  f.api.add_class<blame_test::Doc>()
      .constructor<>()
      .method("make_list", &blame_test::Doc::make_list)
      .method("push", &blame_test::Doc::push)
      .method("at", &blame_test::Doc::at)
      .method("get", &blame_test::Doc::get)
      .method("as_int", &blame_test::Doc::as_int);
  f.make = f.op("Doc");
  FlatSequence failing = f.sequence({{"push", 1}});
  TestRunner runner(f.api, f.domain, RunnerOptions{.enumerations = true});
  TestOutcome o = runner.run({failing})[0];
  ASSERT_EQ(o.outcome, Outcome::Failure);
  EXPECT_EQ(o.message, "blame_test::BadPush (a blame_test::DocError): push onto a document that is not a list");
  SequenceFinding finding{Outcome::Failure, f.op("push"), o.message, failing, f.domain};
  std::vector<FlatSequence> states{f.sequence({}), f.sequence({{"make_list", -1}})};
  FindingBlame b = blame_findings(f.api, f.domain, {finding}, states, {}).at(0);
  EXPECT_EQ(b.blame, Blame::Precondition) << b.evidence;
  EXPECT_NE(b.evidence.find("a blame_test::DocError"), std::string::npos) << b.evidence;
  // The same throw without its base named (as before) is one member's: a bug.
  finding.message = "blame_test::BadPush: push onto a document that is not a list";
  EXPECT_EQ(blame_findings(f.api, f.domain, {finding}, states, {}).at(0).blame, Blame::Bug);
}

}  // namespace
}  // namespace objgen::minimize
