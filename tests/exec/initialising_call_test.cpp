// Finding the call a class's objects need before they can be read, on small tables whose
// iteration aborts until they are set up: once only (set_empty_key), again and again (reserve,
// which needs a positive count), by nothing at all, and a table readable as constructed.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <regex>
#include <string>
#include <stdexcept>
#include <vector>

#include "exec/initialising_call.hpp"
#include "objgen/objgen.hpp"

namespace lazy {
enum class Setup { KeyOnce, Reserve, Never, None };

template <Setup S>
struct Table {
  std::vector<int> items;
  bool ready = S == Setup::None;
  void set_empty_key(int) {
    if (S != Setup::KeyOnce || ready) std::abort();  // once per table; Reserve's and Never's refuse it
    ready = true;
  }
  void reserve(int n) {
    if (S != Setup::Reserve) return;
    if (n <= 0) throw std::invalid_argument("reserve: n <= 0");
    ready = true;
  }
  void insert(int v) {
    if (!ready) std::abort();
    items.push_back(v);
  }
  const int* begin() const {
    if (!ready) std::abort();
    return items.data();
  }
  const int* end() const { return items.data() + items.size(); }
};
}  // namespace lazy

// A small vector of nodes held in place (tinyxml2's DynArray): the slots past `size` hold junk,
// here one fixed address nothing is mapped at. Read whole, the first junk slot crashes the reader.
namespace spare_slots {
struct Node {
  int value = 0;
};
struct Slots {
  Node* slots[4];
  int size = 0;
  int pushes = 0;
  Slots() {
    for (Node*& s : slots) s = reinterpret_cast<Node*>(uintptr_t{0x10});
  }
  void push(int v) {
    if (size < 4) slots[size++] = new Node{v};  // leaked: copies share them
    ++pushes;
  }
};
}  // namespace spare_slots

OBJGEN_FIELDS(spare_slots::Node, value)
OBJGEN_FIELDS(spare_slots::Slots, slots, size, pushes)
OBJGEN_VALUE_TYPE(lazy::Table<lazy::Setup::KeyOnce>)
OBJGEN_VALUE_TYPE(lazy::Table<lazy::Setup::Reserve>)
OBJGEN_VALUE_TYPE(lazy::Table<lazy::Setup::Never>)
OBJGEN_VALUE_TYPE(lazy::Table<lazy::Setup::None>)

namespace objgen {
namespace {

using lazy::Setup;

template <Setup S>
ReadProbe probe() {
  using T = lazy::Table<S>;
  Api api;
  api.add_class<T>()
      .template constructor<>()
      .method("set_empty_key", &T::set_empty_key)
      .method("reserve", &T::reserve)
      .method("insert", &T::insert);
  return probe_reading(api, api.find_class(class_vtable(class_id<T>()).name)->id, {});
}

TEST(InitialisingCall, ATableReadAsConstructedNeedsNone) {
  ReadProbe p = probe<Setup::None>();
  EXPECT_FALSE(p.unreadable);
  EXPECT_FALSE(p.found);
}

TEST(InitialisingCall, AKeySetOnceIsFoundWithAValueOutsideTheDomainFirst) {
  ReadProbe p = probe<Setup::KeyOnce>();
  ASSERT_TRUE(p.unreadable);
  EXPECT_NE(p.why.find("SIGABRT"), std::string::npos) << p.why;
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.found->call, "set_empty_key(-1)");
  EXPECT_EQ(p.found->member, "set_empty_key");
  EXPECT_FALSE(p.found->repeatable);  // a second call aborts
  ASSERT_EQ(p.found->args.size(), 1u);
  EXPECT_EQ(p.found->args[0].i, -1);
}

TEST(InitialisingCall, ACallRefusingCountsBelowOneIsFoundWithOne) {
  ReadProbe p = probe<Setup::Reserve>();
  ASSERT_TRUE(p.found);
  EXPECT_EQ(p.found->call, "reserve(1)");  // -1 and 0 throw
  EXPECT_TRUE(p.found->repeatable);
}

TEST(InitialisingCall, NothingInitialisingATableIsSaidSo) {
  ReadProbe p = probe<Setup::Never>();
  EXPECT_TRUE(p.unreadable);
  EXPECT_FALSE(p.found);
  EXPECT_GT(p.candidates_tried, 0u);
}

ReadProbe probe_slots(std::vector<std::string> candidates) {
  Api api;
  api.add_class<spare_slots::Node>();
  api.add_class<spare_slots::Slots>().constructor<>().method("push", &spare_slots::Slots::push);
  ReadProbeOptions o;
  o.field_candidates = std::move(candidates);
  return probe_reading(api, api.find_class("spare_slots::Slots")->id, o);
}

TEST(InitialisingCall, AFieldWhoseContentsCrashTheReaderIsLeftOutWhenNoCallHelps) {
  // Candidates as scan lists them: the classes a class reaches first, the target last.
  ReadProbe p =
      probe_slots({"spare_slots::Node.value", "spare_slots::Slots.slots", "spare_slots::Slots.size", "spare_slots::Slots.pushes"});
  ASSERT_TRUE(p.unreadable);
  EXPECT_NE(p.why.find("SIGSEGV"), std::string::npos) << p.why;
  EXPECT_FALSE(p.found);  // push(v) fills a slot, the others stay junk
  EXPECT_EQ(p.left_out, std::vector<std::string>{"spare_slots::Slots.slots"});
  EXPECT_GT(p.omission_reads, 1u);
  EXPECT_LT(p.omission_reads, 10u);
}

TEST(InitialisingCall, NoFieldIsLeftOutWhenLeavingThemAllOutDoesNotHelp) {
  ReadProbe p = probe_slots({"spare_slots::Slots.size", "spare_slots::Slots.pushes"});
  ASSERT_TRUE(p.unreadable);
  EXPECT_TRUE(p.left_out.empty());
  EXPECT_EQ(p.omission_reads, 1u);
}

TEST(InitialisingCall, TheExactPatternMatchesTheNamesGivenAndNoOther) {
  std::string pattern = exact_fields_pattern({"a::B<int*, 2>.x", "C.y"});
  std::regex re(pattern);
  EXPECT_TRUE(std::regex_match("a::B<int*, 2>.x", re));
  EXPECT_TRUE(std::regex_match("C.y", re));
  EXPECT_FALSE(std::regex_match("a::B<int, 2>.x", re));
  EXPECT_FALSE(std::regex_match("CXy", re));  // '.' is not any character
}

}  // namespace
}  // namespace objgen
