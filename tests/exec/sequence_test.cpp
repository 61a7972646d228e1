// A sequence moved from one literal domain to another keeps its values: a literal argument
// indexes the value it had in the first domain; a value the second lacks gives no sequence.
#include "exec/sequence.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "objgen/objgen.hpp"

namespace sequence_test {
class Counter {
 public:
  void add(int v) { n_ += v; }
  void name(const std::string& s) { last_ = s; }

  int n_ = 0;  // public: OBJGEN_FIELDS reads them
  std::string last_;
};
}  // namespace sequence_test

OBJGEN_FIELDS(sequence_test::Counter, n_, last_)

namespace objgen {
namespace {

struct Fixture {
  Api api;
  uint32_t make = 0, add = 0, name = 0;
  Fixture() {
    api.add_class<sequence_test::Counter>()
        .constructor<>()
        .method("add", &sequence_test::Counter::add)
        .method("name", &sequence_test::Counter::name);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const std::string& n = api.operations()[i].name;
      if (n == "add") add = i;
      if (n == "name") name = i;
      if (n == "Counter") make = i;
    }
  }
  // A Counter, then op(literal index) for each pair.
  FlatSequence sequence(const std::vector<std::pair<uint32_t, int64_t>>& calls) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {0}});
    for (auto [op, index] : calls) s.calls.push_back(FlatCall{op, {0, -1 - index}, {0, -1}});
    s.result_value = 0;
    return s;
  }
};

int64_t literal_index(const FlatCall& c) { return -1 - c.args[1]; }

TEST(WithDomain, KeepsEachLiteralsValue) {
  Fixture f;
  LiteralDomain from = LiteralDomain::defaults(3);  // ints 0..2
  LiteralDomain to = LiteralDomain::defaults(3);
  to.set_ints("2,1,0,7");
  to.set_strings("b,a,''");
  // add(2), add(0), name("a") in `from`: indices 2, 0 and the index of "a" among the strings.
  const auto& strings = from.of(LiteralKind::String);
  int64_t a = std::find_if(strings.begin(), strings.end(), [](const Literal& l) { return l.s == "a"; }) - strings.begin();
  std::optional<FlatSequence> moved = with_domain(f.api, f.sequence({{f.add, 2}, {f.add, 0}, {f.name, a}}), from, to);
  ASSERT_TRUE(moved.has_value());
  ASSERT_EQ(moved->calls.size(), 4u);
  EXPECT_EQ(moved->calls[0].args.size(), 0u);  // the constructor: nothing to move
  EXPECT_EQ(to.of(LiteralKind::Int)[literal_index(moved->calls[1])].i, 2);
  EXPECT_EQ(literal_index(moved->calls[1]), 0);
  EXPECT_EQ(to.of(LiteralKind::Int)[literal_index(moved->calls[2])].i, 0);
  EXPECT_EQ(to.of(LiteralKind::String)[literal_index(moved->calls[3])].s, "a");
  EXPECT_EQ(moved->calls[1].args[0], 0);  // object arguments stay as they were
}

TEST(WithDomain, AValueTheOtherDomainLacksGivesNoSequence) {
  Fixture f;
  LiteralDomain from = LiteralDomain::defaults(4);  // ints 0..3
  LiteralDomain to = LiteralDomain::defaults(3);    // ints 0..2
  EXPECT_TRUE(with_domain(f.api, f.sequence({{f.add, 2}}), from, to).has_value());
  EXPECT_FALSE(with_domain(f.api, f.sequence({{f.add, 3}}), from, to).has_value());
}

}  // namespace
}  // namespace objgen
