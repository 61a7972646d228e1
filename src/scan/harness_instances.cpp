#include "scan/harness_instances.hpp"

#include <vector>

namespace objgen::scan {

std::string instance_key(const Function& f) { return f.qualified_name + f.template_arguments + "@" + f.pos.str(); }

// A registration line of an instance holds its name, quoted, and the comment "FILE:LINE:
// instantiated for <ARGS>" (the writer's `comment`).
namespace {

// Whether `line` holds `mark` as a whole note: what follows it ends the line or starts another
// note ("; ..."). An instance for "int" is not the one for "int, int" at the same declaration.
bool holds_mark(const std::string& line, const std::string& mark) {
  for (size_t at = line.find(mark); at != std::string::npos; at = line.find(mark, at + 1)) {
    size_t end = at + mark.size();
    if (end == line.size() || line[end] == ';') return true;
  }
  return false;
}

}  // namespace

std::set<std::string> instances_on_lines(const ScanResult& r, const std::string& harness, const std::set<unsigned>& lines) {
  std::vector<std::string> text(1);
  for (char c : harness) {
    if (c == '\n')
      text.emplace_back();
    else
      text.back() += c;
  }
  std::set<std::string> found;
  auto look = [&](const ScanResult& result) {
    for (const Function& f : result.functions) {
      if (f.template_arguments.empty() || f.registration == Registration::Skip) continue;
      std::string name = "\"" + f.name + "\"", mark = f.pos.str() + ": instantiated for " + f.template_arguments;
      for (unsigned line : lines)
        if (line >= 1 && line <= text.size() && text[line - 1].find(name) != std::string::npos && holds_mark(text[line - 1], mark))
          found.insert(instance_key(f));
    }
  };
  look(r);
  for (const ScanResult& c : r.companions) look(c);
  return found;
}

}  // namespace objgen::scan
