// Checks every subcommand's options share, attached by option name after the subcommands are
// declared, so that no command can miss one: a number of seconds that is not finite or too large
// for a clock, a negative count (which would wrap around in an unsigned option), an empty path or
// list, a memory limit too small for a worker to run at all, a class name that is not a C++ type
// name. Each is a usage error (exit 2) naming the option, for whichever command takes it.
#pragma once

#include <CLI/CLI.hpp>

#include <cstddef>
#include <string>

namespace objgen::cli {

// The largest number of seconds any option takes (about 11 days): more overflows no clock, and
// is no limit anyone means.
constexpr double kMaxSeconds = 1e6;
// Below this a worker cannot run at all (its allocator, the copies of its inputs): a smaller
// --worker-memory-limit turns calls into false out-of-memory findings. Measured: `random`'s ncl
// workers die of std::bad_alloc before their first call at 4M and run at 8M; `exhaustive` on
// std::set fails at 256k; builders and evolve run at 8M. The floor is twice the largest need seen.
constexpr size_t kMinWorkerMemory = 16u << 20;

void add_option_checks(CLI::App& app);

}  // namespace objgen::cli
