// Observer detection: two random runs call every operation on many states; an operation that
// never changed an input's canonical state nor returned a new object is an observer (left out of
// builder search), one that never returned normally or crashed stays an untested candidate.
#include "gen/builders/observers.hpp"

#include <gtest/gtest.h>

#include <csignal>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace observers_test {
struct Gauge {
  int level = 0;
  mutable int looks = 0;
  void set(int x) { level = x; }
  int read() const { return level; }
  void touch() {}  // not const, changes nothing
  int glance() const {
    ++looks;  // const in C++, but it changes the state
    return level;
  }
  Gauge split() const { return Gauge{level + 1, 0}; }
  void refuse(int) { throw std::invalid_argument("never"); }
};
// settle() changes nothing but crashes at level 2.
struct Brittle {
  int level = 0;
  void raise_level() { ++level; }
  void settle() const {
    if (level == 2) std::raise(SIGSEGV);
  }
};
}  // namespace observers_test

OBJGEN_FIELDS(observers_test::Gauge, level, looks)
OBJGEN_FIELDS(observers_test::Brittle, level)

namespace objgen::builders {
namespace {

using observers_test::Brittle;
using observers_test::Gauge;

struct ObserversGaugeApi {
  Api api;
  BuilderSearchOptions options;
  ObserversGaugeApi() {
    api.add_class<Gauge>()
        .constructor<>()
        .method("set", &Gauge::set)
        .method("read", &Gauge::read)
        .method("touch", &Gauge::touch)
        .method("glance", &Gauge::glance)
        .method("split", &Gauge::split)
        .method("refuse", &Gauge::refuse);
    options.target = class_id<Gauge>();
    for (uint32_t i = 0; i < api.operations().size(); ++i) options.operations.push_back(i);
    options.isolate = false;
    options.observer_calls = 1500;
    options.observer_scope = 3;
    options.seed = 4;
  }
};

TEST(ClassifyOperations, RoleNames) {
  EXPECT_STREQ(role_name(OperationRole::Builder), "builder candidate");
  EXPECT_STREQ(role_name(OperationRole::Observer), "observer");
  EXPECT_STREQ(role_name(OperationRole::Untested), "untested");
}

TEST(ClassifyOperations, MeasuredEffectsDecideNotConstness) {
  ObserversGaugeApi s;
  Classification c = classify_operations(s.api, s.options);
  ASSERT_EQ(c.operations.size(), 7u);
  for (size_t i = 0; i < c.operations.size(); ++i) EXPECT_EQ(c.operations[i].op, i);
  const OperationClass &make = c.operations[0], &set = c.operations[1], &read = c.operations[2], &touch = c.operations[3],
                       &glance = c.operations[4], &split = c.operations[5], &refuse = c.operations[6];

  EXPECT_EQ(make.role, OperationRole::Builder);
  EXPECT_EQ(make.evidence,
            "returned a new object in " + std::to_string(make.normal_calls) + " of " + std::to_string(make.normal_calls) + " calls");

  EXPECT_EQ(set.role, OperationRole::Builder);
  EXPECT_FALSE(set.const_hint);
  EXPECT_NE(set.evidence.find("changed an input in "), std::string::npos) << set.evidence;

  EXPECT_EQ(read.role, OperationRole::Observer);
  EXPECT_TRUE(read.const_hint);
  EXPECT_GT(read.normal_calls, 0u);
  EXPECT_EQ(read.evidence, "changed nothing in " + std::to_string(read.normal_calls) + " calls");

  EXPECT_EQ(touch.role, OperationRole::Observer);
  EXPECT_FALSE(touch.const_hint);
  EXPECT_EQ(touch.evidence, "changed nothing in " + std::to_string(touch.normal_calls) + " calls (not const in C++)");

  EXPECT_EQ(glance.role, OperationRole::Builder);
  EXPECT_TRUE(glance.const_hint);
  std::string n = std::to_string(glance.normal_calls);
  EXPECT_EQ(glance.evidence, "changed an input in " + n + " of " + n + " calls although its signature promises not to (mutable state?)");

  EXPECT_EQ(split.role, OperationRole::Builder);
  EXPECT_FALSE(split.const_hint);  // it returns an object
  EXPECT_EQ(split.evidence.rfind("returned a new object in ", 0), 0u) << split.evidence;

  EXPECT_EQ(refuse.role, OperationRole::Untested);
  EXPECT_EQ(refuse.normal_calls, 0u);
  EXPECT_EQ(refuse.evidence.rfind("never returned normally (", 0), 0u) << refuse.evidence;
  EXPECT_NE(refuse.evidence.find(" misuse); kept as a candidate"), std::string::npos) << refuse.evidence;

  EXPECT_EQ(c.observers(), (std::vector<uint32_t>{2, 3}));
  EXPECT_EQ(c.candidates(), (std::vector<uint32_t>{0, 1, 4, 5, 6}));
  EXPECT_TRUE(c.findings.empty());
}

TEST(ClassifyOperations, OnlyTheGivenOperationsAreClassifiedInTheirOrder) {
  ObserversGaugeApi s;
  s.options.operations = {4, 0, 2};
  Classification c = classify_operations(s.api, s.options);
  ASSERT_EQ(c.operations.size(), 3u);
  EXPECT_EQ(c.operations[0].op, 4u);
  EXPECT_EQ(c.operations[1].op, 0u);
  EXPECT_EQ(c.operations[2].op, 2u);
  EXPECT_EQ(c.observers(), (std::vector<uint32_t>{2}));
}

TEST(ClassifyOperations, SameSeedSameCounts) {
  ObserversGaugeApi s;
  Classification a = classify_operations(s.api, s.options), b = classify_operations(s.api, s.options);
  ASSERT_EQ(a.operations.size(), b.operations.size());
  for (size_t i = 0; i < a.operations.size(); ++i) {
    EXPECT_EQ(a.operations[i].normal_calls, b.operations[i].normal_calls);
    EXPECT_EQ(a.operations[i].evidence, b.operations[i].evidence);
  }
}

TEST(ClassifyOperations, AnOperationThatCrashedStaysACandidate) {
  Api api;
  api.add_class<Brittle>().constructor<>().method("raise_level", &Brittle::raise_level).method("settle", &Brittle::settle);
  BuilderSearchOptions options;
  options.target = class_id<Brittle>();
  options.operations = {0, 1, 2};
  options.observer_calls = 400;
  options.observer_scope = 3;
  options.isolate = true;  // settle() kills its worker
  Classification c = classify_operations(api, options);
  ASSERT_EQ(c.operations.size(), 3u);
  const OperationClass& settle = c.operations[2];
  EXPECT_EQ(settle.role, OperationRole::Untested);
  EXPECT_NE(settle.evidence.find("crashed or hung; kept as a candidate"), std::string::npos) << settle.evidence;
  EXPECT_TRUE(c.observers().empty());
  EXPECT_FALSE(c.findings.empty());
}

}  // namespace
}  // namespace objgen::builders
