// The repair the parameter search makes after a failed try, by the failure's cause and on the
// parameters it blamed: no zeros after a division by zero, small integers after a size error,
// indices after an out-of-range, other values, the next creator or fewer builder calls when an
// input could not be built, and the repairs in turn after a bare crash.
#include <gtest/gtest.h>

#include <cstdlib>
#include <stdexcept>

#include "gen/params/method_search.hpp"
#include "objgen/objgen.hpp"

namespace repairs_test {

class Meter {
 public:
  void add(int v) { total_ += v; }
  void split(int parts) {
    if (parts == 0) throw std::domain_error("parts is 0: division by zero");
    total_ /= parts;
  }
  void reserve(int n) {
    if (n > 8) throw std::length_error("n too large");
  }
  void seek(int pos) {
    if (pos < 0 || pos > 8) throw std::out_of_range("pos out of range");
  }
  void tune(int code) {
    if (code != 4242) throw std::invalid_argument("wrong code");
  }
  void poke(int) { std::abort(); }
  int total_ = 0;
};

// Its default constructor always refuses; the one with two ints works.
class Valve {
 public:
  Valve() { throw std::runtime_error("stuck"); }
  Valve(int a, int b) : open_(a + b) {}
  void turn() { ++open_; }
  int open_ = 0;
};

// Its builder call always fails.
class Pump {
 public:
  void prime(int) { throw std::runtime_error("dry"); }
  void run() { ++runs_; }
  int runs_ = 0;
};

}  // namespace repairs_test

OBJGEN_FIELDS(repairs_test::Meter, total_)
OBJGEN_FIELDS(repairs_test::Valve, open_)
OBJGEN_FIELDS(repairs_test::Pump, runs_)

namespace repairs_test {

using namespace objgen;
using namespace objgen::params;

struct RepairSearch {
  Api api;
  LiteralDomain domain;
  search::ApiFacts facts;
  RepairSearch() {
    api.add_class<Meter>()
        .constructor<>()
        .method("add", &Meter::add)
        .method("split", &Meter::split)
        .param_names({"parts"})
        .method("reserve", &Meter::reserve)
        .param_names({"n"})
        .method("seek", &Meter::seek)
        .param_names({"pos"})
        .method("tune", &Meter::tune)
        .param_names({"code"})
        .method("poke", &Meter::poke)
        .builders({"Meter", "add"})
        .constants({{"kCode", 4242}});
    api.add_class<Valve>().constructor<>().constructor<int, int>().method("turn", &Valve::turn);
    api.add_class<Pump>().constructor<>().method("prime", &Pump::prime).method("run", &Pump::run).builders({"Pump", "prime"});
    domain = params_domain(api);
    facts = search::learn_api(api, domain, {});
  }
  uint32_t op(const std::string& name, size_t params = SIZE_MAX) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name && (params == SIZE_MAX || api.operations()[i].params.size() == params)) return i;
    ADD_FAILURE() << name;
    return 0;
  }
  uint32_t int_index(int64_t value) const {
    const auto& ints = domain.of(LiteralKind::Int);
    for (uint32_t i = 0; i < ints.size(); ++i)
      if (ints[i].i == value) return i;
    ADD_FAILURE() << value;
    return 0;
  }
  // Searches `method`, its first try given `first` as its integer parameter (when there is one).
  MethodParams run(const std::string& method, std::optional<int64_t> first = {}, uint32_t tries = 16) {
    TestRunner runner(api, domain, RunnerOptions{});
    search::MethodSearch s(api, domain, facts, op(method), true, 7);
    if (first) s.start_from({std::nullopt, int_index(*first)});
    uint64_t executions = 0;
    return s.run(tries, runner, executions, nullptr);
  }
  int64_t int_argument(const Attempt& a) const {
    return domain.of(LiteralKind::Int)[static_cast<size_t>(-1 - a.sequence.calls.back().args[1])].i;
  }
};

TEST(Repairs, ADivisionByZeroTakesZeroAway) {
  RepairSearch r;
  MethodParams m = r.run("split", 0);
  EXPECT_EQ(m.status, Status::Repaired);
  ASSERT_EQ(m.attempts.size(), 2u);
  EXPECT_EQ(m.attempts[0].cause, Cause::DivideByZero);
  EXPECT_EQ(m.attempts[0].repair, "parts: no zero integers");
  EXPECT_NE(r.int_argument(m.attempts[1]), 0);
}

TEST(Repairs, ASizeErrorMakesIntegersSmall) {
  RepairSearch r;
  MethodParams m = r.run("reserve", 1000);
  EXPECT_EQ(m.status, Status::Repaired);
  ASSERT_EQ(m.attempts.size(), 2u);
  EXPECT_EQ(m.attempts[0].cause, Cause::Size);
  EXPECT_EQ(m.attempts[0].repair, "n: smaller integers (0 to 8)");
  int64_t n = r.int_argument(m.attempts[1]);
  EXPECT_GE(n, 0);
  EXPECT_LE(n, 8);
}

TEST(Repairs, AnIndexOutOfRangeMakesIntegersIndices) {
  RepairSearch r;
  MethodParams m = r.run("seek", 100);
  ASSERT_GE(m.attempts.size(), 2u);
  EXPECT_EQ(m.attempts[0].cause, Cause::Index);
  EXPECT_EQ(m.attempts[0].repair, "pos: integers as indices: non-negative, summing below the smallest size");
  for (size_t i = 1; i < m.attempts.size(); ++i) EXPECT_GE(r.int_argument(m.attempts[i]), 0);
  EXPECT_TRUE(m.ran()) << m.why;
}

TEST(Repairs, ARefusedValueTriesOtherValues) {
  RepairSearch r;
  MethodParams m = r.run("tune", 3);
  ASSERT_GE(m.attempts.size(), 2u);
  EXPECT_EQ(m.attempts[0].cause, Cause::Value);
  EXPECT_EQ(m.attempts[0].repair, "code: other values (the class's constants, then any)");
  EXPECT_TRUE(m.ran()) << m.why;
  EXPECT_EQ(r.int_argument(m.attempts.back()), 4242);
}

TEST(Repairs, AnInputThatCannotBeBuiltGetsTheNextCreator) {
  RepairSearch r;
  MethodParams m = r.run("turn");
  EXPECT_EQ(m.status, Status::Repaired);
  ASSERT_EQ(m.attempts.size(), 2u);
  EXPECT_TRUE(m.attempts[0].in_setup);
  EXPECT_EQ(m.attempts[0].repair, "input 0: the next simplest creator, " + r.api.operations()[r.op("Valve", 2)].signature());
  EXPECT_EQ(m.attempts[1].sequence.calls[0].op, r.op("Valve", 2));
}

TEST(Repairs, AFailingBuilderCallIsCalledLess) {
  RepairSearch r;
  MethodParams m = r.run("run");
  EXPECT_EQ(m.status, Status::Repaired);
  ASSERT_EQ(m.attempts.size(), 3u);
  EXPECT_EQ(m.attempts[0].repair, "input 0: fewer builder calls (1)");
  EXPECT_EQ(m.attempts[1].repair, "input 0: fewer builder calls (0)");
  EXPECT_EQ(m.attempts[2].sequence.calls.size(), 2u);  // the pump as constructed, then run()
}

TEST(Repairs, ABareCrashTriesEachRepairInTurn) {
  RepairSearch r;
  MethodParams m = r.run("poke", {}, 3);
  EXPECT_EQ(m.status, Status::GaveUp);
  ASSERT_EQ(m.attempts.size(), 3u);
  EXPECT_EQ(m.attempts[0].cause, Cause::Crash);
  EXPECT_EQ(m.attempts[0].repair, "integers as indices (after a crash)");
  EXPECT_EQ(m.attempts[1].repair, "non-empty inputs (after a crash): more builder calls");
  EXPECT_EQ(m.attempts[2].repair, "smaller integers (after a crash)");
}

}  // namespace repairs_test
