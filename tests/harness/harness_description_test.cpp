// A harness's API as data: what a describing child writes is what objgen's process registers,
// and bytes that are cut short or damaged (the child ran the code under test) are refused, never
// trusted or crashed on.
#include <gtest/gtest.h>

#include <random>

#include "harness/harness_description.hpp"
#include "model/class_shells.hpp"
#include "objgen/example.hpp"
#include "objgen/harness_entry.hpp"

namespace objgen {
namespace {

// Every bundled example registered into one API, as one harness would register several classes.
const Api& registered() {
  static Api api = [] {
    Api a;
    for (const char* name : {"game", "bitset", "binheap", "stdset"}) find_example(name)->register_api(a);
    return a;
  }();
  return api;
}

std::string description_bytes() {
  static HarnessEntry entry{kHarnessAbi, OBJGEN_VERSION_STRING, OBJGEN_HEADERS_HASH, "many", "game::Game", "<game.hpp>", nullptr};
  registered();
  return describe_harness(entry, 0, registered());
}

TEST(HarnessDescription, RoundTripKeepsEverythingButTheCode) {
  HarnessDescription d = parse_harness_description(description_bytes());
  EXPECT_EQ(d.name, "many");
  EXPECT_EQ(d.target, "game::Game");
  EXPECT_EQ(d.classes.size(), registered_class_count());
  const Api& want = registered();
  ASSERT_EQ(d.api.operations().size(), want.operations().size());
  for (size_t k = 0; k < want.operations().size(); ++k) {
    const Operation &a = want.operations()[k], &b = d.api.operations()[k];
    EXPECT_EQ(a.signature(), b.signature());
    EXPECT_EQ(a.cpp_call, b.cpp_call);
    EXPECT_EQ(a.call_pattern, b.call_pattern);
    EXPECT_EQ(a.param_names, b.param_names);
    EXPECT_EQ(a.emittable, b.emittable);
    EXPECT_EQ(a.referenced.valid, b.referenced.valid);
    EXPECT_EQ(a.invoke != nullptr, b.invoke != nullptr);
    EXPECT_NE(a.invoke, b.invoke);  // the description's calls go through to a loaded harness
  }
  ASSERT_EQ(d.api.classes().size(), want.classes().size());
  for (size_t k = 0; k < want.classes().size(); ++k) {
    EXPECT_EQ(want.classes()[k].name, d.api.classes()[k].name);
    EXPECT_EQ(want.classes()[k].builders, d.api.classes()[k].builders);
    EXPECT_EQ(static_cast<bool>(want.classes()[k].invariant), static_cast<bool>(d.api.classes()[k].invariant));
  }
  EXPECT_EQ(d.api.misuse().names(), want.misuse().names());
  EXPECT_EQ(d.api.enumerations(), want.enumerations());
  for (size_t id = 0; id < d.classes.size(); ++id) {
    EXPECT_EQ(d.classes[id].name, class_vtable(static_cast<ClassId>(id)).name);
    EXPECT_EQ(d.classes[id].capabilities, class_capabilities(class_vtable(static_cast<ClassId>(id))));
  }
}

TEST(HarnessDescription, ShellsTakeNewIdsWithTheDescribedNames) {
  HarnessDescription d = parse_harness_description(description_bytes());
  size_t before = registered_class_count();
  Api api;
  register_described_api(d, api);
  EXPECT_EQ(registered_class_count(), before + d.classes.size());
  EXPECT_EQ(unbound_class_shells(), d.classes.size());
  ASSERT_EQ(api.operations().size(), d.api.operations().size());
  for (size_t k = 0; k < api.operations().size(); ++k) {
    const Operation& op = api.operations()[k];
    EXPECT_GE(op.owner, before);
    EXPECT_EQ(class_vtable(op.owner).name, class_vtable(d.api.operations()[k].owner).name);
  }
  // Nothing of the described classes runs here: the harness was not loaded into this process.
  const ClassVTable& shell = class_vtable(api.operations()[0].owner);
  ASSERT_NE(shell.clone, nullptr);
  EXPECT_DEATH(shell.clone(nullptr), "code of the class under test was called in objgen's own process");
}

TEST(HarnessDescription, CutShortIsRefusedAtEveryLength) {
  std::string bytes = description_bytes();
  for (size_t n = 0; n < bytes.size(); n += 1 + n / 64)
    EXPECT_THROW(parse_harness_description(bytes.substr(0, n)), std::runtime_error) << "cut at " << n;
}

TEST(HarnessDescription, DamagedBytesAreRefusedOrStillConsistent) {
  std::string bytes = description_bytes();
  std::mt19937 rng(7);
  int refused = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string damaged = bytes;
    for (int flips = 1 + round % 3; flips > 0; --flips) damaged[rng() % damaged.size()] = static_cast<char>(rng());
    try {
      HarnessDescription d = parse_harness_description(damaged);
      size_t ids = d.first_class + d.classes.size();
      for (const Operation& op : d.api.operations()) {
        ASSERT_LT(op.owner, ids);
        for (const SlotType& s : op.params) {
          if (s.is_object()) {
            ASSERT_LT(s.cls, ids);
          }
        }
      }
    } catch (const std::runtime_error&) {
      ++refused;
    }
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace objgen
