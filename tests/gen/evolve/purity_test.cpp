// The dynamic check of parameter purity: members whose parameters the C++ types call read-only
// are run on sampled inputs in a test worker, and a parameter whose canonical state changed in
// any call is refuted (read/write); the evidence says how many calls were seen.
#include "gen/evolve/purity.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "gen/evolve/terminals.hpp"
#include "objgen/objgen.hpp"

namespace purity_test {
// get() is const and honest; peek() is const but counts its reads in a mutable field; stamp()
// takes a const reference and writes through const_cast; absorb() only reads its argument.
struct Meter {
  int v = 0;
  mutable int reads = 0;
  void add(int x) { v += x; }
  int get() const { return v; }
  int peek() const {
    ++reads;
    return v;
  }
  void stamp(const Meter& other) { ++const_cast<Meter&>(other).v; }
  void absorb(const Meter& other) { v += other.v; }
};
}  // namespace purity_test

OBJGEN_FIELDS(purity_test::Meter, v, reads)

namespace objgen::evolve {
namespace {

using purity_test::Meter;

struct PurityFixture {
  Api api;
  std::vector<uint32_t> members;
  InputDomain unpurified;
  LiteralDomain terminals = terminal_domain({});
  PurityFixture() {
    api.add_class<Meter>()
        .constructor<>()
        .method("add", &Meter::add)
        .method("get", &Meter::get)
        .method("peek", &Meter::peek)
        .method("stamp", &Meter::stamp)
        .method("absorb", &Meter::absorb);
    members = cluster_members(api, class_id<Meter>());
    unpurified = build_input_domain(api, members, nullptr);
  }
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    ADD_FAILURE() << name;
    return 0;
  }
  std::vector<ParamPurity> checked(const PurityCheckOptions& options) const {
    std::vector<ParamPurity> params = static_purity(api, members);
    check_purity(api, unpurified, terminals, params, options);
    return params;
  }
};

const ParamPurity& purity_entry(const std::vector<ParamPurity>& all, uint32_t op, uint8_t slot) {
  for (const ParamPurity& p : all)
    if (p.op == op && p.slot == slot) return p;
  ADD_FAILURE() << "no entry for operation " << op << " slot " << int(slot);
  static const ParamPurity none;
  return none;
}

TEST(Purity, ConstMembersThatChangeTheirReceiverAreRefuted) {
  PurityFixture f;
  PurityCheckOptions options;
  options.samples = 12;
  options.seed = 3;
  std::vector<ParamPurity> params = f.checked(options);

  const ParamPurity& get = purity_entry(params, f.op("get"), 0);
  EXPECT_EQ(get.purity, Purity::Safe);
  EXPECT_GT(get.samples, 0u);
  EXPECT_EQ(get.changed, 0u);
  EXPECT_EQ(get.evidence, "const member; unchanged in " + std::to_string(get.samples) + " calls");

  const ParamPurity& peek = purity_entry(params, f.op("peek"), 0);
  EXPECT_EQ(peek.static_purity, Purity::Safe);
  EXPECT_EQ(peek.purity, Purity::ReadWrite);
  EXPECT_GT(peek.samples, 0u);
  EXPECT_EQ(peek.changed, peek.samples);  // every call counts a read
  std::string n = std::to_string(peek.samples);
  EXPECT_EQ(peek.evidence, "const member; refuted: changed in " + n + "/" + n + " calls");
}

TEST(Purity, ConstReferenceArgumentsAreCheckedToo) {
  PurityFixture f;
  PurityCheckOptions options;
  options.samples = 12;
  options.seed = 11;
  std::vector<ParamPurity> params = f.checked(options);
  const ParamPurity& stamped = purity_entry(params, f.op("stamp"), 1);
  EXPECT_EQ(stamped.purity, Purity::ReadWrite);
  EXPECT_GT(stamped.changed, 0u);
  EXPECT_EQ(stamped.changed, stamped.samples);
  const ParamPurity& absorbed = purity_entry(params, f.op("absorb"), 1);
  EXPECT_EQ(absorbed.purity, Purity::Safe);
  EXPECT_GT(absorbed.samples, 0u);
  EXPECT_EQ(absorbed.changed, 0u);
  // Receivers that may change are not sampled.
  const ParamPurity& receiver = purity_entry(params, f.op("add"), 0);
  EXPECT_EQ(receiver.purity, Purity::ReadWrite);
  EXPECT_EQ(receiver.samples, 0u);
  EXPECT_EQ(receiver.evidence, "may modify");
}

TEST(Purity, SameSeedSameSamples) {
  PurityFixture f;
  PurityCheckOptions options;
  options.samples = 8;
  options.seed = 5;
  std::vector<ParamPurity> a = f.checked(options), b = f.checked(options);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].samples, b[i].samples);
    EXPECT_EQ(a[i].changed, b[i].changed);
    EXPECT_EQ(a[i].evidence, b[i].evidence);
  }
}

TEST(Purity, APassedDeadlineKeepsTheStaticHintsAndSaysSo) {
  PurityFixture f;
  PurityCheckOptions options;
  options.deadline = std::chrono::steady_clock::now() - std::chrono::seconds(1);
  std::vector<ParamPurity> params = f.checked(options);
  const ParamPurity& peek = purity_entry(params, f.op("peek"), 0);
  EXPECT_EQ(peek.purity, Purity::Safe);  // never refuted: nothing ran
  EXPECT_EQ(peek.samples, 0u);
  EXPECT_EQ(peek.evidence, "const member; unchanged in 0 calls (sampling stopped at half the --budget)");
}

}  // namespace
}  // namespace objgen::evolve
