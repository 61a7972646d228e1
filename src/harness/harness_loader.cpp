#include "harness/harness_loader.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/single_threaded.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <thread>

#include "exec/child_process.hpp"
#include "harness/harness_description.hpp"
#include "objgen/harness_entry.hpp"

namespace objgen {
namespace {

using EntryFunction = const HarnessEntry* (*)();
constexpr double kDescribeSeconds = 60;
constexpr int kDescribed = 0x4c;                  // exit(0) in a static initializer must not pass for success
constexpr off_t kMaxDescriptionBytes = 16 << 20;  // a real one takes kilobytes

// dlopen and the entry's checks, in whatever process is to run the code under test.
const HarnessEntry* open_harness(const std::string& file, bool link_inputs_given) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    std::string why = dlerror();
    if (why.find("undefined symbol") != std::string::npos)
      why += link_inputs_given
                 ? " (none of the sources and libraries it was linked with defines it: a declaration never defined, or a"
                   " library missing from the link)"
                 : " (the class's implementation is missing: pass its sources or libraries after --, e.g. -- list.cpp -lmylib)";
    throw HarnessLoadError("cannot load harness: " + why);
  }
  auto entry_function = reinterpret_cast<EntryFunction>(dlsym(handle, OBJGEN_HARNESS_ENTRY_SYMBOL));
  if (!entry_function)
    throw HarnessLoadError(file + " is not an objgen harness (no " OBJGEN_HARNESS_ENTRY_SYMBOL
                                  " symbol: the harness source needs OBJGEN_HARNESS_ENTRY)");
  const HarnessEntry* e = entry_function();
  if (!e || e->abi != kHarnessAbi || std::strcmp(e->headers_hash, OBJGEN_HEADERS_HASH) != 0)
    throw HarnessLoadError(file + " was built for objgen " + (e ? e->objgen_version : "?") + " (harness ABI " +
                           std::to_string(e ? e->abi : 0) +
                           ", other headers); this is objgen " OBJGEN_VERSION_STRING ": rebuild the harness");
  return e;
}

// A harness described in objgen's process: the file every worker for its API loads, what it
// registers, and how.
struct DescribedHarness {
  std::string file;
  HarnessDescription description;
  HarnessLoadOptions options;
};

// A worker's first step (Api::worker_setup, run by ChildProcess): the harness loaded here,
// confined, its API bound to what objgen's process was described.
void load_in_child(const DescribedHarness& h) {
  const HarnessEntry* e = nullptr;
  try {
    e = open_harness(h.file, h.options.link_inputs_given);
  } catch (const HarnessLoadError& x) {
    abandon_child(std::string("the harness did not load in a worker: ") + x.what());
  }
  static Api loaded;  // as long as the process: described operations call it
  e->register_api(loaded);
  if (!__libc_single_threaded) abandon_child("loading the harness started a thread in a worker");
  check_after_call();
  if (std::string mismatch = bind_described_api(h.description, loaded); !mismatch.empty())
    abandon_child("the harness registered another API in a worker than when objgen described it: " + mismatch);
  if (h.options.after_load) h.options.after_load();
}

void write_all(int fd, const std::string& bytes) {
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) _exit(kChildThrew);
    done += static_cast<size_t>(n);
  }
}

// In the describing child: 'D' and the description, or 'E' and why the harness cannot be used.
[[noreturn]] void describe_in_child(const std::string& file, const HarnessLoadOptions& options, int out_fd) {
  std::string answer;
  try {
    ClassId first_class = static_cast<ClassId>(registered_class_count());
    const HarnessEntry* e = open_harness(file, options.link_inputs_given);
    Api api;
    e->register_api(api);
    check_after_call();
    if (options.after_load) options.after_load();
    answer = "D" + describe_harness(*e, first_class, api);
  } catch (const HarnessLoadError& x) {
    answer = std::string("E") + x.what();
  } catch (const std::runtime_error& x) {
    answer = std::string("E") + x.what();
  }
  write_all(out_fd, answer);
  _exit(kDescribed);
}

std::string read_answer(int fd) {
  struct stat st {};
  if (fstat(fd, &st) != 0 || st.st_size > kMaxDescriptionBytes) return "";
  std::string bytes(static_cast<size_t>(st.st_size), '\0');
  if (pread(fd, bytes.data(), bytes.size(), 0) != static_cast<ssize_t>(bytes.size())) return "";
  return bytes;
}

void wait_for_description(ChildProcess& child, const std::string& file) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(kDescribeSeconds);
  while (!child.ended()) {
    if (std::chrono::steady_clock::now() > deadline) {
      child.kill();
      throw HarnessLoadError("loading " + file + " did not finish within " + std::to_string(int(kDescribeSeconds)) +
                             " s in a test process (a static initializer of the code under test hangs)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  if (WIFEXITED(child.status()) && WEXITSTATUS(child.status()) == kDescribed) return;
  // The child did nothing but load the harness: what it printed last is about that.
  std::string said = child.output_tail();
  throw HarnessLoadError("loading " + file + " in a test process failed (" + child.describe_death() +
                         (said.empty() ? "" : "; it printed: " + said) +
                         "): the static initializers of the code under test (or its registration) misbehave");
}

// 'D' and a description, or 'E' and why the harness cannot be used, from a test process.
HarnessDescription parse_answer(const std::string& file, const std::string& answer) {
  if (answer.empty() || (answer[0] != 'D' && answer[0] != 'E'))
    throw HarnessLoadError("loading " + file + " in a test process gave no usable answer (the code under test wrote over it?)");
  if (answer[0] == 'E') throw HarnessLoadError(answer.substr(1));
  try {
    return parse_harness_description(answer.substr(1));
  } catch (const std::exception& e) {  // bad_alloc too: the sizes in it are the code under test's
    throw HarnessLoadError("the description of " + file + " from its test process is damaged: " + e.what());
  }
}

// In a supervised child: becomes the program that describes `file` into `fd`.
[[noreturn]] void exec_describer(const std::vector<std::string>& program, const std::string& file, int fd) {
  fcntl(fd, F_SETFD, 0);  // kept across exec
  std::vector<std::string> args = program;
  args.insert(args.end(), {"--harness", file, "--describe-fd", std::to_string(fd)});
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(argv[0], argv.data());
  abandon_child("cannot start " + args[0] + " to describe " + file + ": " + std::strerror(errno));
}

// What a supervised child that describes `file` into a memory file (body(fd)) answered.
std::string answer_of_child(const std::string& file, const std::function<void(int)>& body) {
  int fd = memfd_create("objgen-harness-description", MFD_CLOEXEC);
  if (fd < 0) throw HarnessLoadError("cannot create a memory file to describe " + file + ": " + std::strerror(errno));
  std::string answer;
  try {
    ChildProcess child;
    ChildOptions options;
    options.loads_code_under_test = false;  // the child loads the harness itself
    child.start([&body, fd] { body(fd); }, options);
    wait_for_description(child, file);
    answer = read_answer(fd);
  } catch (...) {
    close(fd);
    throw;
  }
  close(fd);
  return answer;
}

// Loading a harness runs the static initializers of the code under test and its registration:
// that happens in a supervised, confined child, which answers with the API as data.
HarnessDescription describe(const std::string& file, const HarnessLoadOptions& options) {
  // The child loads this harness itself.
  HarnessDescription d = parse_answer(file, answer_of_child(file, [&](int fd) { describe_in_child(file, options, fd); }));
  // The child was forked from this process: its classes before the harness are these.
  if (d.first_class != registered_class_count())
    throw HarnessLoadError("the description of " + file + " from its test process is damaged: its classes do not start after objgen's");
  return d;
}

}  // namespace

Example load_harness(const std::string& path, const HarnessLoadOptions& options) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw HarnessLoadError("harness not found: " + path);
  // An absolute path: workers may start in another directory than objgen did, and dlopen would
  // search the library path for a name without a slash.
  std::string file = std::filesystem::absolute(path, ec).string();
  auto h = std::make_shared<const DescribedHarness>(DescribedHarness{file, describe(file, options), options});
  const HarnessDescription& d = h->description;
  return Example{d.name, std::string("harness ") + path, d.target, d.include, [h](Api& api) {
                   register_described_api(h->description, api);
                   api.set_worker_setup([h] { load_in_child(*h); });
                 }};
}

void describe_harness_into(const std::string& path, int fd) {
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  describe_in_child(file, {}, fd);
}

HarnessDescription describe_harness_in_program(const std::string& path, const std::vector<std::string>& program) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) throw HarnessLoadError("harness not found: " + path);
  std::string file = std::filesystem::absolute(path, ec).string();
  return parse_answer(file, answer_of_child(file, [&](int fd) { exec_describer(program, file, fd); }));
}

Example load_harness_in_this_process(const std::string& path) {
  std::string file = path.find('/') == std::string::npos ? "./" + path : path;
  const HarnessEntry* e = open_harness(file, false);
  return Example{e->name, std::string("harness ") + path, e->target, e->include, e->register_api};
}

}  // namespace objgen
