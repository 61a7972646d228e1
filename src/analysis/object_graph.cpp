#include "analysis/object_graph.hpp"

namespace objgen::analysis {

std::string FieldRef::str() const { return cls + "::" + (name.empty() ? "#" + std::to_string(element) : name); }

std::string AccessPath::str() const {
  std::string s = "input " + std::to_string(input);
  for (const PathStep& st : steps)
    s += " . " + (st.kind == PathStep::Kind::Field ? st.field.str() : st.callee + (st.kind == PathStep::Kind::Element ? "[]" : "()"));
  return s;
}

const FieldRef* AccessPath::last_field() const {
  for (auto it = steps.rbegin(); it != steps.rend(); ++it)
    if (it->kind == PathStep::Kind::Field) return &it->field;
  return nullptr;
}

std::string ObjectGraph::dot() const {
  static const char* kinds[] = {"branch", "input", "field", "element", "call"};
  std::string s = "digraph object_construction_graph {\n  rankdir=BT;\n";
  auto esc = [](const std::string& t) {
    std::string o;
    for (char c : t) o += c == '"' ? std::string("\\\"") : std::string(1, c);
    return o;
  };
  for (size_t i = 0; i < nodes.size(); ++i)
    s += "  n" + std::to_string(i) + " [label=\"" + esc(std::string(kinds[static_cast<int>(nodes[i].kind)]) + ": " + nodes[i].label) +
         "\"" + (nodes[i].path >= 0 ? ", shape=box" : "") + "];\n";
  for (size_t i = 0; i < nodes.size(); ++i)
    for (uint32_t in : nodes[i].inputs) s += "  n" + std::to_string(in) + " -> n" + std::to_string(i) + ";\n";
  return s + "}\n";
}

}  // namespace objgen::analysis
