// A list whose implicit copy shares its cells (a copy's bump() changes the original), observed
// through a scoped enum: the emitted test that shows the shared cells prints what the class's
// observers return, the enum included.
#pragma once

namespace shapes {

enum class Fill { Empty, Some, Many };

struct Cell {
  int value;
  Cell* next;
};

class SharedCells {
 public:
  void push(int v) {
    head_ = new Cell{v, head_};
    ++count_;
  }
  void bump() {
    if (head_) ++head_->value;
  }
  Fill fill() const { return count_ == 0 ? Fill::Empty : count_ < 2 ? Fill::Some : Fill::Many; }
  int front() const { return head_ ? head_->value : -1; }

 private:
  Cell* head_ = nullptr;
  int count_ = 0;
};

}  // namespace shapes
