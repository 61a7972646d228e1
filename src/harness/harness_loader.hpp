// Harness shared objects (built by objgen for --header/--class, or by objgen_add_harness() in a
// user's CMake project): objgen's own process never loads one. A confined child loads it and
// describes its API as data (harness_description.hpp); every child that runs code under test
// (ChildProcess) loads it again, confined, before it runs anything.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

#include <vector>

#include "harness/harness_description.hpp"
#include "objgen/example.hpp"

namespace objgen {

struct HarnessLoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HarnessLoadOptions {
  // A step every process that loads the harness takes after registering its API (binding the
  // coverage map of an instrumented build); it throws std::runtime_error when it cannot. The
  // describing child takes it too, so a failure is reported once.
  std::function<void()> after_load;
  // Whether the harness was linked with sources or libraries given after -- (or by CMake): an
  // undefined symbol then means a declaration nothing defines, not an implementation left out, and
  // the load error says so instead of asking for them.
  bool link_inputs_given = false;
};

// Describes the harness at `path` in a supervised child; the Example registers the described API
// and, in it, how workers load the harness (Api::worker_setup). Throws HarnessLoadError naming the
// file and the reason (not a harness, built for another objgen, its static initializers or
// registration crash, hang, fork or start a thread, an after_load step fails).
Example load_harness(const std::string& path, const HarnessLoadOptions& options = {});

// In a program of its own that runs the code under test (objgen-asan-worker): loads the harness
// into this process, as it is.
Example load_harness_in_this_process(const std::string& path);

// A second harness beside the subject's (a reference for differential testing, whose class may
// have the subject's very name): it is never registered in objgen's process. A fresh program
// (`program` plus "--describe-fd N"), confined and supervised, loads it and writes its
// description (describe_harness_in_this_process); its class ids are those of such a fresh
// process, which serves the harness's test cases too (TestRunner's worker_command).
HarnessDescription describe_harness_in_program(const std::string& path, const std::vector<std::string>& program);
// In that program, given --describe-fd: the harness loaded here and its API described into `fd`
// (or why it cannot be used); ends the process.
[[noreturn]] void describe_harness_into(const std::string& path, int fd);

}  // namespace objgen
