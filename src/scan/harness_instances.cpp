#include "scan/harness_instances.hpp"

#include <vector>

namespace objgen::scan {

std::string instance_key(const Function& f) { return f.qualified_name + f.template_arguments + "@" + f.pos.str(); }

// A registration line of an instance holds its name, quoted, and the comment "FILE:LINE:
// instantiated for <ARGS>" (the writer's `comment`).
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
        if (line >= 1 && line <= text.size() && text[line - 1].find(name) != std::string::npos &&
            text[line - 1].find(mark) != std::string::npos)
          found.insert(instance_key(f));
    }
  };
  look(r);
  for (const ScanResult& c : r.companions) look(c);
  return found;
}

}  // namespace objgen::scan
