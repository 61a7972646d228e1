// The table form of a states suite: a row per state a target needs (operation, slot, argument
// rows or literal indices), a build(row) function replaying a row, the observers' recorded values
// and the member checks as data, under TEST_Ps.
#include "emit/replay_table.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/code_writer.hpp"
#include "objgen/objgen.hpp"

namespace replay_table_test {
struct Gauge {
  int level = 0;
  void add(int v) { level += v; }
  int get() const { return level; }
};
}  // namespace replay_table_test
OBJGEN_FIELDS(replay_table_test::Gauge, level)

namespace replay_table_test {

// Operations 0: Gauge(), 1: add(int), 2: get(). States: 0 Gauge(); 1 add(0) on it (no target
// needs it); 2 add(1) on state 0; 3 add(2) on state 2.
struct GaugeStates {
  objgen::Api api;
  objgen::ClassId id = objgen::class_id<Gauge>();
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);  // ints 0, 1, 2
  objgen::StateStore store;
  std::vector<uint32_t> operations{0, 1};
  GaugeStates() {
    api.add_class<Gauge>().constructor<>().method("add", &Gauge::add).method("get", &Gauge::get);
    uint32_t made = store.add_state({1, 0}, store.add_sequence(0, {}), objgen::kResultSlot, id, 0);
    add(made, 0, 2);
    uint32_t one = add(made, 1, 3);
    add(one, 2, 4);
  }
  uint32_t add(uint32_t on, uint32_t literal, uint64_t fingerprint) {
    std::vector<objgen::ArgRef> args{objgen::ArgRef::state(on), objgen::ArgRef::literal(literal)};
    return store.add_state({fingerprint, 0}, store.add_sequence(1, args), 0, id, 1);
  }
  objgen::FoundStates found() const { return objgen::FoundStates{store, domain, id, operations}; }
};

}  // namespace replay_table_test

namespace objgen {
namespace {

TEST(ReplayTable, RowsAreTheStatesTheTargetsNeedInIdOrderRenumbered) {
  replay_table_test::GaugeStates g;
  std::string table = emit::replay_table(g.api, g.found(), {3}, "GaugeStates", nullptr);
  EXPECT_NE(table.find("struct Row { int op; int slot; int args[2]; };\n\n"
                       "const Row kRows[] = {\n"
                       "    {0, -1, {0}},\n"
                       "    {1, 0, {0, 1}},\n"
                       "    {1, 0, {1, 2}},\n"
                       "};\n\n"
                       "const int kTargets[] = {2,};\n"),
            std::string::npos)
      << table;
}

TEST(ReplayTable, TheLiteralTablesHoldTheDomainsValues) {
  replay_table_test::GaugeStates g;
  std::string table = emit::replay_table(g.api, g.found(), {3}, "GaugeStates", nullptr);
  EXPECT_EQ(table.rfind("namespace {\n\n", 0), 0u);
  EXPECT_NE(table.find("[[maybe_unused]] const int64_t kInts[] = {0, 1, 2};\n"), std::string::npos) << table;
}

TEST(ReplayTable, BuildReplaysEachOperationOnTheObjectsOfEarlierRows) {
  replay_table_test::GaugeStates g;
  std::string table = emit::replay_table(g.api, g.found(), {3}, "GaugeStates", nullptr);
  EXPECT_NE(table.find("std::shared_ptr<void> build(int state) {\n  const Row& r = kRows[state];\n  switch (r.op) {\n    case 0: {\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("      auto p0 = std::static_pointer_cast<replay_table_test::Gauge>(build(r.args[0]));\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("kInts[r.args[1]]"), std::string::npos) << table;
  EXPECT_NE(table.find("      if (r.slot == 0) return p0;\n"), std::string::npos) << table;
}

TEST(ReplayTable, WithoutOraclesThereIsOneParameterizedTestOfTheStates) {
  replay_table_test::GaugeStates g;
  std::string table = emit::replay_table(g.api, g.found(), {2, 3}, "GaugeStates", nullptr);
  EXPECT_NE(table.find("const int kTargets[] = {1,2,};\n"), std::string::npos) << table;
  EXPECT_NE(table.find("class GaugeStates : public ::testing::TestWithParam<int> {};\n"), std::string::npos) << table;
  EXPECT_NE(table.find("INSTANTIATE_TEST_SUITE_P(All, GaugeStates, "), std::string::npos) << table;
  EXPECT_EQ(table.find("kObserved"), table.find("kObservedText")) << "no observations: only the empty text table";
  EXPECT_EQ(table.find("Members"), std::string::npos) << table;
  EXPECT_EQ(table.find("check_observers"), std::string::npos) << table;
}

TEST(ReplayTable, RecordedObservationsAreCheckedPerTarget) {
  replay_table_test::GaugeStates g;
  oracles::OracleResult observed;
  observed.states.resize(2);
  observed.states[0].observed = {{2, Literal{LiteralKind::Int, 1}}};
  observed.states[1].observed = {{2, Literal{LiteralKind::Int, 3}}};
  std::string table = emit::replay_table(g.api, g.found(), {2, 3}, "GaugeStates", &observed);
  EXPECT_NE(table.find("const Observed kObserved[] = {\n    {2, 1, 0.0},\n    {2, 3, 0.0},\n};\n"), std::string::npos) << table;
  EXPECT_NE(table.find("const int kObservedFrom[] = {0, 1, 2};\n"), std::string::npos) << table;
  EXPECT_NE(table.find("  check_observers(kObservedFrom[GetParam()], kObservedFrom[GetParam() + 1], state);\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("      case 2: EXPECT_EQ(static_cast<long long>(state->get()), e.i); break;"), std::string::npos) << table;
}

TEST(ReplayTable, MemberChecksAreRowsNamedAsTheReadableFormNamesThem) {
  replay_table_test::GaugeStates g;
  oracles::OracleResult observed;
  observed.states.resize(1);
  oracles::MethodCheck twice;
  twice.call = {1, {0, -3}};  // add(2) on the state
  observed.states[0].checks = {twice, twice};
  oracles::MethodCheck reading;
  reading.call = {2, {0}};
  reading.returned = Literal{LiteralKind::Int, 3};
  observed.states[0].checks.push_back(reading);
  EXPECT_EQ(emit::member_check_count(observed, 1), 3u);
  EXPECT_EQ(emit::member_check_count(observed, 0), 0u);
  std::string table = emit::replay_table(g.api, g.found(), {3}, "GaugeStates", &observed);
  std::string add = emit::test_identifier(g.api.operations()[1].signature());
  std::string get = emit::test_identifier(g.api.operations()[2].signature());
  EXPECT_NE(table.find("const char* const kMemberCheckNames[] = {\n    \"State0_then_" + add + "\",\n    \"State0_then_" + add +
                       "_2\",\n    \"State0_then_" + get + "\",\n};\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("    {0, 1, {2}, 0, 0, 0.0, 0, 0},\n    {0, 1, {2}, 0, 0, 0.0, 0, 0},\n    {0, 2, {0}, 1, 3, 0.0, 0, 0},\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("      if (c.expect == 1) { EXPECT_EQ(static_cast<long long>(state->get()), c.i); break; }\n"), std::string::npos)
      << table;
  EXPECT_NE(table.find("INSTANTIATE_TEST_SUITE_P(All, GaugeStatesMembers, ::testing::Range(0, 3),\n"), std::string::npos) << table;
}

TEST(ReplayTable, MemberChecksAloneBesideAReadableSuite) {
  replay_table_test::GaugeStates g;
  oracles::OracleResult observed;
  observed.states.resize(1);
  observed.states[0].observed = {{2, Literal{LiteralKind::Int, 3}}};
  oracles::MethodCheck reading;
  reading.call = {2, {0}};
  observed.states[0].checks = {reading};
  std::string table = emit::replay_table(g.api, g.found(), {3}, "GaugeStates", &observed, false);
  EXPECT_EQ(table.find("class GaugeStates :"), std::string::npos) << table;
  EXPECT_EQ(table.find("kObservedFrom"), std::string::npos) << table;
  EXPECT_NE(table.find("class GaugeStatesMembers : public ::testing::TestWithParam<int> {};\n"), std::string::npos) << table;
}

}  // namespace
}  // namespace objgen
