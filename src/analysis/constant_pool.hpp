// The values a method and its callees compare with or pass on, read from its IR: EvoSuite's
// static constant pool. Tests that start from them reach branches guarded by equality with a
// five-digit code, a string or a threshold with a fraction, which random values never hit.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace objgen::analysis {

struct ConstantPool {
  std::vector<int64_t> ints;         // icmp and switch operands, call arguments, stored values
  std::vector<double> doubles;       // fcmp operands, call arguments, stored values
  std::vector<std::string> strings;  // C strings the code refers to ("FRAGILE" in text() != "FRAGILE")

  bool empty() const { return ints.empty() && doubles.empty() && strings.empty(); }
  // Adds other's values; each list stays sorted and without repeats.
  void merge(const ConstantPool& other) {
    ints.insert(ints.end(), other.ints.begin(), other.ints.end());
    doubles.insert(doubles.end(), other.doubles.begin(), other.doubles.end());
    strings.insert(strings.end(), other.strings.begin(), other.strings.end());
    normalize();
  }
  void normalize() {
    sort_unique(ints);
    sort_unique(doubles);
    sort_unique(strings);
  }

 private:
  template <class T>
  static void sort_unique(std::vector<T>& v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
};

}  // namespace objgen::analysis
