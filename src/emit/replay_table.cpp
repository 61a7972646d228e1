#include "emit/replay_table.hpp"

#include <map>
#include <set>
#include <span>

#include <fmt/format.h>

#include "emit/code_writer.hpp"
#include "exec/sequence.hpp"

namespace objgen::emit {
namespace {

// The rows a replay table needs for these target states: them and every state their sequences
// use, in id order (so a row's arguments are earlier rows).
std::vector<uint32_t> rows_for(const StateStore& store, const Api& api, const std::vector<uint32_t>& targets) {
  std::vector<char> needed(store.state_count(), 0);
  std::vector<uint32_t> todo(targets.begin(), targets.end());
  while (!todo.empty()) {
    uint32_t s = todo.back();
    todo.pop_back();
    if (needed[s]) continue;
    needed[s] = 1;
    const SequenceNode& seq = store.sequence(store.state(s).sequence);
    const Operation& op = api.operations()[seq.op];
    auto args = store.args(store.state(s).sequence, op.params.size());
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object()) todo.push_back(args[i].index());
  }
  std::vector<uint32_t> rows;
  for (uint32_t s = 0; s < store.state_count(); ++s)
    if (needed[s]) rows.push_back(s);
  return rows;
}

// The literal tables (kInts, ..., one kEnumN per enumeration the operations take) and how a
// table's entry is passed as a parameter.
class LiteralTables {
 public:
  LiteralTables(const Api& api, const LiteralDomain& domain, const std::vector<uint32_t>& ops) : domain_(domain) {
    for (uint32_t op : ops)
      for (const SlotType& p : api.operations()[op].params) {
        const std::vector<std::string>* names = p.enum_type.empty() ? nullptr : domain.enumerator_names(p.enum_type);
        if (names && !enum_tables_.count(p.enum_type)) enum_tables_[p.enum_type] = "kEnum" + std::to_string(enum_tables_.size());
      }
  }

  std::string declarations() const {
    std::string out;
    const char* kinds[] = {"int64_t kInts", "double kDoubles", "char kChars", "bool kBools", "std::string kStrings"};
    for (int k = 0; k < 5; ++k) {
      std::vector<std::string> vals;
      for (size_t i = 0; i < domain_.of(static_cast<LiteralKind>(k)).size(); ++i)
        vals.push_back(domain_.cpp(static_cast<LiteralKind>(k), i));
      if (vals.empty()) vals.push_back("{}");
      out += fmt::format("[[maybe_unused]] const {}[] = {{{}}};\n", kinds[k], fmt::join(vals, ", "));
    }
    for (const auto& [type, table] : enum_tables_)
      out += fmt::format("[[maybe_unused]] const {} {}[] = {{{}}};\n", type, table, fmt::join(*domain_.enumerator_names(type), ", "));
    return out;
  }

  // Literal parameter p, its value's index in the expression `index`.
  std::string argument(const SlotType& p, const std::string& index) const {
    auto e = enum_tables_.find(p.enum_type);
    if (e != enum_tables_.end()) return fmt::format("{}[{}]", e->second, index);
    const char* table[] = {"kInts", "kDoubles", "kChars", "kBools", "kStrings"};
    std::string value = fmt::format("{}[{}]", table[static_cast<int>(p.literal)], index);
    if (!p.enum_type.empty()) return fmt::format("static_cast<{}>({})", p.enum_type, value);
    std::string type = value_type_of(p.cpp_type);
    // A const char* parameter gets the table's string; the others a value of their own type
    // (a prvalue binds to T&& and const T& alike).
    if (p.literal == LiteralKind::String && !type.empty() && type.back() == '*') return value + ".c_str()";
    return fmt::format("static_cast<{}>({})", type, value);
  }

 private:
  const LiteralDomain& domain_;
  std::map<std::string, std::string> enum_tables_;  // enumeration -> its table of values
};

// Recorded values as table fields: an integer (a bool, a char's number, or a string's index in
// kObservedText) and a double.
class RecordedValues {
 public:
  std::string fields(const Literal& v) {
    int64_t i = v.i;
    if (v.kind == LiteralKind::String) {
      texts_ += "    " + cpp_literal(v) + ",\n";
      i = text_count_++;
    }
    return fmt::format("{}, {}", cpp_literal({LiteralKind::Int, i, 0, ""}), v.kind == LiteralKind::Double ? cpp_literal(v) : "0.0");
  }
  // What a value of `kind` read from `row` (a row with fields i and d) is, as C++.
  static std::string expected(LiteralKind kind, const std::string& row) {
    switch (kind) {
      case LiteralKind::Double:
        return row + ".d";
      case LiteralKind::String:
        return "kObservedText[" + row + ".i]";
      case LiteralKind::Bool:
        return row + ".i != 0";
      default:
        return row + ".i";
    }
  }
  std::string declaration() const {
    return "[[maybe_unused]] const std::string kObservedText[] = {\n" + (texts_.empty() ? "    std::string(),\n" : texts_) + "};\n\n";
  }

 private:
  std::string texts_;
  int64_t text_count_ = 0;
};

// The observations of every target state, then those after each member check, in one table
// kObserved; check_observers(from, to, state) compares a range of it with what the observers
// return now.
class ObservedTable {
 public:
  explicit ObservedTable(RecordedValues& values) : values_(values) {}

  // Appends them; returns where they begin.
  size_t add(const std::vector<oracles::Observation>& observations) {
    size_t from = count_;
    for (const oracles::Observation& o : observations) {
      rows_ += fmt::format("    {{{}, {}}},\n", o.op, values_.fields(o.value));
      used_.insert(o.op);
      ++count_;
    }
    return from;
  }
  size_t size() const { return count_; }

  std::string definition(const Api& api, const std::string& cls) const {
    if (count_ == 0) return "";
    std::string out =
        "// What each observer returned when objgen ran it (twice, in two processes).\n"
        "struct Observed { int observer; long long i; double d; };\nconst Observed kObserved[] = {\n" +
        rows_ + "};\n\n";
    out += "void check_observers(int from, int to, const std::shared_ptr<" + cls +
           ">& state) {\n"
           "  for (int k = from; k < to; ++k) {\n    const Observed& e = kObserved[k];\n    switch (e.observer) {\n";
    for (uint32_t op : used_) {
      const Operation& o = api.operations()[op];
      out +=
          fmt::format("      case {}: {} break;  // {}\n", op,
                      expect_returns(call_statement(o, {"state"}, ""), o.result.literal, RecordedValues::expected(o.result.literal, "e")),
                      o.signature());
    }
    return out + "    }\n  }\n}\n\n";
  }

 private:
  RecordedValues& values_;
  std::string rows_;
  std::set<uint32_t> used_;
  size_t count_ = 0;
};

std::string rows_table(const Api& api, const StateStore& store, const std::vector<uint32_t>& rows, const std::vector<uint32_t>& row_of,
                       size_t max_params) {
  std::string out = fmt::format("struct Row {{ int op; int slot; int args[{}]; }};\n\nconst Row kRows[] = {{\n", max_params);
  for (uint32_t s : rows) {
    const StateRecord& rec = store.state(s);
    const SequenceNode& seq = store.sequence(rec.sequence);
    const Operation& op = api.operations()[seq.op];
    std::vector<std::string> args;
    auto refs = store.args(rec.sequence, op.params.size());
    for (size_t i = 0; i < op.params.size(); ++i)
      args.push_back(std::to_string(op.params[i].is_object() ? row_of[refs[i].index()] : refs[i].index()));
    if (args.empty()) args.push_back("0");
    out += fmt::format("    {{{}, {}, {{{}}}}},\n", seq.op, rec.slot == kResultSlot ? -1 : rec.slot, fmt::join(args, ", "));
  }
  return out + "};\n\n";
}

// build(row): the row's call made on the objects its earlier rows build; returns the row's object.
std::string build_function(const Api& api, std::span<const uint32_t> operations, const LiteralTables& literals) {
  std::string out = "std::shared_ptr<void> build(int state) {\n  const Row& r = kRows[state];\n  switch (r.op) {\n";
  for (uint32_t op_index : operations) {
    const Operation& op = api.operations()[op_index];
    if (!op.emittable) {
      out += fmt::format("    case {}:  // {}: registered as a lambda without a cpp_call\n      return nullptr;\n", op_index, op.name);
      continue;
    }
    out += fmt::format("    case {}: {{\n", op_index);
    std::vector<std::string> values;
    for (size_t i = 0; i < op.params.size(); ++i) {
      const SlotType& p = op.params[i];
      if (p.is_object()) {
        out += fmt::format(
            "      auto p{0} = std::static_pointer_cast<{1}>(build(r.args[{0}]));\n"
            "      if (!p{0}) return nullptr;  // built through a lambda-only operation\n",
            i, class_vtable(p.cls).name);
        values.push_back(fmt::format("p{}", i));
      } else {
        values.push_back(literals.argument(p, fmt::format("r.args[{}]", i)));
      }
    }
    out += "      " + call_statement(op, values, "result") + "\n";
    for (size_t i = 0; i < op.params.size(); ++i)
      if (op.params[i].is_object()) out += fmt::format("      if (r.slot == {}) return p{};\n", i, i);
    out += op.result.is_object() ? "      return result;\n" : "      return nullptr;\n";
    out += "    }\n";
  }
  return out + "  }\n  return nullptr;\n}\n\n";
}

// The members called on the sampled target states: a row each (target, member, argument
// indices, expect: 0 the call returns, 1 it returns the value i/d, 2 it throws; the range of
// kObserved checked after it), their names, and call_member(check, state).
struct MemberCheckTable {
  std::string rows, names;
  std::set<uint32_t> members;
  size_t count = 0;
};

MemberCheckTable member_check_rows(const oracles::OracleResult& oracles, size_t targets, RecordedValues& values, ObservedTable& observed,
                                   const Api& api) {
  MemberCheckTable t;
  for (size_t state = 0; state < targets && state < oracles.states.size(); ++state) {
    std::map<std::string, int> seen;
    for (const oracles::MethodCheck& c : oracles.states[state].checks) {
      const Operation& op = api.operations()[c.call.op];
      std::vector<std::string> args;
      for (size_t k = 1; k < op.params.size(); ++k) args.push_back(std::to_string(-1 - c.call.args[k]));
      if (args.empty()) args.push_back("0");
      int expect = c.throws ? 2 : c.returned ? 1 : 0;
      std::string recorded = c.returned ? values.fields(*c.returned) : "0, 0.0";
      size_t after = observed.add(c.after);
      t.rows += fmt::format("    {{{}, {}, {{{}}}, {}, {}, {}, {}}},\n", state, c.call.op, fmt::join(args, ", "), expect, recorded, after,
                            observed.size());
      std::string name = test_identifier(op.signature());
      int n = seen[name]++;
      t.names += fmt::format("    \"State{}_then_{}{}\",\n", state, name, n ? fmt::format("_{}", n + 1) : std::string());
      t.members.insert(c.call.op);
      ++t.count;
    }
  }
  return t;
}

std::string call_member_function(const Api& api, const MemberCheckTable& t, const LiteralTables& literals, const std::string& cls) {
  std::string out = "void call_member(const MemberCheck& c, const std::shared_ptr<" + cls + ">& state) {\n  switch (c.op) {\n";
  for (uint32_t op_index : t.members) {
    const Operation& op = api.operations()[op_index];
    std::vector<std::string> values{"state"};
    for (size_t k = 1; k < op.params.size(); ++k) values.push_back(literals.argument(op.params[k], fmt::format("c.args[{}]", k - 1)));
    std::string call = call_statement(op, values, "result");  // an object result is kept (and destroyed)
    out += fmt::format("    case {}: {{  // {}\n", op_index, op.signature());
    std::string checked = expect_returns(call, op.result.literal, RecordedValues::expected(op.result.literal, "c"));
    if (op.result.is_literal() && checked != call) out += "      if (c.expect == 1) { " + checked + " break; }\n";
    out += "      " + call + "\n      break;\n    }\n";
  }
  return out + "  }\n}\n\n";
}

// Rebuilds: every target state rebuilt from its row, its invariant and observers checked.
std::string states_test(const Api& api, ClassId target, const std::string& suite, bool observed) {
  const std::string& cls = class_vtable(target).name;
  std::string out = fmt::format("class {} : public ::testing::TestWithParam<int> {{}};\n\n", suite);
  out += fmt::format(
      "TEST_P({}, Rebuilds) {{\n  auto state = std::static_pointer_cast<{}>(build(kTargets[GetParam()]));\n"
      "  if (!state) GTEST_SKIP() << \"built through an operation registered as a lambda\";\n{}{}}}\n\n",
      suite, cls, invariant_check(api, target, "state"),
      observed ? "  check_observers(kObservedFrom[GetParam()], kObservedFrom[GetParam() + 1], state);\n" : "");
  return out +
         fmt::format("INSTANTIATE_TEST_SUITE_P(All, {}, ::testing::Range(0, static_cast<int>(sizeof kTargets / sizeof kTargets[0])));\n",
                     suite);
}

// Each member check: the state rebuilt, the member called (its value checked, or that it
// throws), then the observers on the receiver after it; named as the readable form names it.
std::string member_checks_test(const std::string& suite, const std::string& cls, size_t count, bool observed_after) {
  std::string out = fmt::format("\nclass {}Members : public ::testing::TestWithParam<int> {{}};\n\n", suite);
  out += fmt::format(
      "TEST_P({}Members, Call) {{\n  const MemberCheck& c = kMemberChecks[GetParam()];\n"
      "  auto state = std::static_pointer_cast<{}>(build(kTargets[c.target]));\n"
      "  if (!state) GTEST_SKIP() << \"built through an operation registered as a lambda\";\n"
      "  if (c.expect == 2) EXPECT_ANY_THROW(call_member(c, state));\n  else call_member(c, state);\n{}}}\n\n",
      suite, cls, observed_after ? "  check_observers(c.after_from, c.after_to, state);\n" : "");
  return out + fmt::format(
                   "INSTANTIATE_TEST_SUITE_P(All, {0}Members, ::testing::Range(0, {1}),\n"
                   "                         [](const ::testing::TestParamInfo<int>& info) {{ return "
                   "std::string(kMemberCheckNames[info.param]); }});\n",
                   suite, count);
}

}  // namespace

std::string replay_table(const Api& api, const FoundStates& states, const std::vector<uint32_t>& targets, const std::string& suite,
                         const oracles::OracleResult* oracles, bool with_states) {
  const StateStore& store = states.store;
  std::vector<uint32_t> rows = rows_for(store, api, targets);
  std::vector<uint32_t> row_of(store.state_count(), 0);
  for (uint32_t i = 0; i < rows.size(); ++i) row_of[rows[i]] = i;
  size_t max_params = 1;
  for (uint32_t op : states.operations) max_params = std::max(max_params, api.operations()[op].params.size());
  std::vector<uint32_t> literal_users(states.operations.begin(), states.operations.end());  // the builders, and the members checked
  if (oracles) {
    std::vector<uint32_t> members = oracles::members_to_check(api, states.target);
    literal_users.insert(literal_users.end(), members.begin(), members.end());
  }
  LiteralTables literals(api, states.domain, literal_users);
  const std::string& cls = class_vtable(states.target).name;

  RecordedValues values;
  ObservedTable observed(values);
  std::string observed_from = "0";
  for (size_t t = 0; oracles && with_states && t < targets.size(); ++t) {
    if (t < oracles->states.size()) observed.add(oracles->states[t].observed);
    observed_from += ", " + std::to_string(observed.size());
  }
  size_t state_observations = observed.size();
  MemberCheckTable checks = oracles ? member_check_rows(*oracles, targets.size(), values, observed, api) : MemberCheckTable{};

  std::string out = "namespace {\n\n" + literals.declarations() + "\n" + rows_table(api, store, rows, row_of, max_params);
  out += "const int kTargets[] = {";
  for (uint32_t s : targets) out += std::to_string(row_of[s]) + ",";
  out += "};\n\n" + build_function(api, states.operations, literals);
  out += values.declaration() + observed.definition(api, cls);
  if (state_observations > 0)
    out += "// kObserved[kObservedFrom[t]] up to kObservedFrom[t + 1] are target t's.\nconst int kObservedFrom[] = {" + observed_from +
           "};\n\n";
  if (checks.count > 0) {
    size_t max_args = 1;
    for (uint32_t op : checks.members) max_args = std::max(max_args, api.operations()[op].params.size() - 1);
    out += fmt::format(
        "struct MemberCheck {{ int target; int op; int args[{}]; int expect; long long i; double d; int after_from; int after_to; }};\n\n"
        "const MemberCheck kMemberChecks[] = {{\n{}}};\n\nconst char* const kMemberCheckNames[] = {{\n{}}};\n\n",
        max_args, checks.rows, checks.names);
    out += call_member_function(api, checks, literals, cls);
  }
  out += "}  // namespace\n\n";
  if (with_states) out += states_test(api, states.target, suite, state_observations > 0);
  if (checks.count == 0) return out;
  return out + member_checks_test(suite, cls, checks.count, observed.size() > state_observations);
}

size_t member_check_count(const oracles::OracleResult& oracles, size_t targets) {
  size_t n = 0;
  for (size_t t = 0; t < targets && t < oracles.states.size(); ++t) n += oracles.states[t].checks.size();
  return n;
}

}  // namespace objgen::emit
