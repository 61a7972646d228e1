// Reading LLVM's textual IR line by line, as the coverage map does: lines, `!dbg` references,
// the debug metadata they point at (locations, files, subprograms), comdat groups, call
// arguments and the calls that fail an assertion. Internal to cover (ir_coverage_map.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace objgen::cover::ir_text {

struct DebugInfo {
  std::unordered_map<std::string, std::pair<uint32_t, uint32_t>> locations;  // !N -> line, column
  std::unordered_map<std::string, std::string> files;                        // !N -> path
  std::unordered_map<std::string, std::string> subprogram_file;              // !N -> !F
};

std::string demangle(const std::string& mangled);
inline bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }
std::string_view trimmed(std::string_view s);
std::vector<std::string> split_lines(const std::string& text);

// "!dbg !17" on a line -> "!17".
std::string dbg_ref(const std::string& line);

// The module's !DILocation, !DIFile and !DISubprogram lines.
DebugInfo read_debug_info(const std::vector<std::string>& lines);

// "[K x i32] ..." comdat($name) -> the comdat group.
std::string comdat_of(const std::string& line, const std::string& own_name);

// Every "i64 N" in `s`, in order.
std::vector<int64_t> parse_i64_list(const std::string& s);

// Top-level comma split of "i32 10, i32 %6" (values may contain parentheses).
std::vector<std::string> split_args(const std::string& s);

// "i32 %6" -> "%6".
std::string last_token(const std::string& arg);

// A failed assert (glibc's, libstdc++'s _GLIBCXX_ASSERTIONS): a block that can only end in one
// is the precondition's failure, not behaviour a test should reach, so it is no coverage target.
bool fails_an_assertion(const std::string& line);

}  // namespace objgen::cover::ir_text
