// A counter whose header, like many, names Summary without defining it: summary.hpp does.
#pragma once

namespace tally {

class Summary;

class Counter {
 public:
  Counter();
  explicit Counter(int start);
  void add(int n);
  void undo();
  int value() const;
  // Deprecated: declared here, defined in no source of the library any more.
  void legacy_reset(int to);
  // Summary is incomplete in this header: a harness cannot call these.
  Summary summary() const;
  void merge(Summary s);
  bool operator==(const Counter& other) const;

 private:
  int total_;
  int last_;
};

}  // namespace tally
