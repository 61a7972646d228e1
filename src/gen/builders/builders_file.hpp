// Builders files: the result of builder identification, read back by `exhaustive --builders`.
// JSON: {"class": ..., "api_hash": ..., "builders": [signatures], "observers": [...], ...}.
// Cached copies live under $OBJGEN_CACHE_DIR (default $XDG_CACHE_HOME/objgen or ~/.cache/objgen),
// named by a hash of the API, so `--builders auto` reuses them until the API changes.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "objgen/api.hpp"

namespace objgen::builders {

struct BuildersFile {
  std::string cls;
  std::string api_hash;
  std::string algorithm;              // "hc", "ga", or "given"
  std::vector<std::string> builders;  // operation signatures
  std::vector<std::string> observers;
  double seconds = 0;
  // The proof the builders had when they were written: "proved", "disproved", "unknown", or ""
  // (none run), and the scopes it reached.
  std::string verdict;
  std::vector<uint32_t> proven_scopes;
  // Operations left out of the search because their states broke the class's contracts
  // (ruling_out.hpp): signature, then why.
  std::vector<std::pair<std::string, std::string>> ruled_out;
};

// A hash of what builder identification depends on: the class, every operation's signature,
// the omitted fields and the objgen version.
std::string api_hash(const Api& api, ClassId target, const std::vector<uint32_t>& operations, const std::string& omit_fields);
std::string builders_cache_path(const std::string& hash);

void write_builders_file(const std::string& path, const BuildersFile& file);
// Throws std::invalid_argument naming the file and the problem.
BuildersFile read_builders_file(const std::string& path);
// The operations with these exact signatures; throws std::invalid_argument for an unknown one.
std::vector<uint32_t> operations_by_signature(const Api& api, const std::vector<std::string>& signatures);

}  // namespace objgen::builders
