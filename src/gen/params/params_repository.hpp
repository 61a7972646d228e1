// HeuriGenJ's learning repository (seed 003 §3) in one SQLite file: per class and method, the
// receiver and arguments that ran (as calls with literal values, named by signature), every
// failed try with its cause and the repair that followed, per parameter the value that ran and
// the repairs of failures that blamed it, and how often each builder call ran or failed. A warm run re-runs what worked and searches only
// the methods that have nothing stored, or whose stored inputs no longer run (the API or the code changed).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "gen/params/parameter_search.hpp"

struct sqlite3;

namespace objgen::params {

// The default file: <objgen's cache dir>/params.sqlite.
std::string default_repository_path();

// What a search depends on besides the code: the target, every operation's signature and every
// class's constants (the value domain is made from them), and objgen's version.
std::string api_hash(const Api& api, ClassId target);

class ParamsRepository {
 public:
  // Opens or creates the file and its tables; std::runtime_error naming the file when it cannot.
  explicit ParamsRepository(const std::string& path);
  ~ParamsRepository();
  ParamsRepository(const ParamsRepository&) = delete;
  ParamsRepository& operator=(const ParamsRepository&) = delete;

  // The inputs stored for the method, mapped onto this API and domain (nullopt: none stored, or an
  // operation or a value they use is gone).
  std::optional<FlatSequence> inputs(const Api& api, const LiteralDomain& domain, const std::string& cls, uint32_t op) const;
  // Per parameter of op, a value (domain index) that ran for a parameter of the same method name,
  // declared name and type: a changed signature (a parameter added) keeps what its others learned.
  std::vector<std::optional<uint32_t>> parameter_values(const Api& api, const LiteralDomain& domain, const std::string& cls,
                                                        uint32_t op) const;
  // How often each builder call ran or failed in earlier searches (added into the counters).
  void builder_history(const Api& api, const std::string& cls, std::vector<uint32_t>& ran, std::vector<uint32_t>& failed) const;

  // One transaction: the search's results replace what was stored for its methods.
  void store(const Api& api, const LiteralDomain& domain, const std::string& cls, const ParamsResult& result,
             const std::vector<uint32_t>& fill_ran, const std::vector<uint32_t>& fill_failed);

  // For people: per class, its methods with status and inputs, and failures by cause.
  std::string describe() const;

 private:
  void exec(const std::string& sql) const;
  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace objgen::params
