// A method with two preconditions on two parameters, for objgen params' blame: `pos` must index
// one of kSlots slots (an assertion naming pos), `count` must be at least 10 (an exception naming
// count). A repair that changes every integer after either failure undoes the other's; one that
// changes the parameter the failure names does not. ruler_v2.hpp adds a parameter to mark(): the
// repository's values for count and pos still apply.
#pragma once

#include <cassert>
#include <stdexcept>

namespace hostile {

class Ruler {
 public:
  static constexpr int kSlots = 4;
#ifdef OBJGEN_TEST_RULER_V2
  void mark(int count, int pos, bool twice) {
    mark_once(count, pos);
    if (twice) mark_once(count, pos);
  }
#else
  void mark(int count, int pos) { mark_once(count, pos); }
#endif
  int marks() const { return marks_; }

 private:
  void mark_once(int count, int pos) {
    assert(pos >= 0 && pos < kSlots);
    if (count < 10) throw std::invalid_argument("count must be at least 10");
    marks_ += count;
  }
  int marks_ = 0;
};

}  // namespace hostile
