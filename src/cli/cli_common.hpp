// Pieces every objgen subcommand shares: finding the subject, parsing lists and regexes into
// usage errors (the options they share are in cli/run_args.hpp).
#pragma once

#include "exec/cluster.hpp"

#include <atomic>
#include <memory>
#include <regex>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"
#include "objgen/example.hpp"

namespace objgen::cli {

// The bundled example, or a UsageError listing the known ones.
const Example& require_example(const std::string& name);
// The registered target class of ex (registered into api).
const ClassInfo& register_example(const Example& ex, Api& api);
// "a, b,c" or newline-separated, '#' comments.
std::vector<std::string> split_list(const std::string& s);
// A list, or "@file" holding one.
std::vector<std::string> read_method_list(const std::string& spec);
std::shared_ptr<const std::regex> build_omit(const std::string& pattern);
// select_operations with usage errors.
std::vector<uint32_t> select_methods(const Api& api, ClassId target, const std::vector<std::string>& names, bool add_constructors = true);
// --threads: 0 means all cores; more than 4 x the cores only with force.
int default_workers(int requested, bool force = false);
void require_non_negative(double value, const char* option);
// "2G", "512M", "64k", "1.5G" or bytes; "" or "0": no limit (0).
size_t parse_size(const std::string& text, const char* option);
// A usage error unless some operation creates the target from literals or other classes.
void require_constructible(const Api& api, ClassId target, const std::vector<uint32_t>& operations);
void require_writable_file(const std::string& path);
// A usage error naming `option` unless `dir` ("" = not given) is, or can be made, a writable directory.
void require_writable_directory(const char* option, const std::string& dir);
// Set by Ctrl-C, SIGTERM or SIGHUP while catch_interrupts(true) is in effect: strategies stop and
// write what they have.
extern std::atomic<bool> g_interrupted;
void catch_interrupts(bool on);

// A progress line ("objgen: minimizing finding 2/3"): rewritten in place on a terminal, one line
// each in a log, so two never run together. end_progress() ends the terminal's line.
void print_progress(const std::string& line);
void end_progress();
// The ranks of this run when an MPI launcher started objgen (and it was built with MPI); null alone.
extern Cluster* g_cluster;
// This rank's number, or 0 alone: only rank 0 prints and writes.
inline bool is_main_rank() { return !g_cluster || g_cluster->rank() == 0; }

// A command that reads a header with Clang (scan, --header, -p) runs with a fixed address-space
// layout: Clang 14's Sema, which scan uses after the parse, gives different member templates or
// faults depending on where memory lands (docs/SCAN.md), so a randomized layout made two scans of
// one header differ (and the ASan harness's API differ from the plain one's). Re-executes objgen
// once with ADDR_NO_RANDOMIZE; nothing when it is set, or cannot be.
void restart_with_fixed_layout(int argc, char** argv);
// --heap-check on|off in argv: when it differs from this process's allocator mode (fixed at its
// first allocation), re-executes objgen with OBJGEN_HEAP_CHECK set. Returns the mode in effect.
std::string follow_heap_check_option(int argc, char** argv);
// "on" or "off": whether this process's allocator guards heap blocks.
const char* heap_check_mode();
// Replaces the misuse exceptions when names is not empty.
void set_misuse(Api& api, const std::vector<std::string>& names);

// --ints, --doubles, --chars, --bools, --strings: the literal domain of generated arguments.
void add_literal_options(CLI::App* cmd, LiteralSpec& spec);
// The domain at this scope, or a UsageError naming a malformed option.
LiteralDomain literal_domain(int scope, const Api& api, const LiteralSpec& spec);

}  // namespace objgen::cli
