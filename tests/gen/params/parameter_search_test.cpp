// objgen params' reading of failures: the cause of a failed call and the parameters it blames,
// from messages as libstdc++, Boost, UBSan and glibc's assert write them.
#include <gtest/gtest.h>

#include "gen/params/failure_cause.hpp"
#include "objgen/objgen.hpp"

namespace objgen::params {
namespace {

using Ints = std::vector<std::optional<int64_t>>;

TEST(FailureCause, ReadsTheCauseFromHowTheCallEnded) {
  EXPECT_EQ(classify_failure(Outcome::Crash,
                             "dynamic_bitset.hpp:1120: bool boost::dynamic_bitset<>::test(size_type) const: "
                             "Assertion `pos < m_num_bits' failed."),
            Cause::Index);
  EXPECT_EQ(classify_failure(Outcome::Crash, "stl_vector.h:1230: Assertion '!this->empty()' failed."), Cause::EmptyState);
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::length_error: vector::reserve"), Cause::Size);
  EXPECT_EQ(classify_failure(Outcome::Crash, "fragile.hpp:20:40: runtime error: division by zero"), Cause::DivideByZero);
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::invalid_argument: count must be at least 10"), Cause::Value);
  EXPECT_EQ(classify_failure(Outcome::Crash, "SIGSEGV"), Cause::Crash);
  EXPECT_EQ(classify_failure(Outcome::Timeout, ""), Cause::Hang);
}

TEST(FailureCause, TheFailedConditionIsTheAssertionsExpression) {
  EXPECT_EQ(failed_condition("f.hpp:9: void X::f(int): Assertion `pos < m_num_bits' failed."), "pos < m_num_bits");
  EXPECT_EQ(failed_condition("stl_vector.h:1130: Assertion '__n < this->size()' failed."), "__n < this->size()");
  EXPECT_EQ(failed_condition("a.cpp:3:7: runtime error: index 70 out of bounds for type 'int [64]'\nmore"),
            "index 70 out of bounds for type 'int [64]'");
  EXPECT_EQ(failed_condition("SUMMARY: AddressSanitizer: heap-buffer-overflow x.hpp:4"), "");
}

TEST(FailureCause, BlamesTheParameterTheConditionNames) {
  std::vector<std::string> names{"", "pos", "val"};
  EXPECT_EQ(blamed_parameters("x.hpp:1: Assertion `pos < m_num_bits' failed.", names, Ints{std::nullopt, 70, 1}),
            (std::vector<uint32_t>{1}));
  // libstdc++'s names carry underscores: __n is the parameter n.
  EXPECT_EQ(blamed_parameters("Assertion '__n < this->size()' failed.", {"", "n"}, Ints{std::nullopt, 9}), (std::vector<uint32_t>{1}));
  // An object parameter: `rhs.size()` names rhs, the receiver's size() names nothing.
  EXPECT_EQ(blamed_parameters("Assertion `size() == rhs.size()' failed.", {"", "rhs"}, Ints(2)), (std::vector<uint32_t>{1}));
  EXPECT_EQ(blamed_parameters("std::invalid_argument: count must be at least 10", {"", "count", "pos"}, Ints{std::nullopt, 4, 10}),
            (std::vector<uint32_t>{1}));
}

TEST(FailureCause, BlamesByValueOnlyWhenNoNameMatches) {
  // UBSan names no variable, but quotes the index.
  EXPECT_EQ(
      blamed_parameters("a.cpp:3:7: runtime error: index 70 out of bounds for type 'int [64]'", {"", "i", "j"}, Ints{std::nullopt, 3, 70}),
      (std::vector<uint32_t>{2}));
  // The bound's value (64, inside a quoted type) is not an argument's.
  EXPECT_TRUE(blamed_parameters("runtime error: index 99 out of bounds for type 'int [64]'", {"", "k"}, Ints{std::nullopt, 64}).empty());
  // A name wins over a coincidental value: `__position (which is 5) >= _Nb (which is 3)`.
  EXPECT_EQ(blamed_parameters("std::out_of_range: bitset::test: __position (which is 5) >= _Nb (which is 3)", {"", "position", "count"},
                              Ints{std::nullopt, 5, 3}),
            (std::vector<uint32_t>{1}));
  // Qualified names are functions and types, not parameters; a signal blames nothing.
  EXPECT_TRUE(blamed_parameters("std::out_of_range: vector::at", {"", "vector", "at"}, Ints(3)).empty());
  EXPECT_TRUE(blamed_parameters("SIGSEGV", {"", "n"}, Ints{std::nullopt, 0}).empty());
  // An apostrophe in a word quotes nothing; a number too large for 64 bits blames no 0; a size_t -1
  // as printed is the -1 objgen holds; a parameter named like UBSan's own words is not blamed.
  EXPECT_EQ(blamed_parameters("std::invalid_argument: can't take count", {"", "count"}, Ints{std::nullopt, 5}), (std::vector<uint32_t>{1}));
  EXPECT_TRUE(blamed_parameters("std::out_of_range: 99999999999999999999999 too big", {"", "n"}, Ints{std::nullopt, 0}).empty());
  EXPECT_EQ(blamed_parameters("std::out_of_range: got 18446744073709551615", {"", "n"}, Ints{std::nullopt, -1}),
            (std::vector<uint32_t>{1}));
  EXPECT_EQ(blamed_parameters("a.cpp:3:7: runtime error: index 70 out of bounds for type 'int [64]'", {"", "index", "i"},
                              Ints{std::nullopt, 3, 70}),
            (std::vector<uint32_t>{2}));
}

}  // namespace
}  // namespace objgen::params

namespace params_test {
struct Pair {
  void set(int first, int second) { a = first + second; }
  int a = 0;
};
}  // namespace params_test
OBJGEN_FIELDS(params_test::Pair, a)

namespace objgen::params {
namespace {

using params_test::Pair;

TEST(FailureCause, ParameterNamesAreRegisteredPerSlot) {
  Api api;
  api.add_class<Pair>().constructor<>().method("set", &Pair::set).param_names({"first", "second"});
  const Operation& set = api.operations().back();
  EXPECT_EQ(set.param_names, (std::vector<std::string>{"", "first", "second"}));
  EXPECT_EQ(set.parameter_name(0), "the receiver");
  EXPECT_EQ(set.parameter_name(2), "second");
  EXPECT_THROW(api.add_class<Pair>().method("set", &Pair::set).param_names({"only"}), std::logic_error);
}

}  // namespace
}  // namespace objgen::params
