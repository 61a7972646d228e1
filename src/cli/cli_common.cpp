#include "cli/cli_common.hpp"

#include <unistd.h>

#include <csignal>
#include <sched.h>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <thread>

#include "exec/child_process.hpp"
#include "io/atomic_file.hpp"
#include "model/selection.hpp"

namespace objgen::cli {

std::atomic<bool> g_interrupted{false};
namespace {
extern "C" void on_interrupt(int) { g_interrupted.store(true); }
}  // namespace

// Ctrl-C, kill (SIGTERM) and a closed terminal (SIGHUP) all stop the run the same way: workers
// are ended, temporary directories removed, partial results written.
void catch_interrupts(bool on) {
  for (int sig : {SIGINT, SIGTERM, SIGHUP}) std::signal(sig, on ? on_interrupt : SIG_DFL);
  set_interrupt_flag(&g_interrupted);  // every wait on a worker gives up when it is set
}

const Example& require_example(const std::string& name) {
  if (const Example* ex = find_example(name)) return *ex;
  std::string names;
  for (const auto& e : bundled_examples()) names += (names.empty() ? "" : ", ") + e.name;
  throw UsageError("unknown example '" + name + "' (known: " + names + ")");
}

const ClassInfo& register_example(const Example& ex, Api& api) {
  ex.register_api(api);
  api.add_calls_through_references();
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
  refuse_non_regular_file(spec.substr(1), "methods file");
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

std::vector<uint32_t> select_methods(const Api& api, ClassId target, const std::vector<std::string>& names, bool add_constructors) {
  try {
    return select_operations(api, target, names, add_constructors);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

Cluster* g_cluster = nullptr;

// The cores this process may run on: a launcher (mpirun binds each rank to a core by default,
// Slurm to its allocation) or taskset may have given it fewer than the machine has.
int usable_cores() {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0) cores = std::min(cores, std::max(1, CPU_COUNT(&set)));
  return cores;
}

// Ranks started on one machine, unbound, share its cores: by default each takes its share.
int cores_per_rank() {
  int machine = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  int cores = usable_cores();
  if (!g_cluster || cores < machine) return cores;  // bound: the cores it was given are its own
  int ranks_here = 1;
  for (const char* var : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS", "PMIX_LOCAL_SIZE", "SLURM_NTASKS_PER_NODE"})
    if (const char* v = std::getenv(var); v && std::atoi(v) > 0) {
      ranks_here = std::atoi(v);
      break;
    }
  return std::max(1, cores / ranks_here);
}

int default_workers(int requested, bool force) {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  if (requested == 0) return cores_per_rank();
  if (requested < 0) throw UsageError("--threads must be at least 1 (leave it out for all " + std::to_string(cores) + " cores)");
  if (requested > 4 * cores && !force)
    throw UsageError("--threads " + std::to_string(requested) + " is more than 4 x the " + std::to_string(cores) +
                     " cores of this machine: workers would only compete (add --force to insist)");
  return std::min(requested, 256);
}

size_t parse_size(const std::string& text, const char* option) {
  if (text.empty()) return 0;
  size_t used = 0;
  double value = 0;
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string unit = text.substr(used);
  double scale = unit.empty() || unit == "B"                   ? 1
                 : unit == "k" || unit == "K" || unit == "KiB" ? 1024.0
                 : unit == "M" || unit == "MiB"                ? 1024.0 * 1024
                 : unit == "G" || unit == "GiB"                ? 1024.0 * 1024 * 1024
                 : unit == "T" || unit == "TiB"                ? 1024.0 * 1024 * 1024 * 1024
                                                               : -1;
  if (used == 0 || scale < 0 || !(value >= 0) || value * scale > 1e15)
    throw UsageError(std::string("bad ") + option + " '" + text + "': use a size such as 2G, 512M or 0 for none");
  return static_cast<size_t>(value * scale);
}

void require_non_negative(double value, const char* option) {
  if (!(value >= 0)) throw UsageError(std::string(option) + " must be >= 0 (0: no limit)");
}

void require_constructible(const Api& api, ClassId target, const std::vector<uint32_t>& operations) {
  for (uint32_t op : operations) {
    const Operation& o = api.operations()[op];
    bool needs_target = false;
    for (const SlotType& p : o.params) needs_target |= p.is_object() && p.cls == target;
    if (o.result.is_object() && o.result.cls == target && !needs_target) return;
  }
  const ClassInfo* info = api.find_class(target);
  std::string name = info ? info->name : class_vtable(target).name;
  bool api_has_one = false;
  for (const Operation& o : api.operations()) {
    bool needs_target = false;
    for (const SlotType& p : o.params) needs_target |= p.is_object() && p.cls == target;
    api_has_one |= o.result.is_object() && o.result.cls == target && !needs_target;
  }
  throw UsageError(api_has_one ? "none of the selected operations creates a " + name + ": add a constructor or factory to --methods"
                               : name +
                                     " has no public constructor or static factory objgen can call "
                                     "(abstract, or construction is private): nothing can build one");
}

void require_writable_file(const std::string& path) {
  if (path.empty()) return;
  try {
    ensure_writable_file(path);
  } catch (const std::exception& e) {
    throw UsageError(e.what());
  }
}

void require_writable_directory(const char* option, const std::string& dir) {
  if (dir.empty()) return;
  try {
    ensure_writable_directory(dir);
  } catch (const std::exception& e) {
    throw UsageError(std::string(option) + ": " + e.what());
  }
}

void set_misuse(Api& api, const std::vector<std::string>& names) {
  if (names.empty()) return;
  api.misuse().clear();
  for (const auto& m : names) api.misuse().add_name(m);
}

void add_literal_options(CLI::App* cmd, LiteralSpec& spec) {
  cmd->add_option("--ints", spec.ints, "Integer literals: LO..HI or a,b,c (default 0..scope-1)");
  cmd->add_option("--doubles", spec.doubles, "Double literals: a,b,c (default 0,1.5)");
  cmd->add_option("--chars", spec.chars, "Char literals: a,b (default a,b)");
  cmd->add_option("--bools", spec.bools, "Bool literals (default false,true)");
  cmd->add_option("--strings", spec.strings, "String literals: a,b ('' is the empty string; default '',a)");
}

LiteralDomain literal_domain(int scope, const Api& api, const LiteralSpec& spec) {
  try {
    return LiteralDomain::make(scope, api, spec);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

namespace {
bool g_progress_open = false;  // a terminal line holds progress not yet ended
}

void print_progress(const std::string& line) {
  if (isatty(STDERR_FILENO)) {
    std::fprintf(stderr, "\r%s\033[K", line.c_str());
    g_progress_open = true;
  } else {
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

void end_progress() {
  if (g_progress_open) std::fputc('\n', stderr);
  g_progress_open = false;
}

}  // namespace objgen::cli
