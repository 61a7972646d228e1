#include "emit/difference_writer.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "emit/code_writer.hpp"
#include "io/atomic_file.hpp"

namespace objgen::emit {
namespace {

// The differing call as a check: its value is the reference's, or it returns at all.
std::string checked_last(const differential::Difference& d, const std::string& statement) {
  if (d.threw) return "EXPECT_NO_THROW(([&] { " + statement + " }()));";
  if (d.expected) return expect_value(statement, *d.expected);
  return statement;
}

std::string difference_test(const Api& api, const LiteralDomain& domain, const differential::Difference& d, const std::string& suite,
                            size_t index, const std::string& reference) {
  std::string out = fmt::format("// {} differs from {}: {}\n", api.operations()[d.op].signature(), reference, d.message);
  if (d.hits > 1 || d.original_calls > d.sequence.calls.size())
    out += fmt::format("// {} probes showed it; {} calls{}.\n", d.hits,
                       d.original_calls > d.sequence.calls.size()
                           ? fmt::format("minimized from {} to {}", d.original_calls, d.sequence.calls.size())
                           : std::to_string(d.sequence.calls.size()),
                       d.one_minimal ? ", 1-minimal" : "");
  out += fmt::format("TEST({}, Difference{}_{}) {{\n", suite, index, test_identifier(api.operations()[d.op].name));
  std::vector<std::string> lines = write_statements(api, domain, d.sequence);
  if (!emittable(api, d.sequence)) {
    out += "  GTEST_SKIP() << \"uses an operation registered as a lambda without a cpp_call\";\n";
    for (const auto& l : lines) out += "  // " + l + "\n";
    return out + "}\n\n";
  }
  if (!lines.empty()) lines.back() = checked_last(d, lines.back());
  for (const auto& l : lines) out += "  " + l + "\n";
  return out + "}\n\n";
}

}  // namespace

std::string write_differences_suite(const Api& api, const LiteralDomain& domain, const std::vector<differential::Difference>& differences,
                                    const GtestSuiteOptions& g, const std::string& dir, const std::string& reference) {
  std::string path = dir + "/" + g.name + "_differences_test.cpp";
  if (differences.empty()) {
    std::remove(path.c_str());
    return "";
  }
  std::string text = suite_header(
      g, "calls whose results differ from " + reference + "'s; each test expects the reference's value and fails while the class differs",
      path);
  std::string suite = camel_case(g.name) + "Differences";
  for (size_t i = 0; i < differences.size(); ++i) text += difference_test(api, domain, differences[i], suite, i, reference);
  write_file_atomically(path, text);
  return path;
}

}  // namespace objgen::emit
