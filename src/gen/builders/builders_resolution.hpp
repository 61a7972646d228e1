// Where a run's builders come from (`--builders auto|FILE` of exhaustive, random and params): a
// builders file, the cache `objgen builders` and earlier runs fill (keyed by a hash of the API),
// or a search now (hill climbing by the ladder) whose finished, undisproved result is cached.
// Returns data; the command line prints it.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gen/builders/builders_file.hpp"
#include "gen/builders/identify.hpp"

namespace objgen::builders {

struct BuildersRequest {
  std::string spec;  // "auto" or a builders file
  std::string omit_fields;
  std::vector<uint32_t> excluded;  // --methods -name: never a builder (and out of the cache key)
  int workers = 1;
  bool isolate = true;
  bool quiet = false;
  // Rule out builders whose states break the class's contracts (adds the checks to the API; off
  // where the API must stay as the harness registers it, as for params' exec'd workers).
  bool check_contracts = true;
  // Find again what the ruled-out operations' states broke when the builders come from the cache
  // (an exhaustive run at the climbing scope): off where the caller reports no findings of them.
  bool ruled_out_findings = true;
  // Proofs compare canonical forms, not states the class's operator== calls equal (the run's
  // --keep-representations); such builders are cached apart.
  bool keep_representations = false;
  const std::atomic<bool>* interrupted = nullptr;
  IdentifyProgress progress;
  // What the search checks on states, bound from the oracles' room by the caller: sets the
  // options' group_equal when asked (not with keep_representations) and check_contracts when asked.
  std::function<void(Api&, BuilderSearchOptions&, bool group_equal, bool check_contracts)> bind_checks;
};

struct ResolvedBuilders {
  std::vector<uint32_t> operations;
  // What the states of the operations `auto` ruled out broke, with their sequences (each in its
  // own domain): the run reports them as its findings, so that leaving a method out hides no bug.
  std::vector<SequenceFinding> ruled_out_findings;
  enum class From { File, Cache, Search } from = From::File;
  BuildersFile file;       // as read (File, Cache) or as identified (Search)
  std::string cache_path;  // Cache, Search: the entry of this API
  // Search: whether the search finished (not interrupted, no run cut short), the ladder's note on
  // where it stopped, and whether the result went into the cache (and if not for a failure, why).
  bool complete = true;
  std::string stopped;
  bool cached = false;
  std::string cache_error;
};

// The API's own operations (the contract checks added to it are no builders) less `excluded`.
std::vector<uint32_t> builder_pool(const Api& api, const std::vector<uint32_t>& excluded);

// Where `--builders auto` looks for the builders chosen from these operations.
struct BuildersCacheKey {
  std::string hash, path;
};
// Builders identified with states equal under == kept apart are cached apart (their proofs compare
// canonical forms: a set may need more builders).
BuildersCacheKey builders_cache_key(const Api& api, const ClassInfo& target, const std::vector<uint32_t>& pool,
                                    const std::string& omit_fields, bool keep_representations = false);
BuildersFile builders_file_of(const Api& api, const ClassInfo& target, const Identification& id, std::string hash, std::string algorithm,
                              const std::optional<Verification>& proofs);
// The cache's entry for this key when usable; a file there that cannot be read is said in
// `unusable` (when given: its path, then why) and treated as none.
std::optional<BuildersFile> read_cached_builders(const ClassInfo& target, const BuildersCacheKey& key, std::string* unusable = nullptr);
// "" when written, else why not.
std::string write_builders_cache(const BuildersCacheKey& key, const BuildersFile& f);

// The builders identified earlier for this API (`objgen builders`), if the cache has them (an
// entry that cannot be used is said in `unusable`).
std::optional<std::vector<uint32_t>> cached_builders(const Api& api, const ClassInfo& target, const std::string& omit_fields,
                                                     std::string* unusable = nullptr);

// The builders of a builders file (spec other than "auto") or of the cache; nullopt when `auto`
// finds no usable entry. Throws std::invalid_argument for a file that is unusable or of another
// class. A cache entry that cannot be read is said in `unusable`.
std::optional<ResolvedBuilders> known_builders(Api& api, const ClassInfo& target, const BuildersRequest& request,
                                               std::string* unusable = nullptr);
// Builders from the cache that ruled operations out: what those operations' states break, found
// again (the cache keeps why, not the sequences; an exhaustive run at the climbing scope), into
// `cached`'s ruled_out_findings when the request asks for them.
void find_ruled_out_again(Api& api, const ClassInfo& target, const BuildersRequest& request, ResolvedBuilders& cached);
// Identifies them now (the ladder of `objgen builders`' defaults) and caches a finished result
// the proofs did not disprove. Empty operations when no operation builds the class or when
// interrupted (request.interrupted).
ResolvedBuilders identify_builders_for_run(Api& api, const ClassInfo& target, const BuildersRequest& request);

}  // namespace objgen::builders
