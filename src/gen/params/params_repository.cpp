#include "gen/params/params_repository.hpp"

#include <sqlite3.h>

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "gen/builders/builders_file.hpp"
#include "io/cache_dir.hpp"

namespace objgen::params {
namespace {

constexpr int64_t kSchemaVersion = 2;  // 2: parameter_values, parameter_repairs
constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS methods(
  class TEXT NOT NULL, signature TEXT NOT NULL, api TEXT NOT NULL,
  status TEXT NOT NULL, tries INTEGER NOT NULL,
  inputs TEXT,            -- the calls that ran (JSON: operations by signature, literal values), or NULL
  PRIMARY KEY(class, signature));
CREATE TABLE IF NOT EXISTS failures(
  class TEXT NOT NULL, signature TEXT NOT NULL, attempt INTEGER NOT NULL,
  cause TEXT NOT NULL, in_setup INTEGER NOT NULL, message TEXT, repair TEXT,
  fixed INTEGER NOT NULL, -- the method ran after this failure
  PRIMARY KEY(class, signature, attempt));
CREATE TABLE IF NOT EXISTS parameter_values(
  class TEXT NOT NULL, signature TEXT NOT NULL, position INTEGER NOT NULL,
  method TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
  value TEXT NOT NULL,    -- a literal as JSON ({"i": 5}), or for an object the calls that built it
  PRIMARY KEY(class, signature, position));
CREATE TABLE IF NOT EXISTS parameter_repairs(
  class TEXT NOT NULL, signature TEXT NOT NULL, attempt INTEGER NOT NULL, position INTEGER NOT NULL,
  name TEXT NOT NULL, cause TEXT NOT NULL, repair TEXT NOT NULL,
  cleared INTEGER NOT NULL, -- the next try did not fail with this cause
  PRIMARY KEY(class, signature, attempt, position));
CREATE TABLE IF NOT EXISTS builder_calls(
  class TEXT NOT NULL, signature TEXT NOT NULL, ran INTEGER NOT NULL, failed INTEGER NOT NULL,
  PRIMARY KEY(class, signature));
)sql";

// A prepared statement, finalized on scope exit.
class Statement {
 public:
  Statement(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &s_, nullptr) != SQLITE_OK) throw std::runtime_error(sqlite3_errmsg(db));
  }
  ~Statement() { sqlite3_finalize(s_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement& text(int i, const std::string& v) {
    sqlite3_bind_text(s_, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& integer(int i, int64_t v) {
    sqlite3_bind_int64(s_, i, v);
    return *this;
  }
  Statement& null(int i) {
    sqlite3_bind_null(s_, i);
    return *this;
  }
  bool step() {
    int rc = sqlite3_step(s_);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw std::runtime_error(sqlite3_errmsg(sqlite3_db_handle(s_)));
    sqlite3_reset(s_);
    return false;
  }
  void run() {
    step();
    sqlite3_reset(s_);
    sqlite3_clear_bindings(s_);
  }
  std::string column_text(int i) const {
    const unsigned char* t = sqlite3_column_text(s_, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  int64_t column_int(int i) const { return sqlite3_column_int64(s_, i); }
  bool column_null(int i) const { return sqlite3_column_type(s_, i) == SQLITE_NULL; }

 private:
  sqlite3_stmt* s_ = nullptr;
};

nlohmann::json literal_json(const Literal& l) {
  switch (l.kind) {
    case LiteralKind::Int:
      return {{"i", l.i}};
    case LiteralKind::Char:
      return {{"c", l.i}};
    case LiteralKind::Bool:
      return {{"b", l.i != 0}};
    case LiteralKind::Double:
      return {{"d", l.d}};
    case LiteralKind::String:
      return {{"s", l.s}};
  }
  return nullptr;
}

// Rows may come from another objgen or a hand edit: every value is checked for its type.
bool same_value(const Literal& l, const nlohmann::json& j) {
  if (!j.is_object()) return false;
  auto integer = [&](const char* k) { return j.contains(k) && j[k].is_number_integer() && j[k].get<int64_t>() == l.i; };
  switch (l.kind) {
    case LiteralKind::Int:
      return integer("i");
    case LiteralKind::Char:
      return integer("c");
    case LiteralKind::Bool:
      return j.contains("b") && j["b"].is_boolean() && j["b"].get<bool>() == (l.i != 0);
    case LiteralKind::Double:
      return j.contains("d") && j["d"].is_number() && j["d"].get<double>() == l.d;
    case LiteralKind::String:
      return j.contains("s") && j["s"].is_string() && j["s"].get<std::string>() == l.s;
  }
  return false;
}

std::string sequence_json(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  nlohmann::json calls = nlohmann::json::array();
  for (const FlatCall& c : seq.calls) {
    const Operation& op = api.operations()[c.op];
    nlohmann::json args = nlohmann::json::array();
    for (size_t k = 0; k < c.args.size(); ++k)
      args.push_back(c.args[k] >= 0 ? nlohmann::json{{"v", c.args[k]}}
                                    : literal_json(domain.of(op.params[k].literal)[static_cast<size_t>(-1 - c.args[k])]));
    calls.push_back({{"op", op.signature()}, {"args", args}});
  }
  return calls.dump();
}

// Operations by signature (unknown ones simply absent, unlike operations_by_signature).
std::map<std::string, uint32_t> signature_index(const Api& api) {
  std::map<std::string, uint32_t> by_signature;
  for (uint32_t k = 0; k < api.operations().size(); ++k) by_signature.emplace(api.operations()[k].signature(), k);
  return by_signature;
}

std::optional<FlatSequence> sequence_from_json(const Api& api, const LiteralDomain& domain, const std::string& text) {
  std::map<std::string, uint32_t> by_signature = signature_index(api);
  nlohmann::json calls = nlohmann::json::parse(text, nullptr, false);
  if (!calls.is_array()) return std::nullopt;
  FlatSequence seq;
  std::vector<ClassId> values;  // the class of each value the calls so far made (object results)
  for (const nlohmann::json& c : calls) {
    auto it = c.contains("op") && c["op"].is_string() ? by_signature.find(c["op"].get<std::string>()) : by_signature.end();
    if (it == by_signature.end() || !c.contains("args") || !c["args"].is_array()) return std::nullopt;
    const Operation& op = api.operations()[it->second];
    if (c["args"].size() != op.params.size()) return std::nullopt;
    FlatCall call{it->second, {}, {}};
    for (size_t k = 0; k < op.params.size(); ++k) {
      const nlohmann::json& a = c["args"][k];
      if (op.params[k].is_object()) {
        if (!a.is_object() || !a.contains("v") || !a["v"].is_number_integer()) return std::nullopt;
        int64_t v = a["v"].get<int64_t>();
        if (v < 0 || v >= static_cast<int64_t>(values.size()) || values[static_cast<size_t>(v)] != op.params[k].cls)
          return std::nullopt;  // a value no earlier call made, or of another class
        call.args.push_back(v);
        continue;
      }
      const std::vector<Literal>& values = domain.of(op.params[k].literal);
      int64_t found = -1;
      for (size_t v = 0; v < values.size() && found < 0; ++v)
        if (same_value(values[v], a)) found = static_cast<int64_t>(v);
      if (found < 0) return std::nullopt;  // a value the domain no longer has
      call.args.push_back(-1 - found);
    }
    for (size_t k = 0; k < op.params.size(); ++k) call.produced.push_back(op.params[k].is_object() ? static_cast<int>(call.args[k]) : -1);
    if (op.result.is_object()) values.push_back(op.result.cls);
    seq.calls.push_back(std::move(call));
  }
  return seq;
}

// How the object a call took as argument `v` (a value number) was made: its creator's signature
// and the builder calls on it before the call.
nlohmann::json object_origin(const Api& api, const FlatSequence& seq, int64_t v) {
  int64_t value = 0;
  nlohmann::json origin = nlohmann::json::object();
  int fills = 0;
  for (size_t i = 0; i + 1 < seq.calls.size(); ++i) {
    const FlatCall& c = seq.calls[i];
    const Operation& op = api.operations()[c.op];
    if (op.result.is_object() && value++ == v)
      origin["creator"] = op.signature();
    else if (op.kind == OpKind::Method && !c.args.empty() && c.args[0] == v && !origin.empty())
      ++fills;
  }
  origin["builder_calls"] = fills;
  return origin;
}

// Per parameter of the method's call (the last one): what it was given, as stored.
std::vector<nlohmann::json> values_given(const Api& api, const LiteralDomain& domain, const FlatSequence& seq) {
  const FlatCall& c = seq.calls.back();
  const Operation& op = api.operations()[c.op];
  std::vector<nlohmann::json> out;
  for (size_t k = 0; k < c.args.size() && k < op.params.size(); ++k)
    out.push_back(c.args[k] >= 0 ? object_origin(api, seq, c.args[k])
                                 : literal_json(domain.of(op.params[k].literal)[static_cast<size_t>(-1 - c.args[k])]));
  return out;
}

}  // namespace

std::string default_repository_path() { return trusted_cache_root() + "/params.sqlite"; }

std::string api_hash(const Api& api, ClassId target) {
  std::vector<uint32_t> all(api.operations().size());
  for (uint32_t k = 0; k < all.size(); ++k) all[k] = k;
  std::string constants;
  for (const ClassInfo& c : api.classes())
    for (const auto& [name, value] : c.constants) constants += c.name + "::" + name + "=" + std::to_string(value) + ";";
  return builders::api_hash(api, target, all, constants);
}

ParamsRepository::ParamsRepository(const std::string& path) : path_(path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) != SQLITE_OK) {
    std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot open the repository " + path + ": " + why);
  }
  sqlite3_busy_timeout(db_, 10000);  // another objgen writing the same file: wait for it
  try {
    int64_t v = 0;
    {
      Statement version(db_, "PRAGMA user_version");
      if (version.step()) v = version.column_int(0);
    }
    if (v > kSchemaVersion) throw std::runtime_error("it was written by a newer objgen (schema " + std::to_string(v) + ")");
    exec(kSchema);
    exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  } catch (const std::runtime_error& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw std::runtime_error("cannot use the repository " + path + ": " + e.what());
  }
}

ParamsRepository::~ParamsRepository() { sqlite3_close(db_); }

void ParamsRepository::exec(const std::string& sql) const {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string why = error ? error : "unknown error";
    sqlite3_free(error);
    throw std::runtime_error(why);
  }
}

std::optional<FlatSequence> ParamsRepository::inputs(const Api& api, const LiteralDomain& domain, const std::string& cls,
                                                     uint32_t op) const {
  Statement s(db_, "SELECT inputs FROM methods WHERE class = ? AND signature = ? AND inputs IS NOT NULL");
  s.text(1, cls).text(2, api.operations()[op].signature());
  if (!s.step()) return std::nullopt;
  std::optional<FlatSequence> seq = sequence_from_json(api, domain, s.column_text(0));
  if (!seq || seq->calls.empty() || seq->calls.back().op != op) return std::nullopt;
  return seq;
}

void ParamsRepository::builder_history(const Api& api, const std::string& cls, std::vector<uint32_t>& ran,
                                       std::vector<uint32_t>& failed) const {
  std::map<std::string, uint32_t> by_signature = signature_index(api);
  Statement s(db_, "SELECT signature, ran, failed FROM builder_calls WHERE class = ?");
  s.text(1, cls);
  while (s.step()) {
    auto it = by_signature.find(s.column_text(0));
    if (it == by_signature.end() || it->second >= ran.size()) continue;
    ran[it->second] += static_cast<uint32_t>(s.column_int(1));
    failed[it->second] += static_cast<uint32_t>(s.column_int(2));
  }
}

namespace {

// What store writes per method, prepared once per transaction.
struct MethodStatements {
  explicit MethodStatements(sqlite3* db)
      : method(db, "INSERT OR REPLACE INTO methods(class, signature, api, status, tries, inputs) VALUES(?, ?, ?, ?, ?, ?)"),
        forget(db, "DELETE FROM failures WHERE class = ? AND signature = ?"),
        failure(db,
                "INSERT INTO failures(class, signature, attempt, cause, in_setup, message, repair, fixed) "
                "VALUES(?, ?, ?, ?, ?, ?, ?, ?)"),
        forget_values(db, "DELETE FROM parameter_values WHERE class = ? AND signature = ?"),
        value(db,
              "INSERT INTO parameter_values(class, signature, position, method, name, type, value) "
              "VALUES(?, ?, ?, ?, ?, ?, ?)"),
        forget_repairs(db, "DELETE FROM parameter_repairs WHERE class = ? AND signature = ?"),
        blamed(db,
               "INSERT INTO parameter_repairs(class, signature, attempt, position, name, cause, repair, cleared) "
               "VALUES(?, ?, ?, ?, ?, ?, ?, ?)") {}
  Statement method, forget, failure, forget_values, value, forget_repairs, blamed;
};

// Each failed attempt of m, and the parameters blamed for it.
void store_failures(MethodStatements& st, const Operation& op, const std::string& cls, const std::string& sig, const MethodParams& m) {
  for (size_t a = 0; a < m.attempts.size(); ++a) {
    const Attempt& at = m.attempts[a];
    if (at.cause == Cause::None) continue;
    st.failure.text(1, cls).text(2, sig).integer(3, static_cast<int64_t>(a)).text(4, cause_name(at.cause));
    st.failure.integer(5, at.in_setup).text(6, at.message).text(7, at.repair).integer(8, m.ran()).run();
    bool cleared = a + 1 < m.attempts.size() && m.attempts[a + 1].cause != at.cause;
    for (uint32_t k : at.blamed)
      st.blamed.text(1, cls)
          .text(2, sig)
          .integer(3, static_cast<int64_t>(a))
          .integer(4, k)
          .text(5, op.parameter_name(k))
          .text(6, cause_name(at.cause))
          .text(7, at.repair)
          .integer(8, cleared)
          .run();
  }
}

// The values m's last attempt gave its parameters (m ran).
void store_values(MethodStatements& st, const Api& api, const LiteralDomain& domain, const Operation& op, const std::string& cls,
                  const std::string& sig, const MethodParams& m) {
  std::vector<nlohmann::json> values = values_given(api, domain, m.attempts.back().sequence);
  for (size_t k = 0; k < values.size(); ++k)
    st.value.text(1, cls)
        .text(2, sig)
        .integer(3, static_cast<int64_t>(k))
        .text(4, op.name)
        .text(5, k < op.param_names.size() ? op.param_names[k] : "")
        .text(6, op.params[k].cpp_type)
        .text(7, values[k].dump())
        .run();
}

// A tried method: its row, its earlier failures, values and repairs replaced by this run's.
void store_method(MethodStatements& st, const Api& api, const LiteralDomain& domain, const std::string& cls, const std::string& hash,
                  const MethodParams& m) {
  std::string sig = api.operations()[m.op].signature();
  st.method.text(1, cls).text(2, sig).text(3, hash).text(4, status_name(m.status)).integer(5, static_cast<int64_t>(m.attempts.size()));
  if (m.ran())
    st.method.text(6, sequence_json(api, domain, m.attempts.back().sequence));
  else
    st.method.null(6);
  st.method.run();
  st.forget.text(1, cls).text(2, sig).run();
  st.forget_values.text(1, cls).text(2, sig).run();
  st.forget_repairs.text(1, cls).text(2, sig).run();
  const Operation& op = api.operations()[m.op];
  store_failures(st, op, cls, sig, m);
  if (m.ran()) store_values(st, api, domain, op, cls, sig, m);
}

}  // namespace

void ParamsRepository::store(const Api& api, const LiteralDomain& domain, const std::string& cls, const ParamsResult& result,
                             const std::vector<uint32_t>& fill_ran, const std::vector<uint32_t>& fill_failed) {
  const ClassInfo* target = api.find_class(cls);
  std::string hash = target ? api_hash(api, target->id) : "";
  exec("BEGIN IMMEDIATE");
  try {
    MethodStatements st(db_);
    for (const MethodParams& m : result.methods)
      if (m.status != Status::NotTried && m.status != Status::Reused)
        store_method(st, api, domain, cls, hash, m);  // else nothing new learned
    Statement builder(db_, "INSERT OR REPLACE INTO builder_calls(class, signature, ran, failed) VALUES(?, ?, ?, ?)");
    for (size_t k = 0; k < fill_ran.size() && k < fill_failed.size(); ++k)
      if (fill_ran[k] || fill_failed[k])
        builder.text(1, cls).text(2, api.operations()[k].signature()).integer(3, fill_ran[k]).integer(4, fill_failed[k]).run();
    exec("COMMIT");
  } catch (...) {
    try {
      exec("ROLLBACK");
    } catch (...) {
    }
    throw;
  }
}

std::vector<std::optional<uint32_t>> ParamsRepository::parameter_values(const Api& api, const LiteralDomain& domain, const std::string& cls,
                                                                        uint32_t op) const {
  const Operation& o = api.operations()[op];
  std::vector<std::optional<uint32_t>> out(o.params.size());
  Statement s(db_,
              "SELECT value FROM parameter_values WHERE class = ? AND method = ? AND name = ? AND type = ? AND signature <> ? "
              "ORDER BY signature, position LIMIT 1");
  for (size_t k = 0; k < o.params.size(); ++k) {
    if (!o.params[k].is_literal() || k >= o.param_names.size() || o.param_names[k].empty()) continue;
    s.text(1, cls).text(2, o.name).text(3, o.param_names[k]).text(4, o.params[k].cpp_type).text(5, o.signature());
    if (!s.step()) continue;
    nlohmann::json v = nlohmann::json::parse(s.column_text(0), nullptr, false);
    const std::vector<Literal>& values = domain.of(o.params[k].literal);
    for (size_t i = 0; i < values.size() && !out[k]; ++i)
      if (same_value(values[i], v)) out[k] = static_cast<uint32_t>(i);
    s.run();  // reset for the next parameter
  }
  return out;
}

std::string ParamsRepository::describe() const {
  std::string out = "repository " + path_ + "\n";
  Statement classes(db_, "SELECT class, COUNT(*), SUM(inputs IS NOT NULL), MIN(api) FROM methods GROUP BY class ORDER BY class");
  while (classes.step()) {
    std::string cls = classes.column_text(0);
    out += cls + " (API " + classes.column_text(3) + "): " + std::to_string(classes.column_int(2)) + " of " +
           std::to_string(classes.column_int(1)) + " methods with inputs that ran\n";
    Statement methods(db_, "SELECT signature, status, tries FROM methods WHERE class = ? ORDER BY signature");
    methods.text(1, cls);
    while (methods.step())
      out += "  " + methods.column_text(1) + std::string(12 - std::min<size_t>(11, methods.column_text(1).size()), ' ') +
             std::to_string(methods.column_int(2)) + "  " + methods.column_text(0) + "\n";
    Statement causes(db_, "SELECT cause, COUNT(*), SUM(fixed) FROM failures WHERE class = ? GROUP BY cause ORDER BY COUNT(*) DESC");
    causes.text(1, cls);
    std::string line;
    while (causes.step())
      line += (line.empty() ? "" : ", ") + causes.column_text(0) + " " + std::to_string(causes.column_int(2)) + "/" +
              std::to_string(causes.column_int(1));
    if (!line.empty()) out += "  failures handled by cause: " + line + "\n";
    Statement blamed(db_,
                     "SELECT name, cause, COUNT(*), SUM(cleared) FROM parameter_repairs WHERE class = ? "
                     "GROUP BY name, cause ORDER BY COUNT(*) DESC, name");
    blamed.text(1, cls);
    line.clear();
    while (blamed.step())
      line += (line.empty() ? "" : ", ") + blamed.column_text(0) + " (" + blamed.column_text(1) + " " +
              std::to_string(blamed.column_int(3)) + "/" + std::to_string(blamed.column_int(2)) + ")";
    if (!line.empty()) out += "  parameters blamed (repairs that cleared the cause / tries): " + line + "\n";
    Statement values(db_, "SELECT COUNT(*) FROM parameter_values WHERE class = ?");
    values.text(1, cls);
    if (values.step()) out += "  parameter values that ran: " + std::to_string(values.column_int(0)) + "\n";
  }
  return out;
}

}  // namespace objgen::params
