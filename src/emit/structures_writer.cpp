#include "emit/structures_writer.hpp"

#include <fmt/format.h>

#include <cctype>

#include "emit/code_writer.hpp"
#include "emit/suite_preamble.hpp"
#include "io/atomic_file.hpp"

namespace objgen::emit {
namespace {

using invariant::Domain;
using invariant::FieldSpace;
using invariant::SpaceField;

constexpr size_t kMaxArgumentLists = 64;  // per operation: the first ones of the literal product

std::string object_var(const FieldSpace& space, uint32_t object) {
  const auto& o = space.objects[object];
  return o.class_domain < 0 ? "root" : fmt::format("c{}[{}]", o.class_domain, o.index);
}

// Field f's data member on `object` ("root->size"), and the same as the target of an assignment:
// a const member is set as the search set it, through its bytes, so the code casts const away
// (docs/INVARIANTS.md).
struct MemberSpelling {
  std::string plain, writable;
};
MemberSpelling member_spelling(const FieldSpace& space, const SpaceField& sf, const std::string& object) {
  const FieldLayout& l = space.layouts.at(space.objects[sf.object].cls).fields[sf.layout];
  std::string plain = object + "->" + l.name;
  if (!l.is_const) return {plain, plain};
  return {plain, fmt::format("const_cast<std::remove_const_t<decltype({0})>&>({0})", plain)};
}

// The statement that gives field f the value index v[f].
std::string assignment(const FieldSpace& space, uint32_t f) {
  const SpaceField& sf = space.fields[f];
  const Domain& d = space.domains[sf.domain];
  const MemberSpelling member = member_spelling(space, sf, object_var(space, sf.object));
  if (sf.kind == FieldKind::Vector) return fmt::format("{}.resize(static_cast<std::size_t>({} + v[{}]));", member.writable, d.lo, f);
  auto element = [&](const std::string& m) { return sf.element >= 0 ? fmt::format("{}[{}]", m, sf.element) : m; };
  std::string value;
  if (d.kind == Domain::Objects)
    value = d.null_allowed ? fmt::format("v[{0}] == 0 ? nullptr : c{1}[v[{0}] - 1]", f, d.class_domain)
                           : fmt::format("c{}[v[{}]]", d.class_domain, f);
  else
    value = fmt::format("static_cast<std::remove_reference_t<decltype({})>>({} + v[{}])", element(member.plain), d.lo, f);
  std::string statement = element(member.writable) + " = " + value + ";";
  if (sf.element >= 0) return fmt::format("if ({} < {}.size()) {}", sf.element, member.plain, statement);
  return statement;
}

std::string build_function(const FieldSpace& space, const std::string& root) {
  std::string out = fmt::format(
      "// Structure v (a value index per field) from new objects, field by field. They are never freed:\n"
      "// a structure a too weak invariant accepts may be one the destructor cannot take apart.\n"
      "std::shared_ptr<{0}> build(const std::uint8_t* v) {{\n  auto* root = new {0}();\n",
      root);
  for (uint32_t c = 0; c < space.classes.size(); ++c) {
    const auto& k = space.classes[c];
    std::string news = k.count ? "" : "nullptr";  // no objects: pointers to the class are always null
    for (uint32_t i = 0; i < k.count; ++i) news += (i ? ", new " : "new ") + space.names.at(k.cls) + "()";
    out += fmt::format("  {}* c{}[{}] = {{{}}};\n  (void)c{};\n", space.names.at(k.cls), c, std::max<uint32_t>(k.count, 1), news, c);
  }
  for (uint32_t f = 0; f < space.fields.size(); ++f) out += "  " + assignment(space, f) + "\n";
  out += fmt::format("  (void)v;\n  return std::shared_ptr<{0}>(root, []({0}*) {{}});\n}}\n", root);
  return out;
}

// The argument lists of op after its receiver (literals only), the first kMaxArgumentLists of
// their product; empty when a parameter is not a literal.
std::vector<std::vector<std::string>> argument_lists(const Operation& op, const LiteralDomain& domain) {
  std::vector<std::vector<std::string>> lists{{"v0"}};
  for (size_t p = 1; p < op.params.size(); ++p) {
    if (op.params[p].is_object()) return {};
    std::vector<std::vector<std::string>> next;
    for (const auto& l : lists)
      for (const Literal& lit : domain.of(op.params[p])) {
        if (next.size() == kMaxArgumentLists) break;
        next.push_back(l);
        next.back().push_back(cpp_literal(lit));
      }
    lists = std::move(next);
  }
  return lists;
}

bool tested(const Operation& op, ClassId target) {
  return op.kind == OpKind::Method && !op.is_const && op.emittable && op.contract < 0 && !op.upcast && !op.params.empty() &&
         op.params[0].cls == target;
}

std::string operation_test(const Operation& op, const LiteralDomain& domain, const std::string& suite, const std::string& check) {
  auto lists = argument_lists(op, domain);
  if (lists.empty()) return "";
  std::string out = fmt::format(
      "TEST({}, {}_KeepsTheInvariant) {{\n  for (std::size_t s = 0; s < kCount; ++s) {{\n"
      "    SCOPED_TRACE(\"structure \" + std::to_string(s));\n",
      suite, test_identifier(op.signature()));
  for (const auto& values : lists) {
    std::string call = call_statement(op, values, "r");
    out += fmt::format(
        "    {{\n      auto v0 = build(kStructures[s]);\n      if (returns([&] {{ {} }}))\n"
        "        EXPECT_TRUE(v0->{}()) << R\"objgen(after {})objgen\";\n    }}\n",
        call, check, call);
  }
  return out + "  }\n}\n\n";
}

// "node0" for Node#0, "root" for the root; "node1_0" (its class domain's number added) when two
// classes share a short name.
std::string witness_var(const FieldSpace& space, uint32_t object) {
  const auto& o = space.objects[object];
  if (o.class_domain < 0) return "root";
  std::string out;
  for (char c : space.object_name(object))
    if (std::isalnum(static_cast<unsigned char>(c))) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto short_name = [&](ClassId cls) { return invariant::short_class_name(space.names.at(cls)); };
  for (uint32_t c = 0; c < space.classes.size(); ++c)
    if (c != static_cast<uint32_t>(o.class_domain) && short_name(space.classes[c].cls) == short_name(o.cls))
      return out + "_" + std::to_string(o.class_domain);
  return out;
}

std::string witness_value(const FieldSpace& space, uint32_t f, uint8_t value, const std::string& target) {
  const SpaceField& sf = space.fields[f];
  const Domain& d = space.domains[sf.domain];
  if (d.kind == Domain::Objects) {
    const int32_t index = d.object_of(value);
    return index < 0 ? "nullptr" : witness_var(space, space.classes[d.class_domain].first_object + static_cast<uint32_t>(index));
  }
  const int64_t v = d.lo + value;
  if (sf.kind == FieldKind::Bool) return v ? "true" : "false";
  const FieldLayout& l = space.layouts.at(space.objects[sf.object].cls).fields[sf.layout];
  if (l.enumeration) return fmt::format("static_cast<std::remove_reference_t<decltype({})>>({})", target, v);
  return std::to_string(v);
}

}  // namespace

std::vector<std::string> structure_statements(const FieldSpace& space, const uint8_t* values) {
  std::vector<uint8_t> reached;
  space.reachable(values, reached);
  std::vector<std::string> out{"auto* root = new " + space.names.at(space.root) + "();"};
  for (uint32_t o = 1; o < space.objects.size(); ++o)
    if (reached[o]) out.push_back("auto* " + witness_var(space, o) + " = new " + space.names.at(space.objects[o].cls) + "();");
  for (uint32_t f = 0; f < space.fields.size(); ++f) {
    if (!space.in_structure(f, values, reached)) continue;
    const SpaceField& sf = space.fields[f];
    const MemberSpelling member = member_spelling(space, sf, witness_var(space, sf.object));
    if (sf.kind == FieldKind::Vector) {
      out.push_back(fmt::format("{}.resize({});", member.writable, space.domains[sf.domain].lo + values[f]));
      continue;
    }
    auto element = [&](const std::string& m) { return sf.element >= 0 ? fmt::format("{}[{}]", m, sf.element) : m; };
    out.push_back(element(member.writable) + " = " + witness_value(space, f, values[f], element(member.plain)) + ";");
  }
  return out;
}

std::string write_structures_suite(const Api& api, const invariant::SearchResult& result, const LiteralDomain& domain,
                                   const std::vector<uint32_t>& operations, const GtestSuiteOptions& g, const std::string& dir) {
  const FieldSpace& space = result.space;
  std::string path = dir + "/" + g.name + "_structures_test.cpp";
  const std::string root = space.names.at(space.root);
  const ClassInfo* info = api.find_class(space.root);
  const std::string check = info && !info->invariant_call.empty() ? info->invariant_call : "repOK";
  const std::string suite = camel_case(g.name) + "Structures";
  std::vector<size_t> rows;
  const size_t all = result.structures;
  const size_t kept = g.max_states == 0 || all <= g.max_states ? all : g.max_states;
  for (size_t i = 0; i < kept; ++i) rows.push_back(i * all / kept);
  std::string body = suite_build_comment(g.build, path, "-fno-access-control -lgtest_main -lgtest -pthread");
  body += fmt::format(
      "// Generated by objgen korat: the structures {}::{} accepts within the finitization{}.\n"
      "// Rebuild with the same objgen command; edits are overwritten.\n"
      "#include <gtest/gtest.h>\n\n#include <cstddef>\n#include <cstdint>\n#include <memory>\n#include <string>\n"
      "#include <type_traits>\n\n{}\nnamespace {{\n\n",
      root, check, kept < all ? fmt::format(" ({} of {}, evenly spaced)", kept, all) : "", include_line(g.include));
  body += "// One structure per row: each field's value index, in the order of the candidate vector:\n//";
  for (uint32_t f = 0; f < space.fields.size(); ++f) body += " " + space.field_name(f);
  body += fmt::format("\nconstexpr std::uint8_t kStructures[][{}] = {{\n", std::max<size_t>(space.fields.size(), 1));
  for (size_t s : rows) {
    body += "    {";
    const uint8_t* v = result.vector(s);
    for (uint32_t f = 0; f < space.fields.size(); ++f) body += (f ? "," : "") + std::to_string(v[f]);
    body += "},\n";
  }
  if (rows.empty()) body += "    {},  // none: a placeholder row (an array may not be empty)\n";
  body += fmt::format("}};\nconstexpr std::size_t kCount = {};\n\n", rows.size());
  body += build_function(space, root);
  body +=
      "\ntemplate <class F>\nbool returns(F call) {\n  try {\n    call();\n    return true;\n  } catch (...) {\n    return false;\n  "
      "}\n}\n\n}  // namespace\n\n";
  body += fmt::format(
      "TEST({}, TheInvariantAcceptsEach) {{\n  for (std::size_t s = 0; s < kCount; ++s) {{\n"
      "    SCOPED_TRACE(\"structure \" + std::to_string(s));\n    EXPECT_TRUE(build(kStructures[s])->{}());\n  }}\n}}\n\n",
      suite, check);
  for (uint32_t op : operations)
    if (tested(api.operations()[op], space.root)) body += operation_test(api.operations()[op], domain, suite, check);
  write_file_atomically(path, body);
  return path;
}

}  // namespace objgen::emit
