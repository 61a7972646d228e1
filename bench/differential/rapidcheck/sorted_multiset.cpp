// RapidCheck model-based test of the buggy SortedMultiset, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/sorted_multiset.hpp"
}
namespace fixed {
#include "fixed/sorted_multiset.hpp"
}

using Model = fixed::planted::SortedMultiset;
using Sut = buggy::planted::SortedMultiset;

template <class Set>
std::vector<long> observe(const Set& s) {
  std::vector<long> seen{long(s.size()), outcome([&] { return s.min(); })};
  for (int x = 0; x < 4; ++x) seen.push_back(long(s.count(x)));
  return seen;
}

struct Insert : rc::state::Command<Model, Sut> {
  int x = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.insert(x); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.insert(x); }) == outcome([&] { return next.insert(x); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "insert(" << x << ")"; }
};

struct EraseOne : rc::state::Command<Model, Sut> {
  int x = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.erase_one(x); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.erase_one(x); }) == outcome([&] { return next.erase_one(x); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "erase_one(" << x << ")"; }
};

int main() {
  const bool passed = rc::check("the buggy SortedMultiset behaves like the fixed one", [] {
    Model model;
    Sut sut;
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Insert, EraseOne>());
  });
  return passed ? 0 : 1;
}
