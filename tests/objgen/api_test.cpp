// Registration: every parameter passing style, factories, free functions, results that become
// new objects, base-class fields; and the C++ that objgen writes for such calls.
#include <gtest/gtest.h>

#include "emit/code_writer.hpp"
#include "exec/sequence.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "model/selection.hpp"
#include "run_example.hpp"
#include "objgen/objgen.hpp"

namespace shapes {
struct Base {
  int id = 0;
};
struct Box : Base {
  int width = 0;
  Box() = default;
  explicit Box(int w) : width(w) {}
  static Box square(int w) { return Box(w); }
  static std::unique_ptr<Box> make(int w) { return std::make_unique<Box>(w); }
  void grow(int by) { width += by; }
  void absorb(const Box& other) { width += other.width; }
  void steal(Box& other) {
    width += other.width;
    other.width = 0;
  }
  void take(std::unique_ptr<Box> other) { width += other->width; }
  void share(std::shared_ptr<Box> other) { other->id = 1; }
  void poke(Box* other) { other->id = 2; }
  int area() const { return width * width; }
};
inline Box merged(const Box& a, const Box& b) { return Box(a.width + b.width); }

// Parts handed out by reference: the only way to change a shelf's box.
struct Shelf {
  Box boxes[2];
  Box& at(int i) { return boxes[i & 1]; }
  Box* find(int width) {
    for (Box& b : boxes)
      if (b.width == width) return &b;
    return nullptr;
  }
  const Box& peek(int i) const { return boxes[i & 1]; }
  Shelf& self() { return *this; }
};
// A part of a part: a rack's shelves hold its boxes.
struct Rack {
  Shelf shelves[2];
  Shelf& shelf(int i) { return shelves[i & 1]; }
};
}  // namespace shapes

OBJGEN_FIELDS(shapes::Base, id)
OBJGEN_FIELDS_WITH_BASE(shapes::Box, shapes::Base, width)
OBJGEN_FIELDS(shapes::Shelf, boxes)
OBJGEN_FIELDS(shapes::Rack, shelves)

namespace {
using shapes::Box;

objgen::Api box_api() {
  objgen::Api api;
  api.add_class<Box>()
      .constructor<>()
      .constructor<int>()
      .factory("square", &Box::square)
      .factory("make", &Box::make)
      .function("merged", &shapes::merged, "shapes::merged")
      .method("grow", &Box::grow)
      .method("absorb", &Box::absorb)
      .method("steal", &Box::steal)
      .method("take", &Box::take)
      .method("share", &Box::share)
      .method("poke", &Box::poke)
      .method("area", &Box::area);
  return api;
}

const objgen::Operation& op(const objgen::Api& api, const std::string& name) {
  for (const auto& o : api.operations())
    if (o.name == name) return o;
  throw std::runtime_error("no op " + name);
}

TEST(Api, SlotsDescribeEachPassingStyle) {
  auto api = box_api();
  using objgen::Passing;
  EXPECT_EQ(op(api, "absorb").params[1].passing, Passing::ConstRef);
  EXPECT_EQ(op(api, "steal").params[1].passing, Passing::Ref);
  EXPECT_TRUE(op(api, "steal").params[1].may_modify());
  EXPECT_EQ(op(api, "take").params[1].passing, Passing::UniquePtr);
  EXPECT_TRUE(op(api, "take").params[1].consumed());
  EXPECT_EQ(op(api, "share").params[1].passing, Passing::SharedPtr);
  EXPECT_EQ(op(api, "poke").params[1].passing, Passing::Ptr);
  EXPECT_TRUE(op(api, "area").is_const);
  EXPECT_TRUE(op(api, "area").result.is_literal());
  EXPECT_TRUE(op(api, "square").result.is_object());
  EXPECT_TRUE(op(api, "make").result.is_object());
  EXPECT_EQ(op(api, "merged").signature(), "shapes::merged(const shapes::Box&, const shapes::Box&)");
  EXPECT_EQ(op(api, "absorb").signature(), "Box::absorb(const shapes::Box&)");
}

TEST(Api, EveryStyleRunsAndBaseFieldsAreState) {
  auto api = box_api();
  auto o = objgen::testing::whole_api_options(api, objgen::class_id<Box>(), 3, 1, false);
  o.max_iterations = 3;  // widths grow without bound: the cap ends the run
  auto r = objgen::exhaustive::ExhaustiveGenerator(api, o).run();
  EXPECT_TRUE(r.findings.empty());
  EXPECT_EQ(r.stopped_by, objgen::exhaustive::StopReason::IterationLimit);
  // id is written only by share (1) and poke (2), on the argument: base-class fields count.
  std::set<int64_t> ids;
  objgen::Replayer replayer(api, r.store, o.domain);
  for (uint32_t s : r.store.states_of(o.target)) ids.insert(std::static_pointer_cast<Box>(replayer.build(s))->id);
  EXPECT_EQ(ids, (std::set<int64_t>{0, 1, 2}));
}

TEST(CodeWriter, WritesEachPassingStyle) {
  auto api = box_api();
  auto line = [&](const std::string& n, std::vector<std::string> values) { return objgen::emit::call_statement(op(api, n), values, "v9"); };
  const objgen::Operation& box_of_int = api.operations()[1];
  ASSERT_EQ(box_of_int.params.size(), 1u);
  EXPECT_EQ(objgen::emit::call_statement(box_of_int, {"2"}, "v9"), "auto v9 = std::make_shared<shapes::Box>(2);");
  EXPECT_EQ(line("square", {"1"}), "auto v9 = std::make_shared<shapes::Box>(shapes::Box::square(1));");
  EXPECT_EQ(line("make", {"1"}), "std::shared_ptr<shapes::Box> v9(shapes::Box::make(1));");
  EXPECT_EQ(line("merged", {"v0", "v1"}), "auto v9 = std::make_shared<shapes::Box>(shapes::merged(*v0, *v1));");
  EXPECT_EQ(line("steal", {"v0", "v1"}), "v0->steal(*v1);");
  EXPECT_EQ(line("take", {"v0", "v1"}), "v0->take(std::make_unique<shapes::Box>(std::move(*v1)));");
  EXPECT_EQ(line("share", {"v0", "v1"}), "v0->share(v1);");
  EXPECT_EQ(line("poke", {"v0", "v1"}), "v0->poke(v1.get());");
  EXPECT_EQ(line("area", {"v0"}), "(void)v0->area();");
}

TEST(CodeWriter, WritesAnAdaptedCallByItsPattern) {
  objgen::Api api;
  api.add_class<Box>()
      .constructor<>()
      .method("absorb", [](Box& b, int w, int h) { b.absorb(Box(w * h)); })
      .emitted_as("{0}->absorb(shapes::Box{{1} * {2}})")
      .factory(
          "sized", [](int s) { return Box(s); }, "")
      .emitted_as("shapes::Box({0})");
  const objgen::Operation& absorb = op(api, "absorb");
  EXPECT_TRUE(absorb.emittable);  // a lambda, yet emitted code can call it
  EXPECT_EQ(objgen::emit::call_statement(absorb, {"v0", "2", "3"}, ""), "v0->absorb(shapes::Box{2 * 3});");
  EXPECT_EQ(objgen::emit::call_statement(op(api, "sized"), {"4"}, "v9"), "auto v9 = std::make_shared<shapes::Box>(shapes::Box(4));");
}

TEST(Api, CallsGoOnThroughReferencesToParts) {
  objgen::Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow).method("area", &Box::area);
  api.add_class<shapes::Shelf>()
      .constructor<>()
      .method("at", &shapes::Shelf::at)
      .method("find", &shapes::Shelf::find)
      .method("peek", &shapes::Shelf::peek)
      .method("self", &shapes::Shelf::self);
  // at and find reach a Box, whose only non-const member is grow; peek is const, self fluent.
  EXPECT_EQ(api.add_calls_through_references(), 2u);
  EXPECT_EQ(api.add_calls_through_references(), 0u);  // again: nothing twice
  const objgen::Operation& at_grow = op(api, "at.grow");
  const objgen::Operation& find_grow = op(api, "find.grow");
  EXPECT_EQ(at_grow.signature(), "Shelf::at(int).grow(int)");
  EXPECT_EQ(at_grow.params.size(), 3u);
  EXPECT_EQ(objgen::emit::call_statement(at_grow, {"v0", "1", "5"}, ""), "v0->at(1).grow(5);");
  EXPECT_EQ(objgen::emit::call_statement(find_grow, {"v0", "0", "5"}, ""), "v0->find(0)->grow(5);");

  shapes::Shelf shelf;
  objgen::Object held(&shelf, [](void*) {});
  objgen::Literal one{objgen::LiteralKind::Int, 1}, five{objgen::LiteralKind::Int, 5}, nine{objgen::LiteralKind::Int, 9};
  objgen::Arg args[3] = {{nullptr, &held}, {&one, nullptr}, {&five, nullptr}};
  objgen::CallResult out;
  at_grow.call(args, out);
  EXPECT_EQ(shelf.boxes[1].width, 5);  // the shelf's own box changed, not a copy
  args[1] = {&five, nullptr};          // find(5).grow(5)
  find_grow.call(args, out);
  EXPECT_EQ(shelf.boxes[1].width, 10);
  args[1] = {&nine, nullptr};  // no box of width 9: a null pointer is misuse
  EXPECT_THROW(find_grow.call(args, out), std::invalid_argument);
}

// A call through a reference that returns a reference is an accessor too: a rack's shelf's box grows.
TEST(Api, CallsGoOnThroughReferencesToPartsOfParts) {
  objgen::Api api;
  api.add_class<Box>().constructor<>().method("grow", &Box::grow);
  api.add_class<shapes::Shelf>().constructor<>().method("at", &shapes::Shelf::at);
  api.add_class<shapes::Rack>().constructor<>().method("shelf", &shapes::Rack::shelf);
  // shelf.at (a Box&, so an accessor of Rack), at.grow, shelf.at.grow.
  EXPECT_EQ(api.add_calls_through_references(), 3u);
  EXPECT_EQ(api.add_calls_through_references(), 0u);
  const objgen::Operation& chain = op(api, "shelf.at.grow");
  EXPECT_EQ(chain.params.size(), 4u);  // the rack, the shelf's index, the box's, the growth
  EXPECT_EQ(objgen::emit::call_statement(chain, {"v0", "1", "0", "5"}, ""), "(v0->shelf(1).at(0)).grow(5);");
  shapes::Rack rack;
  objgen::Object held(&rack, [](void*) {});
  objgen::Literal one{objgen::LiteralKind::Int, 1}, zero{objgen::LiteralKind::Int, 0}, five{objgen::LiteralKind::Int, 5};
  objgen::Arg args[4] = {{nullptr, &held}, {&one, nullptr}, {&zero, nullptr}, {&five, nullptr}};
  objgen::CallResult out;
  chain.call(args, out);
  EXPECT_EQ(rack.shelves[1].boxes[0].width, 5);  // the rack's own shelf's own box
  EXPECT_EQ(rack.shelves[0].boxes[0].width, 0);
}

// A member whose emitted call names its receiver twice would call the accessor twice in emitted
// code but once in a run: no call goes through a reference to it.
TEST(Api, NoCallThroughAReferenceNamedTwice) {
  objgen::Api api;
  api.add_class<Box>().constructor<>().method("double_up", [](Box& b) { b.absorb(b); }).emitted_as("{0}->absorb(*{0})");
  api.add_class<shapes::Shelf>().constructor<>().method("at", &shapes::Shelf::at);
  EXPECT_EQ(api.add_calls_through_references(), 0u);
}

}  // namespace
