#include "harness/harness_compiler.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <string_view>
#include <utility>

#include "io/atomic_file.hpp"
#include "io/utf8_text.hpp"

#ifndef OBJGEN_HARNESS_CXX
#define OBJGEN_HARNESS_CXX "c++"
#endif
#ifndef OBJGEN_COVERAGE_CXX
#define OBJGEN_COVERAGE_CXX "clang++"
#endif
#ifndef OBJGEN_SOURCE_INCLUDE_DIR
#define OBJGEN_SOURCE_INCLUDE_DIR "include"
#define OBJGEN_BINARY_INCLUDE_DIR "include"
#endif

extern char** environ;

namespace objgen {
namespace fs = std::filesystem;

namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// Installed objgen lives in <prefix>/bin with its headers in <prefix>/include; a build-tree
// objgen uses the directories baked in at configure time, the build's first: it holds the
// precompiled objgen.hpp (cmake/harness_pch.cmake), which GCC must meet before the header.
std::vector<std::string> objgen_include_dirs() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    fs::path installed = exe.parent_path().parent_path() / "include";
    if (fs::exists(installed / "objgen" / "version.hpp", ec)) return {installed.string()};
  }
  return {OBJGEN_BINARY_INCLUDE_DIR, OBJGEN_SOURCE_INCLUDE_DIR};
}

}  // namespace

HarnessToolchain harness_toolchain() {
  HarnessToolchain t;
  const char* cxx = std::getenv("OBJGEN_CXX");
  t.compiler = cxx && *cxx ? cxx : OBJGEN_HARNESS_CXX;
  t.include_dirs = objgen_include_dirs();
  const char* cov = std::getenv("OBJGEN_COVERAGE_CXX");
  t.coverage_compiler = cov && *cov ? cov : OBJGEN_COVERAGE_CXX;
  return t;
}

bool compiler_accepts(const std::string& compiler, const std::string& flag) {
  static std::mutex mutex;
  static std::map<std::pair<std::string, std::string>, bool> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = known.emplace(std::make_pair(compiler, flag), false);
  if (fresh) it->second = run_tool({compiler, flag, "-x", "c++", "-fsyntax-only", "/dev/null"}, "/dev/null") == 0;
  return it->second;
}

bool links_with_lld(const std::string& compiler) {
  static std::mutex mutex;
  static std::map<std::string, bool> known;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, fresh] = known.emplace(compiler, false);
  if (fresh) it->second = run_tool({compiler, "-fuse-ld=lld", "-Wl,--version"}, "/dev/null") == 0;
  return it->second;
}

std::string clang_harness_pch(const HarnessToolchain& t, const std::string& kind) {
  if (t.coverage_compiler != OBJGEN_COVERAGE_CXX) return "";
  for (const std::string& d : t.include_dirs) {
    std::string pch = d;
    pch.append("/objgen/objgen.hpp.pch/").append(kind).append(".pch");
    if (access(pch.c_str(), R_OK) == 0) return pch;
  }
  return "";
}

bool only_search_paths(const std::vector<std::string>& flags) {
  static constexpr std::array<std::string_view, 4> kOptions{"-I", "-isystem", "-iquote", "-idirafter"};
  for (size_t i = 0; i < flags.size(); ++i) {
    const std::string& f = flags[i];
    if (std::find(kOptions.begin(), kOptions.end(), f) != kOptions.end()) {
      ++i;  // the directory follows
      continue;
    }
    if (std::none_of(kOptions.begin(), kOptions.end(), [&](std::string_view o) { return f.rfind(o, 0) == 0; })) return false;
  }
  return true;
}

bool refused_precompiled_header(const std::string& log_path) {
  std::string log = read_whole_file(log_path).value_or("");
  size_t last_command = log.rfind("\n$ ");
  std::string_view output = std::string_view(log).substr(last_command == std::string::npos ? 0 : last_command);
  return output.find("precompiled header") != std::string_view::npos || output.find("PCH file") != std::string_view::npos;
}

bool is_source_file(const std::string& arg) {
  if (arg.empty() || arg[0] == '-') return false;
  for (const char* ext : {".cpp", ".cc", ".cxx", ".c++", ".C", ".c"})
    if (ends_with(arg, ext)) return true;
  return false;
}

SplitFlags split_user_flags(const std::vector<std::string>& args) {
  SplitFlags out;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if ((a == "-L" || a == "-l" || a == "-Xlinker") && i + 1 < args.size()) {  // the value goes along
      out.link.push_back(a);
      out.link.push_back(args[++i]);
      continue;
    }
    bool library = ends_with(a, ".o") || ends_with(a, ".a") || ends_with(a, ".so") || a.find(".so.") != std::string::npos;
    bool link_flag = a.rfind("-l", 0) == 0 || a.rfind("-L", 0) == 0 || a.rfind("-Wl,", 0) == 0;
    if ((a[0] != '-' && library) || link_flag || is_source_file(a))
      out.link.push_back(a);
    else
      out.compile.push_back(a);
  }
  return out;
}

int run_tool(const std::vector<std::string>& argv, const std::string& log_path, const std::atomic<bool>* interrupted) {
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);  // its own group, so that all of it can be stopped
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  // Logs live in directories of objgen's own (the cache's, a PrivateTempDir); O_NOFOLLOW all the same.
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW, 0600);
  posix_spawn_file_actions_adddup2(&actions, STDOUT_FILENO, STDERR_FILENO);
  std::vector<char*> args;
  args.reserve(argv.size() + 1);
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    std::ofstream(log_path, std::ios::app) << "cannot run " << argv[0] << ": " << std::strerror(rc) << "\n";
    return 127;
  }
  bool stopping = false;
  auto stop_sent = std::chrono::steady_clock::now();
  for (;;) {
    siginfo_t si{};
    // WNOWAIT: the exited tool stays a zombie, so its group id cannot be reused before the kill.
    int r = waitid(P_PID, static_cast<id_t>(pid), &si, WEXITED | WNOHANG | WNOWAIT);
    if (r == 0 && si.si_pid == pid) break;
    if (r != 0 && errno == ECHILD) return 127;
    if (!stopping && interrupted && interrupted->load()) {
      kill(-pid, SIGTERM);
      stopping = true;
      stop_sent = std::chrono::steady_clock::now();
    } else if (stopping && std::chrono::steady_clock::now() - stop_sent > std::chrono::seconds(5)) {
      kill(-pid, SIGKILL);  // it ignored SIGTERM
    }
    usleep(10000);
  }
  kill(-pid, SIGKILL);  // anything it started that is still running
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return 127;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> read_depfile(const std::string& path) {
  std::string text = read_whole_file(path).value_or("");
  size_t colon = text.find(": ");
  if (colon == std::string::npos) return {};
  std::vector<std::string> deps;
  std::string cur;
  auto flush = [&] {
    if (!cur.empty()) deps.push_back(fs::absolute(cur).lexically_normal().string());
    cur.clear();
  };
  for (size_t i = colon + 2; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size() && (text[i + 1] == '\n' || text[i + 1] == ' ' || text[i + 1] == '#')) {
      if (text[i + 1] == '\n')
        flush();
      else
        cur += text[i + 1];
      ++i;
    } else if (c == '$' && i + 1 < text.size() && text[i + 1] == '$') {  // make's escape for '$'
      cur += '$';
      ++i;
    } else if (c == ' ' || c == '\n' || c == '\t') {
      flush();
    } else {
      cur += c;
    }
  }
  flush();
  return deps;
}

std::vector<std::string> compiler_errors(const std::string& log_path, size_t max_lines) {
  // A line about a template instance can run to pages; cut, it must still be text (GCC quotes
  // names with ‘ ’: three bytes each).
  constexpr size_t kMaxLineBytes = 600;
  std::ifstream in(log_path);
  std::vector<std::string> errors, fallback;
  for (std::string whole; std::getline(in, whole);) {
    std::string line = utf8_shorten(whole, kMaxLineBytes, " …");
    if (line.find("error") != std::string::npos && errors.size() < max_lines) errors.push_back(line);
    if (fallback.size() < max_lines) fallback.push_back(line);
  }
  return errors.empty() ? fallback : errors;
}

std::vector<std::string> unreadable_types(const std::string& log_path) {
  std::ifstream in(log_path);
  std::vector<std::string> types;
  std::string reading;  // the type of the put() instance being instantiated
  const std::string instance = "Linearizer::put(const T&) [with T = ";
  for (std::string line; std::getline(in, line);) {
    if (size_t at = line.find(instance); at != std::string::npos && line.find("In instantiation of") != std::string::npos) {
      size_t from = at + instance.size(), to = line.rfind(']');
      reading = to != std::string::npos && to > from ? line.substr(from, to - from) : "";
    } else if (line.find("this field type cannot be canonicalized") != std::string::npos && !reading.empty() &&
               std::find(types.begin(), types.end(), reading) == types.end()) {
      types.push_back(reading);
    }
  }
  return types;
}

}  // namespace objgen
