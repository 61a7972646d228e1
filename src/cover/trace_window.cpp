#include "cover/trace_window.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

#include "cover/load_trace.hpp"

namespace objgen::cover {

TraceWindowBlock::TraceWindowBlock(size_t bytes) {
  const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  length_ = (std::max<size_t>(bytes, 1) + page - 1) / page * page;
  if (length_ > kTraceWindowSlotBytes)
    throw std::runtime_error("the search's objects take " + std::to_string(bytes) + " bytes, more than the " +
                             std::to_string(kTraceWindowSlotBytes >> 20) + " MiB objgen traces");
  int error = EEXIST;
  for (uintptr_t slot = 0; slot < kTraceWindowBytes / kTraceWindowSlotBytes && error == EEXIST; ++slot) {
    // NOLINTNEXTLINE(performance-no-int-to-ptr): the fixed address is the point
    auto* at = reinterpret_cast<char*>(kTraceWindowBase + slot * kTraceWindowSlotBytes);
    void* p = mmap(at, length_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    if (p == at) {
      data_ = at;
      return;
    }
    if (p != MAP_FAILED) {  // a kernel without MAP_FIXED_NOREPLACE took the address as a hint
      munmap(p, length_);
      continue;
    }
    error = errno;
  }
  throw std::runtime_error(std::string("cannot map the search's objects where objgen traces loads: ") +
                           (error == EEXIST ? "every slot is taken" : std::strerror(error)));
}

TraceWindowBlock::~TraceWindowBlock() { munmap(data_, length_); }

}  // namespace objgen::cover
