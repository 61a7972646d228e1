// RapidCheck model-based test of the buggy Ledger, with the fixed one as the model.
#include <rapidcheck.h>
#include <rapidcheck/state.h>

#include "../outcome.hpp"
#include "../subjects_prelude.hpp"
namespace buggy {
#include "buggy/ledger.hpp"
}
namespace fixed {
#include "fixed/ledger.hpp"
}

using Model = fixed::planted::Ledger;
using Sut = buggy::planted::Ledger;

template <class Ledger>
std::vector<long> observe(const Ledger& l) {
  std::vector<long> seen{l.balance(), long(l.entries())};
  for (int id = 0; id < 4; ++id) seen.push_back(l.refunded(id));
  return seen;
}

struct Charge : rc::state::Command<Model, Sut> {
  int amount = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.charge(amount); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.charge(amount); }) == outcome([&] { return next.charge(amount); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "charge(" << amount << ")"; }
};

struct Refund : rc::state::Command<Model, Sut> {
  int id = *rc::gen::inRange(0, 4);
  void apply(Model& m) const override {
    outcome([&] { return m.refund(id); });
  }
  void run(const Model& m, Sut& s) const override {
    Model next = m;
    RC_ASSERT(outcome([&] { return s.refund(id); }) == outcome([&] { return next.refund(id); }));
    RC_ASSERT(observe(s) == observe(next));
  }
  void show(std::ostream& os) const override { os << "refund(" << id << ")"; }
};

int main() {
  const bool passed = rc::check("the buggy Ledger behaves like the fixed one", [] {
    Model model;
    Sut sut;
    rc::state::check(model, sut, rc::state::gen::execOneOfWithArgs<Charge, Refund>());
  });
  return passed ? 0 : 1;
}
