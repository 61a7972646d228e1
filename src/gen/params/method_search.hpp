// The search behind find_parameters (parameter_search.hpp), for one method at a time: what it
// knows of the API (api_facts.cpp), the plan of a try written as calls and run (method_search.cpp),
// the heuristic or uniform choice of arguments and receivers (argument_choice.cpp), and the repair
// chosen by the cause of a failure (repairs.cpp). Internal to gen/params.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gen/params/parameter_search.hpp"
#include "model/rng.hpp"

namespace objgen::params::search {

constexpr int kMaxBuildDepth = 3;   // objects inside objects an argument may need
constexpr uint32_t kMaxFills = 32;  // builder calls that make a receiver non-empty
constexpr uint32_t kInitialFills = 3;
constexpr int64_t kSmallLimit = 8;  // "smaller sizes": values in [0, 8]

// How one parameter of a call gets its value.
struct Input {
  bool object = false;
  uint32_t literal = 0;   // index into the domain's values of the parameter's kind
  int object_index = -1;  // into Plan::objects
};

struct ObjectPlan {
  uint32_t creator = 0;
  std::vector<Input> args;
  struct Fill {
    uint32_t op;
    std::vector<Input> args;  // the receiver not included
  };
  std::vector<Fill> fills;
};

struct Plan {
  std::vector<ObjectPlan> objects;
  std::vector<Input> inputs;  // the method's parameters, receiver first for a member
};

// Which part of a try a call belongs to: building method parameter `slot`'s object (its
// creator, or a builder call on it), or the method itself.
struct CallRole {
  int slot = -1;  // -1: the method
  bool fill = false;
};

// A plan as straight-line calls; value numbers follow TestRunner's (one per object result).
class PlanWriter {
 public:
  PlanWriter(const Api& api, const Plan& plan) : api_(api), plan_(plan), value_of_(plan.objects.size(), -1) {}

  int object(int index, int slot);
  void method(uint32_t op);
  void call(uint32_t op, std::vector<int64_t> args) { push(FlatCall{op, std::move(args), {}}, {-1, false}); }

  FlatSequence& sequence() { return seq_; }
  const std::vector<CallRole>& roles() const { return roles_; }

 private:
  int64_t argument(const Input& in, int slot) { return in.object ? object(in.object_index, slot) : -1 - static_cast<int64_t>(in.literal); }
  std::vector<int64_t> arguments(const std::vector<Input>& inputs, int slot);
  int push(FlatCall c, CallRole role);

  const Api& api_;
  const Plan& plan_;
  std::vector<int> value_of_;
  FlatSequence seq_;
  std::vector<CallRole> roles_;
  int next_value_ = 0;
};

// What the search knows of the API, computed once for all methods.
struct ApiFacts {
  std::vector<std::vector<uint32_t>> creators;  // per class: constructors and factories, simplest first
  std::vector<std::vector<uint32_t>> fillers;   // per class: builder calls that add state
  // Per operation, as a builder call in the tries so far: how often it ran, how often it failed
  // (set(pos) on an empty bitset): one that keeps failing is no longer chosen.
  std::vector<uint32_t> fill_ran, fill_failed;
  std::vector<int> size_op;                      // per class: a const size()/length() member, or -1
  std::vector<std::vector<uint32_t>> constants;  // per class: domain indices of its constants
  std::vector<int64_t> ints;                     // the domain's integers, in domain order (sorted)
};

// `builders` replaces the harness's builder calls for the classes it lists.
ApiFacts learn_api(const Api& api, const LiteralDomain& domain, const std::map<ClassId, std::vector<uint32_t>>& builders);

// The knobs repairs turn, per method.
struct ObjectKnob {
  uint32_t rank = 0;   // which creator, simplest first
  uint32_t fills = 0;  // builder calls after it
  bool small_args = false;
};
enum class IntMode : uint8_t { Free, Bounded, Small };
struct IntKnob {
  IntMode mode = IntMode::Free;
  bool nonzero = false;
};
struct Knobs {
  std::vector<ObjectKnob> objects;  // per method parameter (used for object ones)
  std::vector<IntKnob> ints;        // per method parameter (used for integer ones)
  uint32_t crash_repairs = 0;
};

class MethodSearch {
 public:
  MethodSearch(const Api& api, const LiteralDomain& domain, ApiFacts& facts, uint32_t mut, bool heuristics, uint64_t seed);

  // Why the method cannot be called at all, or "".
  std::string unbuildable() const;

  // More inputs that run, drawn as the knobs that made the found one run say (no repairs): up to
  // `wanted`, within `wanted * tries` draws in all.
  void more_samples(MethodParams& m, uint32_t wanted, uint32_t tries, TestRunner& runner, uint64_t& executions,
                    const std::atomic<bool>* interrupted, const std::function<bool()>& time_left);

  // Values the tries give these parameters until one reaches the method (domain indices;
  // nullopt: drawn as usual).
  void start_from(std::vector<std::optional<uint32_t>> values) { first_values_ = std::move(values); }

  MethodParams run(uint32_t tries, TestRunner& runner, uint64_t& executions, const std::atomic<bool>* interrupted);

 private:
  // The try (method_search.cpp).
  std::string class_name(ClassId cls) const;
  bool buildable(ClassId cls, int depth) const;
  Plan plan_inputs();
  Attempt attempt(TestRunner& runner, uint64_t& executions);
  bool is_int(size_t k) const { return mut_.params[k].is_literal() && mut_.params[k].literal == LiteralKind::Int; }
  std::vector<uint32_t> all_slots() const;
  // What a repair changes: the blamed parameters, or all of them when the failure blamed none.
  std::vector<uint32_t> targets(const std::vector<uint32_t>& blamed) const { return blamed.empty() ? all_slots() : blamed; }
  bool any_int(IntMode mode, const std::vector<uint32_t>& slots) const;
  std::vector<std::optional<int64_t>> int_arguments(const FlatSequence& seq) const;

  // The choice of receivers and arguments (argument_choice.cpp).
  int build(Plan& plan, ClassId cls, uint32_t rank, uint32_t fills, bool small, int depth);
  int64_t size_bound(const Plan& plan, TestRunner& runner, uint64_t& executions);
  void draw_literals(Plan& plan, int64_t bound);
  void bounded_indices(Plan& plan, const std::vector<size_t>& ints, int64_t r);
  uint32_t free_int(ClassId owner, IntKnob knob);
  uint32_t int_in(int64_t lo, int64_t hi);
  uint32_t uniform(LiteralKind k);
  Input creator_literal(const SlotType& p, ClassId cls, bool small);
  Input fill_literal(const SlotType& p);

  // The repairs (repairs.cpp).
  std::string repair(const Attempt& a);
  std::string repair_crash(const std::vector<uint32_t>& slots, const std::string& who);
  std::string repair_input(CallRole role);
  std::string grow_inputs(const std::vector<uint32_t>& slots, const std::string& why);
  std::string shrink_inputs(const std::vector<uint32_t>& slots, const std::string& who);
  std::string next_creators(const std::vector<uint32_t>& slots, const std::string& why);
  std::vector<uint32_t> object_slots(const std::vector<uint32_t>& slots) const;
  bool set_ints(const std::vector<uint32_t>& slots, IntMode mode);
  std::string named(const std::vector<uint32_t>& blamed) const;

  const Api& api_;
  const LiteralDomain& domain_;
  ApiFacts& facts_;
  const Operation& mut_;
  uint32_t mut_index_;
  bool heuristics_;
  Rng rng_;
  Knobs knobs_;
  std::vector<CallRole> roles_;
  CallRole failed_role_;
  int64_t last_bound_ = -1;
  std::vector<std::optional<uint32_t>> first_values_;
};

}  // namespace objgen::params::search
