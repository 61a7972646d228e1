// A value shaped like nlohmann::json: null, a number, or an array of values. Iterating a number
// yields one element, the value itself (as nlohmann's iterator over a primitive does); an array
// yields its elements; null nothing. objgen must read a number as the leaf it is (before, the
// reader nested into the value until the scope cut it off, so no number was ever a state).
#pragma once

#include <cstddef>
#include <ostream>
#include <stdexcept>
#include <vector>

namespace shapes {

class SelfValue {
 public:
  SelfValue() = default;
  explicit SelfValue(int n) : kind_(Kind::Number), number_(n) {}

  void push_back(const SelfValue& v) {
    if (kind_ == Kind::Number) throw std::domain_error("push_back on a number");
    kind_ = Kind::Array;
    items_.push_back(v);
  }
  std::size_t size() const { return kind_ == Kind::Null ? 0 : kind_ == Kind::Number ? 1 : items_.size(); }
  bool is_number() const { return kind_ == Kind::Number; }

  const SelfValue* begin() const { return kind_ == Kind::Array ? items_.data() : this; }
  const SelfValue* end() const {
    if (kind_ == Kind::Array) return items_.data() + items_.size();
    return kind_ == Kind::Number ? this + 1 : this;
  }

  friend bool operator==(const SelfValue& a, const SelfValue& b) {
    return a.kind_ == b.kind_ && a.number_ == b.number_ && a.items_ == b.items_;
  }
  friend std::ostream& operator<<(std::ostream& o, const SelfValue& v) {
    if (v.kind_ == Kind::Null) return o << "null";
    if (v.kind_ == Kind::Number) return o << v.number_;
    o << '[';
    for (std::size_t i = 0; i < v.items_.size(); ++i) o << (i ? "," : "") << v.items_[i];
    return o << ']';
  }

 private:
  enum class Kind { Null, Number, Array };
  Kind kind_ = Kind::Null;
  int number_ = 0;
  std::vector<SelfValue> items_;
};

}  // namespace shapes
