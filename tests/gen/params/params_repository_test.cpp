// The learning repository of the parameter search, one SQLite file: per class and method the
// inputs that ran (calls by signature, literals by value), failures with their causes and blamed
// parameters, values per named parameter and builder-call counts, read back onto an API and domain.
#include "gen/params/params_repository.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "objgen/objgen.hpp"

namespace params_repository_test {
struct Ledger {
  int total = 0;
  void deposit(int amount) { total += amount; }
  void deposit_with_fee(int amount, int fee) { total += amount - fee; }
  int at(int index) const { return total + index; }
  void merge(const Ledger& other) { total += other.total; }
};
}  // namespace params_repository_test

OBJGEN_FIELDS(params_repository_test::Ledger, total)

namespace objgen::params {
namespace {

using params_repository_test::Ledger;

// A fresh file name in the temporary directory, removed (with SQLite's side files) at the end.
struct ParamsRepositoryFile {
  std::string path;
  ParamsRepositoryFile() {
    static int counter = 0;
    path = (std::filesystem::temp_directory_path() /
            ("objgen_params_repository_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".sqlite"))
               .string();
    std::filesystem::remove(path);
  }
  ~ParamsRepositoryFile() {
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
  }
};

// Ledger with deposit(amount), an overload-like deposit named the same with another signature,
// at(index) const and merge(const Ledger&); ints 0, 5 and 9.
struct ParamsRepositoryApi {
  Api api;
  LiteralDomain domain = LiteralDomain::defaults(1);
  std::string cls = class_vtable(class_id<Ledger>()).name;
  uint32_t make = 0, deposit = 1, deposit_fee = 2, at = 3, merge = 4;
  explicit ParamsRepositoryApi(long long cap = 4) {
    api.add_class<Ledger>()
        .constructor<>()
        .method("deposit", &Ledger::deposit)
        .param_names({"amount"})
        .method("deposit", &Ledger::deposit_with_fee)
        .param_names({"amount", "fee"})
        .method("at", &Ledger::at)
        .param_names({"index"})
        .method("merge", &Ledger::merge)
        .constants({{"CAP", cap}});
    domain.set_ints("0,5,9");
  }
  // Ledger a; a.<op>(ints[literal]).
  FlatSequence one_literal(uint32_t op, int64_t literal) const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {}});
    s.calls.push_back(FlatCall{op, {0, -1 - literal}, {0, -1}});
    return s;
  }
  FlatSequence merged() const {
    FlatSequence s;
    s.calls.push_back(FlatCall{make, {}, {}});
    s.calls.push_back(FlatCall{make, {}, {}});
    s.calls.push_back(FlatCall{merge, {0, 1}, {0, 1}});
    return s;
  }
  static MethodParams method(uint32_t op, Status status, std::vector<Attempt> attempts) {
    MethodParams m;
    m.op = op;
    m.status = status;
    m.attempts = std::move(attempts);
    return m;
  }
  static Attempt ran(FlatSequence seq) {
    Attempt a;
    a.sequence = std::move(seq);
    return a;
  }
  static Attempt failed(FlatSequence seq, Cause cause, std::vector<uint32_t> blamed, std::string repair) {
    Attempt a;
    a.sequence = std::move(seq);
    a.outcome = Outcome::Failure;
    a.cause = cause;
    a.message = "std::out_of_range: at";
    a.blamed = std::move(blamed);
    a.repair = std::move(repair);
    return a;
  }
};

TEST(ParamsRepository, InputsThatRanComeBackOntoTheDomain) {
  ParamsRepositoryFile file;
  ParamsRepositoryApi s;
  ParamsResult result;
  result.methods.push_back(s.method(s.deposit, Status::Normal, {s.ran(s.one_literal(s.deposit, 1))}));
  result.methods.push_back(s.method(s.merge, Status::Normal, {s.ran(s.merged())}));
  {
    ParamsRepository repo(file.path);
    repo.store(s.api, s.domain, s.cls, result, {}, {});
  }
  ParamsRepository repo(file.path);  // what was stored is in the file
  std::optional<FlatSequence> deposit = repo.inputs(s.api, s.domain, s.cls, s.deposit);
  ASSERT_TRUE(deposit.has_value());
  EXPECT_EQ(deposit->calls, s.one_literal(s.deposit, 1).calls);
  std::optional<FlatSequence> merged = repo.inputs(s.api, s.domain, s.cls, s.merge);
  ASSERT_TRUE(merged.has_value());
  EXPECT_EQ(merged->calls, s.merged().calls);

  // The value 5 found where another domain keeps it; gone where it has none.
  LiteralDomain reordered = s.domain;
  reordered.set_ints("5,0");
  deposit = repo.inputs(s.api, reordered, s.cls, s.deposit);
  ASSERT_TRUE(deposit.has_value());
  EXPECT_EQ(deposit->calls[1].args, (std::vector<int64_t>{0, -1}));
  LiteralDomain without = s.domain;
  without.set_ints("0,1,2");
  EXPECT_FALSE(repo.inputs(s.api, without, s.cls, s.deposit).has_value());

  // Nothing for a method or a class not stored.
  EXPECT_FALSE(repo.inputs(s.api, s.domain, s.cls, s.at).has_value());
  EXPECT_FALSE(repo.inputs(s.api, s.domain, "Other", s.deposit).has_value());
}

TEST(ParamsRepository, FailuresAndBlamedParametersAreDescribed) {
  ParamsRepositoryFile file;
  ParamsRepositoryApi s;
  ParamsResult result;
  // at(9) failed twice on its index, then at(0) ran; deposit gave up after one failure.
  result.methods.push_back(
      s.method(s.at, Status::Repaired,
               {s.failed(s.one_literal(s.at, 2), Cause::Index, {1}, "indices in [0, 4)"),
                s.failed(s.one_literal(s.at, 1), Cause::Index, {1}, "indices in [0, 2)"), s.ran(s.one_literal(s.at, 0))}));
  result.methods.push_back(s.method(s.deposit, Status::GaveUp, {s.failed(s.one_literal(s.deposit, 2), Cause::Value, {}, "other values")}));
  ParamsRepository repo(file.path);
  repo.store(s.api, s.domain, s.cls, result, {}, {});
  EXPECT_FALSE(repo.inputs(s.api, s.domain, s.cls, s.deposit).has_value());  // it never ran
  ASSERT_TRUE(repo.inputs(s.api, s.domain, s.cls, s.at).has_value());

  std::string text = repo.describe();
  EXPECT_NE(text.find("repository " + file.path + "\n"), std::string::npos) << text;
  EXPECT_NE(text.find(s.cls + " (API " + api_hash(s.api, class_id<Ledger>()) + "): 1 of 2 methods with inputs that ran\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  repaired    3  Ledger::at(int) const\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  gave up     1  Ledger::deposit(int)\n"), std::string::npos) << text;
  // Both index failures were handled (at ran after them), the value failure was not.
  EXPECT_NE(text.find("  failures handled by cause: index 2/2, value 0/1\n"), std::string::npos) << text;
  // The first repair left the index failing, the second cleared it.
  EXPECT_NE(text.find("  parameters blamed (repairs that cleared the cause / tries): index (index 1/2)\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  parameter values that ran: 2\n"), std::string::npos) << text;  // at's receiver and index
}

TEST(ParamsRepository, ParameterValuesCarryOverToAnotherSignatureOfTheSameName) {
  ParamsRepositoryFile file;
  ParamsRepositoryApi s;
  ParamsResult result;
  result.methods.push_back(s.method(s.deposit, Status::Normal, {s.ran(s.one_literal(s.deposit, 2))}));  // amount 9
  ParamsRepository repo(file.path);
  repo.store(s.api, s.domain, s.cls, result, {}, {});
  // deposit(int amount, int fee): amount is known, fee is not, the receiver never is.
  std::vector<std::optional<uint32_t>> values = repo.parameter_values(s.api, s.domain, s.cls, s.deposit_fee);
  ASSERT_EQ(values.size(), 3u);
  EXPECT_FALSE(values[0].has_value());
  EXPECT_EQ(values[1], std::optional<uint32_t>(2));
  EXPECT_FALSE(values[2].has_value());
  LiteralDomain other = s.domain;
  other.set_ints("9,1");
  EXPECT_EQ(repo.parameter_values(s.api, other, s.cls, s.deposit_fee)[1], std::optional<uint32_t>(0));
  // Not from its own signature, nor from a method of another name.
  for (const auto& v : repo.parameter_values(s.api, s.domain, s.cls, s.deposit)) EXPECT_FALSE(v.has_value());
  for (const auto& v : repo.parameter_values(s.api, s.domain, s.cls, s.at)) EXPECT_FALSE(v.has_value());
}

TEST(ParamsRepository, BuilderHistoryIsReplacedAndAddedIntoCounters) {
  ParamsRepositoryFile file;
  ParamsRepositoryApi s;
  ParamsRepository repo(file.path);
  repo.store(s.api, s.domain, s.cls, {}, {0, 3, 0, 0, 0}, {0, 1, 0, 0, 2});
  repo.store(s.api, s.domain, s.cls, {}, {0, 4, 0, 0, 0}, {0, 0, 0, 0, 0});  // deposit's row replaced, merge's kept
  std::vector<uint32_t> ran{10, 10, 10, 10, 10}, failed(5, 0);
  repo.builder_history(s.api, s.cls, ran, failed);
  EXPECT_EQ(ran, (std::vector<uint32_t>{10, 14, 10, 10, 10}));
  EXPECT_EQ(failed, (std::vector<uint32_t>{0, 0, 0, 0, 2}));
  // Counters shorter than the API: rows beyond them are left out.
  std::vector<uint32_t> short_ran(2, 0), short_failed(2, 0);
  repo.builder_history(s.api, s.cls, short_ran, short_failed);
  EXPECT_EQ(short_ran, (std::vector<uint32_t>{0, 4}));
  EXPECT_EQ(short_failed, (std::vector<uint32_t>{0, 0}));
}

TEST(ParamsRepository, ReusedAndNotTriedMethodsKeepWhatWasStored) {
  ParamsRepositoryFile file;
  ParamsRepositoryApi s;
  ParamsRepository repo(file.path);
  ParamsResult first;
  first.methods.push_back(s.method(s.deposit, Status::Normal, {s.ran(s.one_literal(s.deposit, 1))}));
  repo.store(s.api, s.domain, s.cls, first, {}, {});
  ParamsResult second;
  second.methods.push_back(s.method(s.deposit, Status::Reused, {s.ran(s.one_literal(s.deposit, 0))}));
  second.methods.push_back(s.method(s.at, Status::NotTried, {}));
  repo.store(s.api, s.domain, s.cls, second, {}, {});
  std::optional<FlatSequence> stored = repo.inputs(s.api, s.domain, s.cls, s.deposit);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->calls[1].args, (std::vector<int64_t>{0, -2}));
  EXPECT_EQ(repo.describe().find("not tried"), std::string::npos);
  // A later search that ran it with another value replaces the row.
  ParamsResult third;
  third.methods.push_back(s.method(s.deposit, Status::Normal, {s.ran(s.one_literal(s.deposit, 2))}));
  repo.store(s.api, s.domain, s.cls, third, {}, {});
  EXPECT_EQ(repo.inputs(s.api, s.domain, s.cls, s.deposit)->calls[1].args, (std::vector<int64_t>{0, -3}));
}

TEST(ParamsRepository, ApiHashFollowsSignaturesAndConstants) {
  ParamsRepositoryApi a, same, other_constant(5);
  std::string hash = api_hash(a.api, class_id<Ledger>());
  EXPECT_EQ(hash.size(), 16u);
  EXPECT_EQ(hash, api_hash(same.api, class_id<Ledger>()));
  EXPECT_NE(hash, api_hash(other_constant.api, class_id<Ledger>()));
  Api fewer;
  fewer.add_class<Ledger>().constructor<>().method("deposit", &Ledger::deposit).constants({{"CAP", 4}});
  EXPECT_NE(hash, api_hash(fewer, class_id<Ledger>()));
}

TEST(ParamsRepository, AFileThatCannotBeOpenedIsNamed) {
  std::string path = "/nonexistent-objgen-dir/sub/params.sqlite";
  try {
    ParamsRepository repo(path);
    ADD_FAILURE() << "opened " << path;
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace objgen::params
