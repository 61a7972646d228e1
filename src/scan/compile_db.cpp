#include "scan/compile_db.hpp"

#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/JSONCompilationDatabase.h>

#include <cstring>
#include <filesystem>

namespace objgen::scan {
namespace fs = std::filesystem;

namespace {

// Flags whose value is a path, given either joined (-Ifoo) or as the next argument.
const char* const kPathFlags[] = {"-isystem", "-iquote", "-idirafter", "-include", "-I"};

std::string absolute_in(const std::string& path, const std::string& directory) {
  fs::path p(path);
  return p.is_absolute() ? path : (fs::path(directory) / p).lexically_normal().string();
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

// The value of path flag `flag` in argument i: joined (-Ifoo, -isystemfoo) or the next argument.
// Only -I takes a joined value that starts like another flag, so -include-pch is not -include.
bool path_value(const std::vector<std::string>& command, size_t& i, const char* flag, std::string& value) {
  const std::string& a = command[i];
  size_t n = std::strlen(flag);
  if (a == flag) {
    if (i + 1 >= command.size()) return false;
    value = command[++i];
    return true;
  }
  if (!starts_with(a, flag) || (n > 2 && std::strcmp(flag, "-include") == 0)) return false;
  value = a.substr(n);
  return true;
}

}  // namespace

std::vector<std::string> parsing_flags(const std::vector<std::string>& command, const std::string& directory) {
  std::vector<std::string> out;
  for (size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    if (a == "-Xclang") {  // front-end options (precompiled headers, plugins): not for objgen
      ++i;
      continue;
    }
    bool matched = false;
    for (const char* flag : kPathFlags) {
      std::string value;
      if (!path_value(command, i, flag, value)) continue;
      matched = true;
      if (std::strcmp(flag, "-I") == 0) {
        out.push_back("-I" + absolute_in(value, directory));
      } else {
        out.push_back(flag);
        out.push_back(absolute_in(value, directory));
      }
      break;
    }
    if (matched) continue;
    if (starts_with(a, "-D") || starts_with(a, "-U")) {
      out.push_back(a.size() > 2 || i + 1 >= command.size() ? a : a + command[++i]);
    } else if (starts_with(a, "-std=")) {
      out.push_back(a);
    }
  }
  return out;
}

namespace {

std::unique_ptr<clang::tooling::JSONCompilationDatabase> load_database(const std::string& dir, fs::path& file) {
  std::error_code ec;
  file = fs::is_directory(dir, ec) ? fs::path(dir) / "compile_commands.json" : fs::path(dir);
  // A FIFO in the database's place would block the read forever: refuse what is not a file.
  if (fs::exists(file, ec) && !fs::is_regular_file(file, ec))
    throw CompileDbError(file.string() + " is not a regular file (a FIFO, a device or a directory?)");
  std::string error;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(file.string(), error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) throw CompileDbError("cannot read " + file.string() + ": " + error);
  if (db->getAllFiles().empty()) throw CompileDbError(file.string() + " has no entries");
  return db;
}

}  // namespace

std::vector<CompileEntry> all_compile_commands(const std::string& dir) {
  fs::path file;
  auto db = load_database(dir, file);
  std::vector<CompileEntry> out;
  for (const clang::tooling::CompileCommand& c : db->getAllCompileCommands()) {
    fs::path source(c.Filename);
    if (source.is_relative()) source = fs::path(c.Directory) / source;
    out.push_back({source.lexically_normal().string(), c.Directory, c.CommandLine, c.Output});
  }
  return out;
}

std::vector<std::string> flags_from_compile_db(const std::string& dir, const std::string& header) {
  fs::path file;
  auto db = load_database(dir, file);
  auto inferred = clang::tooling::inferMissingCompileCommands(std::move(db));
  std::string target =
      header.front() == '<' ? (file.parent_path() / "objgen-header.hpp").string() : fs::absolute(header).lexically_normal().string();
  std::vector<clang::tooling::CompileCommand> commands = inferred->getCompileCommands(target);
  if (commands.empty()) throw CompileDbError(file.string() + " has no command usable for " + header);
  return parsing_flags(commands.front().CommandLine, commands.front().Directory);
}

}  // namespace objgen::scan
