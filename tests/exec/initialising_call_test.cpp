// Finding the call a class's objects need before they can be read, on small tables whose
// iteration aborts until they are set up: once only (set_empty_key), again and again (reserve,
// which needs a positive count), by nothing at all, and a table readable as constructed.
#include <gtest/gtest.h>

#include <cstdlib>
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

}  // namespace
}  // namespace objgen
