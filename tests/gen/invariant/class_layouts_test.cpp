// The layouts of a root class and of every class its pointer fields reach, read where the classes
// are real and sent to objgen's process as bytes, which refuses a description that does not hold
// together. (A first round trip and three refusals are in search_memory_test.cpp.)
#include "gen/invariant/class_layouts.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace class_layouts_test {
enum class Color : uint8_t { Red, Black };
// No default constructor: a search cannot make one, so it has a name but no layout.
struct Leaf {
  explicit Leaf(int v) : value(v) {}
  int value;
};
struct Node {
  Node* left = nullptr;
  Node* right = nullptr;
  Leaf* leaf = nullptr;
  Color color = Color::Red;
};
struct Tree {
  Node* root = nullptr;
  int size = 0;
  std::vector<Node*> spine;
  std::string tag;
};
}  // namespace class_layouts_test

OBJGEN_FIELDS(class_layouts_test::Leaf, value)
OBJGEN_FIELDS(class_layouts_test::Node, left, right, leaf, color)
OBJGEN_FIELDS(class_layouts_test::Tree, root, size, spine, tag)

namespace objgen::invariant {
namespace {

using class_layouts_test::Leaf;
using class_layouts_test::Node;
using class_layouts_test::Tree;

template <class T, class F>
uint32_t class_layouts_offset(const T& object, const F& field) {
  return static_cast<uint32_t>(reinterpret_cast<const char*>(&field) - reinterpret_cast<const char*>(&object));
}

TEST(ClassLayouts, ReadsEveryClassThePointersReach) {
  ClassLayouts l = read_class_layouts(class_id<Tree>());
  ClassId tree = class_id<Tree>(), node = class_id<Node>(), leaf = class_id<Leaf>();
  EXPECT_EQ(l.names.size(), 3u);
  EXPECT_EQ(l.names.at(tree), "class_layouts_test::Tree");
  EXPECT_EQ(l.names.at(leaf), "class_layouts_test::Leaf");
  EXPECT_EQ(l.layouts.count(leaf), 0u) << "no default constructor";
  ASSERT_EQ(l.layouts.count(node), 1u);

  const ClassLayout& t = l.layouts.at(tree);
  Tree sample;
  EXPECT_EQ(t.size, sizeof(Tree));
  EXPECT_EQ(t.align, alignof(Tree));
  ASSERT_EQ(t.fields.size(), 4u);
  EXPECT_EQ(t.fields[0].name, "root");
  EXPECT_EQ(t.fields[0].kind, FieldKind::Pointer);
  EXPECT_EQ(t.fields[0].target, node);
  EXPECT_EQ(t.fields[1].kind, FieldKind::Signed);
  EXPECT_EQ(t.fields[1].size, 4u);
  EXPECT_EQ(t.fields[1].offset, class_layouts_offset(sample, sample.size));
  EXPECT_EQ(t.fields[2].kind, FieldKind::Vector);
  EXPECT_EQ(t.fields[2].element_kind, FieldKind::Pointer);
  EXPECT_EQ(t.fields[2].target, node);
  EXPECT_EQ(t.fields[2].offset, class_layouts_offset(sample, sample.spine));
  EXPECT_EQ(t.fields[3].kind, FieldKind::Other) << "a string is left as constructed";

  const ClassLayout& n = l.layouts.at(node);
  ASSERT_EQ(n.fields.size(), 4u);
  EXPECT_EQ(n.fields[2].target, leaf);
  EXPECT_EQ(n.fields[3].kind, FieldKind::Unsigned);
  EXPECT_EQ(n.fields[3].size, 1u);
  EXPECT_TRUE(n.fields[3].enumeration);
  EXPECT_FALSE(n.fields[0].enumeration);
}

TEST(ClassLayouts, RealLayoutsRoundTripByteForByte) {
  ClassLayouts l = read_class_layouts(class_id<Tree>());
  std::string bytes = encode_class_layouts(l);
  ClassLayouts back = decode_class_layouts(bytes);
  EXPECT_EQ(back.names, l.names);
  EXPECT_EQ(encode_class_layouts(back), bytes);
}

// One class of 32 bytes holding `field`: the bytes objgen's process would get.
std::string class_layouts_with(const FieldLayout& field, uint32_t size = 32, uint32_t align = 8) {
  ClassLayouts l;
  l.names = {{1, "Holder"}};
  l.layouts[1] = ClassLayout{size, align, {field}};
  return encode_class_layouts(l);
}

// The message of the std::runtime_error that decoding `bytes` throws ("" when none).
std::string class_layouts_refusal(const std::string& bytes) {
  try {
    decode_class_layouts(bytes);
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

TEST(ClassLayouts, FieldsASearchCannotWriteAreRefused) {
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"n", 0, 4, FieldKind::Signed, 0})), "");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"n", 0, 16, FieldKind::Signed, 0})), "an integer field of more than 8 bytes");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"n", 0, 0, FieldKind::Signed, 0})), "a field outside its object");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"p", 0, 4, FieldKind::Pointer, 1})), "a pointer field of the wrong size");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"k", 0, 4, static_cast<FieldKind>(9), 0})), "a field outside its object");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"o", 0, 32, FieldKind::Other, 0})), "") << "a whole object of other data";
}

TEST(ClassLayouts, VectorsMustBeThreeAlignedPointersOfWritableElements) {
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 24, FieldKind::Vector, 0, FieldKind::Signed, 4})), "");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 24, FieldKind::Vector, 1, FieldKind::Pointer, 8})), "");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 16, FieldKind::Vector, 0, FieldKind::Signed, 4})),
            "a vector field of the wrong size");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 4, 24, FieldKind::Vector, 0, FieldKind::Signed, 4})),
            "a vector field of the wrong size");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 24, FieldKind::Vector, 0, FieldKind::Signed, 3})),
            "a vector's elements of a kind a search cannot write");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 24, FieldKind::Vector, 0, FieldKind::Other, 8})),
            "a vector's elements of a kind a search cannot write");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with({"v", 0, 24, FieldKind::Vector, 1, FieldKind::Pointer, 4})),
            "a vector's elements of a kind a search cannot write");
}

TEST(ClassLayouts, ClassSizesAndAlignmentsMustBeReal) {
  const FieldLayout one_byte{"b", 0, 1, FieldKind::Bool, 0};
  EXPECT_EQ(class_layouts_refusal(class_layouts_with(one_byte, 1, 1)), "");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with(one_byte, 0, 1)), "a class size or alignment out of range");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with(one_byte, 8, 3)), "a class size or alignment out of range");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with(one_byte, 8, 8192)), "a class size or alignment out of range");
  EXPECT_EQ(class_layouts_refusal(class_layouts_with(one_byte, (1u << 24) + 1, 8)), "a class size or alignment out of range");
}

TEST(ClassLayouts, CountsAndLengthsMustMatchTheBytes) {
  std::string good = class_layouts_with({"n", 0, 4, FieldKind::Signed, 0});
  EXPECT_EQ(class_layouts_refusal(good + "!"), "bytes after the layouts");
  std::string many_classes = good;
  many_classes[0] = '\x7f';  // the class count's low byte
  EXPECT_EQ(class_layouts_refusal(many_classes), "a class count past the end");
  // A class with no layout (a name only) and no pointer to it is fine.
  ClassLayouts names_only;
  names_only.names = {{4, "Opaque"}};
  EXPECT_EQ(decode_class_layouts(encode_class_layouts(names_only)).names.at(4), "Opaque");
}

}  // namespace
}  // namespace objgen::invariant
