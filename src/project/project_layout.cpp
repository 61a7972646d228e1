#include "project/project_layout.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string_view>

namespace objgen::project {

namespace fs = std::filesystem;

namespace {

bool has_extension(const fs::path& p, std::initializer_list<const char*> extensions) {
  std::string e = p.extension().string();
  return std::any_of(extensions.begin(), extensions.end(), [&](const char* x) { return e == x; });
}

bool is_cxx_source(const fs::path& p) { return has_extension(p, {".cpp", ".cc", ".cxx", ".c++", ".C"}); }
bool is_header(const fs::path& p) { return has_extension(p, {".h", ".hh", ".hpp", ".hxx", ".h++", ".ipp"}); }

std::string normal(const fs::path& p) { return fs::absolute(p).lexically_normal().string(); }

// CMake's record of the source directory it configured the build from.
std::string cmake_source_dir(const std::string& build_dir) {
  std::ifstream in(build_dir + "/CMakeCache.txt");
  std::string line;
  const std::string key = "CMAKE_HOME_DIRECTORY:INTERNAL=";
  while (std::getline(in, line))
    if (line.rfind(key, 0) == 0) return normal(line.substr(key.size()));
  return "";
}

std::string common_folder(const std::vector<scan::CompileEntry>& entries) {
  if (entries.empty()) return "";
  fs::path common = fs::path(entries.front().file).parent_path();
  for (const scan::CompileEntry& e : entries)
    while (!common.empty() && !is_within(e.file, common.string())) common = common.parent_path();
  return common.string();
}

// The -I and -iquote directories of a command (not -isystem: other projects' headers), absolute.
std::vector<std::string> own_include_dirs(const scan::CompileEntry& e) {
  std::vector<std::string> dirs;
  const std::vector<std::string>& c = e.command;
  for (size_t i = 0; i < c.size(); ++i)
    for (std::string opt : {"-I", "-iquote"}) {
      std::string dir;
      if (c[i] == opt && i + 1 < c.size())
        dir = c[++i];
      else if (c[i].rfind(opt, 0) == 0 && c[i].size() > opt.size())
        dir = c[i].substr(opt.size());
      else
        continue;
      fs::path p(dir);
      dirs.push_back(normal(p.is_relative() ? fs::path(e.directory) / p : p));
      break;
    }
  return dirs;
}

// Only the sources of one CMake target; the error lists the targets there are.
void keep_target(ProjectLayout& layout, const std::string& target) {
  std::set<std::string> targets;
  for (const scan::CompileEntry& e : layout.sources) targets.insert(cmake_target_of(e));
  std::erase_if(layout.sources, [&target](const scan::CompileEntry& e) { return cmake_target_of(e) != target; });
  targets.erase("");
  if (layout.sources.empty())
    throw ProjectError(
        fmt::format("--target {}: no C++ source of the project's compiles into it (its targets with sources: {}; "
                    "a header-only library has none: name a target that compiles its headers' code)",
                    target, targets.empty() ? "none named" : fmt::format("{}", fmt::join(targets, ", "))));
}

}  // namespace

std::string regex_literal(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

bool is_within(const std::string& path, const std::string& dir) {
  if (dir.empty()) return false;
  std::string rel = fs::path(path).lexically_relative(dir).string();
  return !rel.empty() && rel != ".." && rel.rfind("../", 0) != 0;  // not "..cache/x.hpp"
}

std::string cmake_target_of(const scan::CompileEntry& e) {
  std::string object = e.output;  // else the command's -o (CMake's Makefile generator gives no "output")
  for (size_t i = 0; object.empty() && i + 1 < e.command.size(); ++i)
    if (e.command[i] == "-o") object = e.command[i + 1];
  size_t at = object.find("CMakeFiles/");
  size_t dir = object.find(".dir/", at);
  if (at == std::string::npos || dir == std::string::npos) return "";
  return object.substr(at + 11, dir - at - 11);
}

ProjectLayout read_project(const std::string& build_dir, const std::string& target) {
  ProjectLayout layout;
  layout.build_dir = normal(build_dir);
  std::vector<scan::CompileEntry> entries;
  try {
    entries = scan::all_compile_commands(layout.build_dir);
  } catch (const scan::CompileDbError& e) {
    throw ProjectError(std::string(e.what()) + " (configure the project with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)");
  }
  std::erase_if(entries, [](const scan::CompileEntry& e) { return !is_cxx_source(e.file); });
  layout.source_root = cmake_source_dir(layout.build_dir);
  if (layout.source_root.empty()) layout.source_root = common_folder(entries);
  for (scan::CompileEntry& e : entries)
    if (is_within(e.file, layout.source_root) && !is_within(e.file, layout.build_dir)) layout.sources.push_back(std::move(e));
  if (layout.sources.empty())
    throw ProjectError(layout.build_dir + "/compile_commands.json holds no C++ source under " + layout.source_root);
  if (!target.empty()) keep_target(layout, target);
  std::set<std::string> folders, headers;
  for (const scan::CompileEntry& e : layout.sources) {
    folders.insert(fs::path(e.file).parent_path().string());
    for (const std::string& d : own_include_dirs(e))
      if (is_within(d, layout.source_root) || d == layout.source_root) folders.insert(d);
  }
  for (const std::string& folder : folders) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec), end; !ec && it != end;
         it.increment(ec)) {
      std::string path = it->path().lexically_normal().string();
      if (is_within(path, layout.build_dir)) {
        if (it->is_directory(ec)) it.disable_recursion_pending();
        continue;
      }
      if (it->is_regular_file(ec) && is_header(it->path())) headers.insert(path);
    }
  }
  layout.headers.assign(headers.begin(), headers.end());
  return layout;
}

}  // namespace objgen::project
