// The code a method's coverage counts (issue 36): its own body (class scope: eCrash's setting),
// or also the instrumented functions it calls, transitively: those written in the header's
// library (header scope: a wrapper's forwarding members then report the library code that does
// the work) or any (library scope; the harness instruments all but the standard library and
// objgen). The functions' CFGs side by side make one scoped CFG: node and outcome numbers of each
// function offset, no edges between them (a call is not an edge of the CFG).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "cover/coverage_map.hpp"

namespace objgen::cover {

enum class CoverageScope : uint8_t { Class, Header, Library };

// One function's part of a scoped CFG.
struct ScopedPart {
  uint32_t function;                          // index into map.functions
  uint32_t node_begin;                        // its node 0 in the scoped CFG
  uint32_t outcome_begin;                     // its first comparison outcome in the scoped distances
  uint32_t map_outcome_begin, outcome_count;  // its outcomes in the map's distance table
  uint32_t site_begin;                        // its first comparison site in the scoped CFG's sites
  uint32_t map_site_begin, site_count;        // its sites in the map (a function's sites are consecutive)
};

struct ScopedCfg {
  CoveredFunction cfg;            // the parts' nodes (successors offset); name and mangled of the root
  std::vector<ScopedPart> parts;  // parts[0]: the root, then callees breadth first
  uint32_t outcome_count = 0;
  uint32_t site_count = 0;
};

// The root's scoped CFG. Header scope keeps callees whose file is under `root_directory` (the
// directory of the header under test; "": that of the root's own file).
// At most `max_functions` functions (breadth first), so a method calling half a library stays
// a search problem.
ScopedCfg scoped_cfg(const CoverageMap& map, uint32_t root, CoverageScope scope, const std::string& root_directory,
                     size_t max_functions = 64);

}  // namespace objgen::cover
