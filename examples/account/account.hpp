// Deep-object subject (EvoObj): a fraud check on an account of a bank, found by id, whose
// interesting states need a sequence of mutators (deposits before withdrawals, a limit, a
// history). Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Account {
 public:
  Account() = default;
  Account(int id, int limit) : id_(id), limit_(limit > 0 ? limit : 0) {}
  int id() const { return id_; }
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
  int id_ = 0;
  int balance_ = 0;
  int limit_ = 5;
  std::vector<int> history_;
};

class Bank {
 public:
  Bank() = default;
  // Ids are unique; a bank holds at most eight accounts.
  void open(const Account& a) {
    if (accounts_.size() < 8 && find(a.id()) == nullptr) accounts_.push_back(a);
  }
  const Account* find(int id) const {
    for (const Account& a : accounts_)
      if (a.id() == id) return &a;
    return nullptr;
  }
  void close(int id) {
    for (std::size_t i = 0; i < accounts_.size(); ++i)
      if (accounts_[i].id() == id) {
        accounts_.erase(accounts_.begin() + static_cast<long>(i));
        return;
      }
  }
  int accountCount() const { return static_cast<int>(accounts_.size()); }

 private:
  std::vector<Account> accounts_;
};

class FraudDetector {
 public:
  FraudDetector() = default;

  // 2: drained by more withdrawals than the daily allowance; 1: a high limit on a small balance;
  // 0: fine; -1: no such account.
  int suspicious(const Bank& bank, int id) const {
    const Account* a = bank.find(id);
    if (a == nullptr) return -1;
    if (a->overAllowance() && a->balance() == 0) return 2;
    if (a->limit() > 10 && a->balance() < a->limit()) return 1;
    return 0;
  }
};

}  // namespace examples
