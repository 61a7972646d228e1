#include "gen/builders/observers.hpp"

#include <chrono>
#include <fmt/format.h>

#include "gen/random/random_batch.hpp"

namespace objgen::builders {
namespace {

bool statically_pure(const Operation& op) {
  if (op.result.is_object()) return false;
  for (size_t i = 0; i < op.params.size(); ++i) {
    const SlotType& p = op.params[i];
    if (op.kind == OpKind::Method && i == 0) {
      if (!op.is_const) return false;
    } else if (p.may_modify() || p.consumed()) {
      return false;
    }
  }
  return true;
}

// failures: calls of the operation that crashed or hung (they also stop being measured after the
// second, see RandomOptions::quarantine_after).
OperationClass classify(const Operation& op, uint32_t index, const random::OperationEffect& e, size_t failures) {
  OperationClass c{index, OperationRole::Builder, statically_pure(op), e.normal, {}};
  if (e.normal == 0) {
    c.role = OperationRole::Untested;
    c.evidence = fmt::format("never returned normally ({} misuse); kept as a candidate", e.misuse);
  } else if (e.returned_object) {
    c.evidence = fmt::format("returned a new object in {} of {} calls", e.returned_object, e.normal);
  } else if (e.changed_input) {
    c.evidence = fmt::format("changed an input in {} of {} calls", e.changed_input, e.normal);
    if (c.const_hint) c.evidence += " although its signature promises not to (mutable state?)";
  } else if (failures > 0) {
    // A call that never returned may have changed anything: calling it an observer would take it
    // out of the search and out of the proof's reference API.
    c.role = OperationRole::Untested;
    c.evidence = fmt::format("changed nothing in {} calls, but {} crashed or hung; kept as a candidate", e.normal, failures);
  } else {
    c.role = OperationRole::Observer;
    c.evidence = fmt::format("changed nothing in {} calls", e.normal);
    if (!c.const_hint) c.evidence += " (not const in C++)";
  }
  return c;
}

}  // namespace

const char* role_name(OperationRole r) {
  switch (r) {
    case OperationRole::Builder:
      return "builder candidate";
    case OperationRole::Observer:
      return "observer";
    case OperationRole::Untested:
      return "untested";
  }
  return "?";
}

std::vector<uint32_t> Classification::candidates() const {
  std::vector<uint32_t> out;
  for (const auto& c : operations)
    if (c.role != OperationRole::Observer) out.push_back(c.op);
  return out;
}

std::vector<uint32_t> Classification::observers() const {
  std::vector<uint32_t> out;
  for (const auto& c : operations)
    if (c.role == OperationRole::Observer) out.push_back(c.op);
  return out;
}

Classification classify_operations(const Api& api, const BuilderSearchOptions& options) {
  auto start = std::chrono::steady_clock::now();
  std::vector<random::RandomOptions> runs(2);
  for (size_t i = 0; i < runs.size(); ++i) {
    random::RandomOptions& r = runs[i];
    r.operations = options.operations;
    r.target = options.target;
    r.scope = options.observer_scope;
    r.domain = search_domain(api, options, options.observer_scope);
    r.omit = options.omit;
    r.seed = options.seed * 2 + i + 0x0b5e;
    r.max_calls = options.observer_calls;
  }
  auto results = random::run_random_batch(api, std::move(runs), batch_options(options));
  Classification out;
  for (uint32_t op : options.operations) {
    random::OperationEffect sum;
    for (const auto& r : results) {
      if (op >= r.effects.size()) continue;
      const random::OperationEffect& e = r.effects[op];
      sum.normal += e.normal;
      sum.misuse += e.misuse;
      sum.changed_input += e.changed_input;
      sum.returned_object += e.returned_object;
    }
    size_t failures = 0;
    for (const auto& r : results)
      for (const auto& s : r.skipped) failures += s.op == op && !s.ran;
    out.operations.push_back(classify(api.operations()[op], op, sum, failures));
  }
  for (auto& r : results)
    for (auto& f : r.findings) out.findings.push_back(std::move(f));
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace objgen::builders
