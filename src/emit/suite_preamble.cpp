#include "emit/suite_preamble.hpp"

#include <algorithm>
#include <filesystem>

namespace objgen::emit {
namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool is_source(const std::string& a) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".c++", ".C", ".c"})
    if (ends_with(a, ext)) return true;
  return false;
}

bool is_link_input(const std::string& a) {
  return ends_with(a, ".o") || ends_with(a, ".a") || ends_with(a, ".so") || a.find(".so.") != std::string::npos || is_source(a);
}

bool is_shared_library(const std::string& a) { return ends_with(a, ".so") || a.find(".so.") != std::string::npos; }

// A shell word: quoted when it holds anything a shell would read otherwise.
std::string shell_word(const std::string& w) {
  if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=/.,:@%") == std::string::npos)
    return w;
  std::string q = "'";
  for (char c : w) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

bool std_at_least_20(const std::string& flag) {
  for (const char* v : {"20", "2a", "23", "2b", "26", "2c"})
    if (flag.find(v) != std::string::npos) return true;
  return false;
}

std::string absolute(const std::string& path) { return fs::absolute(path).lexically_normal().string(); }

// -I dir, -Idir, -isystem dir ... with the directory made absolute (the suite compiles elsewhere).
bool take_directory_flag(const std::vector<std::string>& flags, size_t& i, std::vector<std::string>& out) {
  for (std::string opt : {"-isystem", "-iquote", "-idirafter", "-include", "-I", "-L"}) {
    const std::string& f = flags[i];
    if (f == opt && i + 1 < flags.size()) {
      out.push_back(opt + absolute(flags[++i]));
      return true;
    }
    if (f.rfind(opt, 0) == 0 && f.size() > opt.size() && (opt != "-I" || f[2] != '-')) {
      out.push_back(opt + absolute(f.substr(opt.size())));
      return true;
    }
  }
  return false;
}

}  // namespace

std::string portable_include(const std::string& header, SuiteBuild& build) {
  fs::path path(header);
  if (!build.known || !path.is_absolute()) return header;
  path = path.lexically_normal();
  std::string best;
  for (const std::string& f : build.compile_flags)
    for (const char* opt : {"-iquote", "-isystem", "-I"})
      if (f.rfind(opt, 0) == 0) {
        std::string dir = fs::path(f.substr(std::string(opt).size())).lexically_normal().string();
        std::string rel = path.lexically_relative(dir).string();
        if (!rel.empty() && rel.rfind("..", 0) != 0 && (best.empty() || rel.size() < best.size())) best = rel;
        break;
      }
  if (!best.empty()) return best;
  std::string folder = "-I" + path.parent_path().string();
  if (std::find(build.compile_flags.begin(), build.compile_flags.end(), folder) == build.compile_flags.end())
    build.compile_flags.push_back(folder);
  return path.filename().string();
}

SuiteBuild suite_build_from_flags(const std::vector<std::string>& flags, const std::vector<std::string>& added_libraries) {
  SuiteBuild b;
  b.known = true;
  std::vector<std::string> dirs, rpaths;
  for (size_t i = 0; i < flags.size(); ++i) {
    const std::string& f = flags[i];
    if (f.rfind("-std=", 0) == 0) {
      if (std_at_least_20(f)) b.compile_flags.push_back(f);
    } else if (take_directory_flag(flags, i, dirs)) {
      std::string& d = dirs.back();
      (d.rfind("-L", 0) == 0 ? b.link_args : b.compile_flags).push_back(d);
      if (d.rfind("-L", 0) == 0) rpaths.push_back(d.substr(2));
    } else if ((f == "-l" || f == "-Xlinker") && i + 1 < flags.size()) {
      b.link_args.push_back(f);
      b.link_args.push_back(flags[++i]);
    } else if (f.rfind("-l", 0) == 0 || f.rfind("-Wl,", 0) == 0) {
      b.link_args.push_back(f);
    } else if (f[0] != '-' && is_link_input(f)) {
      b.link_args.push_back(absolute(f));
      if (is_shared_library(f)) rpaths.push_back(fs::path(absolute(f)).parent_path().string());
    } else {
      b.compile_flags.push_back(f);
    }
  }
  for (const std::string& lib : added_libraries) b.link_args.push_back(lib);
  if (std::none_of(b.compile_flags.begin(), b.compile_flags.end(), [](const std::string& f) { return f.rfind("-std=", 0) == 0; }))
    b.compile_flags.insert(b.compile_flags.begin(), "-std=c++20");
  std::sort(rpaths.begin(), rpaths.end());
  rpaths.erase(std::unique(rpaths.begin(), rpaths.end()), rpaths.end());
  for (const std::string& d : rpaths) b.link_args.push_back("-Wl,-rpath," + d);
  return b;
}

// The file by its name alone: a suite's text must not depend on the folder it is written to (runs
// in two folders, or on several ranks, give the same files).
std::string suite_build_comment(const SuiteBuild& build, const std::string& path, const std::string& test_libraries) {
  std::string file = fs::path(path).filename().string(), name = fs::path(path).stem().string();
  if (!build.known)
    return "// Compile with: c++ -std=c++20 " + shell_word(file) +
           " (plus the include directories, definitions and libraries the harness was built with) " + test_libraries + " -o " + name + "\n";
  std::string cmd = "c++";
  for (const std::string& f : build.compile_flags) cmd += " " + shell_word(f);
  cmd += " " + shell_word(file);
  for (const std::string& a : build.link_args) cmd += " " + shell_word(a);
  return "// Compile with: " + cmd + " " + test_libraries + " -o " + name + "\n";
}

}  // namespace objgen::emit
