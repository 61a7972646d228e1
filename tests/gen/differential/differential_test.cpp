// Differential testing in process: a two-slot cache that forgets which entry was read last
// against the right one. The cache's own states merge sequences the reference tells apart, so
// the difference needs the pairs of states; it is found, minimized to a 1-minimal sequence and
// confirmed. The right cache against itself differs nowhere, and operations are matched by
// signature with the classes' own names taken as one.
#include <gtest/gtest.h>

#include <array>
#include <stdexcept>

#include "gen/differential/differential.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "model/selection.hpp"
#include "objgen/objgen.hpp"

namespace lockstep {
// Two entries, the one used least recently evicted by a third put; `refreshes` says whether a
// get counts as a use (the right cache) or not (the planted bug).
template <bool refreshes>
struct TwoSlot {
  std::array<int, 2> keys{-1, -1};  // keys[1] is the most recently used
  void put(int k) {
    if (keys[1] == k) return;
    if (keys[0] != k) keys[0] = keys[1];
    if (keys[0] == k) keys[0] = keys[1];
    keys[1] = k;
  }
  bool get(int k) {
    if (keys[0] != k && keys[1] != k) return false;
    if (refreshes && keys[0] == k) std::swap(keys[0], keys[1]);
    return true;
  }
  bool contains(int k) const { return keys[0] == k || keys[1] == k; }
  // A member that makes another object and leaves the receiver as it was.
  TwoSlot with(int k) const {
    TwoSlot t = *this;
    t.put(k);
    return t;
  }
};
using Right = TwoSlot<true>;
using Forgetful = TwoSlot<false>;

// A counter whose take() refuses what the reference allows (strict) or not.
template <bool strict>
struct Counter {
  int n = 0;
  void add(int k) { n += k; }
  int take(int k) {
    if (strict && k > n) throw std::out_of_range("take: more than there is");
    n -= k;
    return n;
  }
  int value() const { return n; }
};
using Strict = Counter<true>;
using Lenient = Counter<false>;
}  // namespace lockstep
OBJGEN_FIELDS(lockstep::Right, keys)
OBJGEN_FIELDS(lockstep::Forgetful, keys)
OBJGEN_FIELDS(lockstep::Strict, n)
OBJGEN_FIELDS(lockstep::Lenient, n)

namespace objgen::differential {
namespace {

template <class T>
ClassId register_cache(Api& api) {
  auto b = api.add_class<T>();
  b.template constructor<>();
  if constexpr (requires(T t) { t.put(0); }) {
    b.method("put", &T::put).method("get", &T::get).method("contains", &T::contains).method("with", &T::with);
  } else {
    b.method("add", &T::add).method("take", &T::take).method("value", &T::value);
  }
  return class_id<T>();
}

// Every state of one class within scope 3, found as the CLI's exhaustive command finds them.
struct Found {
  Api api;
  ClassId target;
  exhaustive::ExhaustiveOptions options;
  exhaustive::ExhaustiveResult result;
  std::vector<std::string> names;
  FoundStates view() const { return exhaustive::found_states(options, result); }
  Side side() const { return Side{api, target, options.domain, names, class_vtable(target).name}; }
};

template <class T>
std::unique_ptr<Found> explore() {
  auto f = std::make_unique<Found>();
  f->target = register_cache<T>(f->api);
  f->options.scope = 3;
  f->options.domain = LiteralDomain::defaults(3);
  f->options.target = f->target;
  f->options.operations = select_operations(f->api, f->target, {"all"});
  f->options.isolate = false;
  f->result = exhaustive::ExhaustiveGenerator(f->api, f->options).run();
  for (size_t id = 0; id < registered_class_count(); ++id) f->names.push_back(class_vtable(static_cast<ClassId>(id)).name);
  return f;
}

DifferentialResult compare(const Found& subject, const Found& reference) {
  OperationMatch match = match_operations(subject.side(), reference.side());
  EXPECT_TRUE(match.unmatched.empty());
  return find_differences(subject.side(), subject.view(), reference.side(), match, DifferentialOptions{});
}

TEST(Differential, OperationsMatchBySignatureAcrossClassNames) {
  auto forgetful = explore<lockstep::Forgetful>();
  auto right = explore<lockstep::Right>();
  OperationMatch m = match_operations(forgetful->side(), right->side());
  ASSERT_EQ(m.to_reference.size(), forgetful->api.operations().size());
  for (size_t k = 0; k < m.to_reference.size(); ++k) {
    const Operation& mine = forgetful->api.operations()[k];
    ASSERT_GE(m.to_reference[k], 0) << mine.signature();
    const Operation& theirs = right->api.operations()[static_cast<size_t>(m.to_reference[k])];
    EXPECT_EQ(mine.kind, theirs.kind);
    if (mine.kind != OpKind::Constructor) {  // a constructor is named as its class
      EXPECT_EQ(mine.name, theirs.name);
    }
  }
}

TEST(Differential, FindsAForgottenRefreshThroughPairsOfStates) {
  auto forgetful = explore<lockstep::Forgetful>();
  auto right = explore<lockstep::Right>();
  DifferentialResult r = compare(*forgetful, *right);
  ASSERT_FALSE(r.differences.empty());
  EXPECT_LE(r.differences.size(), 2u);
  EXPECT_TRUE(r.unconfirmed.empty());
  EXPECT_GT(r.pairs, forgetful->view().target_states().size());  // pairs the cache's states alone merge
  for (const Difference& d : r.differences) {
    EXPECT_TRUE(d.one_minimal) << d.message;
    // constructor, two puts, the get that should refresh, the put that evicts, the check
    EXPECT_EQ(d.sequence.calls.size(), 6u) << d.message;
    EXPECT_NE(d.message.find("reference"), std::string::npos);
  }
}

TEST(Differential, AMemberThatThrowsWhereTheReferenceReturnsIsADifference) {
  auto strict = explore<lockstep::Strict>();
  auto lenient = explore<lockstep::Lenient>();
  DifferentialResult r = compare(*strict, *lenient);
  ASSERT_FALSE(r.differences.empty());
  bool threw = false;
  for (const Difference& d : r.differences) threw |= d.threw && d.call.rfind("take(", 0) == 0;
  EXPECT_TRUE(threw);
  // ...and the other way round the reference refuses: skipped, never the class's fault.
  DifferentialResult back = compare(*lenient, *strict);
  for (const Difference& d : back.differences) EXPECT_FALSE(d.call.rfind("take(", 0) == 0 && !d.threw) << d.message;
  EXPECT_GT(back.refused_by_reference, 0u);
}

TEST(Differential, AClassAgainstItselfDiffersNowhere) {
  auto right = explore<lockstep::Right>();
  auto again = explore<lockstep::Right>();
  DifferentialResult r = compare(*right, *again);
  EXPECT_TRUE(r.differences.empty());
  EXPECT_GT(r.compared, 0u);
  EXPECT_EQ(r.refused_by_reference, 0u);
}

}  // namespace
}  // namespace objgen::differential
