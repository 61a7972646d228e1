// A copy is deep when it reads the same, shares no object, and (when objgen cannot see all of
// the object) changing it leaves the original as it was: a handle whose copies share one list
// reads like a deep copy and shows no shared address, so only changing a copy tells.
#include "exec/object_copy.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "objgen/objgen.hpp"
#include "unseen_inputs/doc_handle.hpp"

namespace object_copy_test {
// Copies share the list; the list is allocated on first use (as a YAML node's), so a copy of a
// fresh handle is independent until something was pushed.
class Handle {
 public:
  void push(int v) {
    if (!items_) items_ = std::make_shared<std::vector<int>>();
    items_->push_back(v);
  }
  auto begin() const { return items_ ? items_->cbegin() : kEmpty.cbegin(); }
  auto end() const { return items_ ? items_->cend() : kEmpty.cend(); }

 private:
  static inline const std::vector<int> kEmpty;
  std::shared_ptr<std::vector<int>> items_;
};
// The same class, with copies of its own.
class Value {
 public:
  void push(int v) { items_.push_back(v); }
  auto begin() const { return items_.cbegin(); }
  auto end() const { return items_.cend(); }

 private:
  std::vector<int> items_;
};
}  // namespace object_copy_test

OBJGEN_VALUE_TYPE(object_copy_test::Handle)
OBJGEN_VALUE_TYPE(object_copy_test::Value)
OBJGEN_VALUE_TYPE(shapes::DocHandle)
OBJGEN_VALUE_TYPE(shapes::DocHandle::Item)

namespace objgen {
namespace {

template <class T>
struct Subject {
  Api api;
  std::vector<uint32_t> operations;
  LiteralDomain domain = LiteralDomain::defaults(3);
  Subject() {
    if constexpr (std::is_same_v<T, shapes::DocHandle>)
      api.add_class<T>().template constructor<>().method("push_back", &T::push_back).method("set_tag", &T::set_tag);
    else
      api.add_class<T>().template constructor<>().method("push", &T::push);
    for (uint32_t i = 0; i < api.operations().size(); ++i) operations.push_back(i);
  }
  bool deep(const T& object, bool with_calls) {
    CopyProbe probe{&api, with_calls ? std::span<const uint32_t>(operations) : std::span<const uint32_t>(), &domain, 3, 0};
    return copy_is_deep(class_id<T>(), Object(std::make_shared<T>(object)), nullptr, probe);
  }
};

TEST(ObjectCopy, AHandleWhoseCopiesShareTheirContentsIsNotDeep) {
  Subject<object_copy_test::Handle> s;
  object_copy_test::Handle fresh, used;
  used.push(1);
  EXPECT_FALSE(s.deep(fresh, true));  // even before its list exists: the check pushes first
  EXPECT_FALSE(s.deep(used, true));
  EXPECT_TRUE(s.deep(used, false));  // what addresses alone would say
}

TEST(ObjectCopy, AValueWithCopiesOfItsOwnIsDeep) {
  Subject<object_copy_test::Value> s;
  object_copy_test::Value fresh, used;
  used.push(1);
  EXPECT_TRUE(s.deep(fresh, true));
  EXPECT_TRUE(s.deep(used, true));
}

// Changing a copy of a handle to a node links the node into itself: the check still ends, and
// says the copies are not deep.
TEST(ObjectCopy, AHandleWhoseNodeComesToHoldItselfIsCheckedToAnEnd) {
  Subject<shapes::DocHandle> s;
  shapes::DocHandle fresh, linked;
  linked.push_back(shapes::DocHandle());
  EXPECT_FALSE(s.deep(fresh, true));
  EXPECT_FALSE(s.deep(linked, true));
}

}  // namespace
}  // namespace objgen
