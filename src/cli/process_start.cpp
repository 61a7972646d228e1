// How objgen's process starts: the allocator's mode and the re-executions that fix it and the
// address-space layout before anything else runs. Compiled into the objgen executable with its
// checked heap (OBJGEN_CHECKED_HEAP), and into objgen_cli_tests without (the mode reads "off").
#include <sys/personality.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "cli/cli_common.hpp"
#ifdef OBJGEN_CHECKED_HEAP
#include "exec/checked_heap.hpp"
#endif

namespace objgen::cli {

const char* heap_check_mode() {
#ifdef OBJGEN_CHECKED_HEAP
  return heap_checked() ? "on" : "off";
#else
  return "off";  // no jemalloc, no checked heap (CMakeLists.txt)
#endif
}

void restart_with_fixed_layout(int argc, char** argv) {
  bool reads_headers = false;
  for (int i = 1; i < argc && !reads_headers; ++i)
    for (const char* word : {"scan", "--header", "-p", "--compile-commands"})
      if (std::strcmp(argv[i], word) == 0 ||
          (word[1] == '-' && std::strncmp(argv[i], word, std::strlen(word)) == 0 && argv[i][std::strlen(word)] == '='))
        reads_headers = true;
  int persona = personality(0xffffffff);
  if (!reads_headers || persona == -1 || (persona & ADDR_NO_RANDOMIZE)) return;
  if (personality(static_cast<unsigned long>(persona) | ADDR_NO_RANDOMIZE) == -1) return;
  execv("/proc/self/exe", argv);
  personality(static_cast<unsigned long>(persona));  // exec failed: go on as started
}

std::string follow_heap_check_option(int argc, char** argv) {
#ifdef OBJGEN_CHECKED_HEAP
  std::string wanted = "auto";
  bool bundled_example = false;
  bool runs_code_under_test = false;  // only these commands call the code under test
  for (int i = 1; i < argc; ++i) {
    for (const char* command : {"exhaustive", "random", "builders", "evolve", "params"})
      if (std::strcmp(argv[i], command) == 0) runs_code_under_test = true;
    if (std::strcmp(argv[i], "--heap-check") == 0 && i + 1 < argc) wanted = argv[i + 1];
    if (std::strncmp(argv[i], "--heap-check=", 13) == 0) wanted = argv[i] + 13;
    if (std::strcmp(argv[i], "--example") == 0 || std::strncmp(argv[i], "--example=", 10) == 0) bundled_example = true;
  }
  // The bundled examples are objgen's own tested code (and the benchmark subjects): no guard.
  if (wanted == "auto") wanted = bundled_example ? "off" : "on";
  std::string current = heap_check_mode();
  if (runs_code_under_test && (wanted == "on" || wanted == "off") && wanted != current) {
    setenv(kHeapCheckVariable, wanted.c_str(), 1);
    execv("/proc/self/exe", argv);
    std::fprintf(stderr, "objgen: cannot restart with --heap-check %s (%s); it stays %s\n", wanted.c_str(), std::strerror(errno),
                 current.c_str());
  }
  return current;
#else
  for (int i = 1; i < argc; ++i)
    if ((std::strcmp(argv[i], "--heap-check") == 0 && i + 1 < argc && std::strcmp(argv[i + 1], "on") == 0) ||
        std::strcmp(argv[i], "--heap-check=on") == 0)
      std::fprintf(stderr, "objgen: warning: --heap-check on needs objgen built with jemalloc; heap check is off\n");
  return heap_check_mode();
#endif
}

}  // namespace objgen::cli
