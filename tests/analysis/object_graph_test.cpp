// The object construction graph free of LLVM types: the fields and calls a branch's values are
// read through from the method's inputs, spelled for people, and the graph written for Graphviz.
#include "analysis/object_graph.hpp"

#include <gtest/gtest.h>

#include <string>

namespace object_graph_test {

inline objgen::analysis::PathStep field_step(const std::string& cls, uint32_t element, const std::string& name) {
  objgen::analysis::PathStep s;
  s.kind = objgen::analysis::PathStep::Kind::Field;
  s.field = {cls, element, name};
  return s;
}

inline objgen::analysis::PathStep call_step(objgen::analysis::PathStep::Kind kind, const std::string& callee) {
  objgen::analysis::PathStep s;
  s.kind = kind;
  s.callee = callee;
  return s;
}

}  // namespace object_graph_test

namespace objgen::analysis {
namespace {

using object_graph_test::call_step;
using object_graph_test::field_step;

TEST(ObjectGraph, AFieldIsNamedOrNumbered) {
  EXPECT_EQ((FieldRef{"examples::CV", 2, "awards_"}.str()), "examples::CV::awards_");
  EXPECT_EQ((FieldRef{"examples::CV", 2, ""}.str()), "examples::CV::#2");
}

TEST(ObjectGraph, APathSpellsEachStepFromItsInput) {
  AccessPath p;
  p.input = 1;
  p.steps = {field_step("examples::Student", 0, "supervisor_"), field_step("examples::Supervisor", 3, ""),
             call_step(PathStep::Kind::Element, "std::vector<int>::operator[]"), call_step(PathStep::Kind::Call, "std::vector<int>::size")};
  EXPECT_EQ(p.str(),
            "input 1 . examples::Student::supervisor_ . examples::Supervisor::#3 . std::vector<int>::operator[][] . "
            "std::vector<int>::size()");
  AccessPath bare;
  bare.input = 0;
  EXPECT_EQ(bare.str(), "input 0");
}

TEST(ObjectGraph, TheLastFieldIsTheLastFieldStepWhateverFollowsIt) {
  AccessPath p;
  p.steps = {field_step("A", 0, "a"), field_step("B", 1, "b"), call_step(PathStep::Kind::Call, "std::string::size")};
  ASSERT_NE(p.last_field(), nullptr);
  EXPECT_EQ(*p.last_field(), (FieldRef{"B", 1, "b"}));
  AccessPath none;
  none.steps = {call_step(PathStep::Kind::Call, "f")};
  EXPECT_EQ(none.last_field(), nullptr);
}

TEST(ObjectGraph, PathsAreEqualStepByStep) {
  AccessPath a, b;
  a.input = b.input = 1;
  a.steps = {field_step("A", 0, "a")};
  b.steps = {field_step("A", 0, "a")};
  EXPECT_EQ(a, b);
  b.steps[0].field.element = 1;
  EXPECT_NE(a, b);
}

TEST(ObjectGraph, TheDotGraphHasEachNodeWithItsKindAndEachEdgeFromInputToUse) {
  ObjectGraph g;
  GraphNode branch;
  branch.kind = GraphNode::Kind::Branch;
  branch.label = "if (x == \"a\")";
  branch.inputs = {1, 2};
  GraphNode input;
  input.kind = GraphNode::Kind::Input;
  input.label = "this";
  input.path = 0;
  GraphNode read;
  read.kind = GraphNode::Kind::FieldRead;
  read.label = "CV::awards_";
  read.path = 1;
  read.inputs = {1};
  g.nodes = {branch, input, read};
  EXPECT_EQ(g.dot(),
            "digraph object_construction_graph {\n"
            "  rankdir=BT;\n"
            "  n0 [label=\"branch: if (x == \\\"a\\\")\"];\n"
            "  n1 [label=\"input: this\", shape=box];\n"
            "  n2 [label=\"field: CV::awards_\", shape=box];\n"
            "  n1 -> n0;\n"
            "  n2 -> n0;\n"
            "  n1 -> n2;\n"
            "}\n");
}

}  // namespace
}  // namespace objgen::analysis
