// Runs a bundled example through the exhaustive generator in-process, as the CLI does.
#pragma once

#include <string>

#include "gen/exhaustive/exhaustive.hpp"
#include "model/selection.hpp"
#include "objgen/example.hpp"

namespace objgen::testing {

struct ExampleRun {
  Api api;
  exhaustive::ExhaustiveOptions options;
  exhaustive::ExhaustiveResult result;
  size_t structures() const { return result.store.states_of(options.target).size(); }
};

// Options for generating every state of `cls` with the whole API of `api`.
inline exhaustive::ExhaustiveOptions whole_api_options(const Api& api, ClassId cls, uint32_t scope, int workers, bool isolate) {
  exhaustive::ExhaustiveOptions o;
  o.scope = scope;
  o.domain = LiteralDomain::defaults(static_cast<int>(scope));
  o.target = cls;
  o.operations = select_operations(api, cls, {"all"});
  o.workers = workers;
  o.isolate = isolate;
  return o;
}

inline std::unique_ptr<ExampleRun> run_example(const std::string& name, uint32_t scope, int workers = 1, bool isolate = false,
                                               std::vector<std::string> methods = {}) {
  auto run = std::make_unique<ExampleRun>();
  const Example* ex = find_example(name);
  if (!ex) throw std::invalid_argument("no example " + name);
  ex->register_api(run->api);
  const ClassInfo* target = run->api.find_class(ex->target);
  exhaustive::ExhaustiveOptions& o = run->options;
  o.scope = scope;
  o.domain = LiteralDomain::defaults(static_cast<int>(scope));
  if (!target->omit_fields.empty()) o.omit = std::make_shared<const std::regex>(target->omit_fields);
  o.target = target->id;
  o.operations = select_operations(run->api, target->id, methods.empty() ? target->builders : methods);
  o.workers = workers;
  o.isolate = isolate;
  o.job_size = 4096;
  run->result = exhaustive::ExhaustiveGenerator(run->api, o).run();
  return run;
}

}  // namespace objgen::testing
