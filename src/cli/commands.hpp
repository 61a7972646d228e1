// The objgen command's subcommands.
#pragma once

#include <CLI/CLI.hpp>

namespace objgen::cli {

// Exit codes: 0 done (findings, if any, are in the outputs), 2 bad input, 3 internal error,
// 130 interrupted (partial results written).
constexpr int kExitOk = 0, kExitBadInput = 2, kExitInternal = 3, kExitInterrupted = 130;

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void add_examples_command(CLI::App& app, int& exit_code);
void add_exhaustive_command(CLI::App& app, int& exit_code);

}  // namespace objgen::cli
