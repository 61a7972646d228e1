// One call and its outcome: a normal return, a precondition exception (misuse), any other
// exception (failure, named with its library base classes), a broken contract or invariant; the
// registered invariant's check; outcome and signal names.
#include "exec/executor.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <optional>
#include <stdexcept>
#include <string>

#include "objgen/objgen.hpp"

namespace executor_test {

// A library's own error hierarchy, as yaml-cpp has: the common base is what a failure shows.
struct LibraryError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct BadKey : LibraryError {
  using LibraryError::LibraryError;
};

class Gauge {
 public:
  Gauge() = default;
  explicit Gauge(int start) {
    if (start < 0) throw std::runtime_error("negative start");
    level_ = start;
  }
  void set(int v) {
    if (v > 2) throw std::out_of_range("level past 2");
    if (v < 0) throw BadKey("no such level");
    level_ = v;
  }
  void fail() { throw std::runtime_error("boom"); }
  void throw_int() { throw 7; }
  void contract() { throw objgen::ContractViolation("copy differs"); }
  void invariant_check() { throw objgen::ContractViolation("repOK false", true); }
  bool ok() const {
    if (level_ == 2) throw std::logic_error("cannot tell");
    return level_ == 0;
  }
  int level_ = 0;  // public: OBJGEN_FIELDS reads it
};

}  // namespace executor_test

OBJGEN_FIELDS(executor_test::Gauge, level_)

namespace executor_test {

using namespace objgen;

struct GaugeApi {
  Api api;
  GaugeApi() {
    api.add_class<Gauge>()
        .constructor<>()
        .constructor<int>()
        .method("set", &Gauge::set)
        .method("fail", &Gauge::fail)
        .method("throw_int", &Gauge::throw_int)
        .method("contract", &Gauge::contract)
        .method("invariant_check", &Gauge::invariant_check)
        .invariant(&Gauge::ok, "ok");
  }
  const Operation& op(const std::string& name, size_t params) const {
    for (const Operation& o : api.operations())
      if (o.name == name && o.params.size() == params) return o;
    throw std::invalid_argument(name);
  }
  // A new Gauge from its default constructor, through the registered operation.
  Object make() const {
    CallResult out;
    EXPECT_EQ(execute_call(op("Gauge", 0), nullptr, out, api.misuse(), nullptr), Outcome::Normal);
    return out.object;
  }
  // Calls a member on `g` with at most one int argument; returns the outcome and the message.
  std::pair<Outcome, std::string> call(Object& g, const std::string& name, std::optional<int64_t> value = {}) const {
    Literal lit;
    lit.i = value.value_or(0);
    Arg args[2] = {{nullptr, &g}, {&lit, nullptr}};
    CallResult out;
    std::string message;
    Outcome o = execute_call(op(name, value ? 2 : 1), args, out, api.misuse(), &message);
    return {o, message};
  }
};

TEST(Executor, ANormalCallChangesTheObject) {
  GaugeApi g;
  Object gauge = g.make();
  ASSERT_TRUE(gauge);
  EXPECT_EQ(g.call(gauge, "set", 1).first, Outcome::Normal);
  EXPECT_EQ(static_cast<Gauge*>(gauge.get())->level_, 1);
}

TEST(Executor, APreconditionExceptionIsMisuseNamedByItsType) {
  GaugeApi g;
  Object gauge = g.make();
  auto [outcome, message] = g.call(gauge, "set", 5);
  EXPECT_EQ(outcome, Outcome::Misuse);
  EXPECT_EQ(message, "std::out_of_range: level past 2");
}

TEST(Executor, OtherExceptionsAreFailuresWithTheirLibraryBases) {
  GaugeApi g;
  Object gauge = g.make();
  auto [outcome, message] = g.call(gauge, "fail");
  EXPECT_EQ(outcome, Outcome::Failure);
  EXPECT_EQ(message, "std::runtime_error: boom");  // a standard type: no base named
  auto [bad_key, key_message] = g.call(gauge, "set", -1);
  EXPECT_EQ(bad_key, Outcome::Failure);
  EXPECT_EQ(key_message, "executor_test::BadKey (a executor_test::LibraryError): no such level");
  auto [thrown_int, int_message] = g.call(gauge, "throw_int");
  EXPECT_EQ(thrown_int, Outcome::Failure);
  EXPECT_EQ(int_message, "int");  // no what() to add
}

TEST(Executor, ContractViolationsAreNeitherMisuseNorFailure) {
  GaugeApi g;
  Object gauge = g.make();
  auto [contract, contract_message] = g.call(gauge, "contract");
  EXPECT_EQ(contract, Outcome::ContractBroken);
  EXPECT_EQ(contract_message, "copy differs");
  auto [invariant, invariant_message] = g.call(gauge, "invariant_check");
  EXPECT_EQ(invariant, Outcome::InvariantBroken);
  EXPECT_EQ(invariant_message, "repOK false");
}

TEST(Executor, ACreatorRefusingItsLiteralsIsMisuseUnlessValidationErrorsAreFailures) {
  GaugeApi g;
  Literal minus_one;
  minus_one.i = -1;
  Arg args[1] = {{&minus_one, nullptr}};
  CallResult out;
  std::string message;
  EXPECT_EQ(execute_call(g.op("Gauge", 1), args, out, g.api.misuse(), &message), Outcome::Misuse);
  EXPECT_EQ(message, "std::runtime_error: negative start");
  MisusePolicy strict = g.api.misuse();
  strict.creators_validate = false;
  EXPECT_EQ(execute_call(g.op("Gauge", 1), args, out, strict, nullptr), Outcome::Failure);
}

TEST(Executor, InvariantHoldsSaysWhyNot) {
  GaugeApi g;
  const ClassInfo& info = *g.api.find_class(g.op("Gauge", 0).result.cls);
  Gauge gauge;
  std::string why;
  EXPECT_TRUE(invariant_holds(info, &gauge, &why));
  gauge.level_ = 1;
  EXPECT_FALSE(invariant_holds(info, &gauge, &why));
  EXPECT_EQ(why, "invariant of " + info.name + " returned false");
  gauge.level_ = 2;  // the invariant throws: broken too
  EXPECT_FALSE(invariant_holds(info, &gauge, &why));
  EXPECT_EQ(why, "invariant of " + info.name + " threw std::logic_error");
  ClassInfo without;
  EXPECT_TRUE(invariant_holds(without, &gauge, nullptr));
}

TEST(Executor, OutcomeNamesAndWhichAreFindings) {
  EXPECT_STREQ(outcome_name(Outcome::Normal), "normal");
  EXPECT_STREQ(outcome_name(Outcome::InvariantBroken), "invariant");
  EXPECT_STREQ(outcome_name(Outcome::OutOfScope), "out-of-scope");
  EXPECT_STREQ(outcome_name(Outcome::ContractBroken), "contract");
  EXPECT_STREQ(outcome_name(static_cast<Outcome>(200)), "?");
  for (Outcome o : {Outcome::Normal, Outcome::Misuse, Outcome::OutOfScope}) EXPECT_FALSE(is_finding(o)) << outcome_name(o);
  for (Outcome o : {Outcome::Failure, Outcome::InvariantBroken, Outcome::Crash, Outcome::Timeout, Outcome::Nondeterministic,
                    Outcome::OutOfMemory, Outcome::ContractBroken})
    EXPECT_TRUE(is_finding(o)) << outcome_name(o);
}

TEST(Executor, SignalDescriptionsNameTheSignal) {
  EXPECT_EQ(signal_description(SIGSEGV), "SIGSEGV (Segmentation fault)");
  EXPECT_EQ(signal_description(SIGABRT), "SIGABRT (Aborted)");
  // A number no signal has: still a description, without an abbreviation.
  EXPECT_EQ(signal_description(1000).rfind("signal 1000", 0), 0u);
}

}  // namespace executor_test
