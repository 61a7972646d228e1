// What the differential check's two sides share: how the outcomes of one test case on the class
// and on the reference compare (values as emitted checks see them), how a difference is spelled,
// and one bucket per differing member keeping the shortest sequence.
#include "gen/differential/sides.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <string>
#include <vector>

namespace objgen::differential::detail {
namespace {

TestOutcome sides_returned(Literal value) {
  TestOutcome o;
  o.feasible = true;
  o.outcome = Outcome::Normal;
  o.has_result = true;
  o.result = std::move(value);
  return o;
}

TestOutcome sides_returned_nothing() {
  TestOutcome o;
  o.feasible = true;
  o.outcome = Outcome::Normal;
  return o;
}

TestOutcome sides_ended(Outcome outcome, bool feasible, std::string message = "") {
  TestOutcome o;
  o.feasible = feasible;
  o.outcome = outcome;
  o.message = std::move(message);
  return o;
}

Literal sides_int(int64_t v) { return Literal{LiteralKind::Int, v, 0, {}}; }
Literal sides_double(double v) { return Literal{LiteralKind::Double, 0, v, {}}; }

void sides_expect(const Comparison& c, Verdict verdict, bool threw) {
  EXPECT_EQ(c.verdict, verdict);
  EXPECT_EQ(c.threw, threw);
}

TEST(Sides, AReferenceThatDidNotReturnRefuses) {
  TestOutcome value = sides_returned(sides_int(1));
  sides_expect(compare(value, sides_ended(Outcome::Failure, true, "std::runtime_error: no")), Verdict::Refused, false);
  sides_expect(compare(value, sides_ended(Outcome::Crash, false)), Verdict::Refused, false);
  sides_expect(compare(value, sides_ended(Outcome::Normal, false)), Verdict::Refused, false);  // cut before its last call
  sides_expect(compare(sides_ended(Outcome::Failure, true), sides_ended(Outcome::Misuse, true)), Verdict::Refused, false);
}

TEST(Sides, ReturnedValuesAreCompared) {
  sides_expect(compare(sides_returned(sides_int(3)), sides_returned(sides_int(3))), Verdict::Same, false);
  sides_expect(compare(sides_returned(sides_int(3)), sides_returned(sides_int(4))), Verdict::Differs, false);
  sides_expect(compare(sides_returned_nothing(), sides_returned_nothing()), Verdict::Same, false);
  // Only values both returned are compared.
  sides_expect(compare(sides_returned(sides_int(3)), sides_returned_nothing()), Verdict::Same, false);
  Literal text{LiteralKind::String, 0, 0, "ab"}, other{LiteralKind::String, 0, 0, "ba"};
  sides_expect(compare(sides_returned(text), sides_returned(text)), Verdict::Same, false);
  sides_expect(compare(sides_returned(text), sides_returned(other)), Verdict::Differs, false);
}

TEST(Sides, DoublesDifferBeyondFourUlpsOnly) {
  double one = 1.0, four_up = one, five_up = one;
  for (int i = 0; i < 4; ++i) four_up = std::nextafter(four_up, 2.0);
  for (int i = 0; i < 5; ++i) five_up = std::nextafter(five_up, 2.0);
  sides_expect(compare(sides_returned(sides_double(four_up)), sides_returned(sides_double(one))), Verdict::Same, false);
  sides_expect(compare(sides_returned(sides_double(five_up)), sides_returned(sides_double(one))), Verdict::Differs, false);
  sides_expect(compare(sides_returned(sides_double(-0.0)), sides_returned(sides_double(0.0))), Verdict::Same, false);
  sides_expect(compare(sides_returned(sides_double(-1e-300)), sides_returned(sides_double(1e-300))), Verdict::Differs, false);
  // No test can state a NaN or an infinity the reference returns; the class's own is a difference.
  double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  sides_expect(compare(sides_returned(sides_double(5)), sides_returned(sides_double(nan))), Verdict::Same, false);
  sides_expect(compare(sides_returned(sides_double(5)), sides_returned(sides_double(inf))), Verdict::Same, false);
  sides_expect(compare(sides_returned(sides_double(nan)), sides_returned(sides_double(5))), Verdict::Differs, false);
}

TEST(Sides, TheClassThrowingWhereTheReferenceReturnsDiffers) {
  TestOutcome reference = sides_returned(sides_int(0));
  sides_expect(compare(sides_ended(Outcome::Failure, true, "std::logic_error: x"), reference), Verdict::Differs, true);
  sides_expect(compare(sides_ended(Outcome::Misuse, true, "std::out_of_range: x"), reference), Verdict::Differs, true);
  // Crashes, hangs and calls that never ran are the strategy's findings, not differences.
  sides_expect(compare(sides_ended(Outcome::Crash, true, "SIGSEGV"), reference), Verdict::Skip, false);
  sides_expect(compare(sides_ended(Outcome::Timeout, true), reference), Verdict::Skip, false);
  sides_expect(compare(sides_ended(Outcome::Failure, false), reference), Verdict::Skip, false);
}

// Box() and count(int) on a hand-built API of target class 1, ints 0..2.
struct SidesCounterSide {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(3);
  SidesCounterSide() {
    SlotType self;
    self.kind = SlotKind::Object;
    self.cls = 1;
    self.passing = Passing::Ref;
    self.cpp_type = "ns::Box&";
    SlotType integer;
    integer.kind = SlotKind::Literal;
    integer.cpp_type = "int";
    Operation make;
    make.kind = OpKind::Constructor;
    make.owner = 1;
    make.name = "Box";
    make.result = self;
    make.result.passing = Passing::Value;
    api.add_operation(make);
    Operation count;
    count.kind = OpKind::Method;
    count.owner = 1;
    count.name = "count";
    count.params = {self, integer};
    count.result = integer;
    api.add_operation(count);
  }
  Side side() const { return Side{api, 1, domain, {"", "ns::Box"}, "ns::Box"}; }
  static FlatSequence counted(int64_t literal, size_t extra_counts = 0) {
    FlatSequence s;
    s.calls.push_back(FlatCall{0, {}, {0}});
    for (size_t i = 0; i <= extra_counts; ++i) s.calls.push_back(FlatCall{1, {0, -1 - literal}, {0, -1}});
    s.result_value = 0;
    return s;
  }
};

TEST(Sides, DifferencesSpellTheCallAndBothValues) {
  SidesCounterSide c;
  FlatSequence seq = SidesCounterSide::counted(2, 1);
  Difference d = make_difference(c.side(), seq, sides_returned(sides_int(5)), sides_returned(sides_int(4)), false);
  EXPECT_EQ(d.op, 1u);
  EXPECT_EQ(d.call, "count(2)");
  EXPECT_EQ(d.message, "count(2): 5, reference 4");
  EXPECT_EQ(d.original_calls, 3u);
  EXPECT_FALSE(d.threw);
  ASSERT_TRUE(d.value.has_value());
  EXPECT_EQ(d.value->i, 5);
  ASSERT_TRUE(d.expected.has_value());
  EXPECT_EQ(d.expected->i, 4);
  EXPECT_EQ(d.sequence.calls, seq.calls);

  Difference threw = make_difference(c.side(), SidesCounterSide::counted(0), sides_ended(Outcome::Failure, true, "std::logic_error: boom"),
                                     sides_returned_nothing(), true);
  EXPECT_TRUE(threw.threw);
  EXPECT_EQ(threw.thrown, "std::logic_error: boom");
  EXPECT_EQ(threw.message, "count(0): threw (std::logic_error: boom), reference returned normally");
  EXPECT_FALSE(threw.value.has_value());
  EXPECT_FALSE(threw.expected.has_value());
}

TEST(Sides, OneBucketPerMemberWithTheShortestSequenceAndAllHits) {
  std::vector<Difference> found;
  std::map<uint32_t, size_t> index;
  auto difference = [](uint32_t op, size_t extra, uint64_t hits, std::string message) {
    Difference d;
    d.sequence = SidesCounterSide::counted(1, extra);
    d.sequence.calls.back().op = op;
    d.op = op;
    d.hits = hits;
    d.message = std::move(message);
    return d;
  };
  add_to_bucket(found, index, difference(1, 2, 1, "first"));
  add_to_bucket(found, index, difference(1, 0, 2, "shorter"));
  add_to_bucket(found, index, difference(7, 0, 1, "other member"));
  add_to_bucket(found, index, difference(1, 4, 1, "longer"));
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].message, "shorter");
  EXPECT_EQ(found[0].sequence.calls.size(), 2u);
  EXPECT_EQ(found[0].hits, 4u);
  EXPECT_EQ(found[1].message, "other member");
  EXPECT_EQ(found[1].hits, 1u);
  EXPECT_EQ(index, (std::map<uint32_t, size_t>{{1, 0}, {7, 1}}));
}

}  // namespace
}  // namespace objgen::differential::detail
