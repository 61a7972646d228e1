#include "emit/builders_report.hpp"

#include <set>

#include "emit/code_writer.hpp"

namespace objgen::emit {

std::string finding_method(const Api& api, const SequenceFinding& f) {
  return f.op < api.operations().size() ? api.operations()[f.op].signature() : "?";
}

std::vector<SequenceFinding> identification_findings(const builders::Identification& id) {
  std::vector<SequenceFinding> out;
  // The same fault shows in several runs (observer detection runs twice, the GA many times):
  // keep the first of each (kind, operation, message without its "(N calls)" count).
  auto key = [](const SequenceFinding& f) {
    std::string m = f.message;
    size_t count = m.rfind(" (");
    if (count != std::string::npos && m.size() > count + 2 && m.back() == ')' && m.find(" calls)", count) != std::string::npos)
      m.erase(count);
    return std::to_string(static_cast<int>(f.kind)) + ":" + std::to_string(f.op) + ":" + m;
  };
  std::set<std::string> seen;
  for (const auto* list : {&id.classification.findings, &id.genetic.findings, &id.climb.findings})
    for (const auto& f : *list)
      if (seen.insert(key(f)).second) out.push_back(f);
  return out;
}

namespace {

nlohmann::json signatures(const Api& api, const std::vector<uint32_t>& ops) {
  nlohmann::json j = nlohmann::json::array();
  for (uint32_t op : ops) j.push_back(api.operations()[op].signature());
  return j;
}

nlohmann::json history(const Api& api, const builders::Identification& id) {
  nlohmann::json h = nlohmann::json::array();
  for (const auto& s : id.climb.history)
    h.push_back(
        {{"builders", signatures(api, s.builders)}, {"structures", s.structures}, {"exhaustive_runs", s.runs}, {"seconds", s.seconds}});
  for (const auto& g : id.genetic.history)
    h.push_back({{"generation", g.generation},
                 {"best_fitness", g.best_fitness},
                 {"field_extensions", g.best_field_extensions},
                 {"best", signatures(api, g.best)},
                 {"evaluations", g.evaluations},
                 {"seconds", g.seconds}});
  return h;
}

nlohmann::json findings(const Api& api, const builders::Identification& id) {
  nlohmann::json j = nlohmann::json::array();
  std::vector<SequenceFinding> all = identification_findings(id);
  for (size_t i = 0; i < all.size(); ++i) {
    const SequenceFinding& f = all[i];
    nlohmann::json one{{"kind", outcome_name(f.kind)},
                       {"method", finding_method(api, f)},
                       {"message", f.message},
                       {"sequence", write_statements(api, f.domain, f.sequence)}};
    if (std::string why = id.unconfirmed(i); !why.empty()) one["unconfirmed"] = why;
    j.push_back(std::move(one));
  }
  return j;
}

void add_verification(nlohmann::json& r, const Api& api, const builders::Verification& v) {
  r["sufficient"] = v.sufficient();
  r["minimal"] = v.minimal();
  r["verdict"] = v.verdict();
  nlohmann::json witnesses = nlohmann::json::array(), scopes = nlohmann::json::array();
  auto add = [&](uint32_t scope, const char* kind, const builders::Witness& w) {
    witnesses.push_back(
        {{"scope", scope}, {"kind", kind}, {"builder", w.builder}, {"program", write_statements(api, w.domain, w.sequence, "o")}});
  };
  for (const auto& s : v.scopes) {
    for (const auto& w : s.missing) add(s.scope, "missing", w);
    for (const auto& w : s.extra) add(s.scope, "extra", w);
    for (const auto& w : s.needed) add(s.scope, "needed", w);
    scopes.push_back({{"scope", s.scope},
                      {"builder_states", s.builder_states},
                      {"api_states", s.api_states},
                      {"compared_under_operator_eq", s.by_equality},
                      {"builder_representations", s.builder_representations},
                      {"api_representations", s.api_representations},
                      {"sufficient", s.sufficient},
                      {"minimal", s.minimal},
                      {"complete", s.complete},
                      {"redundant", s.redundant},
                      {"seconds", s.seconds}});
  }
  r["witnesses"] = witnesses;
  r["verification"] = scopes;
}

}  // namespace

CheckResults builders_results(const Api& api, ClassId target, const builders::Identification& id) {
  CheckResults results = check_results(api, "builders", target, "");
  results.checks.clear();
  std::vector<SequenceFinding> all = identification_findings(id);
  for (size_t i = 0; i < all.size(); ++i) {
    const SequenceFinding& f = all[i];
    if (f.op >= api.operations().size()) continue;
    ResultRecord r = result_record(api, f.domain, f.kind, f.op, f.message, f.hits, f.sequence);
    if (std::string why = id.unconfirmed(i); !why.empty()) r.verdict = Verdict::Unconfirmed, r.why = why;
    results.results.push_back(std::move(r));
  }
  return results;
}

nlohmann::json builders_report(const Api& api, const BuildersRunDescription& run, const builders::Identification& id,
                               const std::optional<builders::Verification>& verification) {
  nlohmann::json r;
  r["example"] = run.example;
  r["class"] = run.cls;
  r["algorithm"] = run.searched ? builders::algorithm_name(id.algorithm) : "given";
  r["seed"] = run.seed;
  r["api"] = signatures(api, run.api);
  r["builders"] = signatures(api, id.builders);
  r["observers"] = signatures(api, id.classification.observers());
  if (!id.pruned.empty()) r["pruned"] = signatures(api, id.pruned);
  r["ruled_out"] = nlohmann::json::array();
  for (const builders::RuledOut& o : id.ruled_out)
    r["ruled_out"].push_back({{"operation", api.operations()[o.op].signature()}, {"why", o.evidence}});
  nlohmann::json classes = nlohmann::json::array();
  for (const auto& c : id.classification.operations)
    classes.push_back({{"method", api.operations()[c.op].signature()},
                       {"role", builders::role_name(c.role)},
                       {"const", c.const_hint},
                       {"calls", c.normal_calls},
                       {"evidence", c.evidence}});
  r["classification"] = classes;
  r["history"] = history(api, id);
  r["seconds"] = id.seconds;
  r["seconds_observers"] = id.classification.seconds;
  r["seconds_search"] = id.climb.seconds + id.genetic.seconds;
  if (id.algorithm == builders::BuilderAlgorithm::Genetic && run.searched) r["ga_evaluations"] = id.genetic.evaluations;
  if (id.algorithm == builders::BuilderAlgorithm::HillClimbing && run.searched) r["hc_exhaustive_runs"] = id.climb.runs;
  r["findings"] = findings(api, id);
  if (verification) add_verification(r, api, *verification);
  return r;
}

}  // namespace objgen::emit
