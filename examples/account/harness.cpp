// objgen harness for examples::FraudDetector and the classes its API reaches: written by `objgen scan`, reviewed.
// Compile with -fno-access-control: it names private fields and nested types.
// Review the heuristics below: builders, invariant, omitted fields.
#include "account.hpp"
#include "objgen/objgen.hpp"

template <>
struct objgen::Fields<examples::FraudDetector> {
  static constexpr const char* name = "examples::FraudDetector";
  template <class V>
  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const examples::FraudDetector& obj) {
  }
};

// examples::Bank, registered too (examples::FraudDetector::suspicious takes it):
// Constants: kDailyWithdrawals = 3
OBJGEN_FIELDS(examples::Account, id_, balance_, limit_, history_)  // account.hpp:13
OBJGEN_FIELDS(examples::Bank, accounts_)

// examples::Account, registered too (examples::Bank::open takes it):
// Constants: kDailyWithdrawals = 3

namespace examples {

void register_account(objgen::Api& api) {
  api.add_class<examples::Bank>()
      .constructor<>()  // account.hpp:59
      .method("open", &examples::Bank::open)  // account.hpp:61
      .method("find", &examples::Bank::find)  // account.hpp:64
      .method("close", &examples::Bank::close)  // account.hpp:69
      .method("accountCount", &examples::Bank::accountCount)  // account.hpp:76
      .builders({"Bank", "open", "close"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kDailyWithdrawals", 3LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Bank& x) { return ...; }) if the class has one to check.
  api.add_class<examples::Account>()
      .constructor<>()  // account.hpp:15
      .constructor<int, int>()  // account.hpp:16
      .method("id", &examples::Account::id)  // account.hpp:17
      .method("deposit", &examples::Account::deposit)  // account.hpp:18
      .method("withdraw", &examples::Account::withdraw)  // account.hpp:24
      .method("setLimit", &examples::Account::setLimit)  // account.hpp:30
      .method("closePeriod", &examples::Account::closePeriod)  // account.hpp:34
      .method("reset", &examples::Account::reset)  // account.hpp:35
      .method("balance", &examples::Account::balance)  // account.hpp:39
      .method("limit", &examples::Account::limit)  // account.hpp:40
      .method("overAllowance", &examples::Account::overAllowance)  // account.hpp:42
      .method("withdrawals", &examples::Account::withdrawals)  // account.hpp:44
      .builders({"Account", "deposit", "withdraw", "setLimit", "closePeriod", "reset"})  // heuristic: constructors and mutators; keep the fewest that reach every state
      .constants({{"kDailyWithdrawals", 3LL}});  // values its methods are likeliest to accept
  // No repOK-like member found: add .invariant([](const examples::Account& x) { return ...; }) if the class has one to check.
  api.add_class<FraudDetector>()
      .constructor<>()  // account.hpp:84
      .method("suspicious", &FraudDetector::suspicious)  // account.hpp:88
      .builders({"FraudDetector"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const FraudDetector& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
