#include "gen/builders/hill_climbing.hpp"

#include <chrono>

namespace objgen::builders {
namespace {

bool creates(const Operation& op, ClassId target) {
  if (!op.result.is_object() || op.result.cls != target) return false;
  for (const SlotType& p : op.params)
    if (p.is_object() && p.cls == target) return false;
  return true;
}

class Climber {
 public:
  Climber(const Api& api, const BuilderSearchOptions& opt, const ClimbProgress& progress) : api_(api), opt_(opt), progress_(progress) {}

  // Structures found with ops; keeps the first findings.
  size_t count(const std::vector<uint32_t>& ops) {
    exhaustive::ExhaustiveResult r = exhaustive_with(api_, opt_, ops, opt_.climb_scope);
    ++result_.runs;
    if (r.stopped_by == exhaustive::StopReason::Interrupted) result_.interrupted = true;
    if (!r.complete) result_.complete = false;
    LiteralDomain domain = search_domain(api_, opt_, opt_.climb_scope);
    for (auto& f : exhaustive::replayable_findings(api_, r, domain))
      if (result_.findings.size() < 20) result_.findings.push_back(std::move(f));
    return r.store.states_of(opt_.target).size();
  }

  // The candidate (not yet chosen) whose addition gives the most structures.
  bool best_addition(const std::vector<uint32_t>& pool, bool constructors_only, uint32_t* op, size_t* structures) {
    bool found = false;
    size_t tried = 0;
    for (uint32_t c : pool) {
      if (std::find(result_.builders.begin(), result_.builders.end(), c) != result_.builders.end()) continue;
      if (constructors_only && !creates(api_.operations()[c], opt_.target)) continue;
      if (result_.interrupted) break;
      if (progress_.on_try) progress_.on_try(c, tried++, pool.size() - result_.builders.size());
      auto ops = result_.builders;
      ops.push_back(c);
      size_t n = count(ops);
      bool better =
          !found || n > *structures ||
          (n == *structures && parameter_cost(api_.operations()[c], opt_.weights) < parameter_cost(api_.operations()[*op], opt_.weights));
      if (better) {
        found = true;
        *op = c;
        *structures = n;
      }
    }
    return found;
  }

  ClimbResult run(const std::vector<uint32_t>& candidates, const std::vector<uint32_t>& from) {
    auto start = std::chrono::steady_clock::now();
    uint32_t op = 0;
    size_t n = 0;
    bool constructors_only = from.empty();
    if (!from.empty()) {
      result_.builders = from;
      result_.structures = count(from);
    }
    while (best_addition(candidates, constructors_only, &op, &n)) {
      if (!constructors_only && n <= result_.structures) break;
      constructors_only = false;
      result_.builders.push_back(op);
      result_.structures = n;
      ClimbStep step{result_.builders, n, result_.runs, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()};
      if (progress_.on_step) progress_.on_step(step);
      result_.history.push_back(std::move(step));
    }
    result_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return std::move(result_);
  }

 private:
  const Api& api_;
  const BuilderSearchOptions& opt_;
  const ClimbProgress& progress_;
  ClimbResult result_;
};

}  // namespace

ClimbResult climb_builders(const Api& api, const BuilderSearchOptions& options, const std::vector<uint32_t>& candidates,
                           const ClimbProgress& progress, const std::vector<uint32_t>& start) {
  return Climber(api, options, progress).run(candidates, start);
}

}  // namespace objgen::builders
