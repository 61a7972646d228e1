#include "cli/cli_common.hpp"

#include <csignal>
#include <fstream>
#include <thread>

#include "emit/atomic_file.hpp"
#include "model/selection.hpp"

namespace objgen::cli {

std::atomic<bool> g_interrupted{false};
namespace {
extern "C" void on_sigint(int) { g_interrupted.store(true); }
}  // namespace

void catch_interrupts(bool on) { std::signal(SIGINT, on ? on_sigint : SIG_DFL); }

const Example& require_example(const std::string& name) {
  if (const Example* ex = find_example(name)) return *ex;
  std::string names;
  for (const auto& e : bundled_examples()) names += (names.empty() ? "" : ", ") + e.name;
  throw UsageError("unknown example '" + name + "' (known: " + names + ")");
}

const ClassInfo& register_example(const Example& ex, Api& api) {
  ex.register_api(api);
  const ClassInfo* target = api.find_class(ex.target);
  if (!target) throw std::logic_error("example " + ex.name + " does not register " + ex.target);
  return *target;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::string item;
  int depth = 0;  // commas inside a signature's parentheses do not split
  for (char c : s + ",") {
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if ((c == ',' && depth == 0) || c == '\n') {
      depth = 0;
      auto b = item.find_first_not_of(" \t\r"), e = item.find_last_not_of(" \t\r");
      if (b != std::string::npos && item[b] != '#') out.push_back(item.substr(b, e - b + 1));
      item.clear();
    } else {
      item += c;
    }
  }
  return out;
}

std::vector<std::string> read_method_list(const std::string& spec) {
  if (spec.empty() || spec[0] != '@') return split_list(spec);
  std::optional<std::string> all = read_whole_file(spec.substr(1));
  if (!all) throw UsageError("cannot read methods file " + spec.substr(1));
  return split_list(*all);
}

std::shared_ptr<const std::regex> build_omit(const std::string& pattern) {
  if (pattern.empty()) return nullptr;
  try {
    return std::make_shared<const std::regex>(pattern);
  } catch (const std::regex_error& e) {
    throw UsageError("malformed --omit-fields regex '" + pattern + "': " + e.what());
  }
}

std::vector<uint32_t> select_methods(const Api& api, ClassId target, const std::vector<std::string>& names,
                                     bool add_constructors) {
  try {
    return select_operations(api, target, names, add_constructors);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

int default_workers(int requested) {
  return requested > 0 ? requested : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void require_isolation(const std::string& mode) {
  if (mode != "fork" && mode != "none") throw UsageError("bad --isolation '" + mode + "': use fork or none");
}

void require_writable_file(const std::string& path) {
  if (path.empty()) return;
  try {
    ensure_writable_file(path);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

void set_misuse(Api& api, const std::vector<std::string>& names) {
  if (names.empty()) return;
  api.misuse().clear();
  for (const auto& m : names) api.misuse().add_name(m);
}

}  // namespace objgen::cli
