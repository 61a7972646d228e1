#include "emit/contract_writer.hpp"

#include <fmt/format.h>

#include <functional>

#include "emit/code_writer.hpp"
#include "gen/oracles/contracts.hpp"
#include "gen/oracles/regression_oracles.hpp"

namespace objgen::emit {
namespace {

using contracts::Contract;

// A call statement as an expression: "(void)x->size();" -> "x->size()".
std::string expression_of(const std::string& statement) {
  if (statement.rfind("(void)", 0) != 0 || statement.back() != ';') return "";
  return statement.substr(6, statement.size() - 7);
}

// A lambda that prints what the class's observers return on an object (an exception as
// "throws"): two objects in the same canonical state print the same.
std::string observe_lambda(const Api& api, ClassId cls) {
  const std::string& name = class_vtable(cls).name;
  std::string body;
  for (uint32_t k : oracles::observers_of(api, cls)) {
    const Operation& o = api.operations()[k];
    if (o.contract >= 0) continue;
    std::string call = expression_of(call_statement(o, {"(&x)"}, ""));
    if (call.empty()) continue;
    if (o.result.literal == LiteralKind::Char) call = fmt::format("static_cast<int>({})", call);
    body += fmt::format(" try {{ put({}); }} catch (...) {{ o << \"throws\"; }} o << \" | \";", call);
  }
  if (body.empty()) return "";
  // put() prints what `<<` cannot: a scoped enum as its number, a type without `<<` as a mark.
  return fmt::format(
      "auto observe = [](const {}& x) {{ std::ostringstream o; auto put = [&o](const auto& v) {{ using V = "
      "std::decay_t<decltype(v)>; if constexpr (std::is_enum_v<V>) o << +static_cast<std::underlying_type_t<V>>(v); "
      "else if constexpr (requires {{ o << v; }}) o << v; else o << \"(no <<)\"; }};{} return o.str(); }};",
      name, body);
}

std::string no_observer_note() {
  return " // objgen compared canonical states; no observer of the class shows them here: run under "
         "-fsanitize=address to see shared or freed memory";
}

std::string copy_equal(const std::string& cls, const std::string& observe, bool equals, const std::string& a) {
  std::string out = fmt::format("{{ const {} copy = *{};", cls, a);
  // Where the class has ==, it decides what its value is (a copy's capacity may differ).
  if (equals)
    out += fmt::format(" EXPECT_TRUE(copy == *{}) << \"contract copy-equal: a copy is not == to its original\";", a);
  else if (!observe.empty())
    out +=
        fmt::format(" {} EXPECT_EQ(observe(copy), observe(*{})) << \"contract copy-equal: a copy differs from its original\";", observe, a);
  return out + " }" + (observe.empty() && !equals ? no_observer_note() : "");
}

// How the moved-from and assign-equal checks compare an object with the original `a` as it was:
// with the class's == against a copy taken first, else its observers printed before; none
// when the class has neither.
struct Comparison {
  std::string setup;  // takes the "before"
  std::function<std::string(const std::string& obj, const std::string& message)> expect;
  bool none = false;
};

Comparison compare_with_original(const std::string& cls, const std::string& observe, bool equals, const std::string& a) {
  if (equals)
    return {fmt::format(" const {} before = *{};", cls, a), [](const std::string& obj, const std::string& message) {
              return fmt::format(" EXPECT_TRUE({} == before) << \"{}\";", obj, message);
            }};
  if (!observe.empty())
    return {" " + observe + fmt::format(" const std::string before = observe(*{});", a),
            [](const std::string& obj, const std::string& message) {
              return fmt::format(" EXPECT_EQ(observe({}), before) << \"{}\";", obj, message);
            }};
  return {"", [](const std::string&, const std::string&) { return std::string(); }, true};
}

std::string copy_independent(const Api& api, const Operation& check, const std::string& cls, const std::string& observe,
                             const std::vector<std::string>& values) {
  const Operation& mutator = api.operations()[check.contract_mutator];
  std::vector<std::string> margs = values;
  margs[0] = "copy";
  std::string change = call_statement(mutator, margs, "changed");
  if (observe.empty()) return fmt::format("{{ auto copy = std::make_shared<{}>(*{}); {} }}{}", cls, values[0], change, no_observer_note());
  return fmt::format(
      "{{ {} const std::string before = observe(*{}); {{ auto copy = std::make_shared<{}>(*{}); {} }} "
      "EXPECT_EQ(observe(*{}), before) << \"contract copy-independent: changing a copy with {} changed the original\"; }}",
      observe, values[0], cls, values[0], change, values[0], mutator.name);
}

std::string moved_from(const std::string& cls, const Comparison& cmp, const ClassVTable& v, const std::string& a) {
  std::string out = fmt::format("{{{} auto source = std::make_unique<{}>(*{}); {} moved(std::move(*source));", cmp.setup, cls, a, cls);
  out += cmp.expect("moved", "contract moved-from: an object moved from a copy differs from the original");
  if (v.copy_assign)
    out += fmt::format(" *source = *{};", a) +
           cmp.expect("*source", "contract moved-from: a moved-from object, assigned the original, differs from it");
  out += " source.reset();" + cmp.expect("moved", "contract moved-from: destroying the moved-from object changed the moved-to one");
  return out + " }" + (cmp.none ? no_observer_note() : "");
}

std::string assign_equal(const std::string& cls, const Comparison& cmp, const std::string& a, const std::string& b) {
  if (cmp.none)
    return fmt::format("{{ auto d = std::make_unique<{}>(*{}); *d = *{}; {}& self = *d; *d = self; d.reset(); }}{}", cls, b, a, cls,
                       no_observer_note());
  return fmt::format("{{{} auto d = std::make_unique<{}>(*{}); *d = *{};", cmp.setup, cls, b, a) +
         cmp.expect("*d", "contract assign-equal: after d = a, d differs from a") +
         cmp.expect("*" + a, "contract assign-equal: d = a changed a") + fmt::format(" {}& self = *d; *d = self;", cls) +
         cmp.expect("*d", "contract assign-equal: d = d changed d") + " d.reset();" +
         cmp.expect("*" + a, "contract assign-equal: destroying d changed a") + " }";
}

}  // namespace

std::string contract_statement(const Api& api, const Operation& check, const std::vector<std::string>& values) {
  ClassId cls_id = check.params[0].cls;
  const ClassVTable& v = class_vtable(cls_id);
  const std::string& cls = v.name;
  const std::string& a = values[0];
  const std::string& b = values.size() > 1 ? values[1] : values[0];
  std::string hash = "std::hash<" + cls + ">{}";
  switch (contracts::contract_of(check)) {
    case Contract::Failures:
      return "";
    case Contract::Invariant: {
      const ClassInfo* info = api.find_class(cls_id);
      if (!info || info->invariant_call.empty())
        return "GTEST_SKIP() << \"contract invariant: the invariant is registered as a lambda emitted code cannot call\";";
      return fmt::format("EXPECT_TRUE({}->{}()) << \"contract invariant\";", a, info->invariant_call);
    }
    case Contract::CopyEqual:
      return copy_equal(cls, observe_lambda(api, cls_id), v.equals != nullptr, a);
    case Contract::CopyIndependent:
      return copy_independent(api, check, cls, observe_lambda(api, cls_id), values);
    case Contract::EqReflexive:
      return fmt::format("EXPECT_TRUE(*{0} == *{0}) << \"contract eq-reflexive\";", a);
    case Contract::EqSymmetric:
      return fmt::format("EXPECT_EQ(*{0} == *{1}, *{1} == *{0}) << \"contract eq-symmetric: a == b differs from b == a\";", a, b);
    case Contract::HashEq:
      return fmt::format(
          "{{ const {0} copy = *{1}; if (copy == *{1}) EXPECT_EQ({3}, {4}) << \"contract hash-eq: a copy\"; "
          "if (*{1} == *{2}) EXPECT_EQ({4}, {5}) << \"contract hash-eq: a == b\"; }}",
          cls, a, b, macro_argument(hash + "(copy)"), macro_argument(hash + "(*" + a + ")"), macro_argument(hash + "(*" + b + ")"));
    case Contract::LtIrreflexive:
      return fmt::format(
          "EXPECT_FALSE(*{0} < *{0}) << \"contract lt-irreflexive\"; "
          "EXPECT_FALSE(*{0} < *{1} && *{1} < *{0}) << \"contract lt-irreflexive: both a < b and b < a\";",
          a, b);
    case Contract::MovedFrom:
      return moved_from(cls, compare_with_original(cls, observe_lambda(api, cls_id), v.equals, a), v, a);
    case Contract::AssignEqual:
      return assign_equal(cls, compare_with_original(cls, observe_lambda(api, cls_id), v.equals, a), a, b);
  }
  return "";
}

}  // namespace objgen::emit
