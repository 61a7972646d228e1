#include "emit/junit_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>

namespace objgen::emit {

namespace {

constexpr const char* kReplacement = "\xEF\xBF\xBD";  // U+FFFD

// The length of the well-formed UTF-8 character at text[i] (2 to 4 bytes), 0 when it is not one.
size_t utf8_length(const std::string& text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char c = byte(i);
  size_t n = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  uint32_t cp = c & (0xFF >> (n + 1));
  for (size_t k = 1; k < n; ++k) cp = (cp << 6) | (byte(i + k) & 0x3F);
  bool overlong = (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000);
  bool invalid = cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || cp == 0xFFFE || cp == 0xFFFF;
  return overlong || invalid ? 0 : n;
}

struct CheckCase {
  std::vector<const ResultRecord*> bugs, notes;
};

std::string record_text(const ResultRecord& r) {
  std::string out = fmt::format("{} in {}: {} ({} hits)\n", r.kind, r.operation, r.message, r.hits);
  if (!r.why.empty()) out += "  " + std::string(verdict_name(r.verdict)) + ": " + r.why + "\n";
  if (r.at.known()) out += fmt::format("  declared at {}:{}\n", r.at.file, r.at.line);
  for (const CallSite& c : r.calls) out += "    " + c.statement + "\n";
  return out;
}

void write_case(std::string& out, const CheckResults& cls, const std::string& check, const CheckCase& c) {
  out += fmt::format("    <testcase classname=\"{}\" name=\"{}\"", xml_text("objgen." + cls.command + "." + cls.target), xml_text(check));
  if (c.bugs.empty() && c.notes.empty()) return void(out += "/>\n");
  out += ">\n";
  if (!c.bugs.empty()) {
    std::string body;
    for (const ResultRecord* r : c.bugs) body += record_text(*r);
    const ResultRecord& first = *c.bugs.front();
    std::string message = c.bugs.size() == 1 ? first.kind + " in " + first.operation + ": " + first.message
                                             : fmt::format("{} bugs, the first: {} in {}", c.bugs.size(), first.kind, first.operation);
    out += fmt::format("      <failure message=\"{}\" type=\"{}\">{}</failure>\n", xml_text(message), xml_text(first.kind), xml_text(body));
  }
  if (!c.notes.empty()) {
    std::string body;
    for (const ResultRecord* r : c.notes) body += record_text(*r);
    out += "      <system-out>" + xml_text(body) + "</system-out>\n";
  }
  out += "    </testcase>\n";
}

}  // namespace

std::string xml_text(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      size_t n = utf8_length(text, i);
      out += n ? text.substr(i, n) : kReplacement;
      i += n ? n : 1;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        out += c < 0x20 && c != '\t' && c != '\n' && c != '\r' ? kReplacement : std::string(1, static_cast<char>(c));
    }
    ++i;
  }
  return out;
}

std::string junit_xml(const std::vector<CheckResults>& classes) {
  size_t tests = 0, failures = 0;
  std::string suites;
  for (const CheckResults& cls : classes) {
    std::vector<std::string> checks = cls.checks;
    for (const ResultRecord& r : cls.results)
      if (std::find(checks.begin(), checks.end(), r.check) == checks.end()) checks.push_back(r.check);
    std::string cases;
    size_t failed = 0;
    for (const std::string& check : checks) {
      CheckCase c;
      for (const ResultRecord& r : cls.results)
        if (r.check == check) (r.verdict == Verdict::Bug ? c.bugs : c.notes).push_back(&r);
      failed += !c.bugs.empty();
      write_case(cases, cls, check, c);
    }
    suites += fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"0\" skipped=\"0\">\n",
                          xml_text(cls.target + " (" + cls.command + ")"), checks.size(), failed);
    suites += cases + "  </testsuite>\n";
    tests += checks.size();
    failures += failed;
  }
  return fmt::format("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"objgen\" tests=\"{}\" failures=\"{}\" errors=\"0\">\n",
                     tests, failures) +
         suites + "</testsuites>\n";
}

}  // namespace objgen::emit
