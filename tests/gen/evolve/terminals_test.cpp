// The literal values the leaves of evolved test cases take: fixed boundary values, the class's
// small integer constants and the constant pool's values with their neighbours (within size caps),
// and which indices of that domain come from the pool.
#include "gen/evolve/terminals.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

namespace objgen::evolve {
namespace {

std::vector<int64_t> terminals_ints(const LiteralDomain& d) {
  std::vector<int64_t> out;
  for (const Literal& l : d.of(LiteralKind::Int)) out.push_back(l.i);
  return out;
}

std::vector<double> terminals_doubles(const LiteralDomain& d) {
  std::vector<double> out;
  for (const Literal& l : d.of(LiteralKind::Double)) out.push_back(l.d);
  return out;
}

std::vector<std::string> terminals_strings(const LiteralDomain& d) {
  std::vector<std::string> out;
  for (const Literal& l : d.of(LiteralKind::String)) out.push_back(l.s);
  return out;
}

TEST(Terminals, WithoutConstantsTheBoundaryValuesOnly) {
  LiteralDomain d = terminal_domain({});
  EXPECT_EQ(terminals_ints(d), (std::vector<int64_t>{-1, 0, 1}));
  EXPECT_EQ(terminals_doubles(d), (std::vector<double>{-1, 0, 0.5, 1}));
  EXPECT_EQ(terminals_strings(d), (std::vector<std::string>{"", "a"}));
  ASSERT_EQ(d.of(LiteralKind::Char).size(), 2u);
  EXPECT_EQ(d.of(LiteralKind::Char)[0].i, 'a');
  EXPECT_EQ(d.of(LiteralKind::Char)[1].i, 'z');
  EXPECT_EQ(d.of(LiteralKind::Bool).size(), 2u);
  for (const Literal& l : d.of(LiteralKind::Int)) EXPECT_EQ(l.kind, LiteralKind::Int);
  for (const Literal& l : d.of(LiteralKind::Double)) EXPECT_EQ(l.kind, LiteralKind::Double);
  for (const Literal& l : d.of(LiteralKind::String)) EXPECT_EQ(l.kind, LiteralKind::String);
}

TEST(Terminals, SmallClassConstantsComeWithTheirNeighbours) {
  // 5000 is beyond the bound of 4096 and left out; -4096 is on it.
  LiteralDomain d = terminal_domain({10, 5000, -4096, 0});
  EXPECT_EQ(terminals_ints(d), (std::vector<int64_t>{-4097, -4096, -4095, -1, 0, 1, 9, 10, 11}));
}

TEST(Terminals, PoolValuesOfAnySizeJoinWithNeighbours) {
  analysis::ConstantPool pool;
  pool.ints = {100000, -7};
  pool.doubles = {2.5, INFINITY, NAN};
  pool.strings = {"zz", "FRAGILE", "a"};
  LiteralDomain d = terminal_domain({5000}, pool);
  EXPECT_EQ(terminals_ints(d), (std::vector<int64_t>{-8, -7, -6, -1, 0, 1, 99999, 100000, 100001}));
  // Non-finite values (and neighbours) are dropped.
  EXPECT_EQ(terminals_doubles(d), (std::vector<double>{-1, 0, 0.5, 1, 1.5, 2.5, 3.5}));
  EXPECT_EQ(terminals_strings(d), (std::vector<std::string>{"", "FRAGILE", "a", "zz"}));
}

TEST(Terminals, ExtremeIntsDoNotOverflowTheirNeighbours) {
  analysis::ConstantPool pool;
  pool.ints = {INT64_MAX, INT64_MIN};
  LiteralDomain d = terminal_domain({}, pool);
  EXPECT_EQ(terminals_ints(d), (std::vector<int64_t>{INT64_MIN, INT64_MIN + 1, -1, 0, 1, INT64_MAX - 1, INT64_MAX}));
}

TEST(Terminals, IntsAreCappedKeepingPoolValuesNearestZero) {
  analysis::ConstantPool pool;
  for (int64_t v = 0; v < 5000; ++v) pool.ints.push_back(v);
  // The pool alone (with neighbours -1..5000) fills all 4096 places: the class constant's
  // values do not fit.
  LiteralDomain d = terminal_domain({-3000}, pool);
  std::vector<int64_t> ints = terminals_ints(d);
  ASSERT_EQ(ints.size(), 4096u);
  EXPECT_EQ(ints.front(), -1);
  EXPECT_EQ(ints.back(), 4094);
  for (size_t i = 1; i < ints.size(); ++i) EXPECT_EQ(ints[i], ints[i - 1] + 1);
}

TEST(Terminals, ClassConstantsFillWhatThePoolLeaves) {
  analysis::ConstantPool pool;
  for (int64_t v = 10; v < 4100; v += 3) pool.ints.push_back(v);  // 1364 values, 4092 with neighbours
  LiteralDomain d = terminal_domain({-3000}, pool);
  std::vector<int64_t> ints = terminals_ints(d);
  ASSERT_EQ(ints.size(), 4096u);
  // Of -3001, -3000, -2999, -1, 0, 1 the four nearest zero fit.
  EXPECT_EQ(std::vector<int64_t>(ints.begin(), ints.begin() + 5), (std::vector<int64_t>{-2999, -1, 0, 1, 9}));
  EXPECT_EQ(ints.back(), 4100);
}

TEST(Terminals, StringsAreCapped) {
  analysis::ConstantPool pool;
  for (int i = 0; i < 400; ++i) pool.strings.push_back("s" + std::to_string(1000 + i));
  LiteralDomain d = terminal_domain({}, pool);
  std::vector<std::string> strings = terminals_strings(d);
  ASSERT_EQ(strings.size(), 256u);
  EXPECT_EQ(strings[0], "");
  EXPECT_EQ(strings[1], "a");
  EXPECT_EQ(strings.back(), "s1253");  // the pool's first 254
}

TEST(Terminals, ConstantBiasPointsAtPoolValuesAndNeighbours) {
  analysis::ConstantPool pool;
  pool.ints = {100};
  pool.doubles = {2.5};
  pool.strings = {"x"};
  LiteralDomain d = terminal_domain({1}, pool);
  ASSERT_EQ(terminals_ints(d), (std::vector<int64_t>{-1, 0, 1, 2, 99, 100, 101}));
  ConstantBias bias = constant_bias(d, pool, 0.25);
  EXPECT_DOUBLE_EQ(bias.probability, 0.25);
  EXPECT_EQ(bias.indices[static_cast<size_t>(LiteralKind::Int)], (std::vector<uint32_t>{4, 5, 6}));
  // Doubles -1, 0, 0.5, 1, 1.5, 2.5, 3.5.
  EXPECT_EQ(bias.indices[static_cast<size_t>(LiteralKind::Double)], (std::vector<uint32_t>{4, 5, 6}));
  // Strings "", "a", "x".
  EXPECT_EQ(bias.indices[static_cast<size_t>(LiteralKind::String)], (std::vector<uint32_t>{2}));
  EXPECT_TRUE(bias.indices[static_cast<size_t>(LiteralKind::Char)].empty());
  EXPECT_TRUE(bias.indices[static_cast<size_t>(LiteralKind::Bool)].empty());
}

TEST(Terminals, ConstantBiasOfAnEmptyPoolIsEmpty) {
  ConstantBias bias = constant_bias(terminal_domain({3, 7}), {}, 0.5);
  for (const auto& indices : bias.indices) EXPECT_TRUE(indices.empty());
}

}  // namespace
}  // namespace objgen::evolve
