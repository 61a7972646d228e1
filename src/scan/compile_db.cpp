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

}  // namespace

std::vector<std::string> parsing_flags(const std::vector<std::string>& command, const std::string& directory) {
  std::vector<std::string> out;
  for (size_t i = 1; i < command.size(); ++i) {
    const std::string& a = command[i];
    const char* path_flag = nullptr;
    for (const char* flag : kPathFlags)
      if (starts_with(a, flag)) {
        path_flag = flag;
        break;
      }
    if (path_flag) {
      size_t n = std::strlen(path_flag);
      std::string value = a.size() > n ? a.substr(n) : i + 1 < command.size() ? command[++i] : "";
      if (value.empty()) continue;
      if (n == 2) {
        out.push_back("-I" + absolute_in(value, directory));
      } else {
        out.push_back(path_flag);
        out.push_back(absolute_in(value, directory));
      }
    } else if (starts_with(a, "-D") || starts_with(a, "-U")) {
      out.push_back(a.size() > 2 || i + 1 >= command.size() ? a : a + command[++i]);
    } else if (starts_with(a, "-std=")) {
      out.push_back(a);
    }
  }
  return out;
}

std::vector<std::string> flags_from_compile_db(const std::string& dir, const std::string& header) {
  fs::path file = fs::is_directory(dir) ? fs::path(dir) / "compile_commands.json" : fs::path(dir);
  std::string error;
  auto db = clang::tooling::JSONCompilationDatabase::loadFromFile(
      file.string(), error, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!db) throw CompileDbError("cannot read " + file.string() + ": " + error);
  if (db->getAllFiles().empty()) throw CompileDbError(file.string() + " has no entries");
  auto inferred = clang::tooling::inferMissingCompileCommands(std::move(db));
  std::string target = header.front() == '<' ? (file.parent_path() / "objgen-header.hpp").string()
                                             : fs::absolute(header).lexically_normal().string();
  std::vector<clang::tooling::CompileCommand> commands = inferred->getCompileCommands(target);
  if (commands.empty()) throw CompileDbError(file.string() + " has no command usable for " + header);
  return parsing_flags(commands.front().CommandLine, commands.front().Directory);
}

}  // namespace objgen::scan
