#include "cli/subject.hpp"

#include <filesystem>
#include <fstream>
#include <optional>
#include <string_view>

#include "cli/cli_common.hpp"
#include "harness/harness_loader.hpp"
#include "emit/suite_preamble.hpp"
#include "exec/initialising_call.hpp"
#include "io/file_error.hpp"

#ifndef OBJGEN_EXAMPLES_DIR
#define OBJGEN_EXAMPLES_DIR "examples"
#endif

namespace objgen::cli {
namespace fs = std::filesystem;

void add_subject_options(CLI::App* cmd, SubjectArgs& s) {
  const char* group = "Subject (one of)";
  cmd->add_option("--example", s.example, "Bundled subject (see `objgen examples`)")->group(group);
  cmd->add_option("--header", s.header,
                  "Header declaring the class (a path, or <lib/header.hpp> from the include path); "
                  "objgen scans it, writes and compiles the harness, and caches it")
      ->group(group);
  cmd->add_option_function<std::vector<std::string>>(
         "--class",
         [&s](const std::vector<std::string>& names) {
           s.class_name = names.front();
           s.extra_classes.assign(names.begin() + 1, names.end());
         },
         "With --header: the qualified class, e.g. my::List or 'boost::circular_buffer<int>'; again: more classes "
         "to register beside it")
      ->allow_extra_args(false)  // one name each time: greedy, it would take the flags after -- too
      ->group(group);
  cmd->add_option("--class-depth", s.class_depth,
                  "With --header: also register the classes of your headers that the class's public members take "
                  "or return, and theirs, up to this many steps (0: none)")
      ->default_val(3)
      ->group(group);
  cmd->add_option("--template-args", s.template_args,
                  "With --header: the template arguments to instantiate a member template with, one instance per "
                  "type: MEMBER=TYPE[,TYPE...], e.g. 'as=int,double' (as<int>, as<double>), '<A, B>' for one instance "
                  "of a template of several parameters ('convert=<int, double>'); repeatable. Without it a member "
                  "template is instantiated for the class's own types where deduction and its body allow")
      ->allow_extra_args(false)  // one MEMBER=TYPES per --template-args
      ->group(group);
  cmd->add_option("--harness", s.harness, "A harness shared object built by objgen_add_harness() (CMake)")->group(group);
  cmd->add_option("-p,--compile-commands", s.compile_db, "With --header: take compile flags from DIR/compile_commands.json")->group(group);
  cmd->add_option("--state", s.state, "With --header: how the harness describes state (auto, fields, value)")
      ->default_val("auto")
      ->group(group);
  cmd->add_flag("--coverage", s.coverage, "Build the harness with Clang's SanitizerCoverage (also for --example: its header is scanned)")
      ->group(group);
  cmd->add_flag("--rebuild-harness", s.rebuild, "With --header: rebuild the harness even if a cached one is current")->group(group);
  cmd->add_option("compile-flags", s.flags,
                  "With --header, after --: compile flags (-I, -D, -std=) and the class's sources or "
                  "libraries (x.cpp, libx.a, -lx)");
}

std::vector<std::string> subject_build_flags(const SubjectArgs& s) {
  SubjectArgs h = from_header(s);
  std::vector<std::string> flags;
  if (h.header.empty()) return flags;
  if (h.header.front() != '<') flags.push_back("-I" + fs::absolute(h.header).parent_path().string());
  for (const std::string& f : h.flags)  // the build runs elsewhere: relative include paths made absolute
    flags.push_back(f.rfind("-I", 0) == 0 && f.size() > 2 && f[2] != '/' ? "-I" + fs::absolute(f.substr(2)).string() : f);
  return flags;
}

SubjectArgs from_header(const SubjectArgs& s) {
  if (s.example.empty()) return s;
  const Example& ex = require_example(s.example);
  SubjectArgs h = s;
  h.example.clear();
  h.header = std::string(OBJGEN_EXAMPLES_DIR) + "/" + ex.header;
  h.class_name = ex.target;
  h.flags.insert(h.flags.begin(), std::string("-I") + OBJGEN_EXAMPLES_DIR);  // as CMake builds them
  fs::path dir = fs::path(h.header).parent_path();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec))  // the class's own sources, not its hand harness
    if (e.path().extension() == ".cpp" && e.path().filename() != "harness.cpp") h.flags.push_back(e.path().string());
  return h;
}

namespace {
// A harness's class whose objects cannot be read until a call objgen found (exec/initialising_call,
// in forked workers): the user's harness registers what makes them (objgen cannot rewrite it), so
// the run stops and says what to write.
void refuse_unreadable(const Example& ex) {
  Api api;
  const ClassInfo& target = register_example(ex, api);
  ReadProbe p = probe_reading(api, target.id, {.worker_memory_limit_bytes = kReadProbeMemory});
  if (!p.unreadable || !p.found) return;
  const std::string& c = ex.target;
  throw UsageError("objgen cannot read a " + c + " as its constructors make it (" + p.why + "); after " + p.found->call +
                   " it can. Register, in place of each .constructor<...>(), a factory that makes initialised objects, e.g. "
                   ".factory(\"" +
                   c + "\", [] { auto o = std::make_shared<" + c + ">(); o->" + p.found->call +
                   "; return o; }).emitted_as(\"[] { auto o = std::make_shared<" + c + ">(); o->" + p.found->call + "; return o; }()\")");
}

// A --harness that is not a shared object at all is said plainly, before the loader's
// "invalid ELF header" (random bytes, a truncated copy, a source file given by mistake).
void require_shared_object(const std::string& path) {
  refuse_non_regular_file(path, "--harness");
  std::ifstream in(path, std::ios::binary);
  if (!in) return;  // missing or unreadable: the loader says so
  char head[4] = {};
  in.read(head, sizeof head);
  if (std::string_view(head, 4) !=
      "\x7f"
      "ELF")
    throw UsageError("--harness " + path +
                     " is not a shared object (no ELF header: damaged, truncated, or not built); "
                     "build it with objgen_add_harness() in CMake, or give --header/--class");
}
}  // namespace

Subject resolve_subject(SubjectArgs& s, bool quiet) {
  int given = !s.example.empty() + !s.header.empty() + !s.harness.empty();
  if (given == 0) throw UsageError("name a subject: --example NAME, --header H --class C, or --harness FILE");
  if (given > 1) throw UsageError("give only one of --example, --header, --harness");
  if (s.header.empty() && (!s.class_name.empty() || !s.flags.empty() || !s.compile_db.empty() || !s.template_args.empty()))
    throw UsageError("--class, --template-args, -p and compile flags after -- go with --header");
  if (!s.example.empty() && (s.coverage || s.checks || s.trace_loads)) {
    SubjectArgs h = from_header(s);
    Subject built = build_subject_harness(h, quiet);
    s.initialising_call = h.initialising_call, s.initialising_member_left_out = h.initialising_member_left_out;
    s.unreadable_fields = h.unreadable_fields;
    return built;
  }
  if (!s.example.empty()) return {require_example(s.example), nullptr, "", {}, emit::suite_build_from_flags(from_header(s).flags, {})};
  if (!s.harness.empty()) {
    require_shared_object(s.harness);
    Subject loaded;
    try {
      loaded.example = load_harness(s.harness);
    } catch (const HarnessLoadError& e) {
      throw UsageError(e.what());
    }
    refuse_unreadable(loaded.example);
    return loaded;
  }
  if (s.class_name.empty()) throw UsageError("--header needs --class");
  if (s.header.front() != '<') refuse_non_regular_file(s.header, "--header");
  return build_subject_harness(s, quiet);
}

#ifndef OBJGEN_HAVE_SCAN
std::string build_asan_harness(const SubjectArgs&, const Subject&, bool) {
  throw UsageError("this objgen was built without Clang, so it cannot build checked harnesses (--checks off)");
}
std::string build_reference_harness(const SubjectArgs&, bool) {
  throw UsageError("this objgen was built without Clang, so it cannot build a reference's harness (--reference-header)");
}
Subject build_subject_harness(SubjectArgs&, bool) {
  throw UsageError(
      "this objgen was built without Clang, so --header/--class is unavailable "
      "(rebuild with libclang-14-dev, or build a harness with objgen_add_harness() and pass --harness)");
}
#endif

}  // namespace objgen::cli
