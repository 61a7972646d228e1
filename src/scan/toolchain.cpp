#include "scan/toolchain.hpp"

#include <array>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace objgen::scan {
namespace {

std::string run_and_read_line(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return "";
  std::array<char, 4096> buf{};
  std::string out;
  if (fgets(buf.data(), buf.size(), pipe.get())) out = buf.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

bool has_stddef(const std::string& dir) {
  std::error_code ec;
  return !dir.empty() && std::filesystem::exists(std::filesystem::path(dir) / "include" / "stddef.h", ec);
}

}  // namespace

std::string find_resource_dir(const std::string& requested) {
  if (!requested.empty()) return requested;
#ifdef SCAN_RESOURCE_DIR
  if (has_stddef(SCAN_RESOURCE_DIR)) return SCAN_RESOURCE_DIR;
#endif
#ifdef SCAN_LLVM_BINDIR
  std::string configured = run_and_read_line(std::string(SCAN_LLVM_BINDIR) + "/clang -print-resource-dir 2>/dev/null");
  if (has_stddef(configured)) return configured;
#endif
  for (const char* clang : {"clang-14", "clang"}) {
    std::string dir = run_and_read_line(std::string(clang) + " -print-resource-dir 2>/dev/null");
    if (has_stddef(dir)) return dir;
  }
  return "";
}

std::string driver_program() {
#ifdef SCAN_LLVM_BINDIR
  std::error_code ec;
  std::string clang = std::string(SCAN_LLVM_BINDIR) + "/clang";
  if (std::filesystem::exists(clang, ec)) return clang;
#endif
  return "objgen";
}

std::vector<std::string> base_arguments(const std::string& resource_dir) {
  std::vector<std::string> args = {"-xc++", "-std=c++20", "-fno-access-control", "-fsyntax-only"};
  if (!resource_dir.empty() && resource_dir != "none") {
    args.push_back("-resource-dir");
    args.push_back(resource_dir);
  }
  return args;
}

}  // namespace objgen::scan
