#include "cli/option_checks.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <set>
#include <vector>

#include "cli/cli_common.hpp"
#include "cli/type_name_check.hpp"

namespace objgen::cli {

namespace {

// Options taking seconds: finite and not beyond kMaxSeconds. The lower bound (0 allowed or not,
// negative values) is each command's own check: 0 means "none" for a limit, nothing for a timeout.
const std::set<std::string> kSecondsOptions{"call-timeout", "time-limit", "budget", "run-time-limit"};
// Counts, some stored unsigned: "-1" would become 2^64-1 there.
const std::set<std::string> kCountOptions{"gtest-max-states",
                                          "gtest-inline-limit",
                                          "oracle-states",
                                          "contract-states",
                                          "max-calls",
                                          "fitness-calls",
                                          "observer-calls",
                                          "seed",
                                          "runs",
                                          "tries",
                                          "samples",
                                          "population",
                                          "generations",
                                          "replicas",
                                          "seed-depth",
                                          "max-test-length",
                                          "max-depth",
                                          "fitness-scope",
                                          "class-depth",
                                          "max-iterations",
                                          "threads"};
// Paths and lists for which "" means nothing: a mistake (an unset shell variable), not a choice.
const std::set<std::string> kNonEmptyOptions{
    "report-json", "emit-gtest", "emit-benchmark",   "methods", "method", "checkpoint", "plot",  "output",       "header", "harness",
    "builders",    "repository", "compile-commands", "example", "sweep",  "show-graph", "class", "resource-dir", "name",   "namespace"};
// Pasted into generated C++ as they are.
const std::set<std::string> kTypeNameOptions{"class", "namespace"};
const std::set<std::string> kMemoryOptions{"worker-memory-limit", "memory-limit"};

std::string seconds_problem(const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0') return "takes a number of seconds, not '" + text + "'";
  if (std::isfinite(v) && v < 0) return "";  // each command says what its option's lower bound is
  if (!std::isfinite(v) || v > kMaxSeconds)
    return "takes seconds from 0 to " + std::to_string(static_cast<long>(kMaxSeconds)) + ", not '" + text + "'";
  return "";
}

std::string count_problem(const std::string& text) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return "takes a whole number >= 0, not '" + text + "'";
  if (text.size() > 20) return "'" + text + "' is too large";
  return "";
}

std::string memory_problem(const std::string& text, const std::string& option) {
  size_t bytes = 0;
  try {
    bytes = parse_size(text, option.c_str());
  } catch (const std::exception& e) {
    return e.what();
  }
  if (bytes != 0 && bytes < kMinWorkerMemory)
    return "'" + text + "' is less than a worker needs to run at all (" + std::to_string(kMinWorkerMemory >> 20) +
           "M at least, or 0 for no limit)";
  return "";
}

std::string identifier_problem(const std::string& text) {
  bool ok = !text.empty() && !std::isdigit(static_cast<unsigned char>(text[0])) &&
            text.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") == std::string::npos;
  return ok ? "" : "'" + text + "' is not a C++ identifier";
}

CLI::Validator check_with(std::string (*problem)(const std::string&), const char* name) {
  return CLI::Validator([problem](std::string& text) { return problem(text); }, "", name);
}

void check_option(CLI::Option* opt) {
  for (const std::string& name : opt->get_lnames()) {
    if (kSecondsOptions.count(name)) opt->check(check_with(seconds_problem, "SECONDS"));
    if (kCountOptions.count(name)) opt->check(check_with(count_problem, "COUNT"));
    if (kNonEmptyOptions.count(name))
      opt->check(CLI::Validator([](std::string& t) { return t.empty() ? std::string("needs a value, not ''") : ""; }, "", "NONEMPTY"));
    if (kMemoryOptions.count(name))
      opt->check(CLI::Validator([name](std::string& t) { return memory_problem(t, "--" + name); }, "", "SIZE"));
    if (kTypeNameOptions.count(name)) opt->check(check_with(type_name_problem, "TYPE"));
    if (name == "name") opt->check(check_with(identifier_problem, "IDENTIFIER"));
    if (name == "header") opt->check(check_with(header_name_problem, "HEADER"));
    if (name == "template-args") opt->check(check_with(template_args_problem, "MEMBER=TYPES"));
  }
}

}  // namespace

void add_option_checks(CLI::App& app) {
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; }))
    for (CLI::Option* opt : sub->get_options([](const CLI::Option*) { return true; })) check_option(opt);
}

}  // namespace objgen::cli
