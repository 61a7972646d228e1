// The process-wide registry of described classes: ids, names and type-erased functions, and the
// shells objgen's own process holds for classes whose code only a worker loads (bound to the real
// class, under the same id, when the worker's harness registers it).
#include <gtest/gtest.h>

#include <string>

#include "model/class_shells.hpp"
#include "objgen/objgen.hpp"

namespace class_registry_test {
struct Known {
  int x = 0;
  bool operator==(const Known& o) const { return x == o.x; }
};
}  // namespace class_registry_test
OBJGEN_FIELDS(class_registry_test::Known, x)

namespace objgen {
namespace {

// Shell names must be new to the process: the registry outlives each test (and --gtest_repeat).
std::string class_registry_fresh_name(const std::string& stem) {
  static int counter = 0;
  return "class_registry_test::" + stem + std::to_string(counter++) + "_" + std::to_string(registered_class_count());
}

TEST(ClassRegistry, ADescribedClassIsFoundByItsType) {
  ClassId id = class_id<class_registry_test::Known>();
  ClassId found = 0xffff;
  ASSERT_TRUE(find_class_by_type(typeid(class_registry_test::Known), &found));
  EXPECT_EQ(found, id);
  EXPECT_EQ(class_vtable(id).name, "class_registry_test::Known");
  EXPECT_EQ(demangled_class_name(id), "class_registry_test::Known");
  EXPECT_LT(id, registered_class_count());
  struct NeverDescribed {};
  EXPECT_FALSE(find_class_by_type(typeid(NeverDescribed), &found));
}

TEST(ClassRegistry, RegisteringAVtableGivesTheNextId) {
  size_t before = registered_class_count();
  ClassVTable v{};
  v.name = class_registry_fresh_name("Plain");
  ClassId id = register_class_vtable(v);
  EXPECT_EQ(id, before);
  EXPECT_EQ(registered_class_count(), before + 1);
  EXPECT_EQ(class_vtable(id).name, v.name);
  EXPECT_EQ(demangled_class_name(id), v.name) << "no type: the registered name";
  EXPECT_THROW(class_vtable(static_cast<ClassId>(registered_class_count())), std::out_of_range);
}

TEST(ClassCapabilities, OneBitPerFunctionTheVtableHas) {
  ClassVTable none{};
  EXPECT_EQ(class_capabilities(none), 0u);
  const ClassVTable& known = class_vtable(class_id<class_registry_test::Known>());
  uint8_t caps = class_capabilities(known);
  EXPECT_TRUE(caps & kCanVisit);
  EXPECT_TRUE(caps & kCanClone);
  EXPECT_TRUE(caps & kCanCompareEqual);
  EXPECT_FALSE(caps & kCanCompareLess) << "Known has no <";
  EXPECT_FALSE(caps & kCanHash);
  EXPECT_TRUE(caps & kCanMoveConstruct);
  EXPECT_TRUE(caps & kCanCopyAssign);
}

TEST(ClassShells, AShellHasTheCapabilitiesItWasDescribedWith) {
  uint8_t caps = kCanVisit | kCanCompareLess | kCanHash;
  ClassId id = register_class_shell(class_registry_fresh_name("Shell"), "", caps);
  const ClassVTable& v = class_vtable(id);
  EXPECT_EQ(class_capabilities(v), caps);
  EXPECT_EQ(v.type, nullptr) << "its type lives in the harness";
  EXPECT_EQ(v.clone, nullptr);
  EXPECT_EQ(v.equals, nullptr);
  uint8_t all = kCanVisit | kCanClone | kCanCompareEqual | kCanCompareLess | kCanHash | kCanMoveConstruct | kCanCopyAssign;
  EXPECT_EQ(class_capabilities(class_vtable(register_class_shell(class_registry_fresh_name("All"), "", all))), all);
}

// An alias names the class in the API; the demangler's spelling is what a type check compares.
TEST(ClassShells, DemangledNameIsTheDescribedTypeElseTheName) {
  std::string alias = class_registry_fresh_name("Alias");
  ClassId typed = register_class_shell(alias, "ns::Box<int, std::less<int> >", 0);
  EXPECT_EQ(class_vtable(typed).name, alias);
  EXPECT_EQ(demangled_class_name(typed), "ns::Box<int, std::less<int> >");
  std::string plain = class_registry_fresh_name("Untyped");
  EXPECT_EQ(demangled_class_name(register_class_shell(plain, "", 0)), plain);
}

// A worker registers the harness's classes in objgen's order: each takes its shell's id.
TEST(ClassShells, TheRealClassTakesTheShellsPlaceAndId) {
  std::string name = class_registry_fresh_name("Bound");
  size_t unbound = unbound_class_shells(), bound = bound_class_shells();
  ClassId shell = register_class_shell(name, "", kCanVisit);
  EXPECT_EQ(unbound_class_shells(), unbound + 1);
  size_t classes = registered_class_count();
  ClassVTable real{};
  real.name = name;
  EXPECT_EQ(register_class_vtable(real), shell);
  EXPECT_EQ(registered_class_count(), classes) << "no new id";
  EXPECT_EQ(unbound_class_shells(), unbound);
  EXPECT_EQ(bound_class_shells(), bound + 1);
  EXPECT_EQ(class_vtable(shell).visit_queued, nullptr) << "the real vtable replaced the shell's";
  ClassId again = register_class_vtable(real);
  EXPECT_NE(again, shell) << "a bound shell is taken once: the same name again is a class of its own";
}

TEST(ClassShells, AClassOfAnotherNameLeavesAShellUnbound) {
  ClassId shell = register_class_shell(class_registry_fresh_name("Waiting"), "", 0);
  size_t unbound = unbound_class_shells();
  ClassVTable other{};
  other.name = class_registry_fresh_name("Other");
  ClassId id = register_class_vtable(other);
  EXPECT_NE(id, shell);
  EXPECT_EQ(unbound_class_shells(), unbound);
  EXPECT_EQ(class_vtable(shell).type, nullptr);
}

TEST(ClassShells, CallingAShellsFunctionStopsTheProcess) {
  ClassId id = register_class_shell(class_registry_fresh_name("Stops"), "", kCanClone);
  const ClassVTable& v = class_vtable(id);
  EXPECT_DEATH(v.clone(nullptr), "code of the class under test was called in objgen's own process \\(copying an object\\)");
}

}  // namespace
}  // namespace objgen
