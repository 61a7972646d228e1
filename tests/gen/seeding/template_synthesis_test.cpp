// EvoObj's templates (src/gen/seeding) on the thesis example: given the access paths of the
// award-count branch and which operations write which field, the template builds a student whose
// supervisor's CV holds awards, through the public API, within the tree limits.
#include <gtest/gtest.h>

#include <algorithm>

#include "gen/evolve/function_set.hpp"
#include "gen/evolve/gp_tree.hpp"
#include "gen/seeding/template_synthesis.hpp"
#include "objgen/example.hpp"

namespace objgen::seeding {
namespace {

using analysis::AccessPath;
using analysis::FieldRef;
using analysis::PathStep;

struct Thesis {
  Api api;
  ClassId target;
  std::vector<uint32_t> members;
  evolve::InputDomain domain;
  LiteralDomain terminals = evolve::terminal_domain({5});
  Thesis() {
    const Example* ex = find_example("thesis");
    ex->register_api(api);
    target = api.find_class(ex->target)->id;
    members = evolve::cluster_members(api, target);
    domain = evolve::build_input_domain(api, members, nullptr);
  }
  uint32_t op(const std::string& signature) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].signature() == signature) return i;
    ADD_FAILURE() << signature;
    return 0;
  }
};

PathStep field(const char* cls, uint32_t element, const char* name) { return {PathStep::Kind::Field, FieldRef{cls, element, name}, ""}; }

TEST(TemplateSynthesis, BuildsTheInputAlongTheGraphsPaths) {
  Thesis t;
  uint32_t mut = t.op("Scholarship::isWorthy(const examples::Student&) const");
  evolve::TreeLimits limits;
  limits.max_depth = 12;
  evolve::TreeFactory trees(t.api, t.domain, t.terminals, mut, limits);
  analysis::ObjectGraph g;
  g.leaves.push_back(AccessPath{1,
                                {field("examples::Student", 0, "supervisor_"),
                                 field("examples::Supervisor", 2, "cv_"),
                                 field("examples::CV", 0, "awards_"),
                                 {PathStep::Kind::Call, {}, "std::vector<int>::size"}}});
  g.leaves.push_back(AccessPath{1, {field("examples::Student", 1, "has_supervisor_")}});
  auto writers = [&](const FieldRef& f) -> std::vector<WriterChoice> {
    if (f.name == "supervisor_" || f.name == "has_supervisor_")
      return {{t.op("Student::setSupervisor(const examples::Supervisor&)"), 1}, {t.op("Student::dropSupervisor()"), 0.1}};
    if (f.name == "cv_") return {{t.op("Supervisor::setCv(const examples::CV&)"), 1}};
    if (f.name == "awards_") return {{t.op("CV::addAward(int)"), 2}, {t.op("CV::clear()"), 0.1}};
    return {};
  };
  TemplateSynthesizer synth(t.api, t.domain, trees, writers, {});
  Rng rng(1);
  int with_awards = 0, built = 0;
  for (int i = 0; i < 50; ++i) {
    evolve::GpTree tree = synth.synthesize(g, rng);
    EXPECT_LE(trees.call_count(tree), 40u);
    FlatSequence seq = trees.linearize(tree);
    ASSERT_FALSE(seq.calls.empty());
    EXPECT_EQ(seq.calls.back().op, mut);
    auto count = [&](const std::string& sig) {
      return std::count_if(seq.calls.begin(), seq.calls.end(), [&](const FlatCall& c) { return c.op == t.op(sig); });
    };
    int set_supervisor = static_cast<int>(count("Student::setSupervisor(const examples::Supervisor&)"));
    int awards = static_cast<int>(count("CV::addAward(int)"));
    built += set_supervisor >= 1 && count("Supervisor::setCv(const examples::CV&)") >= 1;
    with_awards += awards >= 1;
  }
  EXPECT_GE(built, 45);  // roulette may pick the 0.1-weight writers now and then
  EXPECT_GE(with_awards, 40);
}

TEST(TemplateSynthesis, NoPathsGiveARandomTreeOfTheMethod) {
  Thesis t;
  uint32_t mut = t.op("Scholarship::isWorthy(const examples::Student&) const");
  evolve::TreeFactory trees(t.api, t.domain, t.terminals, mut, evolve::TreeLimits{});
  TemplateSynthesizer synth(t.api, t.domain, trees, [](const FieldRef&) { return std::vector<WriterChoice>{}; }, {});
  Rng rng(3);
  evolve::GpTree tree = synth.synthesize(analysis::ObjectGraph{}, rng);
  EXPECT_TRUE(trees.within_limits(tree));
  EXPECT_EQ(trees.linearize(tree).calls.back().op, mut);
}

}  // namespace
}  // namespace objgen::seeding
