#include "tally/counter.hpp"

#include "tally/summary.hpp"

namespace tally {

Counter::Counter() : total_(0), last_(0) {}
Counter::Counter(int start) : total_(start), last_(0) {}

void Counter::add(int n) {
  if (n < 0 || n > 2 || total_ + n > 4) return;  // small steps up to 4: the state space is finite
  total_ += n;
  last_ = n;
}

void Counter::undo() {
  total_ -= last_;
  last_ = 0;
}

int Counter::value() const { return total_; }

Summary Counter::summary() const { return Summary(total_, last_); }

void Counter::merge(Summary s) { total_ += s.total(); }

bool Counter::operator==(const Counter& other) const { return total_ == other.total_ && last_ == other.last_; }

}  // namespace tally
