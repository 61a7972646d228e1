#include "exec/confined_program.hpp"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <thread>

#include "exec/child_process.hpp"

namespace objgen {
namespace {

// In the child: output to the log, then the program, which loads the code under test itself.
[[noreturn]] void exec_program(const std::vector<std::string>& args, const std::string& log_path) {
  if (!log_path.empty()) {
    int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0) abandon_child("cannot open " + log_path + ": " + std::strerror(errno));
    dup2(fd, STDOUT_FILENO);
    dup2(fd, STDERR_FILENO);
  }
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  abandon_child("cannot run " + args[0] + ": " + std::strerror(errno));
}

}  // namespace

ProgramRun run_confined_program(const std::vector<std::string>& argv, const std::string& log_path, const std::atomic<bool>* interrupted,
                                double timeout_seconds) {
  ChildOptions options;
  options.capture_output = log_path.empty();
  options.loads_code_under_test = false;
  ChildProcess child;
  child.start([&argv, &log_path] { exec_program(argv, log_path); }, options);
  ProgramRun run;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  while (!child.ended()) {
    run.interrupted = interrupted && interrupted->load();
    run.timed_out = timeout_seconds > 0 && std::chrono::steady_clock::now() > deadline;
    if (run.interrupted || run.timed_out) {
      child.kill();
      break;
    }
    child.trim_output();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  run.exited = WIFEXITED(child.status());
  run.exit_code = run.exited ? WEXITSTATUS(child.status()) : 0;
  run.death = child.describe_death();
  if (log_path.empty()) run.last_line = child.output_tail();
  return run;
}

}  // namespace objgen
