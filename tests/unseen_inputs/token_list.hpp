// A list whose iteration yields Token values it makes on the fly from its own pairs: read through
// that iteration (--state value), its element type is a class no field of it reaches; scan
// describes it from the type *begin() gives.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace shapes {

class Token {
 public:
  Token(int kind, int value) : kind_(kind), value_(value) {}
  int kind() const { return kind_; }

 private:
  int kind_;
  int value_;
};

class TokenList {
 public:
  class const_iterator {
   public:
    explicit const_iterator(const std::pair<int, int>* p) : p_(p) {}
    Token operator*() const { return Token(p_->first, p_->second); }
    const_iterator& operator++() {
      ++p_;
      return *this;
    }
    bool operator!=(const const_iterator& o) const { return p_ != o.p_; }
    bool operator==(const const_iterator& o) const { return p_ == o.p_; }

   private:
    const std::pair<int, int>* p_;
  };
  void add(int kind, int value) { raw_.emplace_back(kind, value); }
  std::size_t size() const { return raw_.size(); }
  const_iterator begin() const { return const_iterator(raw_.data()); }
  const_iterator end() const { return const_iterator(raw_.data() + raw_.size()); }

 private:
  std::vector<std::pair<int, int>> raw_;
};

}  // namespace shapes
