// An amount of money in cents with no bug, and a template box (not tested as it is: it needs
// template arguments).
#pragma once

namespace shelf {

class Money {
 public:
  void deposit(int cents) {
    if (cents > 0) cents_ += cents;
  }
  bool withdraw(int cents) {
    if (cents <= 0 || cents > cents_) return false;
    cents_ -= cents;
    return true;
  }
  long long cents() const { return cents_; }

 private:
  long long cents_ = 0;
};

template <class T>
class Box {
 public:
  void set(T v) { value_ = v; }
  T get() const { return value_; }

 private:
  T value_{};
};

}  // namespace shelf
