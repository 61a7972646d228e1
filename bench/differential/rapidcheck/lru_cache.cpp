// RapidCheck model-based test of the buggy LruCache, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/lru_cache.hpp"
}
namespace fixed {
#include "fixed/lru_cache.hpp"
}

using Model = fixed::planted::LruCache;
using Sut = buggy::planted::LruCache;

template <class Cache>
std::vector<long> observe(const Cache& c) {
  std::vector<long> seen{long(c.size()), long(c.capacity())};
  for (int key = 0; key < 4; ++key) seen.push_back(c.contains(key));
  return seen;
}

struct Put : rc::state::Command<Model, Sut> {
  int key = *rc::gen::inRange(0, 4), value = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override { m.put(key, value); }
  void run(const Model& m, Sut& s) const override {
    s.put(key, value);
    RC_ASSERT(observe(s) == observe(nextState(m)));
  }
  void show(std::ostream& os) const override { os << "put(" << key << ", " << value << ")"; }
};

struct Get : rc::state::Command<Model, Sut> {
  int key = *rc::gen::inRange(0, 4);
  void checkPreconditions(const Model& m) const override { RC_PRE(m.contains(key)); }
  void apply(Model& m) const override { m.get(key); }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(s.get(key) == next.get(key));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "get(" << key << ")"; }
};

int main() {
  const bool passed = rc::check("the buggy LruCache behaves like the fixed one", [] {
    const int capacity = *rc::gen::inRange(1, 4);
    Model model(capacity);
    Sut sut(capacity);
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Put, Get>());
  });
  return passed ? 0 : 1;
}
