// RapidCheck model-based test of the buggy MinHeap, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/min_heap.hpp"
}
namespace fixed {
#include "fixed/min_heap.hpp"
}

using Model = fixed::planted::MinHeap;
using Sut = buggy::planted::MinHeap;

template <class Heap>
std::vector<long> observe(const Heap& h) {
  return {long(h.size()), outcome([&] { return h.top(); })};
}

struct Push : rc::state::Command<Model, Sut> {
  int x = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.push(x); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.push(x); }) == outcome([&] { return next.push(x); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "push(" << x << ")"; }
};

struct Pop : rc::state::Command<Model, Sut> {
  void apply(Model& m) const override {
    outcome([&] { return m.pop(); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.pop(); }) == outcome([&] { return next.pop(); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "pop()"; }
};

int main() {
  const bool passed = rc::check("the buggy MinHeap behaves like the fixed one", [] {
    Model model;
    Sut sut;
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Push, Pop>());
  });
  return passed ? 0 : 1;
}
