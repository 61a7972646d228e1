// Why a call with generated parameters failed: a cause read from how the call ended and what it
// said, the condition a failure message states, and the parameters that condition points at.
// (The first cases on real libraries' messages are in parameter_search_test.cpp.)
#include "gen/params/failure_cause.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace objgen::params {
namespace {

using FailureCauseInts = std::vector<std::optional<int64_t>>;

TEST(FailureCause, EveryCauseHasItsOwnName) {
  std::set<std::string> names;
  for (int c = 0; c < kCauseCount; ++c) names.insert(cause_name(static_cast<Cause>(c)));
  EXPECT_EQ(names.size(), static_cast<size_t>(kCauseCount));
  EXPECT_EQ(kCauseCount, 9);
  EXPECT_STREQ(cause_name(Cause::None), "none");
  EXPECT_STREQ(cause_name(Cause::EmptyState), "empty-state");
  EXPECT_STREQ(cause_name(Cause::DivideByZero), "divide-by-zero");
  EXPECT_STREQ(cause_name(Cause::Crash), "crash");
}

TEST(FailureCause, TheOutcomeAloneDecidesNormalEndsHangsAndMemory) {
  // Whatever the text says: a message of a normal end or a hang is not read.
  EXPECT_EQ(classify_failure(Outcome::Normal, "std::out_of_range: vector::at"), Cause::None);
  EXPECT_EQ(classify_failure(Outcome::Timeout, "SIGFPE"), Cause::Hang);
  EXPECT_EQ(classify_failure(Outcome::OutOfMemory, "index 3"), Cause::Size);
}

TEST(FailureCause, SizesAreReadBeforeEverythingElse) {
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::bad_alloc: std::bad_alloc"), Cause::Size);
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::bad_array_new_length: bad array new length"), Cause::Size);
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::length_error: cannot create std::vector larger than max_size()"), Cause::Size);
  EXPECT_EQ(classify_failure(Outcome::Crash, "==1==ERROR: AddressSanitizer: requested allocation size 0xffff exceeds maximum"),
            Cause::Size);
  EXPECT_EQ(classify_failure(Outcome::Crash, "AddressSanitizer: out-of-memory (malloc(99999999999))"), Cause::Size);
  // A size error that mentions an index is still a size error.
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::length_error: index too large for max_size"), Cause::Size);
}

TEST(FailureCause, DivisionByZeroBySignalOrBySanitizer) {
  EXPECT_EQ(classify_failure(Outcome::Crash, "SIGFPE (Floating point exception)"), Cause::DivideByZero);
  EXPECT_EQ(classify_failure(Outcome::Crash, "r.hpp:4:12: runtime error: division by zero"), Cause::DivideByZero);
}

TEST(FailureCause, AnEmptinessCheckWinsOverAnIndexInTheSameMessage) {
  EXPECT_EQ(classify_failure(Outcome::Crash, "Assertion `index < size() && !empty()' failed."), Cause::EmptyState);
  EXPECT_EQ(classify_failure(Outcome::Crash, "Assertion 'size() > 0' failed."), Cause::EmptyState);
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::logic_error: front() of a non-empty queue only"), Cause::EmptyState);
}

TEST(FailureCause, IndexWordsOfExceptionsAssertionsAndAddressSanitizer) {
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::out_of_range: vector::_M_range_check"), Cause::Index);
  EXPECT_EQ(classify_failure(Outcome::Crash, "Assertion '__pos <= size()' failed."), Cause::Index);
  EXPECT_EQ(classify_failure(Outcome::Crash, "AddressSanitizer: heap-buffer-overflow on address 0x602"), Cause::Index);
  // "container-overflow" holds "overflow", yet an index is read first.
  EXPECT_EQ(classify_failure(Outcome::Crash, "AddressSanitizer: container-overflow on address 0x602"), Cause::Index);
}

TEST(FailureCause, UndefinedBehaviourOfArithmeticIsOverflow) {
  EXPECT_EQ(classify_failure(Outcome::Crash, "runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'"),
            Cause::Overflow);
  EXPECT_EQ(classify_failure(Outcome::Crash, "runtime error: shift exponent 40 is too large for 32-bit type 'int'"), Cause::Overflow);
  EXPECT_EQ(classify_failure(Outcome::Crash, "runtime error: load of value 7, which is not a valid value for type 'Color'"),
            Cause::Overflow);
}

TEST(FailureCause, OtherExceptionsAreValuesAndOtherDeathsCrashes) {
  EXPECT_EQ(classify_failure(Outcome::Failure, "std::domain_error: not in range"), Cause::Value);
  EXPECT_EQ(classify_failure(Outcome::Misuse, "std::runtime_error: refused"), Cause::Value);
  EXPECT_EQ(classify_failure(Outcome::Crash, "SIGABRT (Aborted)"), Cause::Crash);
  EXPECT_EQ(classify_failure(Outcome::Crash, "Assertion `ready' failed."), Cause::Crash);
}

TEST(FailureCause, TheFailedConditionOfEachKindOfMessage) {
  // No closing quote: the rest of the message is the condition.
  EXPECT_EQ(failed_condition("x.cpp:3: f: Assertion `n > 0"), "n > 0");
  // A sanitizer's report without a second line.
  EXPECT_EQ(failed_condition("a.cpp:1:2: runtime error: shift exponent 40 is too large"), "shift exponent 40 is too large");
  EXPECT_EQ(failed_condition("SIGSEGV (Segmentation fault)"), "");
  // An exception's text is its condition, even when it names a signal further on.
  EXPECT_EQ(failed_condition("std::runtime_error: got SIGSEGV"), "std::runtime_error: got SIGSEGV");
}

TEST(FailureCause, BlamedParametersComeInSlotOrder) {
  EXPECT_EQ(blamed_parameters("Assertion `last >= first' failed.", {"", "first", "last"}, FailureCauseInts{std::nullopt, 4, 2}),
            (std::vector<uint32_t>{1, 2}));
}

TEST(FailureCause, UnderscoresAroundANameDoNotMatter) {
  EXPECT_EQ(blamed_parameters("Assertion `count < 4' failed.", {"", "count_"}, FailureCauseInts{std::nullopt, 9}),
            (std::vector<uint32_t>{1}));
  EXPECT_EQ(blamed_parameters("Assertion `_m_count_ < 4' failed.", {"", "m_count"}, FailureCauseInts{std::nullopt, 9}),
            (std::vector<uint32_t>{1}));
}

TEST(FailureCause, AMemberOfTheReceiverIsNoParameter) {
  EXPECT_EQ(blamed_parameters("Assertion `this->pos < limit' failed.", {"", "pos", "limit"}, FailureCauseInts{std::nullopt, 1, 2}),
            (std::vector<uint32_t>{2}));
}

TEST(FailureCause, NegativeQuotedValuesBlameOnlyTheirOwnSign) {
  const std::string message = "std::out_of_range: offset -3 below zero";
  EXPECT_EQ(blamed_parameters(message, {"", "k"}, FailureCauseInts{std::nullopt, -3}), (std::vector<uint32_t>{1}));
  EXPECT_TRUE(blamed_parameters(message, {"", "k"}, FailureCauseInts{std::nullopt, 3}).empty());
  // "a-3" is a subtraction, not the value -3.
  EXPECT_EQ(blamed_parameters("std::out_of_range: a-3", {"", "k"}, FailureCauseInts{std::nullopt, 3}), (std::vector<uint32_t>{1}));
}

TEST(FailureCause, TextInQuotesBlamesNothing) {
  EXPECT_TRUE(blamed_parameters("std::invalid_argument: bad 'n 5'", {"", "n"}, FailureCauseInts{std::nullopt, 5}).empty());
}

TEST(FailureCause, ParametersWithoutANameAreBlamedByValue) {
  // Fewer names than parameters: the last one has none, and is found by its value.
  EXPECT_EQ(blamed_parameters("std::out_of_range: got 5", {""}, FailureCauseInts{std::nullopt, 5}), (std::vector<uint32_t>{1}));
  // A parameter that is not an integer is never blamed by a value.
  EXPECT_TRUE(blamed_parameters("std::out_of_range: got 5", {"", "s"}, FailureCauseInts{std::nullopt, std::nullopt}).empty());
}

}  // namespace
}  // namespace objgen::params
