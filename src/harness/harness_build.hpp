// --header/--class end to end, up to a loadable harness: scan the header with Clang, write the
// harness, compile it (and the user's sources) into a shared object, and cache the result so
// that the next run with the same inputs starts at once.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "scan/extract.hpp"

namespace objgen {

struct HarnessRequest {
  std::string header;  // path, or <lib/header.hpp> from the include path
  std::string class_name;
  std::vector<std::string> flags;  // the user's, after --: compile flags, sources, libraries
  std::string state = "auto";      // scan --state: auto, fields, value
  std::string resource_dir;        // Clang's; "" finds it
  bool rebuild = false;            // ignore a cached harness
  // Compile with Clang and SanitizerCoverage (trace-pc-guard, pc-table, trace-cmp) for the
  // class's own functions, and write coverage_map.json beside the library.
  bool coverage = false;
  // Compile with -D_GLIBCXX_ASSERTIONS and UndefinedBehaviorSanitizer (stopping at the first
  // error), so a violated precondition of the standard library or undefined behaviour ends the
  // call with a message instead of passing silently (objgen params).
  bool checks = false;
  // With checks: AddressSanitizer too. Such a library loads only into a program that starts with
  // ASan's runtime (objgen-asan-worker), never into objgen itself.
  bool asan = false;
  const std::atomic<bool>* interrupted = nullptr;
  std::vector<std::string> extra_classes;  // registered beside the class (scan::ScanRequest)
  int class_depth = 3;
  // --template-args: member template name -> explicit argument lists (scan::ScanRequest)
  std::vector<std::pair<std::string, std::vector<std::string>>> template_args;
  // With coverage: also every function the class's code may call (all but the standard
  // library's and objgen's), so that a coverage scope beyond the class can count them (evolve
  // --coverage-scope header|library).
  bool coverage_of_callees = false;
  // Compile with Clang and SanitizerCoverage's trace-loads (every load calls a hook with its
  // address), at -O2, for a search from the class's invariant (objgen korat: which fields it reads).
  bool trace_loads = false;
  // scan::HarnessOptions::initialising_call and initialising_member_left_out: constructors that
  // make initialised objects, found by running the class (cli/subject_harness.cpp).
  std::string initialising_call, initialising_member_left_out;
  // scan::HarnessOptions::unreadable_fields: fields its objects cannot be read with (found so too).
  std::string unreadable_fields;
  // A harness.cpp to compile instead of scanning the header (the plain build's, for its ASan
  // twin): one scan for both, so both register the same members (a second scan of a template-heavy
  // header may instantiate others, which the twin's worker would refuse).
  std::string harness_source;
};

// In a scanned harness's directory: scan::described_field_names, one per line.
inline constexpr const char* kDescribedFieldsFile = "described_fields.txt";

enum class HarnessBuildStatus { Ok, ScanFailed, CompileFailed, LinkFailed, Interrupted };

struct HarnessBuild {
  HarnessBuildStatus status = HarnessBuildStatus::Ok;
  std::string library;       // the shared object to load
  std::string directory;     // where it and harness.cpp live (or the failed build's files)
  std::string coverage_map;  // with coverage: the map's path (cover/coverage_map.hpp)
  bool cached = false;
  std::string rebuild_reason;  // why a cached harness was not used ("" when none existed)
  // A cached entry that was changed or damaged since it was built (never loaded, rebuilt): why.
  std::string damage;
  scan::ScanOutcome scan;                     // when scanned: warnings, skipped members, or why it failed
  std::vector<std::string> compiler_errors;   // or, for LinkFailed, the symbols nothing defines and what to pass
  std::vector<std::string> unreadable_types;  // CompileFailed: see unreadable_types() (harness_compiler.hpp)
  // Members dropped because no source or library given defines them, and libraries objgen added
  // because each was the one installed library that defines what the harness needed.
  std::vector<std::string> link_notes;
  std::vector<std::string> added_libraries;  // linked files ("/usr/lib/.../libabsl_hash.so"), kept with the cache
  double scan_seconds = 0, compile_seconds = 0;
  // Held until the harness is loaded: another objgen building or replacing the same harness
  // waits for it (flock on <key>.lock).
  std::shared_ptr<int> lock;
};

using HarnessProgress = std::function<void(const std::string&)>;

HarnessBuild build_harness(const HarnessRequest& request, const HarnessProgress& progress);

}  // namespace objgen
