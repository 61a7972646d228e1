#include "gen/builders/builders_file.hpp"

#include <fmt/format.h>
#include <xxhash.h>

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "io/atomic_file.hpp"
#include "io/cache_dir.hpp"
#include "objgen/version.hpp"

namespace objgen::builders {

std::string api_hash(const Api& api, ClassId target, const std::vector<uint32_t>& operations, const std::string& omit_fields) {
  std::string key = std::string(OBJGEN_VERSION_STRING) + "\n" + class_vtable(target).name + "\n" + omit_fields + "\n";
  for (uint32_t op : operations) key += api.operations()[op].signature() + "\n";
  return fmt::format("{:016x}", XXH3_64bits(key.data(), key.size()));
}

std::string builders_cache_path(const std::string& hash) { return trusted_cache_dir("builders") + "/" + hash + ".json"; }

void write_builders_file(const std::string& path, const BuildersFile& f) {
  nlohmann::json j;
  j["class"] = f.cls;
  j["api_hash"] = f.api_hash;
  j["algorithm"] = f.algorithm;
  j["builders"] = f.builders;
  j["observers"] = f.observers;
  j["seconds"] = f.seconds;
  j["verdict"] = f.verdict;
  j["proven_scopes"] = f.proven_scopes;
  j["ruled_out"] = nlohmann::json::array();
  for (const auto& [op, why] : f.ruled_out) j["ruled_out"].push_back({{"operation", op}, {"why", why}});
  write_file_atomically(path, j.dump(2) + "\n");
}

BuildersFile read_builders_file(const std::string& path) {
  refuse_non_regular_file(path, "builders file");  // a FIFO would be waited on forever
  std::optional<std::string> text = read_whole_file(path);
  if (!text) throw std::invalid_argument("cannot read builders file " + path);
  try {
    nlohmann::json j = nlohmann::json::parse(*text);
    BuildersFile f;
    f.cls = j.at("class").get<std::string>();
    f.builders = j.at("builders").get<std::vector<std::string>>();
    f.api_hash = j.value("api_hash", "");
    f.algorithm = j.value("algorithm", "");
    f.observers = j.value("observers", std::vector<std::string>{});
    f.seconds = j.value("seconds", 0.0);
    f.verdict = j.value("verdict", "");
    f.proven_scopes = j.value("proven_scopes", std::vector<uint32_t>{});
    for (const auto& r : j.value("ruled_out", nlohmann::json::array()))
      f.ruled_out.emplace_back(r.at("operation").get<std::string>(), r.at("why").get<std::string>());
    return f;
  } catch (const nlohmann::json::exception& e) {
    throw std::invalid_argument("malformed builders file " + path + ": " + e.what());
  }
}

std::vector<uint32_t> operations_by_signature(const Api& api, const std::vector<std::string>& signatures) {
  std::vector<uint32_t> out;
  for (const auto& s : signatures) {
    uint32_t i = 0;
    while (i < api.operations().size() && api.operations()[i].signature() != s) ++i;
    if (i == api.operations().size()) throw std::invalid_argument("the API has no operation " + s);
    out.push_back(i);
  }
  return out;
}

}  // namespace objgen::builders
