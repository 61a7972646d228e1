// A set of up to eight small tags. Planted bug: remove() of a tag that is not there still counts
// one fewer (repOK() is false).
#pragma once

namespace shelf {

class TagSet {
 public:
  void add(int tag) {
    if (contains(tag) || count_ == 8) return;
    tags_[count_++] = tag;
  }
  void remove(int tag) {
    for (int i = 0; i < count_; ++i)
      if (tags_[i] == tag) {
        tags_[i] = tags_[count_ - 1];
        break;
      }
    --count_;  // the fix: only when found
  }
  bool contains(int tag) const {
    for (int i = 0; i < count_; ++i)
      if (tags_[i] == tag) return true;
    return false;
  }
  int size() const { return count_; }
  bool repOK() const { return count_ >= 0 && count_ <= 8; }

 private:
  int tags_[8] = {};
  int count_ = 0;
};

}  // namespace shelf
