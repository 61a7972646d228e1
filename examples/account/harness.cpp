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

// examples::Account, registered too (examples::FraudDetector::suspicious takes it):
// Constants: kDailyWithdrawals = 3
OBJGEN_FIELDS(examples::Account, balance_, limit_, history_)

namespace examples {

void register_account(objgen::Api& api) {
  api.add_class<examples::Account>()
      .constructor<>()  // account.hpp:13
      .constructor<int>()  // account.hpp:14
      .method("deposit", &examples::Account::deposit)  // account.hpp:15
      .method("withdraw", &examples::Account::withdraw)  // account.hpp:21
      .method("setLimit", &examples::Account::setLimit)  // account.hpp:27
      .method("closePeriod", &examples::Account::closePeriod)  // account.hpp:31
      .method("reset", &examples::Account::reset)  // account.hpp:32
      .method("balance", &examples::Account::balance)  // account.hpp:36
      .method("limit", &examples::Account::limit)  // account.hpp:37
      .method("overAllowance", &examples::Account::overAllowance)  // account.hpp:39
      .method("withdrawals", &examples::Account::withdrawals)  // account.hpp:41
      .builders({"Account", "deposit", "withdraw", "setLimit", "closePeriod", "reset"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const examples::Account& x) { return ...; }) if the class has one to check.
  api.add_class<FraudDetector>()
      .constructor<>()  // account.hpp:55
      .method("suspicious", &FraudDetector::suspicious)  // account.hpp:58
      .builders({"FraudDetector"});  // heuristic: constructors and mutators; keep the fewest that reach every state
  // No repOK-like member found: add .invariant([](const FraudDetector& x) { return ...; }) if the class has one to check.
}

}  // namespace examples
