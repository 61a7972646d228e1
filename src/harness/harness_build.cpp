#include "harness/harness_build.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>

#include "cover/ir_coverage_map.hpp"
#include "exec/checked_heap.hpp"
#include "io/atomic_file.hpp"
#include "io/cache_dir.hpp"
#include "io/file_error.hpp"
#include "harness/harness_cache.hpp"
#include "harness/harness_commands.hpp"
#include "harness/harness_compiler.hpp"
#include "harness/link_check.hpp"
#include "scan/harness_instances.hpp"
#include "scan/harness_writer.hpp"

namespace objgen {
namespace fs = std::filesystem;

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

class Builder {
 public:
  Builder(const HarnessRequest& r, const HarnessProgress& p)
      : r_(r),
        progress_(p),
        tools_(harness_toolchain()),
        header_(is_angle_header(r.header) ? r.header : fs::absolute(r.header).lexically_normal().string()),
        flags_(split_user_flags(r.flags)),
        commands_(r, tools_, header_, flags_.compile) {
    out_.directory = harness_cache_dir(harness_cache_key(harness_key_parts(r, header_, tools_)));
    out_.library = out_.directory + "/harness.so";
    if (r.coverage) out_.coverage_map = out_.directory + "/coverage_map.json";
  }

  HarnessBuild run() {
    out_.lock = lock_key();
    if (reusable()) {
      out_.cached = true;
      return out_;
    }
    if (r_.harness_source.empty() ? !scan() : !take_source()) return out_;
    compile();
    return out_;
  }

 private:
  std::shared_ptr<int> lock_key() const {
    // <cache>/harness exists and is this user's alone (harness_cache_dir checked it).
    int fd = open((out_.directory + ".lock").c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0) throw std::runtime_error("cannot create " + out_.directory + ".lock: " + std::strerror(errno));
    // Another objgen is building this harness: wait for it, but not through a Ctrl-C.
    while (flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (r_.interrupted && r_.interrupted->load()) {
        close(fd);
        throw std::runtime_error("interrupted while waiting for another objgen building this harness");
      }
      usleep(20000);
    }
    return std::shared_ptr<int>(new int(fd), [](int* f) {
      close(*f);  // releases the lock
      delete f;
    });
  }

  bool reusable() {
    std::error_code ec;
    if (!fs::exists(out_.directory, ec)) return false;
    out_.damage = damage();
    out_.rebuild_reason = r_.rebuild ? "--rebuild-harness" : out_.damage;
    if (out_.rebuild_reason.empty()) out_.rebuild_reason = manifest_changes(out_.directory + "/manifest.json");
    if (out_.rebuild_reason.empty()) out_.added_libraries = read_added_libraries(out_.directory);
    return out_.rebuild_reason.empty();
  }

  // Why the cached entry itself cannot be trusted (it is code objgen runs): someone else's, or
  // a built file changed since (replaced, truncated, random bytes). Such an entry is never
  // loaded, only rebuilt; "" when it is as built.
  std::string damage() const {
    std::string why = untrusted_reason(out_.directory);
    if (why.empty()) why = artefact_changes(out_.directory + "/manifest.json");
    if (why.empty()) return "";
    return "cached harness " + out_.library + " was changed or damaged (" + why + ")";
  }

  bool scan() {
    build_start_ns_ = file_clock_now_ns();
    progress_("scanning " + r_.header + " for " + r_.class_name);
    auto start = std::chrono::steady_clock::now();
    scan::ScanRequest request{r_.header,        r_.class_name,  flags_.compile,  r_.resource_dir,
                              r_.extra_classes, r_.class_depth, r_.template_args};
    {
      const FreedMemoryHeld same_addresses;  // the same scan every run (exec/checked_heap.hpp)
      out_.scan = scan::scan_header(request);
    }
    out_.scan_seconds = seconds_since(start);
    if (out_.scan.status != scan::ScanStatus::Ok) {
      out_.status = HarnessBuildStatus::ScanFailed;
      return false;
    }
    include_by_absolute_path(out_.scan.result);
    return readable_as_asked() && (!r_.trace_loads || has_invariant());
  }

  // The given harness.cpp instead of a scan (HarnessRequest::harness_source).
  bool take_source() {
    std::optional<std::string> text = read_whole_file(r_.harness_source);
    if (!text) return refuse("cannot read the harness to build again: " + r_.harness_source);
    source_text_ = std::move(*text);
    return true;
  }

  // What the scan found makes the request impossible: said before anything is compiled.
  bool refuse(std::string why) {
    out_.status = HarnessBuildStatus::ScanFailed;
    out_.scan.diagnostics.clear();
    out_.scan.message = std::move(why);
    return false;
  }

  // A state mode the class cannot be read by is said before compiling.
  bool readable_as_asked() {
    std::string refusal = scan::state_mode_refusal(out_.scan.result, harness_options());
    return refusal.empty() || refuse(std::move(refusal));
  }

  // A search from the invariant (korat) needs one: said before the harness is compiled.
  bool has_invariant() {
    const std::vector<scan::Function>& fs = out_.scan.result.functions;
    if (std::any_of(fs.begin(), fs.end(), [](const scan::Function& f) { return f.registration == scan::Registration::Invariant; }))
      return true;
    return refuse(r_.class_name +
                  " has no invariant: a const member taking nothing and returning bool, named repOK, invariant, "
                  "check_invariant, is_valid or the like (or write a harness that registers one with .invariant)");
  }

  // The harness entry's include line is what emitted suites include: by its absolute path, a
  // suite compiles wherever it is written without a -I of the header's folder (<lib/x.hpp> stays).
  void include_by_absolute_path(scan::ScanResult& r) const {
    if (is_angle_header(r_.header)) return;
    r.include_line = "#include \"" + header_ + "\"";
    for (scan::ScanResult& c : r.companions) include_by_absolute_path(c);
  }

  scan::HarnessOptions harness_options() const {
    scan::HarnessOptions o;
    o.loadable = true;
    o.initialising_call = r_.initialising_call;
    o.initialising_member_left_out = r_.initialising_member_left_out;
    o.unreadable_fields = r_.unreadable_fields;
    o.state = r_.state == "fields" ? scan::StateMode::Fields : r_.state == "value" ? scan::StateMode::Value : scan::StateMode::Auto;
    return o;
  }

  void compile() {
    std::string pattern = out_.directory + ".tmp-XXXXXX";  // mode 0700, a name no one else took
    if (!mkdtemp(pattern.data())) throw_write_failure(errno);
    work_ = pattern;
    try {
      compile_in_work_dir();
    } catch (const FileError& e) {  // no half-built harness stays behind
      remove_work_dir();
      if (e.code) throw_write_failure(e.code);
      throw;
    } catch (...) {
      remove_work_dir();
      throw;
    }
  }

  void remove_work_dir() const {
    std::error_code ec;
    fs::remove_all(work_, ec);
  }

  [[noreturn]] void throw_write_failure(int err) const {
    std::string dir = fs::path(out_.directory).parent_path().string();
    if (is_no_space(err)) throw FileError("no space left on device while writing the harness in " + dir, err);
    throw FileError("cannot write the harness in " + dir + ": " + std::strerror(err), err);
  }

  void compile_in_work_dir() {
    auto start = std::chrono::steady_clock::now();
    scan::HarnessOptions options = harness_options();
    write_file_atomically(work_ + "/harness.cpp", source_text_.empty() ? scan::write_harness(out_.scan.result, options) : source_text_);
    if (source_text_.empty())
      write_file_atomically(work_ + "/" + kDescribedFieldsFile, join_lines(scan::described_field_names(out_.scan.result)));
    progress_("compiling the harness with " + commands_.compiler() +
              (r_.coverage      ? " (coverage)"
               : r_.trace_loads ? " (trace-loads)"
                                : ""));
    commands_.write_instrumentation_lists(work_, out_.scan.result);
    std::vector<std::string> objects, depfiles;
    bool ok = compile_one(work_ + "/harness.cpp", objects, depfiles);
    if (!ok && !interrupted_ && has_template_instances()) ok = compile_without_failing_instances(options, objects, depfiles);
    for (const std::string& source : flags_.link)
      if (ok && is_source_file(source)) ok = compile_one(fs::absolute(source).string(), objects, depfiles);
    if (ok && r_.coverage) write_file_atomically(work_ + "/coverage_map.json", cover::map_to_json(cover::link_coverage(modules_)));
    if (ok) ok = link_checked(objects, depfiles, options);
    out_.compile_seconds = seconds_since(start);
    if (ok)
      finish(depfiles);
    else
      fail();
  }

  bool disk_full() const {
    std::string log = read_whole_file(work_ + "/build.log").value_or("");
    if (log.find("No space left on device") != std::string::npos || log.find("Disk quota exceeded") != std::string::npos) return true;
    struct statvfs fs_stat {};
    return statvfs(work_.c_str(), &fs_stat) == 0 && fs_stat.f_bavail * fs_stat.f_frsize < (64u << 10);
  }

  // Scan compiled every member template instance's body, yet the harness calls an instance its own
  // way (a lambda, its arguments' value categories), so one may still fail. The instances whose
  // registration lines the compiler's errors (or their "required from here" notes) point to are
  // left out and the harness compiled again. A compiler reports an error in a template it
  // instantiates once, for the first instance that needs it (five readers of one input type fail
  // in one adapter), so this repeats while the errors name instances not yet left out, a few
  // rounds at most; only when they name none, or the rounds run out, is it compiled without any.
  bool compile_without_failing_instances(scan::HarnessOptions& options, std::vector<std::string>& objects,
                                         std::vector<std::string>& depfiles) {
    constexpr int kRounds = 4;
    std::vector<std::string> errors = compiler_errors(work_ + "/build.log", 1);
    std::string first = errors.empty() ? std::string("see build.log") : errors.front();
    for (int round = 0; round < kRounds && !interrupted_; ++round) {
      std::set<std::string> named =
          scan::instances_on_lines(out_.scan.result, read_whole_file(work_ + "/harness.cpp").value_or(""), harness_lines_in_log());
      std::string names;
      for (const std::string& key : named) {
        if (!options.failed_instances.insert(key).second) continue;
        if (!names.empty()) names += ", ";
        names += key;
      }
      if (names.empty()) break;  // the errors point to no instance not yet left out
      std::string message = "the harness does not compile with " + std::to_string(options.failed_instances.size());
      message += " member template instance(s) (";
      message += first;
      message += "); compiling it without them: ";
      message += names;
      progress_(message);
      if (recompile_harness(options, objects, depfiles)) return true;
    }
    if (interrupted_) return false;
    progress_("the harness does not compile with the member templates objgen instantiated (" + first + "); compiling it without them");
    options.failed_instances.clear();
    options.template_instances = false;
    return recompile_harness(options, objects, depfiles);
  }

  bool recompile_harness(const scan::HarnessOptions& options, std::vector<std::string>& objects, std::vector<std::string>& depfiles) {
    write_file_atomically(work_ + "/harness.cpp", scan::write_harness(out_.scan.result, options));
    objects.clear();
    depfiles.clear();
    modules_.clear();
    return compile_one(work_ + "/harness.cpp", objects, depfiles);
  }

  // The lines of harness.cpp the build log names ("harness.cpp:44:70: error", "harness.cpp:44:70:
  // required from here").
  std::set<unsigned> harness_lines_in_log() const {
    std::string log = read_whole_file(work_ + "/build.log").value_or("");
    std::set<unsigned> lines;
    const std::string name = "harness.cpp:";
    for (size_t at = log.find(name); at != std::string::npos; at = log.find(name, at + 1)) {
      size_t digits = at + name.size();
      unsigned line = 0;
      while (digits < log.size() && std::isdigit(static_cast<unsigned char>(log[digits])))
        line = line * 10 + static_cast<unsigned>(log[digits++] - '0');
      if (line > 0 && line < 1000000) lines.insert(line);
    }
    return lines;
  }

  bool has_template_instances() const {
    for (const scan::Function& f : out_.scan.result.functions)
      if (!f.template_arguments.empty() && f.registration != scan::Registration::Skip) return true;
    return false;
  }

  // The instrumented IR becomes the object: its guards and comparison sites are the map's.
  bool compile_coverage_ir(const std::string& object) {
    std::string ir = read_whole_file(object + ".ll").value_or("");
    try {
      modules_.push_back(cover::read_instrumented_ir(ir, sites_so_far()));
    } catch (const std::runtime_error& e) {
      write_log(std::string("error: reading the instrumented IR: ") + e.what() + "\n");
      return false;
    }
    write_file_atomically(object + ".cov.ll", ir);
    return tool_ok(commands_.compile_instrumented_ir(object));
  }

  uint32_t sites_so_far() const {
    uint32_t n = 0;
    for (const auto& m : modules_) n += static_cast<uint32_t>(m.sites.size());
    return n;
  }

  bool compile_one(const std::string& source, std::vector<std::string>& objects, std::vector<std::string>& depfiles) {
    std::string stem = work_ + "/" + std::to_string(objects.size());
    objects.push_back(stem + ".o");
    depfiles.push_back(stem + ".d");
    if (!tool_ok(commands_.compile(work_, source, objects.back(), depfiles.back()))) {
      // Clang checks a precompiled header's options and each header's time as it loads it: a
      // header edited since the build, or another libstdc++, and the compile parses objgen.hpp.
      if (!commands_.uses_clang_pch() || !refused_precompiled_header(work_ + "/build.log")) return false;
      commands_.stop_using_clang_pch();
      write_log("objgen: compiling again without the precompiled objgen.hpp\n");
      if (!tool_ok(commands_.compile(work_, source, objects.back(), depfiles.back()))) return false;
    }
    return !r_.coverage || compile_coverage_ir(objects.back());
  }

  bool link(const std::vector<std::string>& objects) {
    if (r_.trace_loads && !tool_ok(commands_.compile_load_hooks(work_))) return false;
    return tool_ok(commands_.link(work_, objects, flags_.link));
  }

  // A harness links even when a symbol it needs is defined nowhere (a shared object leaves its
  // symbols to the loader), and dlopen would name one at a time, far from the cause. So the build
  // looks now: the one installed library that defines what is missing is added, members whose
  // symbols no given library defines (leftover declarations) are dropped, and what is still
  // missing is an error naming the flag that would define it.
  bool link_checked(std::vector<std::string>& objects, std::vector<std::string>& depfiles, const scan::HarnessOptions& options) {
    if (!link(objects)) return false;
    if (r_.asan) return true;  // loaded by objgen-asan-worker, not by a process like this one
    LinkCheck check = check_link(work_ + "/harness.so", work_);
    if (!check.ran || (check.unresolved.empty() && check.missing_libraries.empty())) return true;
    LibraryLookup lookup = find_defining_libraries(check.unresolved, flags_.link, commands_.compiler(), work_);
    if (check.missing_libraries.empty() && !lookup.unambiguous.empty()) {
      for (const DefiningLibrary& l : lookup.unambiguous) add_library(l, lookup);
      if (!link(objects)) return false;
      check = check_link(work_ + "/harness.so", work_);
    }
    std::set<std::string> missing;
    for (const UnresolvedSymbol& u : check.unresolved) missing.insert(u.name);
    std::vector<scan::Function*> members = members_needing(out_.scan.result, missing);
    if (!members.empty() && !implementation_missing(members)) {
      for (const std::string& note : drop_members(members, missing)) out_.link_notes.push_back(note);
      progress_("no source or library given defines " + std::to_string(members.size()) +
                " declared member(s); compiling the harness without them");
      if (!recompile_all(objects, depfiles, options) || !link(objects)) return false;
      check = check_link(work_ + "/harness.so", work_);
    }
    if (check.unresolved.empty() && check.missing_libraries.empty()) return true;
    return link_failure(check, find_defining_libraries(check.unresolved, flags_.link, commands_.compiler(), work_));
  }

  void add_library(const DefiningLibrary& l, const LibraryLookup& lookup) {
    std::string defines;
    for (const auto& [symbol, found] : lookup.definers)
      if (!found.empty() && found.front().file == l.file && defines.empty()) defines = demangle(symbol);
    flags_.link.push_back(l.file);
    out_.added_libraries.push_back(l.file);
    out_.link_notes.push_back("linked " + l.file + ", the one library that defines " + defines + ": add " + l.advice() +
                              " after -- to say so yourself");
    write_file_atomically(work_ + "/added_libraries.txt", join_lines(out_.added_libraries));
  }

  static std::string join_lines(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines) text += l + "\n";
    return text;
  }

  static std::vector<std::string> read_added_libraries(const std::string& dir) {
    std::vector<std::string> files;
    std::string text = read_whole_file(dir + "/added_libraries.txt").value_or("");
    for (size_t start = 0, nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1)
      files.push_back(text.substr(start, nl - start));
    return files;
  }

  bool given_link_inputs() const { return !flags_.link.empty(); }

  // Nothing was passed after -- and none of the class's out-of-line members links: its
  // implementation is missing, not some leftover declaration.
  bool implementation_missing(const std::vector<scan::Function*>& members) const {
    if (given_link_inputs()) return false;
    size_t out_of_line = 0;
    auto count = [&](const scan::ScanResult& r, auto&& self) -> void {
      for (const scan::Function& f : r.functions) out_of_line += f.registration != scan::Registration::Skip && !f.link_symbols.empty();
      for (const scan::ScanResult& c : r.companions) self(c, self);
    };
    count(out_.scan.result, count);
    return members.size() == out_of_line;
  }

  // The harness again, without the members just dropped, and the sources beside it.
  bool recompile_all(std::vector<std::string>& objects, std::vector<std::string>& depfiles, const scan::HarnessOptions& options) {
    write_file_atomically(work_ + "/harness.cpp", scan::write_harness(out_.scan.result, options));
    objects.clear();
    depfiles.clear();
    modules_.clear();
    bool ok = compile_one(work_ + "/harness.cpp", objects, depfiles);
    for (const std::string& source : flags_.link)
      if (ok && is_source_file(source)) ok = compile_one(fs::absolute(source).string(), objects, depfiles);
    if (ok && r_.coverage) write_file_atomically(work_ + "/coverage_map.json", cover::map_to_json(cover::link_coverage(modules_)));
    return ok;
  }

  bool link_failure(const LinkCheck& check, const LibraryLookup& lookup) {
    std::vector<std::string>& lines = out_.compiler_errors;
    for (const std::string& lib : check.missing_libraries)
      lines.push_back("error: the harness needs " + lib + ", which the loader does not find: pass its full path or its folder with -L");
    if (!check.unresolved.empty()) lines.push_back("error: the harness needs symbols that nothing it is linked with defines:");
    constexpr size_t kShown = 12;
    for (size_t i = 0; i < check.unresolved.size() && i < kShown; ++i) {
      const UnresolvedSymbol& u = check.unresolved[i];
      std::string where;
      auto found = lookup.definers.find(u.name);
      if (found != lookup.definers.end())
        for (size_t k = 0; k < found->second.size() && k < 3; ++k) where += (k ? ", " : "; defined by ") + found->second[k].advice();
      lines.push_back("  " + u.demangled + " (needed by " + fs::path(u.needed_by).filename().string() + ")" + where);
    }
    if (check.unresolved.size() > kShown) lines.push_back("  and " + std::to_string(check.unresolved.size() - kShown) + " more");
    if (!given_link_inputs())
      lines.push_back("hint: the class's implementation is missing: pass its sources or libraries after --, e.g. -- list.cpp -lmylib");
    else
      lines.push_back("hint: none of the sources and libraries given after -- defines them (declared but never defined?)");
    for (const std::string& l : lines) write_log(l + "\n");
    link_failed_ = true;
    return false;
  }

  bool tool_ok(const std::vector<std::string>& cmd) {
    std::string line;
    for (const std::string& a : cmd) line += (line.empty() ? "" : " ") + a;
    write_log("$ " + line + "\n");
    int rc = run_tool(cmd, work_ + "/build.log", r_.interrupted);
    if (r_.interrupted && r_.interrupted->load()) interrupted_ = true;
    return rc == 0 && !interrupted_;
  }

  void write_log(const std::string& text) {
    FILE* f = std::fopen((work_ + "/build.log").c_str(), "a");
    if (!f) return;
    std::fputs(text.c_str(), f);
    std::fclose(f);
  }

  // The manifest covers every file the compiler read and every library linked in.
  void finish(const std::vector<std::string>& depfiles) {
    std::vector<std::string> inputs;
    for (const std::string& d : depfiles)
      for (const std::string& f : read_depfile(d))
        if (f.rfind(work_, 0) != 0) inputs.push_back(f);
    for (const std::string& a : flags_.link)
      if (a[0] != '-') inputs.push_back(fs::absolute(a).string());
    std::vector<std::string> artefacts{"harness.so"};
    if (r_.coverage) artefacts.push_back("coverage_map.json");
    write_manifest(work_ + "/manifest.json", inputs, build_start_ns_, artefacts);
    fs::remove_all(out_.directory);
    fs::rename(work_, out_.directory);
  }

  void fail() {
    if (interrupted_) {
      fs::remove_all(work_);
      out_.status = HarnessBuildStatus::Interrupted;
      return;
    }
    // A compiler that could not write its output (a full cache disk) is not the class's fault.
    if (disk_full()) {
      remove_work_dir();
      throw_write_failure(ENOSPC);
    }
    out_.status = link_failed_ ? HarnessBuildStatus::LinkFailed : HarnessBuildStatus::CompileFailed;
    if (!link_failed_) {
      out_.compiler_errors = compiler_errors(work_ + "/build.log", 20);
      out_.unreadable_types = unreadable_types(work_ + "/build.log");
    }
    out_.directory += ".failed";
    fs::remove_all(out_.directory);
    fs::rename(work_, out_.directory);
  }

  const HarnessRequest& r_;
  const HarnessProgress& progress_;
  HarnessToolchain tools_;
  std::string header_;
  SplitFlags flags_;
  HarnessCommands commands_;
  HarnessBuild out_;
  std::string work_;
  std::string source_text_;                     // HarnessRequest::harness_source's text ("" when scanned)
  std::vector<cover::ModuleCoverage> modules_;  // coverage builds: each unit's part, link order
  bool interrupted_ = false;
  bool link_failed_ = false;
  long long build_start_ns_ = 0;
};

}  // namespace

HarnessBuild build_harness(const HarnessRequest& request, const HarnessProgress& progress) { return Builder(request, progress).run(); }

}  // namespace objgen
