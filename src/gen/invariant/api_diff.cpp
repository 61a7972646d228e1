#include "gen/invariant/api_diff.hpp"

#include <algorithm>
#include <unordered_set>

namespace objgen::invariant {
namespace {
struct FingerprintHash {
  size_t operator()(const Fingerprint& f) const { return static_cast<size_t>(f.lo ^ (f.hi * 0x9e3779b97f4a7c15ull)); }
};
}  // namespace

ApiDiff diff_against_api(const SearchResult& search, const StateStore& store, ClassId cls, size_t examples) {
  ApiDiff d;
  // The store keeps part of each fingerprint: it is asked, not compared with.
  std::unordered_set<uint32_t> matched;
  std::unordered_set<Fingerprint, FingerprintHash> seen;
  std::vector<std::pair<size_t, size_t>> smallest;  // (reachable objects, structure), sorted
  std::vector<uint8_t> reached;
  for (size_t s = 0; s < search.found.size(); ++s) {
    const Fingerprint& fp = search.found.fingerprint(s);
    if (fp == Fingerprint{} || !seen.insert(fp).second) continue;  // no canonical form, or seen
    const uint32_t* id = store.find(fp);
    if (id && store.state(*id).cls == cls) {
      matched.insert(*id);
      continue;
    }
    ++d.invariant_only;
    if (examples == 0) continue;
    search.space.reachable(search.vector(s), reached);
    const size_t size = static_cast<size_t>(std::count(reached.begin(), reached.end(), 1));
    if (smallest.size() == examples && size >= smallest.back().first) continue;
    smallest.insert(std::upper_bound(smallest.begin(), smallest.end(), std::pair{size, s}), {size, s});
    if (smallest.size() > examples) smallest.pop_back();
  }
  for (const auto& [size, s] : smallest) d.invariant_only_examples.push_back(s);
  d.invariant_states = seen.size() - (seen.count(Fingerprint{}) ? 1 : 0);
  d.both = matched.size();
  const std::vector<uint32_t>& states = store.states_of(cls);
  d.api_states = states.size();
  for (uint32_t id : states) {
    if (matched.count(id)) continue;
    ++d.api_only;
    if (d.api_only_examples.size() < examples) d.api_only_examples.push_back(id);
  }
  return d;
}

}  // namespace objgen::invariant
