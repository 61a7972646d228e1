// The dynamic constant pool's case (issue 36): check(ticket) wins only for the number the
// constructor computes from a name (an FNV-1a hash folded into six digits). The code's constants
// (the hash's seeds, the fold) are not that number, and nothing but equality tells how close a
// ticket is; the number shows at run time, as the other side of check's comparison.
#pragma once

#include <string>

namespace lottery {

class Draw {
 public:
  Draw() : winning_(compute("objgen-draw")) {}
  // 0: lost; 1: won.
  int check(int ticket) const {
    if (ticket == winning_) return 1;
    return 0;
  }

 private:
  static int compute(const std::string& name) {
    unsigned hash = 2166136261u;
    for (char c : name) hash = (hash ^ static_cast<unsigned char>(c)) * 16777619u;
    return static_cast<int>(hash % 900000u) + 100000;
  }
  int winning_;
};

}  // namespace lottery
