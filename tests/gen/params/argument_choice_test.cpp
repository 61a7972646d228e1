// How a try of the parameter search picks its inputs: receivers from the simplest creator made
// non-empty by builder calls, integers as indices below the smallest size, the class's constants
// first, object arguments built the same way; and the baseline without heuristics.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "gen/params/method_search.hpp"
#include "objgen/objgen.hpp"

namespace argument_choice_test {

class Shelf {
 public:
  Shelf() = default;
  Shelf(int a, int b) : items_{a, b} {}
  void put(int item) { items_.push_back(item); }
  int size() const { return static_cast<int>(items_.size()); }
  int at(int pos) const {
    if (pos < 0 || pos >= size()) throw std::out_of_range("pos out of range");
    return items_[static_cast<size_t>(pos)];
  }
  void append(const Shelf& other) { items_.insert(items_.end(), other.items_.begin(), other.items_.end()); }
  std::vector<int> items_;  // public: OBJGEN_FIELDS reads it
};

// Opens with its one code, a constant the class declares.
class Lock {
 public:
  void open(int code) {
    if (code != 4242) throw std::invalid_argument("wrong code");
    open_ = true;
  }
  bool open_ = false;
};

// A class with no constructor or factory in the API.
class Token {
 public:
  int id_ = 0;
};
class Stamp {
 public:
  void stamp(const Token& t) { last_ = t.id_; }
  int last_ = 0;
};

}  // namespace argument_choice_test

OBJGEN_FIELDS(argument_choice_test::Shelf, items_)
OBJGEN_FIELDS(argument_choice_test::Lock, open_)
OBJGEN_FIELDS(argument_choice_test::Token, id_)
OBJGEN_FIELDS(argument_choice_test::Stamp, last_)

namespace argument_choice_test {

using namespace objgen;
using namespace objgen::params;

struct ShelfSearch {
  Api api;
  uint32_t make = 0, make_pair = 0, put = 0, at = 0, append = 0, open = 0, stamp = 0;
  LiteralDomain domain;
  search::ApiFacts facts;
  ShelfSearch() {
    api.add_class<Shelf>()
        .constructor<>()
        .constructor<int, int>()
        .method("put", &Shelf::put)
        .method("size", &Shelf::size)
        .method("at", &Shelf::at)
        .method("append", &Shelf::append)
        .builders({"Shelf", "put"});
    api.add_class<Lock>().constructor<>().method("open", &Lock::open).constants({{"kCode", 4242}});
    api.add_class<Token>();
    api.add_class<Stamp>().constructor<>().method("stamp", &Stamp::stamp);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const Operation& o = api.operations()[i];
      if (o.name == "Shelf") (o.params.empty() ? make : make_pair) = i;
      if (o.name == "put") put = i;
      if (o.name == "at") at = i;
      if (o.name == "append") append = i;
      if (o.name == "open") open = i;
      if (o.name == "stamp") stamp = i;
    }
    domain = params_domain(api);
    facts = search::learn_api(api, domain, {});
  }
  MethodParams run(uint32_t op, bool heuristics, uint64_t seed, uint32_t tries = 16) {
    TestRunner runner(api, domain, RunnerOptions{});
    search::MethodSearch s(api, domain, facts, op, heuristics, seed);
    uint64_t executions = 0;
    return s.run(tries, runner, executions, nullptr);
  }
  // The integer the method's call (the last) passed as parameter k.
  int64_t int_argument(const FlatSequence& seq, size_t k) const {
    int64_t a = seq.calls.back().args[k];
    EXPECT_LT(a, 0);
    return domain.of(LiteralKind::Int)[static_cast<size_t>(-1 - a)].i;
  }
};

TEST(ArgumentChoice, TheReceiverComesFromTheSimplestCreatorMadeNonEmpty) {
  ShelfSearch s;
  MethodParams m = s.run(s.at, true, 1);
  EXPECT_EQ(m.status, Status::Normal);
  ASSERT_EQ(m.attempts.size(), 1u);
  const FlatSequence& seq = m.attempts[0].sequence;
  ASSERT_EQ(seq.calls.size(), 5u);
  EXPECT_EQ(seq.calls[0].op, s.make);  // Shelf(), not Shelf(int, int)
  for (size_t i = 1; i <= 3; ++i) EXPECT_EQ(seq.calls[i].op, s.put);
  EXPECT_EQ(seq.calls[4].op, s.at);
}

TEST(ArgumentChoice, IntegersAreIndicesBelowTheSmallestSize) {
  ShelfSearch s;
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    MethodParams m = s.run(s.at, true, seed);
    ASSERT_EQ(m.status, Status::Normal) << "seed " << seed;
    int64_t pos = s.int_argument(m.attempts[0].sequence, 1);
    EXPECT_GE(pos, 0);
    EXPECT_LT(pos, 3);  // three builder calls: three elements
  }
}

TEST(ArgumentChoice, ObjectArgumentsAreBuiltLikeReceivers) {
  ShelfSearch s;
  MethodParams m = s.run(s.append, true, 3);
  ASSERT_TRUE(m.ran());
  const FlatSequence& seq = m.attempts.back().sequence;
  ASSERT_EQ(seq.calls.size(), 9u);  // two shelves of three elements each, then append
  EXPECT_EQ(seq.calls[0].op, s.make);
  EXPECT_EQ(seq.calls[4].op, s.make);
  const FlatCall& call = seq.calls.back();
  EXPECT_EQ(call.op, s.append);
  EXPECT_NE(call.args[0], call.args[1]);  // two objects, not one passed twice
}

TEST(ArgumentChoice, TheClassesConstantsAreTriedFirst) {
  ShelfSearch s;
  MethodParams m = s.run(s.open, true, 1);
  ASSERT_TRUE(m.ran()) << m.why;
  EXPECT_EQ(s.int_argument(m.attempts.back().sequence, 1), 4242);
}

TEST(ArgumentChoice, TheBaselineDrawsUniformlyWithoutBuilderCallsOrRepairs) {
  ShelfSearch s;
  MethodParams m = s.run(s.at, false, 1, 4);
  EXPECT_EQ(m.status, Status::GaveUp);  // an empty shelf has no index to pass
  ASSERT_EQ(m.attempts.size(), 4u);
  for (const Attempt& a : m.attempts) {
    ASSERT_EQ(a.sequence.calls.size(), 2u);
    EXPECT_EQ(a.sequence.calls[0].op, s.make);
    EXPECT_EQ(a.repair, "");
  }
}

TEST(ArgumentChoice, AParameterNoCreatorBuildsIsUnbuildable) {
  ShelfSearch s;
  search::MethodSearch stamp(s.api, s.domain, s.facts, s.stamp, true, 1);
  EXPECT_EQ(stamp.unbuildable(), "no way to build " + s.api.find_class(s.api.operations()[s.stamp].params[1].cls)->name + " in the API");
  search::MethodSearch at(s.api, s.domain, s.facts, s.at, true, 1);
  EXPECT_EQ(at.unbuildable(), "");
}

}  // namespace argument_choice_test
