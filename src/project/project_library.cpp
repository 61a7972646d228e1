#include "project/project_library.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <thread>

#include <unistd.h>

#include "harness/harness_cache.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

namespace {

// A file name ending this process's own: ".<pid>.tmp".
std::string own_suffix(const char* extension) { return fmt::format(".{}{}", getpid(), extension); }

// The entry's command made to compile `object` with `flags` (-fPIC) and write its dependencies:
// its own output and dependency options dropped (they name the project's build tree).
std::vector<std::string> object_command(const scan::CompileEntry& e, const std::vector<std::string>& flags, const std::string& object,
                                        const std::string& depfile) {
  std::vector<std::string> out;
  const std::vector<std::string>& c = e.command;
  for (size_t i = 0; i < c.size(); ++i) {
    const std::string& a = c[i];
    if (a == "-o" || a == "-MF" || a == "-MT" || a == "-MQ") {
      ++i;
      continue;
    }
    if (a == "-MD" || a == "-MMD" || a == "-M" || a == "-MM" || a == "-c" || (a.rfind("-o", 0) == 0 && a.size() > 2)) continue;
    out.push_back(a);
  }
  out.insert(out.end(), flags.begin(), flags.end());
  out.insert(out.end(), {"-c", "-MD", "-MF", depfile, "-o", object});
  return out;
}

std::string key_of(const scan::CompileEntry& e, const std::vector<std::string>& flags) {
  std::string text = e.directory + '\n' + e.file + '\n';
  for (const std::string& a : e.command) text += a + '\0';
  for (const std::string& a : flags) text += a + '\0';
  return fmt::format("{:016x}", std::hash<std::string>{}(text));
}

// Whether the object made from e is there and every file it was made from has the same contents.
bool still_valid(const std::string& object, const std::string& manifest) {
  std::error_code ec;
  if (!fs::exists(object, ec)) return false;
  std::optional<std::string> text = read_whole_file(manifest);
  if (!text) return false;
  nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  if (!j.is_array()) return false;
  for (const nlohmann::json& d : j)
    if (!d.is_object() || content_hash(d.value("path", "")) != d.value("hash", "~")) return false;
  return true;
}

void write_manifest(const std::string& manifest, const std::string& depfile) {
  nlohmann::json j = nlohmann::json::array();
  for (const std::string& f : read_depfile(depfile)) j.push_back({{"path", f}, {"hash", content_hash(f)}});
  write_file_atomically(manifest, j.dump() + "\n");
}

struct Compiled {
  std::string object, failure;
  bool reused = false;
  bool program = false;  // it defines main(): a program's, never in the archive
};

// Whether the object defines main() (nm's portable format: "main T 0000 0010").
bool defines_main(const std::string& object) {
  std::string log = object + own_suffix(".nm");
  std::error_code ec;
  fs::remove(log, ec);
  if (run_tool({"nm", "-P", "--defined-only", object}, log) != 0) return false;
  std::optional<std::string> text = read_whole_file(log);
  fs::remove(log, ec);
  return text && (text->rfind("main T ", 0) == 0 || text->find("\nmain T ") != std::string::npos);
}

Compiled compile_one(const scan::CompileEntry& e, const std::vector<std::string>& flags, const std::string& dir,
                     const std::atomic<bool>* interrupted) {
  std::string base = dir + "/" + key_of(e, flags) + "-" + fs::path(e.file).stem().string();
  Compiled c{base + ".o", "", false};
  if (still_valid(c.object, base + ".deps.json")) return Compiled{c.object, "", true, defines_main(c.object)};
  // Several objgen processes may share the cache (objgen_add_tests runs one a class): each writes
  // files of its own and renames the object into place. Not with --coverage: the counts file's
  // name is the object's at compile time, and coverage is measured by one process.
  bool in_place = std::find(flags.begin(), flags.end(), "--coverage") != flags.end();
  std::string log = base + own_suffix(".log"), made = in_place ? c.object : c.object + own_suffix(".tmp"),
              depfile = base + own_suffix(".d");
  std::vector<std::string> argv = object_command(e, flags, made, depfile);
  // The command runs where the database says (its relative paths are from there).
  std::vector<std::string> in_dir{"/bin/sh", "-c", "cd \"$1\" && shift && exec \"$@\"", "sh", e.directory};
  in_dir.insert(in_dir.end(), argv.begin(), argv.end());
  std::error_code ec;
  fs::remove(log, ec);  // a log an earlier process of the same number left
  if (run_tool(in_dir, log, interrupted) != 0) {
    std::vector<std::string> errors = compiler_errors(log, 1);
    c.failure = errors.empty() ? "did not compile (see " + log + ")" : errors.front();
    if (made != c.object) fs::remove(made, ec);
    fs::remove(depfile, ec);
    return c;
  }
  // The object first, then its manifest: a process reading between the two sees the new object
  // with the old manifest, whose contents no longer match, and compiles again; the other order
  // would let it reuse the old object under the new manifest.
  if (made != c.object) fs::rename(made, c.object);
  write_manifest(base + ".deps.json", depfile);
  fs::remove(log, ec);
  c.program = defines_main(c.object);
  return c;
}

}  // namespace

ProjectLibrary build_project_library(const ProjectLayout& layout, const std::string& cache_dir, int jobs,
                                     const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& say,
                                     const std::vector<std::string>& flags) {
  std::string dir = cache_dir + "/objects";
  fs::create_directories(dir);
  std::vector<Compiled> done(layout.sources.size());
  std::atomic<size_t> next{0};
  std::mutex printing;
  auto work = [&] {
    for (size_t i; (i = next++) < layout.sources.size() && !(interrupted && interrupted->load());) {
      done[i] = compile_one(layout.sources[i], flags, dir, interrupted);
      if (!done[i].reused) {
        std::lock_guard lock(printing);
        say(fmt::format("compiled {} with {}{}", fs::path(layout.sources[i].file).lexically_relative(layout.source_root).string(),
                        fmt::join(flags, " "), done[i].failure.empty() ? "" : ": failed, left out"));
      }
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < std::max(1, jobs); ++t) threads.emplace_back(work);
  for (std::thread& t : threads) t.join();
  ProjectLibrary lib;
  std::vector<std::string> objects;
  std::string hashes;
  for (size_t i = 0; i < done.size(); ++i) {
    if (!done[i].failure.empty()) {
      lib.failed.push_back(fs::path(layout.sources[i].file).lexically_relative(layout.source_root).string() + ": " + done[i].failure);
      continue;
    }
    if (done[i].object.empty()) continue;  // interrupted before it
    if (done[i].program) {
      lib.programs.push_back(fs::path(layout.sources[i].file).lexically_relative(layout.source_root).string());
      continue;
    }
    (done[i].reused ? lib.reused : lib.compiled) += 1;
    objects.push_back(done[i].object);
    hashes += content_hash(done[i].object);
  }
  if (objects.empty()) return lib;
  lib.hash = fmt::format("{:016x}", std::hash<std::string>{}(hashes));
  lib.archive = cache_dir + "/libproject-" + lib.hash + ".a";
  if (!fs::exists(lib.archive)) {
    std::string made = lib.archive + own_suffix(".tmp"), log = cache_dir + "/ar" + own_suffix(".log");
    std::vector<std::string> ar{"ar", "rcs", made};
    ar.insert(ar.end(), objects.begin(), objects.end());
    std::error_code ec;
    fs::remove(made, ec);
    if (run_tool(ar, log, interrupted) != 0) throw ProjectError("ar could not make " + lib.archive + " (see " + log + ")");
    fs::rename(made, lib.archive);
    fs::remove(log, ec);
  }
  return lib;
}

}  // namespace objgen::project
