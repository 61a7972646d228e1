#include "gen/builders/builder_search.hpp"

#include <algorithm>

namespace objgen::builders {

exhaustive::ExhaustiveResult exhaustive_with(const Api& api, const BuilderSearchOptions& options, std::vector<uint32_t> operations,
                                             uint32_t scope) {
  exhaustive::ExhaustiveOptions opt;
  opt.scope = scope;
  opt.domain = search_domain(api, options, scope);
  opt.omit = options.omit;
  std::sort(operations.begin(), operations.end());
  opt.operations = std::move(operations);
  opt.target = options.target;
  opt.workers = options.workers;
  opt.isolate = options.isolate;
  opt.call_timeout_seconds = options.call_timeout_seconds;
  opt.interrupted = options.interrupted;
  opt.time_limit_seconds = options.run_time_limit_seconds;
  if (options.deadline != std::chrono::steady_clock::time_point{}) {  // what is left of a budget
    double left = std::chrono::duration<double>(options.deadline - std::chrono::steady_clock::now()).count();
    left = std::max(left, 0.01);
    opt.time_limit_seconds = opt.time_limit_seconds > 0 ? std::min(opt.time_limit_seconds, left) : left;
  }
  opt.memory_limit_bytes = options.memory_limit_bytes;
  opt.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  return exhaustive::ExhaustiveGenerator(api, std::move(opt)).run();
}

LiteralDomain search_domain(const Api& api, const BuilderSearchOptions& options, uint32_t scope) {
  return LiteralDomain::make(static_cast<int>(scope), api, options.literals);
}

random::RandomBatchOptions batch_options(const BuilderSearchOptions& options) {
  random::RandomBatchOptions b;
  b.workers = options.workers;
  b.isolate = options.isolate;
  b.call_timeout_seconds = options.call_timeout_seconds;
  b.max_crashes_per_run = 100;
  b.interrupted = options.interrupted;
  b.worker_memory_limit_bytes = options.worker_memory_limit_bytes;
  b.stop_at = options.deadline;  // a budget's end holds whatever the calls do
  return b;
}

int parameter_cost(const Operation& op, const FitnessWeights& w) {
  double cost = 0;
  for (size_t i = op.kind == OpKind::Method ? 1 : 0; i < op.params.size(); ++i) cost += op.params[i].is_object() ? w.object_param_cost : 1;
  return static_cast<int>(cost);
}

}  // namespace objgen::builders
