#include "harness/harness_commands.hpp"

#include <algorithm>
#include <filesystem>
#include <fmt/format.h>

#include "cover/ir_coverage_map.hpp"
#include "harness/harness_cache.hpp"
#include "io/atomic_file.hpp"

namespace objgen {
namespace fs = std::filesystem;

namespace {

const std::vector<std::string> kCheckFlags{"-D_GLIBCXX_ASSERTIONS", "-fsanitize=undefined", "-fno-sanitize-recover=undefined",
                                           "-fno-omit-frame-pointer"};

// A harness for a search from an invariant: every load and store reports its address
// (cover/load_trace); counters only at function entry, the cheapest coverage mode trace-loads can
// ride on. Part of the cache key, so a change rebuilds such harnesses (the version names a change
// of the hooks the harness carries, objgen/load_trace_hooks.hpp, or of how it is compiled).
constexpr const char* kTraceLoadFlags = "-fsanitize-coverage=func,inline-8bit-counters,trace-loads,trace-stores";
constexpr const char* kTraceHooksVersion = "hooks:4";  // 3: locals without the fill pattern; 4: the trace window

constexpr const char* kPatternInit = "-ftrivial-auto-var-init=pattern";

// Functions whose loads are never a field of a search's objects, left out of trace-loads:
// objgen's own code in the harness (the linearizer of each accepted structure: not the
// invariant). The standard library stays traced: its members read what they are handed by
// reference (`keys.insert(node->key)` reads the key inside the container's code).
std::string trace_ignorelist() { return "fun:*objgen*\n"; }

// objgen's headers need C++20; a user's older -std would break them, a newer one is kept.
bool wants_cxx20_or_later(const std::vector<std::string>& flags) {
  for (const std::string& f : flags)
    if (f.rfind("-std=", 0) == 0)
      for (const char* v : {"20", "2a", "23", "2b", "26", "2c"})
        if (f.find(v) != std::string::npos) return true;
  return false;
}

// Every library folder the harness links from, so that the loader finds them where the linker did.
std::vector<std::string> library_dirs(const std::vector<std::string>& link_args) {
  std::vector<std::string> dirs;
  for (size_t i = 0; i < link_args.size(); ++i) {
    const std::string& a = link_args[i];
    std::string dir = a == "-L" && i + 1 < link_args.size()                                        ? link_args[++i]
                      : a.rfind("-L", 0) == 0                                                      ? a.substr(2)
                      : a[0] != '-' && (a.ends_with(".so") || a.find(".so.") != std::string::npos) ? fs::absolute(a).parent_path().string()
                                                                                                   : "";
    if (!dir.empty() && std::find(dirs.begin(), dirs.end(), fs::absolute(dir).string()) == dirs.end())
      dirs.push_back(fs::absolute(dir).string());
  }
  return dirs;
}

// Only the class's members are instrumented (functions whose mangled names are nested in it),
// and those of the bases that declare members it registers; with coverage_of_callees every
// function but the standard library's (unless the class is in it) and objgen's own.
void write_coverage_lists(const std::string& work, const scan::ScanResult& scan, bool of_callees) {
  if (of_callees) {
    write_file_atomically(work + "/allowlist.txt", "src:*\nfun:*\n");
    std::string ignored = "fun:*objgen*\n";
    bool in_std = scan.mangled_prefix.rfind("NSt", 0) == 0 || scan.mangled_prefix.rfind("St", 0) == 0;
    if (!in_std)
      for (const char* p : {"_ZSt", "_ZNSt", "_ZNKSt", "_ZNSa", "_ZNKSa", "_ZN9__gnu_cxx", "_ZNK9__gnu_cxx", "_ZNSs", "_ZNKSs"})
        ignored += std::string("fun:") + p + "*\n";
    write_file_atomically(work + "/ignorelist.txt", ignored);
    return;
  }
  std::vector<std::string> prefixes = scan.base_mangled_prefixes;
  prefixes.insert(prefixes.begin(), scan.mangled_prefix);
  std::string list = "src:*\n";
  for (std::string prefix : prefixes) {
    if (!prefix.empty() && prefix[0] == 'N') prefix.erase(0, 1);
    for (const char* q : {"", "K", "R", "O", "KR", "KO"}) list += std::string("fun:_ZN") + q + prefix + "*\n";
  }
  write_file_atomically(work + "/allowlist.txt", list);
}

}  // namespace

bool is_angle_header(const std::string& header) { return !header.empty() && header.front() == '<'; }

std::vector<std::string> harness_key_parts(const HarnessRequest& r, const std::string& header, const HarnessToolchain& t) {
  std::vector<std::string> parts{header, r.class_name, r.state,
                                 r.coverage      ? "coverage:" + t.coverage_compiler
                                 : r.trace_loads ? std::string(kTraceLoadFlags) + kTraceHooksVersion +
                                                       (links_with_lld(t.coverage_compiler) ? ":thinlto:" : ":") + trace_ignorelist() +
                                                       t.coverage_compiler
                                                 : t.compiler,
                                 fs::current_path().string()};
  if (r.checks) parts.push_back(r.asan ? "checks+asan" : "checks");
  if (r.coverage && r.coverage_of_callees) parts.push_back("coverage:callees");
  for (const std::string& d : t.include_dirs) parts.push_back(d);
  parts.push_back("classes:" + std::to_string(r.class_depth));
  parts.insert(parts.end(), r.extra_classes.begin(), r.extra_classes.end());
  for (const auto& [member, lists] : r.template_args)
    for (const std::string& list : lists) parts.push_back(fmt::format("template-args:{}=<{}>", member, list));
  if (!r.initialising_call.empty()) parts.push_back("initialised:" + r.initialising_call + "/" + r.initialising_member_left_out);
  if (!r.unreadable_fields.empty()) parts.push_back("unreadable:" + r.unreadable_fields);
  if (!r.harness_source.empty()) parts.push_back("source:" + content_hash(r.harness_source));
  parts.push_back("--");
  parts.insert(parts.end(), r.flags.begin(), r.flags.end());
  return parts;
}

HarnessCommands::HarnessCommands(const HarnessRequest& r, HarnessToolchain tools, std::string header,
                                 std::vector<std::string> compile_flags)
    : r_(r), tools_(std::move(tools)), header_(std::move(header)), compile_flags_(std::move(compile_flags)) {
  clang_pch_ = find_clang_pch();
}

// Clang's harnesses (coverage, trace-loads) with objgen.hpp precompiled, when the user's flags
// cannot change what it means: about half of such a compile was parsing it (3.1 s -> 1.4 s).
std::string HarnessCommands::find_clang_pch() const {
  if (r_.checks || !(r_.coverage || r_.trace_loads) || !only_search_paths(compile_flags_)) return "";
  return clang_harness_pch(tools_, r_.coverage ? "coverage" : "trace");
}

void HarnessCommands::write_instrumentation_lists(const std::string& work, const scan::ScanResult& scan) const {
  if (r_.coverage) write_coverage_lists(work, scan, r_.coverage_of_callees);
  if (r_.trace_loads) write_file_atomically(work + "/trace_ignorelist.txt", trace_ignorelist());
}

std::vector<std::string> HarnessCommands::compile(const std::string& work, const std::string& source, const std::string& object,
                                                  const std::string& depfile) const {
  // The checked builds (sanitizers) at -O1, as the sanitizers advise: GCC's -O2 over their
  // instrumentation costs several times the compile on template-heavy headers (gmpxx's
  // expression templates: minutes), and they look for faults, not speed.
  // cmake/harness_pch.cmake precompiles objgen.hpp with these options (but the user's): keep them alike.
  const char* level = r_.coverage ? "-O0" : r_.checks ? "-O1" : "-O2";
  std::vector<std::string> cmd{compiler(), level, "-fPIC", "-fno-access-control"};
  // Locals nobody initializes read as a fill pattern: the same in every run, and recognizable,
  // so the regression oracles leave such values out (gen/oracles: indeterminate). GCC before 12
  // lacks the flag: then such values are not recognized (docs/ORACLES.md). Not in a search from
  // an invariant's harness: it takes no oracle from a local, and the fill ran on every candidate
  // (a red-black tree's repOK filled 3 KB of queues each time: a tenth of the search).
  if (!r_.trace_loads && compiler_accepts(compiler(), kPatternInit)) cmd.push_back(kPatternInit);
  for (const std::string& d : tools_.include_dirs) cmd.push_back("-I" + d);
  if (!is_angle_header(r_.header)) cmd.push_back("-I" + fs::path(header_).parent_path().string());
  cmd.insert(cmd.end(), compile_flags_.begin(), compile_flags_.end());
  if (!wants_cxx20_or_later(compile_flags_)) cmd.push_back("-std=c++20");
  if (r_.checks) cmd.insert(cmd.end(), kCheckFlags.begin(), kCheckFlags.end());
  if (r_.checks && r_.asan) cmd.push_back("-fsanitize=address");
  // Loads of every function (an invariant's helpers too) but objgen's own and the containers';
  // the hooks inlined by ThinLTO (trace_lto), or else objgen's, called without a PLT stub.
  if (r_.trace_loads)
    cmd.insert(cmd.end(), {trace_lto() ? "-flto=thin" : "-fno-plt", kTraceLoadFlags,
                           "-fsanitize-coverage-ignorelist=" + work + "/trace_ignorelist.txt"});
  if (!clang_pch_.empty()) cmd.insert(cmd.end(), {"-include-pch", clang_pch_});
  cmd.insert(cmd.end(), {source, "-MD", "-MF", depfile});
  if (!r_.coverage) {
    cmd.insert(cmd.end(), {"-c", "-o", object});
    return cmd;
  }
  std::vector<std::string> coverage =
      cover::coverage_ir_flags(work + "/allowlist.txt", r_.coverage_of_callees ? work + "/ignorelist.txt" : "");
  cmd.insert(cmd.end(), coverage.begin(), coverage.end());
  cmd.insert(cmd.end(), {"-o", object + ".ll"});
  return cmd;
}

std::vector<std::string> HarnessCommands::compile_instrumented_ir(const std::string& object) const {
  return {compiler(), "-c", "-fPIC", object + ".cov.ll", "-o", object};
}

// trace-loads calls a hook per load the invariant makes: compiled into the harness with ThinLTO
// (and linked by lld), the hooks are inlined into it; through the executable, the calls took
// about half of a search's time (bench/HISTORY.md, issue 37 part 1). Without lld they are
// linked in uninlined (objgen's executable exports the same hooks, for harnesses built elsewhere).
bool HarnessCommands::trace_lto() const { return r_.trace_loads && links_with_lld(compiler()); }

std::vector<std::string> HarnessCommands::compile_load_hooks(const std::string& work) const {
  std::string source = work + "/load_trace_hooks.cpp";
  write_file_atomically(source, "#include \"objgen/load_trace_hooks.hpp\"\n");
  std::vector<std::string> cmd{compiler(), "-O2", "-fPIC", "-std=c++20"};
  if (trace_lto()) cmd.push_back("-flto=thin");
  for (const std::string& d : tools_.include_dirs) cmd.push_back("-I" + d);
  cmd.insert(cmd.end(), {source, "-c", "-o", work + "/load_trace_hooks.o"});
  return cmd;
}

std::vector<std::string> HarnessCommands::link(const std::string& work, const std::vector<std::string>& objects,
                                               const std::vector<std::string>& link_flags) const {
  // Calls inside the harness bind to its own functions: objgen's process also holds copies of
  // common template instances (std::deque<int> in libclang-cpp), which would otherwise
  // interpose on the harness's, instrumented or compiled with the user's flags. Data stays
  // interposable, so statics of templates remain one object per process.
  std::vector<std::string> cmd{compiler(), "-shared", "-Wl,-Bsymbolic-functions", "-o", work + "/harness.so"};
  if (trace_lto()) cmd.insert(cmd.end(), {"-fuse-ld=lld", "-flto=thin", "-O2"});
  if (r_.trace_loads) cmd.push_back(work + "/load_trace_hooks.o");
  if (r_.checks) {  // the sanitizer's runtime as a shared library the harness needs (Clang links none into -shared otherwise)
    cmd.push_back(r_.asan ? "-fsanitize=address,undefined" : "-fsanitize=undefined");
    if (compiler().find("clang") != std::string::npos) cmd.push_back("-shared-libsan");
  }
  cmd.insert(cmd.end(), objects.begin(), objects.end());
  for (const std::string& a : link_flags)
    if (!is_source_file(a)) cmd.push_back(a);
  for (const std::string& dir : library_dirs(link_flags)) cmd.push_back("-Wl,-rpath," + dir);
  return cmd;
}

}  // namespace objgen
