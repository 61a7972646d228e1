// RapidCheck model-based test of the buggy IntervalSet, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/interval_set.hpp"
}
namespace fixed {
#include "fixed/interval_set.hpp"
}

using Model = fixed::planted::IntervalSet;
using Sut = buggy::planted::IntervalSet;

template <class Set>
std::vector<long> observe(const Set& s) {
  std::vector<long> seen{long(s.count_intervals()), s.covered()};
  for (int x = 0; x < 4; ++x) seen.push_back(s.contains(x));
  return seen;
}

struct Add : rc::state::Command<Model, Sut> {
  int lo = *rc::gen::inRange(0, 4);
  int hi = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.add(lo, hi); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.add(lo, hi); }) == outcome([&] { return next.add(lo, hi); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "add(" << lo << ", " << hi << ")"; }
};

int main() {
  const bool passed = rc::check("the buggy IntervalSet behaves like the fixed one", [] {
    Model model;
    Sut sut;
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Add>());
  });
  return passed ? 0 : 1;
}
