#include "emit/params_report.hpp"

#include <fmt/format.h>

#include <set>

#include "io/utf8_text.hpp"
#include "emit/code_writer.hpp"

namespace objgen::emit {
namespace {

using params::Attempt;
using params::Cause;
using params::MethodParams;
using params::ParamsResult;

double percent(size_t part, size_t whole) { return whole == 0 ? 0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole); }

std::pair<uint32_t, uint32_t> failures(const ParamsResult& r) {
  uint32_t seen = 0, handled = 0;
  for (const params::CauseTally& t : r.causes) {
    seen += t.seen;
    handled += t.handled;
  }
  return {seen, handled};
}

std::string code(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  if (!emittable(api, seq)) return "";
  std::string out;
  for (const std::string& line : write_statements(api, domain, seq)) out += (out.empty() ? "" : "\n") + line;
  return out;
}

nlohmann::json attempt_json(const Api& api, const LiteralDomain& domain, const Attempt& a) {
  nlohmann::json j{{"outcome", outcome_name(a.outcome)},
                   {"cause", params::cause_name(a.cause)},
                   {"in_setup", a.in_setup},
                   {"code", code(api, domain, a.sequence)}};
  if (!a.message.empty()) j["message"] = a.message;
  if (!a.repair.empty()) j["repair"] = a.repair;
  if (!a.blamed.empty() && !a.sequence.calls.empty()) {
    const Operation& op = api.operations()[a.sequence.calls.back().op];
    for (uint32_t k : a.blamed) j["blamed"].push_back(op.parameter_name(k));
  }
  return j;
}

nlohmann::json method_json(const Api& api, const LiteralDomain& domain, const MethodParams& m) {
  nlohmann::json attempts = nlohmann::json::array();
  for (const Attempt& a : m.attempts) attempts.push_back(attempt_json(api, domain, a));
  nlohmann::json j{{"method", api.operations()[m.op].signature()},
                   {"status", params::status_name(m.status)},
                   {"tries", m.attempts.size()},
                   {"attempts", attempts}};
  if (m.ran()) j["inputs"] = code(api, domain, m.attempts.back().sequence);
  for (const FlatSequence& sample : m.samples) j["samples"].push_back(code(api, domain, sample));
  if (m.repeatable >= 0) j["repeated_calls"] = {{"ran", m.repeatable}, {"of", m.repeat_limit}};
  if (!m.why.empty()) j["why"] = m.why;
  return j;
}

}  // namespace

nlohmann::json params_summary_json(const ParamsResult& r) {
  auto [seen, handled] = failures(r);
  nlohmann::json causes = nlohmann::json::object();
  for (int c = 1; c < params::kCauseCount; ++c) {
    const params::CauseTally& t = r.causes[static_cast<size_t>(c)];
    if (t.seen) causes[params::cause_name(static_cast<Cause>(c))] = {{"seen", t.seen}, {"handled", t.handled}};
  }
  return {{"methods", r.methods.size()},
          {"ran", r.ran()},
          {"ran_percent", percent(r.ran(), r.methods.size())},
          {"failures_seen", seen},
          {"failures_handled", handled},
          {"handled_percent", percent(handled, seen)},
          {"causes", causes},
          {"executions", r.executions}};
}

nlohmann::json params_report_json(const Api& api, const LiteralDomain& domain, const ParamsResult& found, const ParamsResult* baseline,
                                  uint64_t seed, uint32_t tries) {
  nlohmann::json methods = nlohmann::json::array();
  for (const MethodParams& m : found.methods) methods.push_back(method_json(api, domain, m));
  nlohmann::json j{{"seed", seed}, {"tries", tries}, {"summary", params_summary_json(found)}, {"methods", methods}};
  nlohmann::json timing{{"seconds", found.seconds}};
  if (baseline) {
    j["baseline"] = params_summary_json(*baseline);
    nlohmann::json statuses = nlohmann::json::array();
    for (const MethodParams& m : baseline->methods) {
      statuses.push_back({{"method", api.operations()[m.op].signature()}, {"status", params::status_name(m.status)}});
      if (!m.why.empty()) statuses.back()["why"] = m.why;
    }
    j["baseline"]["methods_status"] = statuses;
    timing["baseline_seconds"] = baseline->seconds;
  }
  j["timing"] = timing;
  return j;
}

std::string params_summary_text(const Api& api, const ParamsResult& found, const ParamsResult* baseline, bool per_method) {
  std::string out;
  if (per_method)
    for (const MethodParams& m : found.methods) {
      std::string repeats = m.repeatable < 0                 ? ""
                            : m.repeatable == m.repeat_limit ? fmt::format("repeats {}+", m.repeatable)
                                                             : fmt::format("repeats {}", m.repeatable);
      out += fmt::format("  {:<11} {:>2} {}  {}\n", params::status_name(m.status), m.attempts.size(), api.operations()[m.op].signature(),
                         m.ran() ? repeats : utf8_prefix(m.why, 160));
      if (m.status == params::Status::Repaired)
        for (const Attempt& a : m.attempts)
          if (a.cause != Cause::None)
            out += fmt::format("                 {}{} -> {}\n", params::cause_name(a.cause), a.in_setup ? " (input)" : "", a.repair);
    }
  auto line = [](const char* label, const ParamsResult& r) {
    auto [seen, handled] = failures(r);
    return fmt::format("{:<11} {:>7} {:>6} {:>6.1f}% {:>9} {:>8} {:>6.1f}% {:>8.1f}\n", label, r.methods.size(), r.ran(),
                       percent(r.ran(), r.methods.size()), seen, handled, percent(handled, seen), r.seconds);
  };
  out += fmt::format("{:<11} {:>7} {:>6} {:>7} {:>9} {:>8} {:>7} {:>8}\n", "", "methods", "ran", "ran %", "failures", "handled", "hand. %",
                     "seconds");
  out += line("heuristics", found);
  if (baseline) out += line("baseline", *baseline);
  std::string causes;
  for (int c = 1; c < params::kCauseCount; ++c) {
    const params::CauseTally& t = found.causes[static_cast<size_t>(c)];
    if (t.seen)
      causes += fmt::format("{}{} {}/{}", causes.empty() ? "" : ", ", params::cause_name(static_cast<Cause>(c)), t.handled, t.seen);
  }
  if (!causes.empty()) out += "failures handled by cause: " + causes + "\n";
  return out;
}

std::string params_gtest_file(const Api& api, const LiteralDomain& domain, const ParamsResult& found, const std::string& include,
                              const std::string& suite, const ReturnedValues* returned) {
  std::string out =
      "// Generated by objgen params: each method called once with the receiver and arguments found\n"
      "// for it (a smoke suite: it ran normally under the search's checks).\n";
  out += include_line(include);
  out +=
      "#include <gtest/gtest.h>\n\n#include <climits>\n#include <cstdint>\n#include <limits>\n#include <memory>\n#include "
      "<string>\n#include <utility>\n\n";
  std::set<std::string> names;
  for (size_t mi = 0; mi < found.methods.size(); ++mi) {
    const MethodParams& m = found.methods[mi];
    if (!m.ran()) continue;
    std::vector<const FlatSequence*> inputs{&m.attempts.back().sequence};
    for (const FlatSequence& sample : m.samples) inputs.push_back(&sample);
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!emittable(api, *inputs[i])) continue;
      std::string base = test_identifier(api.operations()[m.op].signature()) + (i ? "_sample" + std::to_string(i + 1) : "");
      std::string name = base;
      for (int n = 2; names.count(name); ++n) name = base + "_v" + std::to_string(n);
      names.insert(name);
      std::vector<std::string> lines = write_statements(api, domain, *inputs[i]);
      const std::optional<Literal>* value = returned && mi < returned->size() && i < (*returned)[mi].size() ? &(*returned)[mi][i] : nullptr;
      if (value && *value && api.operations()[m.op].result.is_literal())
        lines.back() = expect_value(lines.back(), **value);
      else
        lines.back() = "EXPECT_NO_THROW(([&] { " + lines.back() + " })());";
      out += fmt::format("// {}: {}\nTEST({}, {}) {{\n", api.operations()[m.op].signature(),
                         i ? "another input that ran" : params::status_name(m.status), test_identifier(suite), name);
      for (const std::string& l : lines) out += "  " + l + "\n";
      out += "}\n\n";
    }
  }
  return out;
}

}  // namespace objgen::emit
