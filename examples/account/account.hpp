// Deep-object subject (EvoObj): a fraud check on an account whose interesting states need a
// sequence of mutators (deposits before withdrawals, a limit, a history). Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <vector>

namespace examples {

class Account {
 public:
  Account() = default;
  explicit Account(int limit) : limit_(limit > 0 ? limit : 0) {}
  void deposit(int amount) {
    if (amount <= 0 || history_.size() >= 16) return;
    balance_ += amount;
    history_.push_back(amount);
  }
  // Refused (false) beyond the balance or the per-withdrawal limit.
  bool withdraw(int amount) {
    if (amount <= 0 || amount > balance_ || amount > limit_ || history_.size() >= 16) return false;
    balance_ -= amount;
    history_.push_back(-amount);
    return true;
  }
  void setLimit(int limit) {
    if (limit > 0) limit_ = limit;
  }
  // Statements close the period: the history starts again.
  void closePeriod() { history_.clear(); }
  void reset() {
    balance_ = 0;
    history_.clear();
  }
  int balance() const { return balance_; }
  int limit() const { return limit_; }
  // Withdrawals since the period began beyond the daily allowance.
  bool overAllowance() const { return withdrawals() > kDailyWithdrawals; }
  static constexpr int kDailyWithdrawals = 3;
  int withdrawals() const {
    int n = 0;
    for (int h : history_) n += h < 0;
    return n;
  }

 private:
  int balance_ = 0;
  int limit_ = 5;
  std::vector<int> history_;
};

class FraudDetector {
 public:
  FraudDetector() = default;

  // 2: drained by more withdrawals than the daily allowance; 1: a high limit on a small balance; 0: fine.
  int suspicious(const Account& a) const {
    if (a.overAllowance() && a.balance() == 0) return 2;
    if (a.limit() > 10 && a.balance() < a.limit()) return 1;
    return 0;
  }
};

}  // namespace examples
