// The library entry point: bounded-exhaustive inputs inside a user's own GoogleTest test.
#include <gtest/gtest.h>

#include <set>

#include "ncl/node_caching_list.hpp"
#include "objgen/inputs.hpp"
#include "objgen/linearizer.hpp"

namespace examples {
void register_ncl(objgen::Api& api);
}

namespace {

const objgen::Api& ncl_api() {
  static objgen::Api api = [] {
    objgen::Api a;
    examples::register_ncl(a);
    return a;
  }();
  return api;
}

class EveryNclOfScope3 : public ::testing::TestWithParam<std::shared_ptr<const examples::NodeCachingList>> {};

TEST_P(EveryNclOfScope3, SatisfiesItsInvariantAndCopiesFaithfully) {
  const auto& list = *GetParam();
  EXPECT_TRUE(list.repOK());
  examples::NodeCachingList copy(list);
  EXPECT_EQ(copy.getSize(), list.getSize());
  for (int i = 0; i < list.getSize(); ++i) EXPECT_EQ(copy.get(i), list.get(i));
}

INSTANTIATE_TEST_SUITE_P(Scope3, EveryNclOfScope3,
                         ::testing::ValuesIn(objgen::bounded_exhaustive<examples::NodeCachingList>(ncl_api(), {.scope = 3})));

TEST(BoundedExhaustive, GivesEachDistinctStateOnce) {
  auto inputs = objgen::bounded_exhaustive<examples::NodeCachingList>(ncl_api(), {.scope = 4});
  ASSERT_EQ(inputs.size(), 112u);
  std::set<std::vector<uint64_t>> forms;
  objgen::Linearizer lin(4, std::make_shared<const std::regex>("modCount"));
  objgen::ClassId cls = 0;
  ASSERT_TRUE(objgen::find_class_by_type(typeid(examples::NodeCachingList), &cls));
  for (const auto& l : inputs) {
    ASSERT_TRUE(lin.run(cls, l.get()));
    forms.emplace(lin.words().begin(), lin.words().end());
  }
  EXPECT_EQ(forms.size(), inputs.size());
}

}  // namespace
