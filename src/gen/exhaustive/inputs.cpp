#include "objgen/inputs.hpp"

#include <stdexcept>

#include "exec/sequence.hpp"
#include "gen/exhaustive/exhaustive.hpp"
#include "model/selection.hpp"

namespace objgen {

// Declared in the public header objgen/inputs.hpp, hence in the core namespace; the exhaustive room implements it.
std::vector<Object> bounded_exhaustive_objects(const Api& api, ClassId cls, const InputOptions& o) {
  const ClassInfo* info = api.find_class(cls);
  if (!info) throw std::invalid_argument("class " + class_vtable(cls).name + " is not registered");
  exhaustive::ExhaustiveOptions opt;
  opt.scope = o.scope;
  opt.domain = LiteralDomain::defaults(static_cast<int>(o.scope), api);
  if (!o.ints.empty()) opt.domain.set_ints(o.ints);
  std::string omit = o.omit_fields.empty() ? info->omit_fields : o.omit_fields;
  if (!omit.empty()) opt.omit = std::make_shared<const std::regex>(omit);
  opt.target = cls;
  opt.operations = select_operations(api, cls, o.methods.empty() ? info->builders : o.methods);
  opt.workers = o.threads;
  opt.isolate = o.isolate;
  opt.max_iterations = o.max_iterations;
  exhaustive::ExhaustiveResult result = exhaustive::ExhaustiveGenerator(api, opt).run();
  if (!result.findings.empty()) {
    const exhaustive::Finding& f = result.findings.front();
    throw std::runtime_error("objgen: " + std::string(outcome_name(f.kind)) + " in " + api.operations()[f.op].signature() + ": " +
                             f.message);
  }
  if (!result.complete)
    throw std::runtime_error("objgen: generation for " + info->name + " stopped by " + exhaustive::stop_reason_name(result.stopped_by) +
                             " before reaching every state; raise max_iterations or check omitted fields");
  Replayer replayer(api, result.store, opt.domain);
  std::vector<Object> out;
  for (uint32_t state : result.store.states_of(cls)) out.push_back(replayer.build(state));
  return out;
}

}  // namespace objgen
