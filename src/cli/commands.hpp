// The objgen command's subcommands.
#pragma once

#include <CLI/CLI.hpp>

#include <optional>
#include <string>
#include <vector>

#include "objgen/api.hpp"
#include "exec/sequence.hpp"
#include "gen/builders/builders_resolution.hpp"

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

// The operations of `--builders auto|FILE` (gen/builders/builders_resolution.hpp), with what
// was reused, identified or cached said on stderr. Usage errors for an unusable file or when no
// operation builds the class; Interrupted when interrupted while identifying.
using builders::BuildersRequest;
using builders::cached_builders;  // the builders identified earlier for this API, if cached
using builders::ResolvedBuilders;
ResolvedBuilders resolve_builders(Api& api, const ClassInfo& target, const BuildersRequest& request);
// The request of `--builders SPEC` beside `--methods METHODS`, which may only leave operations
// out ("-name,..." or "all,-name"); anything else beside --builders is a usage error.
BuildersRequest builders_request(const std::string& spec, const std::string& methods, const Api& api, const std::string& omit_fields,
                                 int workers, bool isolate, bool quiet);

}  // namespace objgen::cli
