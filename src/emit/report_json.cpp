#include "emit/report_json.hpp"

#include <fmt/format.h>

#include <sys/resource.h>

#include "emit/code_writer.hpp"
#include "exec/sequence.hpp"

namespace objgen::emit {

size_t peak_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<size_t>(u.ru_maxrss) * 1024;
}

size_t peak_child_rss_bytes() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<size_t>(u.ru_maxrss) * 1024;
}

std::string states_digest(const Api& api, const StateStore& store) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&h](uint64_t v) {
    for (int i = 0; i < 8; ++i, v >>= 8) h = (h ^ (v & 0xff)) * 1099511628211ull;
  };
  for (uint32_t s = 0; s < store.state_count(); ++s) {
    const StateRecord& rec = store.state(s);
    const SequenceNode& seq = store.sequence(rec.sequence);
    mix(seq.op);
    mix(rec.slot);
    mix(rec.cls);
    mix(store.iteration_of(s));
    for (ArgRef a : store.args(rec.sequence, api.operations()[seq.op].params.size())) mix(a.bits);
  }
  return fmt::format("{:016x}", h);
}

nlohmann::json exhaustive_report(const Api& api, const exhaustive::ExhaustiveOptions& opt, const RunDescription& run,
                                 const exhaustive::ExhaustiveResult& result) {
  using nlohmann::json;
  const StateStore& store = result.store;
  json classes = json::object();
  for (const auto& c : api.classes()) classes[c.name] = store.states_of(c.id).size();
  Replayer replayer(api, store, opt.domain);
  json findings = json::array();
  for (const exhaustive::Finding& f : result.findings) {
    FlatSequence seq = replayer.flatten_call(f.op, f.args);
    findings.push_back({{"kind", outcome_name(f.kind)},
                        {"message", f.message},
                        {"operation", api.operations()[f.op].signature()},
                        {"iteration", f.iteration},
                        {"hits", f.hits},
                        {"sequence", write_statements(api, opt.domain, seq)}});
  }
  size_t states = store.state_count();
  size_t rss = peak_rss_bytes();
  return json{{"example", run.example},
              {"target", run.target},
              {"scope", run.scope},
              {"threads", run.threads},
              {"isolation", run.isolated ? "fork" : "none"},
              {"methods", run.methods},
              {"structures", store.states_of(opt.target).size()},
              {"states", states},
              {"states_digest", states_digest(api, store)},
              {"explored", result.explored},
              {"iterations", result.iterations},
              {"seconds", result.seconds},
              {"complete", result.complete},
              {"resumed_after_iteration", result.resumed_after},
              {"stopped_by", exhaustive::stop_reason_name(result.stopped_by)},
              {"peak_rss_bytes", rss},
              {"peak_worker_rss_bytes", peak_child_rss_bytes()},
              {"store_bytes", store.memory_bytes()},
              {"store_bytes_per_state", states ? static_cast<double>(store.memory_bytes()) / states : 0.0},
              {"classes", classes},
              {"failures", findings}};
}

}  // namespace objgen::emit
