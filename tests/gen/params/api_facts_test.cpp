// What the parameter search knows of an API before any try: per class its creators ordered
// simplest first (HeuriGenJ's signature complexity), the builder calls that add state, a size
// observer, and which of the domain's integers are the class's own constants.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "gen/params/method_search.hpp"
#include "objgen/objgen.hpp"

namespace api_facts_test {
struct Item {
  int v_ = 0;
};
class Shelf {
 public:
  Shelf() = default;
  explicit Shelf(int cap) : n_(cap) {}
  Shelf(const std::string& name, int cap) : n_(cap + static_cast<int>(name.size())) {}
  explicit Shelf(const Item& first) : n_(first.v_) {}
  static Shelf make(int a, int b) { return Shelf(a + b); }
  void add(int v) { n_ += v; }
  void clear() { n_ = 0; }
  void put(const Item& i) { n_ += i.v_; }
  int size() const { return n_; }
  int count() const { return n_; }
  int n_ = 0;
};
// length() is a size observer too; size() here is not const, so it is not one.
class Strip {
 public:
  int size() { return n_; }
  int length() const { return n_; }
  int n_ = 0;
};
}  // namespace api_facts_test

OBJGEN_FIELDS(api_facts_test::Item, v_)
OBJGEN_FIELDS(api_facts_test::Shelf, n_)
OBJGEN_FIELDS(api_facts_test::Strip, n_)

namespace objgen::params::search {
namespace {

using api_facts_test::Item;
using api_facts_test::Shelf;
using api_facts_test::Strip;

struct ApiFactsFixture {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(1);
  ClassId shelf = 0, item = 0, strip = 0;
  ApiFactsFixture() {
    api.add_class<Item>().constructor<>();
    api.add_class<Shelf>()
        .constructor<>()
        .constructor<int>()
        .constructor<const std::string&, int>()
        .constructor<const Item&>()
        .factory("make", &Shelf::make)
        .method("add", &Shelf::add)
        .method("clear", &Shelf::clear)
        .method("put", &Shelf::put)
        .method("size", &Shelf::size)
        .method("count", &Shelf::count)
        .builders({"add", "clear"})
        .constants({{"kCap", 8}, {"kNone", 99}});
    api.add_class<Strip>().constructor<>().method("size", &Strip::size).method("length", &Strip::length);
    domain.set_ints("-1,0,8,16");
    shelf = class_id<Shelf>(), item = class_id<Item>(), strip = class_id<Strip>();
  }
  // The operation of that name, of that many parameters, with a first parameter of class `cls`
  // (or building one, for constructors and factories).
  uint32_t op(const std::string& name, size_t params, ClassId cls) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const Operation& o = api.operations()[i];
      bool of_class =
          (o.result.is_object() && o.result.cls == cls) || (!o.params.empty() && o.params[0].is_object() && o.params[0].cls == cls);
      if (o.name == name && o.params.size() == params && of_class) return i;
    }
    ADD_FAILURE() << "no operation " << name;
    return 0;
  }
};

TEST(ApiFacts, CreatorsComeSimplestFirst) {
  ApiFactsFixture f;
  ApiFacts facts = learn_api(f.api, f.domain, {});
  // Shelf() costs 0, Shelf(int) 1, Shelf(Item) 2 + Item()'s 0, make(int, int) 2, Shelf(string, int)
  // 1.5 + 1; equal costs keep their registration order.
  std::vector<uint32_t> expected{f.op("Shelf", 0, f.shelf), f.op("Shelf", 1, f.shelf), f.op("Shelf", 1, f.item), f.op("make", 2, f.shelf),
                                 f.op("Shelf", 2, f.shelf)};
  EXPECT_EQ(facts.creators.at(f.shelf), expected);
  EXPECT_EQ(facts.creators.at(f.item), (std::vector<uint32_t>{f.op("Item", 0, f.item)}));
}

TEST(ApiFacts, BuildersThatTakeArgumentsAreTheFillers) {
  ApiFactsFixture f;
  ApiFacts facts = learn_api(f.api, f.domain, {});
  // add and clear are the class's builders; clear takes nothing (it empties) and goes, as add adds.
  EXPECT_EQ(facts.fillers.at(f.shelf), (std::vector<uint32_t>{f.op("add", 2, f.shelf)}));
  EXPECT_TRUE(facts.fillers.at(f.strip).empty()) << "no builders named";
  EXPECT_EQ(facts.fill_ran, std::vector<uint32_t>(f.api.operations().size(), 0));
  EXPECT_EQ(facts.fill_failed, std::vector<uint32_t>(f.api.operations().size(), 0));
}

TEST(ApiFacts, GivenBuildersReplaceTheHarnesss) {
  ApiFactsFixture f;
  uint32_t clear = f.op("clear", 1, f.shelf), put = f.op("put", 2, f.shelf), size = f.op("size", 1, f.shelf);
  uint32_t item_ctor = f.op("Item", 0, f.item);
  ApiFacts facts = learn_api(f.api, f.domain, {{f.shelf, {clear, size, item_ctor, 99999, put}}});
  // size() is const, Item() is no member of Shelf, 99999 is no operation; clear() goes as put() adds.
  EXPECT_EQ(facts.fillers.at(f.shelf), (std::vector<uint32_t>{put}));
  ApiFacts only_clear = learn_api(f.api, f.domain, {{f.shelf, {clear}}});
  EXPECT_EQ(only_clear.fillers.at(f.shelf), (std::vector<uint32_t>{clear})) << "kept when nothing else builds";
}

TEST(ApiFacts, TheSizeObserverIsAConstSizeOrLength) {
  ApiFactsFixture f;
  ApiFacts facts = learn_api(f.api, f.domain, {});
  EXPECT_EQ(facts.size_op.at(f.shelf), static_cast<int>(f.op("size", 1, f.shelf)));
  EXPECT_EQ(facts.size_op.at(f.strip), static_cast<int>(f.op("length", 1, f.strip)));
  EXPECT_EQ(facts.size_op.at(f.item), -1);
  EXPECT_EQ(size_observer(f.api, f.item), -1);
  EXPECT_EQ(size_observer(f.api, f.shelf), facts.size_op.at(f.shelf));
}

TEST(ApiFacts, ConstantsAreFoundAmongTheDomainsIntegers) {
  ApiFactsFixture f;
  ApiFacts facts = learn_api(f.api, f.domain, {});
  EXPECT_EQ(facts.ints, (std::vector<int64_t>{-1, 0, 8, 16}));
  EXPECT_EQ(facts.constants.at(f.shelf), (std::vector<uint32_t>{2})) << "8 is the domain's third; 99 is not in it";
  EXPECT_TRUE(facts.constants.at(f.item).empty());
}

}  // namespace
}  // namespace objgen::params::search
