#include "gen/builders/builders_resolution.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <regex>
#include <stdexcept>

namespace objgen::builders {

namespace {

// The search `--builders auto` runs: hill climbing from the pool, with the checks that group
// equal states and rule out corrupting builders.
BuilderSearchOptions auto_search_options(Api& api, const ClassInfo& target, const BuildersRequest& r, const std::vector<uint32_t>& pool) {
  BuilderSearchOptions o;
  o.target = target.id;
  o.operations = pool;
  if (!r.omit_fields.empty()) o.omit = std::make_shared<const std::regex>(r.omit_fields);  // checked by the command line
  o.workers = r.workers;
  o.isolate = r.isolate;
  o.interrupted = r.interrupted;
  o.climb_scope = 3;  // `objgen builders --scope auto`'s first scope
  if (r.bind_checks) r.bind_checks(api, o, !r.keep_representations, r.check_contracts);
  return o;
}

// Cached builders that ruled operations out: what those operations' states break, found again
// (the cache keeps why, not the sequences; an exhaustive run at the climbing scope finds them).
std::vector<SequenceFinding> ruled_out_again(Api& api, const ClassInfo& target, const BuildersRequest& r, const std::vector<uint32_t>& pool,
                                             const std::vector<uint32_t>& builders, const BuildersFile& cached) {
  std::vector<SequenceFinding> out;
  if (cached.ruled_out.empty()) return out;
  BuilderSearchOptions o = auto_search_options(api, target, r, pool);
  for (const auto& [signature, why] : cached.ruled_out) {
    std::vector<uint32_t> op;
    try {
      op = operations_by_signature(api, {signature});
    } catch (const std::invalid_argument&) {
      continue;  // not in this API (the hash says it is; a hand-edited cache)
    }
    std::erase(o.operations, op[0]);
    for (SequenceFinding& f : ruled_out_findings(api, o, builders, op[0])) out.push_back(std::move(f));
  }
  return out;
}

ResolvedBuilders from_file(const Api& api, const ClassInfo& target, const std::string& path) {
  BuildersFile f = read_builders_file(path);
  if (f.cls != target.name) throw std::invalid_argument("builders file " + path + " is for class " + f.cls + ", not " + target.name);
  if (f.builders.empty()) throw std::invalid_argument("builders file " + path + " lists no builders");
  ResolvedBuilders out;
  out.operations = operations_by_signature(api, f.builders);
  out.file = std::move(f);
  return out;
}

}  // namespace

std::vector<uint32_t> builder_pool(const Api& api, const std::vector<uint32_t>& excluded) {
  std::vector<uint32_t> pool;
  for (uint32_t i = 0; i < api.operations().size(); ++i)
    if (api.operations()[i].contract < 0 && std::find(excluded.begin(), excluded.end(), i) == excluded.end()) pool.push_back(i);
  return pool;
}

BuildersCacheKey builders_cache_key(const Api& api, const ClassInfo& target, const std::vector<uint32_t>& pool,
                                    const std::string& omit_fields, bool keep_representations) {
  std::string hash = api_hash(api, target.id, pool,
                              omit_fields + "\n" + fmt::format("{}", fmt::join(api.misuse().names(), ",")) +
                                  (keep_representations ? "\nkeep-representations" : ""));
  return {hash, builders_cache_path(hash)};
}

BuildersFile builders_file_of(const Api& api, const ClassInfo& target, const Identification& id, std::string hash, std::string algorithm,
                              const std::optional<Verification>& proofs) {
  BuildersFile f{target.name, std::move(hash), std::move(algorithm), {}, {}, id.seconds};
  for (uint32_t op : id.builders) f.builders.push_back(api.operations()[op].signature());
  for (uint32_t op : id.classification.observers()) f.observers.push_back(api.operations()[op].signature());
  for (const RuledOut& r : id.ruled_out) f.ruled_out.emplace_back(api.operations()[r.op].signature(), r.evidence);
  if (proofs) {
    f.verdict = proofs->verdict();
    for (const ScopeProof& p : proofs->scopes)
      if (p.complete) f.proven_scopes.push_back(p.scope);
  }
  return f;
}

std::optional<BuildersFile> read_cached_builders(const ClassInfo& target, const BuildersCacheKey& key, std::string* unusable) {
  try {
    if (!std::filesystem::exists(key.path)) return std::nullopt;
    BuildersFile f = read_builders_file(key.path);
    if (f.cls != target.name || f.api_hash != key.hash || f.builders.empty()) return std::nullopt;
    return f;
  } catch (const std::exception& e) {
    if (unusable) *unusable = key.path + " (" + e.what() + ")";
    return std::nullopt;
  }
}

std::string write_builders_cache(const BuildersCacheKey& key, const BuildersFile& f) {
  try {
    std::filesystem::create_directories(std::filesystem::path(key.path).parent_path());
    write_builders_file(key.path, f);
    return "";
  } catch (const std::exception& e) {
    return e.what();
  }
}

std::optional<std::vector<uint32_t>> cached_builders(const Api& api, const ClassInfo& target, const std::string& omit_fields,
                                                     std::string* unusable) {
  BuildersCacheKey key = builders_cache_key(api, target, builder_pool(api, {}), omit_fields);
  std::optional<BuildersFile> f = read_cached_builders(target, key, unusable);
  if (!f) return std::nullopt;
  try {
    return operations_by_signature(api, f->builders);
  } catch (const std::invalid_argument& e) {
    if (unusable) *unusable = key.path + " (" + e.what() + ")";
    return std::nullopt;
  }
}

std::optional<ResolvedBuilders> known_builders(Api& api, const ClassInfo& target, const BuildersRequest& r, std::string* unusable) {
  if (r.spec != "auto") return from_file(api, target, r.spec);
  std::vector<uint32_t> pool = builder_pool(api, r.excluded);
  BuildersCacheKey key = builders_cache_key(api, target, pool, r.omit_fields, r.keep_representations);
  std::optional<BuildersFile> cached = read_cached_builders(target, key, unusable);
  if (!cached) return std::nullopt;
  ResolvedBuilders out;
  try {
    out.operations = operations_by_signature(api, cached->builders);
  } catch (const std::invalid_argument& e) {
    if (unusable) *unusable = key.path + " (" + e.what() + ")";
    return std::nullopt;
  }
  out.from = ResolvedBuilders::From::Cache;
  out.cache_path = key.path;
  out.file = std::move(*cached);
  return out;
}

void find_ruled_out_again(Api& api, const ClassInfo& target, const BuildersRequest& r, ResolvedBuilders& cached) {
  if (cached.from != ResolvedBuilders::From::Cache || !r.ruled_out_findings) return;
  cached.ruled_out_findings = ruled_out_again(api, target, r, builder_pool(api, r.excluded), cached.operations, cached.file);
}

ResolvedBuilders identify_builders_for_run(Api& api, const ClassInfo& target, const BuildersRequest& r) {
  std::vector<uint32_t> pool = builder_pool(api, r.excluded);
  BuildersCacheKey key = builders_cache_key(api, target, pool, r.omit_fields, r.keep_representations);
  BuilderSearchOptions o = auto_search_options(api, target, r, pool);
  LadderOptions ladder;  // the defaults of `objgen builders`: an API whose states explode still finishes
  LadderResult found = identify_by_ladder(api, o, BuilderAlgorithm::HillClimbing, ladder, r.progress);
  ResolvedBuilders out;
  out.from = ResolvedBuilders::From::Search;
  out.cache_path = key.path;
  out.stopped = found.stopped;
  out.complete = found.id.complete;
  if ((r.interrupted && r.interrupted->load()) || found.id.builders.empty()) return out;
  out.operations = found.id.builders;
  out.file = builders_file_of(api, target, found.id, key.hash, "hc", found.proofs);
  for (const RuledOut& ruled : found.id.ruled_out)
    out.ruled_out_findings.insert(out.ruled_out_findings.end(), ruled.findings.begin(), ruled.findings.end());
  if (!out.complete || out.file.verdict == "disproved") return out;
  out.cache_error = write_builders_cache(key, out.file);
  out.cached = out.cache_error.empty();
  return out;
}

}  // namespace objgen::builders
