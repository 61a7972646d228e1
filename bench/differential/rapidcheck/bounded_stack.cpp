// RapidCheck model-based test of the buggy BoundedStack, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/bounded_stack.hpp"
}
namespace fixed {
#include "fixed/bounded_stack.hpp"
}

using Model = fixed::planted::BoundedStack;
using Sut = buggy::planted::BoundedStack;

template <class Stack>
std::vector<long> observe(const Stack& s) {
  return {long(s.size()), s.empty(), s.full(), outcome([&] { return s.top(); })};
}

struct Push : rc::state::Command<Model, Sut> {
  int value = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.push(value); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.push(value); }) == outcome([&] { return next.push(value); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "push(" << value << ")"; }
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

struct Clear : rc::state::Command<Model, Sut> {
  void apply(Model& m) const override {
    outcome([&] { return m.clear(); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.clear(); }) == outcome([&] { return next.clear(); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "clear()"; }
};

int main() {
  const bool passed = rc::check("the buggy BoundedStack behaves like the fixed one", [] {
    const int capacity = *rc::gen::inRange(1, 4);
    Model model(capacity);
    Sut sut(capacity);
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Push, Pop, Clear>());
  });
  return passed ? 0 : 1;
}
