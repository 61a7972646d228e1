// Memory the load hooks trace: a block mapped into a free slot of the trace window
// (objgen/load_trace.hpp), where the hooks look for a search's objects. The hooks' common case,
// a load anywhere else, is then one compare with constants.
#pragma once

#include <cstddef>

namespace objgen::cover {

class TraceWindowBlock {
 public:
  // `bytes` of zeroed memory at the start of a free slot (page-aligned). Throws
  // std::runtime_error when it is larger than a slot or no slot is free.
  explicit TraceWindowBlock(size_t bytes);
  ~TraceWindowBlock();
  TraceWindowBlock(const TraceWindowBlock&) = delete;
  TraceWindowBlock& operator=(const TraceWindowBlock&) = delete;

  char* data() const { return data_; }

 private:
  char* data_ = nullptr;
  size_t length_ = 0;
};

}  // namespace objgen::cover
