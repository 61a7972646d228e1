#include "cover/coverage_scope.hpp"

#include <deque>
#include <filesystem>
#include <stdexcept>
#include <unordered_map>

namespace objgen::cover {

namespace {

bool under(std::string file, const std::string& directory) {
  file = std::filesystem::path(file).lexically_normal().string();
  if (directory.empty() || file.size() <= directory.size() || file.compare(0, directory.size(), directory) != 0) return false;
  return directory.back() == '/' || file[directory.size()] == '/';
}

// Appends function f's nodes and outcomes to the scoped CFG.
void add_part(const CoverageMap& map, uint32_t f, ScopedCfg& out) {
  const CoveredFunction& fn = map.functions[f];
  auto [outcome_begin, outcome_end] = map.outcomes_of(fn);
  uint32_t offset = static_cast<uint32_t>(out.cfg.nodes.size());
  auto sites = static_cast<uint32_t>(fn.sites.size());
  uint32_t first_site = sites ? fn.sites.front() : 0;
  for (uint32_t k = 0; k < sites; ++k)
    if (fn.sites[k] != first_site + k) throw std::logic_error(fn.name + ": its comparison sites are not consecutive");
  out.parts.push_back({f, offset, out.outcome_count, outcome_begin, outcome_end - outcome_begin, out.site_count, first_site, sites});
  out.site_count += sites;
  for (CfgNode n : fn.nodes) {
    for (uint32_t& s : n.successors) s += offset;
    out.cfg.nodes.push_back(std::move(n));
  }
  out.cfg.sites.insert(out.cfg.sites.end(), fn.sites.begin(), fn.sites.end());
  out.outcome_count += outcome_end - outcome_begin;
}

}  // namespace

ScopedCfg scoped_cfg(const CoverageMap& map, uint32_t root, CoverageScope scope, const std::string& root_directory, size_t max_functions) {
  ScopedCfg out;
  const CoveredFunction& r = map.functions.at(root);
  out.cfg.mangled = r.mangled;
  out.cfg.name = r.name;
  out.cfg.comdat = r.comdat;
  out.cfg.first_guard = r.first_guard;
  out.cfg.file = r.file;
  add_part(map, root, out);
  if (scope == CoverageScope::Class) return out;
  std::string directory = root_directory.empty() ? std::filesystem::path(r.file).lexically_normal().parent_path().string() : root_directory;
  std::unordered_map<std::string, uint32_t> by_name;
  for (uint32_t f = 0; f < map.functions.size(); ++f) by_name.emplace(map.functions[f].mangled, f);
  std::vector<bool> seen(map.functions.size(), false);
  seen[root] = true;
  std::deque<uint32_t> queue{root};
  while (!queue.empty()) {
    const CoveredFunction& caller = map.functions[queue.front()];
    queue.pop_front();
    for (const std::string& callee : caller.callees) {
      auto it = by_name.find(callee);
      if (it == by_name.end() || seen[it->second]) continue;
      seen[it->second] = true;
      queue.push_back(it->second);  // through functions out of scope too: they may call back in
      if (scope == CoverageScope::Header && !under(map.functions[it->second].file, directory)) continue;
      if (out.parts.size() < max_functions) add_part(map, it->second, out);
    }
  }
  return out;
}

}  // namespace objgen::cover
