// Card ledger: charges and refunds, each an entry with an id (differential-testing subject, buggy
// version). A refund reverses an entry, and a refund is itself an entry that can be refunded (a
// refund of a refund charges the amount again).
// PLANTED BUG: refund() always gives money back, so a refund of a refund lowers the balance
// again instead of charging the amount back.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <vector>

namespace planted {

class Ledger {
 public:
  // Records a charge of amount (at least 1); returns its id.
  int charge(int amount) {
    if (amount < 1) throw std::invalid_argument("Ledger::charge: amount must be at least 1");
    return record(amount);
  }

  // Reverses entry id, once; returns the refund's id.
  int refund(int id) {
    if (id < 0 || static_cast<std::size_t>(id) >= entries_.size()) throw std::out_of_range("Ledger::refund: no such entry");
    Entry& original = entries_[static_cast<std::size_t>(id)];
    if (original.reversed) throw std::invalid_argument("Ledger::refund: already refunded");
    original.reversed = true;
    return record(-(original.amount < 0 ? -original.amount : original.amount));
  }

  int balance() const { return balance_; }
  std::size_t entries() const { return entries_.size(); }
  bool refunded(int id) const {
    return id >= 0 && static_cast<std::size_t>(id) < entries_.size() && entries_[static_cast<std::size_t>(id)].reversed;
  }

 private:
  struct Entry {
    int amount;  // positive for a charge, negative for money given back
    bool reversed;
  };

  int record(int amount) {
    entries_.push_back(Entry{amount, false});
    balance_ += amount;
    return static_cast<int>(entries_.size() - 1);
  }

  std::vector<Entry> entries_;
  int balance_ = 0;
};

}  // namespace planted
