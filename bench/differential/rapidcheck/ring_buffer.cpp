// RapidCheck model-based test of the buggy RingBuffer, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/ring_buffer.hpp"
}
namespace fixed {
#include "fixed/ring_buffer.hpp"
}

using Model = fixed::planted::RingBuffer;
using Sut = buggy::planted::RingBuffer;

template <class Ring>
std::vector<long> observe(const Ring& r) {
  std::vector<long> seen{long(r.size()), r.empty(), outcome([&] { return r.front(); })};
  for (int v = 0; v < 4; ++v) seen.push_back(r.contains(v));
  return seen;
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

int main() {
  const bool passed = rc::check("the buggy RingBuffer behaves like the fixed one", [] {
    const int capacity = *rc::gen::inRange(1, 4);
    Model model(capacity);
    Sut sut(capacity);
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Push, Pop>());
  });
  return passed ? 0 : 1;
}
