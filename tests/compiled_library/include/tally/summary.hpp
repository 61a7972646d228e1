#pragma once

namespace tally {

class Summary {
 public:
  Summary(int total, int last) : total_(total), last_(last) {}
  int total() const { return total_; }
  int last() const { return last_; }

 private:
  int total_;
  int last_;
};

}  // namespace tally
