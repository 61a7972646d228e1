// The objgen command's subcommands.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "objgen/api.hpp"
#include "exec/sequence.hpp"

namespace objgen::cli {

// Exit codes: 0 done (findings, if any, are in the outputs), 1 a --verify proof failed, 2 bad
// input, 3 internal error, 130 interrupted (partial results written).
constexpr int kExitOk = 0, kExitDisproved = 1, kExitBadInput = 2, kExitInternal = 3, kExitInterrupted = 130;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};
// Ctrl-C before anything could be written: exit 130 with this message.
struct Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void add_examples_command(CLI::App& app, int& exit_code);
void add_exhaustive_command(CLI::App& app, int& exit_code);
void add_builders_command(CLI::App& app, int& exit_code);
void add_params_command(CLI::App& app, int& exit_code);
void add_random_command(CLI::App& app, int& exit_code);
void add_evolve_command(CLI::App& app, int& exit_code);   // only with OBJGEN_HAVE_SCAN (coverage builds)
void add_scan_command(CLI::App& app, int& exit_code);     // only with OBJGEN_HAVE_SCAN
void add_korat_command(CLI::App& app, int& exit_code);    // only with OBJGEN_HAVE_SCAN (trace-loads harnesses)
void add_project_command(CLI::App& app, int& exit_code);  // only with OBJGEN_HAVE_SCAN

// The operations of `--builders auto|FILE`: auto reuses the builders cached for this API or
// identifies them (hill climbing) and caches them.
// The builders identified earlier for this API (`objgen builders`), if the cache has them.
std::optional<std::vector<uint32_t>> cached_builders(const Api& api, const ClassInfo& target, const std::string& omit_fields);
struct BuildersRequest {
  std::string spec;  // "auto" or a builders file
  std::string omit_fields;
  std::vector<uint32_t> excluded;  // --methods -name: never a builder (and out of the cache key)
  int workers = 1;
  bool isolate = true;
  bool quiet = false;
  // Rule out builders whose states break the class's contracts (adds the checks to the API; off
  // where the API must stay as the harness registers it, as for params' exec'd workers).
  bool check_contracts = true;
  // Find again what the ruled-out operations' states broke when the builders come from the cache
  // (an exhaustive run at the climbing scope): off where the caller reports no findings of them.
  bool ruled_out_findings = true;
  // Proofs compare canonical forms, not states the class's operator== calls equal (the run's
  // --keep-representations); such builders are cached apart.
  bool keep_representations = false;
};
struct ResolvedBuilders {
  std::vector<uint32_t> operations;
  // What the states of the operations `auto` ruled out broke, with their sequences (each in its
  // own domain): the run reports them as its findings, so that leaving a method out hides no bug.
  std::vector<SequenceFinding> ruled_out_findings;
};
ResolvedBuilders resolve_builders(Api& api, const ClassInfo& target, const BuildersRequest& request);
// The request of `--builders SPEC` beside `--methods METHODS`, which may only leave operations
// out ("-name,..." or "all,-name"); anything else beside --builders is a usage error.
BuildersRequest builders_request(const std::string& spec, const std::string& methods, const Api& api, const std::string& omit_fields,
                                 int workers, bool isolate, bool quiet);

}  // namespace objgen::cli
