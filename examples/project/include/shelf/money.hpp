// An amount of money in cents with no bug (share() refuses a count below 1 by throwing the
// library's own exception type: a refusal, not a bug), and a template box (tested as the project
// instantiates it: src/demo.cpp's shelf::Box<int>).
#pragma once

#include <stdexcept>

namespace shelf {

// What the library throws when a caller asks for what it refuses: its own type, not one of the
// standard's, so only the project's own headers say it is one.
class ShelfError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
  long long share(int parts) const {
    if (parts < 1) throw ShelfError("share: parts must be at least 1");
    return cents_ / parts;
  }

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
