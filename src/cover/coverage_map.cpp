#include "cover/coverage_map.hpp"

#include <array>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace objgen::cover {
namespace {

constexpr std::array<const char*, 11> kPredicateNames{"eq", "ne", "ugt", "uge", "ult", "ule", "sgt", "sge", "slt", "sle", "switch"};

nlohmann::json node_json(const CfgNode& n) {
  return {{"label", n.label}, {"successors", n.successors}, {"line", n.line}, {"target", n.target}};
}

nlohmann::json site_json(const CmpSite& s) {
  return {{"function", s.function},
          {"node", s.node},
          {"predicate", predicate_name(s.predicate)},
          {"width", s.width},
          {"swapped", s.swapped},
          {"outcome_nodes", s.outcome_nodes},
          {"cases", s.cases},
          {"outcome_begin", s.outcome_begin},
          {"outcome_count", s.outcome_count},
          {"file", s.file},
          {"line", s.line},
          {"column", s.column}};
}

}  // namespace

const char* predicate_name(Predicate p) { return kPredicateNames[static_cast<size_t>(p)]; }

bool parse_predicate(const std::string& s, Predicate& out) {
  for (size_t i = 0; i < kPredicateNames.size(); ++i)
    if (s == kPredicateNames[i]) {
      out = static_cast<Predicate>(i);
      return true;
    }
  return false;
}

const CoveredFunction* CoverageMap::find(const std::string& mangled_or_name) const {
  for (const CoveredFunction& f : functions)
    if (f.mangled == mangled_or_name || f.name == mangled_or_name) return &f;
  return nullptr;
}

std::pair<uint32_t, uint32_t> CoverageMap::outcomes_of(const CoveredFunction& f) const {
  if (f.sites.empty()) return {0, 0};
  const CmpSite& last = sites[f.sites.back()];
  return {sites[f.sites.front()].outcome_begin, last.outcome_begin + last.outcome_count};
}

std::string map_to_json(const CoverageMap& map) {
  nlohmann::json j;
  j["guard_count"] = map.guard_count;
  j["outcome_count"] = map.outcome_count;
  j["constants"] = map.constants;
  for (const CoveredFunction& f : map.functions) {
    nlohmann::json fj{{"mangled", f.mangled}, {"name", f.name}, {"comdat", f.comdat},  {"first_guard", f.first_guard},
                      {"sites", f.sites},     {"file", f.file}, {"callees", f.callees}};
    for (const CfgNode& n : f.nodes) fj["nodes"].push_back(node_json(n));
    j["functions"].push_back(std::move(fj));
  }
  j["sites"] = nlohmann::json::array();
  for (const CmpSite& s : map.sites) j["sites"].push_back(site_json(s));
  return j.dump(1);
}

CoverageMap map_from_json(const std::string& text) {
  CoverageMap map;
  try {
    nlohmann::json j = nlohmann::json::parse(text);
    map.guard_count = j.at("guard_count");
    map.outcome_count = j.at("outcome_count");
    map.constants = j.at("constants").get<std::vector<int64_t>>();
    for (const auto& fj : j.value("functions", nlohmann::json::array())) {
      CoveredFunction f;
      f.mangled = fj.at("mangled");
      f.name = fj.at("name");
      f.comdat = fj.at("comdat");
      f.first_guard = fj.at("first_guard");
      f.sites = fj.at("sites").get<std::vector<uint32_t>>();
      f.file = fj.value("file", "");
      f.callees = fj.value("callees", std::vector<std::string>{});
      for (const auto& nj : fj.at("nodes"))
        f.nodes.push_back({nj.at("label"), nj.at("successors").get<std::vector<uint32_t>>(), nj.at("line"), nj.at("target")});
      map.functions.push_back(std::move(f));
    }
    for (const auto& sj : j.at("sites")) {
      CmpSite s;
      s.function = sj.at("function");
      s.node = sj.at("node");
      if (!parse_predicate(sj.at("predicate"), s.predicate)) throw std::runtime_error("unknown predicate");
      s.width = sj.at("width");
      s.swapped = sj.at("swapped");
      s.outcome_nodes = sj.at("outcome_nodes").get<std::vector<int32_t>>();
      s.cases = sj.at("cases").get<std::vector<int64_t>>();
      s.outcome_begin = sj.at("outcome_begin");
      s.outcome_count = sj.at("outcome_count");
      s.file = sj.at("file");
      s.line = sj.at("line");
      s.column = sj.at("column");
      map.sites.push_back(std::move(s));
    }
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed coverage map: ") + e.what());
  }
  return map;
}

}  // namespace objgen::cover
