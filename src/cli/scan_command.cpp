// objgen scan: reads a class's API from its header with Clang and lists it or writes the objgen
// harness that registers it (docs/SCAN.md).
#include <cstdio>
#include <string>
#include <vector>

#include "cli/cli_common.hpp"
#include "cli/subject.hpp"
#include "cli/type_name_check.hpp"
#include "io/atomic_file.hpp"
#include "exec/checked_heap.hpp"
#include "scan/extract.hpp"
#include "scan/harness_writer.hpp"
#include "scan/report.hpp"

namespace objgen::cli {
namespace {

struct ScanArgs {
  scan::ScanRequest request;
  std::vector<std::string> classes;        // --class, repeatable: the target first
  std::vector<std::string> template_args;  // --template-args MEMBER=TYPES
  scan::HarnessOptions harness;
  std::string state = "auto";
  bool list = false;
  bool json = false;
  bool time = false;
  bool verbose = false;
  std::string output;
  std::string compile_db;
};

// The request and the harness's options from the arguments, checked before Clang starts.
void prepare_request(ScanArgs& a) {
  a.request.class_name = a.classes.front();
  a.request.extra_classes.assign(a.classes.begin() + 1, a.classes.end());
  a.request.template_args = parse_template_args(a.template_args);
  if (a.request.class_depth < 0) throw UsageError("--class-depth must be >= 0");
  if (a.state == "auto")
    a.harness.state = scan::StateMode::Auto;
  else if (a.state == "fields")
    a.harness.state = scan::StateMode::Fields;
  else if (a.state == "value")
    a.harness.state = scan::StateMode::Value;
  else
    throw UsageError("bad --state '" + a.state + "': use auto, fields or value");
  if (!a.output.empty() && a.output != "-") require_writable_file(a.output);
  if (!a.request.header.empty() && a.request.header.front() != '<') refuse_non_regular_file(a.request.header, "--header");
  if (!a.json && a.output.empty()) a.list = true;
  if (!a.compile_db.empty()) {
    SubjectArgs s;
    s.header = a.request.header;
    s.compile_db = a.compile_db;
    s.flags = a.request.flags;
    a.request.flags = scan_flags(s);
  }
}

// The scan, with what --verbose and --time ask for and Clang's warnings on stderr.
scan::ScanOutcome scan_with_messages(const ScanArgs& a) {
  scan::ScanOutcome outcome;
  {
    const FreedMemoryHeld same_addresses;  // the same scan every run (exec/checked_heap.hpp)
    outcome = scan::scan_header(a.request, a.verbose);
  }
  if (a.verbose) {
    std::fprintf(stderr, "synthesized source:\n%s", outcome.synthesized_source.c_str());
    for (const auto& arg : outcome.arguments) std::fprintf(stderr, " %s", arg.c_str());
    std::fprintf(stderr, "\n");
  }
  if (outcome.status == scan::ScanStatus::Ok)
    for (const auto& d : outcome.diagnostics)
      if (a.verbose || d.level == "warning") std::fprintf(stderr, "%s\n", d.str().c_str());
  if (a.time) std::fprintf(stderr, "objgen: parse %.2f s, extract %.3f s\n", outcome.parse_seconds, outcome.extract_seconds);
  return outcome;
}

// The listing, the JSON and the harness, as asked.
void write_scan_outputs(const ScanArgs& a, const scan::ScanResult& r) {
  for (const auto& w : r.warnings) std::fprintf(stderr, "objgen: warning: %s\n", w.c_str());
  if (a.list) std::fputs(scan::list_report(r).c_str(), stdout);
  if (a.json) std::printf("%s\n", scan::to_json(r).dump(2, ' ', false, nlohmann::json::error_handler_t::replace).c_str());
  if (std::string refusal = scan::state_mode_refusal(r, a.harness); !a.output.empty() && !refusal.empty()) throw UsageError(refusal);
  if (a.output == "-") {
    std::fputs(scan::write_harness(r, a.harness).c_str(), stdout);
  } else if (!a.output.empty()) {
    write_file_atomically(a.output, scan::write_harness(r, a.harness));
    std::string ns = scan::register_namespace(r, a.harness);
    std::fprintf(stderr, "objgen: wrote %s (%s%s%s)\n", a.output.c_str(), ns.c_str(),
                 ns.empty() ? "" : "::", scan::register_function_name(r, a.harness).c_str());
  }
}

int run_scan(ScanArgs& a) {
  prepare_request(a);
  scan::ScanOutcome outcome = scan_with_messages(a);
  if (outcome.status != scan::ScanStatus::Ok) {
    std::fprintf(stderr, "objgen: %s\n", outcome.message.c_str());
    print_scan_failure(outcome, a.verbose);
    return kExitBadInput;
  }
  write_scan_outputs(a, outcome.result);
  return kExitOk;
}

}  // namespace

void add_scan_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ScanArgs>();
  auto* cmd = app.add_subcommand("scan",
                                 "Read a class's API from its header with Clang: list it, or write the objgen "
                                 "harness that registers it");
  cmd->add_option("--header", a->request.header, "Header path, or <lib/header.hpp> from the include path")->required();
  cmd->add_option("--class", a->classes,
                  "Qualified class name; a template instance such as 'boost::circular_buffer<int>' is instantiated. "
                  "Again: more classes to register beside the first (the target)")
      ->allow_extra_args(false)  // one name each time: greedy, it would take the flags after -- too
      ->required();
  cmd->add_option("--class-depth", a->request.class_depth,
                  "Register the classes of your headers that the target's public members take or return, and theirs, "
                  "up to this many steps (0: none)")
      ->default_val(3);
  cmd->add_option("--template-args", a->template_args,
                  "With --header: the template arguments to instantiate a member template with, one instance per "
                  "type: MEMBER=TYPE[,TYPE...], e.g. 'as=int,double' (as<int>, as<double>), '<A, B>' for one instance "
                  "of a template of several parameters ('convert=<int, double>'); repeatable. Without it a member "
                  "template is instantiated for the class's own types where deduction and its body allow")
      ->allow_extra_args(false);
  cmd->add_flag("--list", a->list, "Print the API as a table (the default when nothing else is asked)");
  cmd->add_flag("--json", a->json, "Print the API as JSON");
  cmd->add_option("-o,--output", a->output, "Write the harness here (- for standard output)");
  cmd->add_option("--state", a->state, "How the harness describes state: fields (OBJGEN_FIELDS), value (OBJGEN_VALUE_TYPE), or auto")
      ->default_val("auto");
  cmd->add_option("--name", a->harness.register_suffix, "The register function is register_NAME");
  cmd->add_option("--namespace", a->harness.namespace_name, "Namespace of the register function (:: for global)");
  cmd->add_option("-p,--compile-commands", a->compile_db, "Take compile flags from DIR/compile_commands.json");
  cmd->add_flag("--loadable", a->harness.loadable,
                "Also define the entry point that makes the harness loadable with --harness (objgen_add_harness)");
  cmd->add_option("--resource-dir", a->request.resource_dir, "Clang's resource directory (default: found)");
  cmd->add_flag("--time", a->time, "Print parse and extraction times");
  cmd->add_flag("--verbose", a->verbose, "Print warnings, the synthesized source and the Clang arguments");
  cmd->add_option("compile-flags", a->request.flags, "Compile flags after --, e.g. -- -Iinclude -DNDEBUG -std=c++17");
  cmd->callback([a, &exit_code] { exit_code = run_scan(*a); });
}

}  // namespace objgen::cli
