// The commands that compile and link one harness (harness_build.cpp runs them and caches what
// they make): which compiler at which level, objgen's include directories, the user's flags, a
// checked build's sanitizers, coverage or trace-loads instrumentation, the precompiled
// objgen.hpp; and the part of the cache key those choices make.
#pragma once

#include <string>
#include <vector>

#include "harness/harness_build.hpp"
#include "harness/harness_compiler.hpp"

namespace objgen {

// <lib/header.hpp>, found through the include path, rather than a file's path.
bool is_angle_header(const std::string& header);

// Everything the cache key must cover: the subject, the flags, and where relative paths point.
std::vector<std::string> harness_key_parts(const HarnessRequest& r, const std::string& header, const HarnessToolchain& t);

class HarnessCommands {
 public:
  // header: absolute, or <lib/x.hpp>; compile_flags: the user's (split_user_flags).
  HarnessCommands(const HarnessRequest& r, HarnessToolchain tools, std::string header, std::vector<std::string> compile_flags);

  const std::string& compiler() const { return r_.coverage || r_.trace_loads ? tools_.coverage_compiler : tools_.compiler; }
  // The instrumentation lists the compile commands name, written into the build's directory.
  void write_instrumentation_lists(const std::string& work, const scan::ScanResult& scan) const;
  std::vector<std::string> compile(const std::string& work, const std::string& source, const std::string& object,
                                   const std::string& depfile) const;
  // A coverage build's instrumented IR (OBJECT.cov.ll, after its sites were read) into the object.
  std::vector<std::string> compile_instrumented_ir(const std::string& object) const;
  // A traced harness carries its hooks and the traced C library functions
  // (WORK/load_trace_hooks.cpp, written here); with ThinLTO (trace_lto) the link inlines the
  // hooks into the invariant.
  bool trace_lto() const;
  std::vector<std::string> compile_load_hooks(const std::string& work) const;
  std::vector<std::string> link(const std::string& work, const std::vector<std::string>& objects,
                                const std::vector<std::string>& link_flags) const;
  // Clang refused the precompiled objgen.hpp (a header changed since the build): compile without.
  bool uses_clang_pch() const { return !clang_pch_.empty(); }
  void stop_using_clang_pch() { clang_pch_.clear(); }

 private:
  std::string find_clang_pch() const;

  const HarnessRequest& r_;
  HarnessToolchain tools_;
  std::string header_;
  std::vector<std::string> compile_flags_;
  std::string clang_pch_;
};

}  // namespace objgen
