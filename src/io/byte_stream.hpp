// Plain binary encoding of trivially copyable values and strings into a byte string, and back:
// what ranks exchange and checkpoints hold. Same machine type on every rank (no byte-order
// conversion: a cluster of one architecture, as MPI_BYTE assumes).
#pragma once

#include <cstdint>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

namespace objgen {

class ByteWriter {
 public:
  ByteWriter() = default;
  // A writer that hands its bytes to sink whenever it holds `chunk` of them, and at flush(): for
  // data larger than should be held in memory at once (a checkpoint file).
  ByteWriter(std::function<void(std::string_view)> sink, size_t chunk) : sink_(std::move(sink)), chunk_(chunk) {}
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    bytes_.append(reinterpret_cast<const char*>(&v), sizeof(T));
    if (bytes_.size() >= chunk_) flush();
  }
  void put_string(const std::string& s) {
    put<uint64_t>(s.size());
    put_raw(s.data(), s.size());
  }
  void put_raw(const void* p, size_t n) {
    bytes_.append(static_cast<const char*>(p), n);
    if (bytes_.size() >= chunk_) flush();
  }
  // Bytes written so far, sent or not.
  size_t written() const { return sent_ + bytes_.size(); }
  void flush() {
    if (!sink_) return;
    sink_(bytes_);
    sent_ += bytes_.size();
    bytes_.clear();
  }
  std::string& bytes() { return bytes_; }
  std::string take() { return std::move(bytes_); }

 private:
  std::string bytes_;
  std::function<void(std::string_view)> sink_;
  size_t chunk_ = SIZE_MAX;
  size_t sent_ = 0;
};

// Throws std::runtime_error when the bytes end early (a truncated or foreign file).
class ByteReader {
 public:
  explicit ByteReader(const std::string& bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  explicit ByteReader(std::string_view bytes) : p_(bytes.data()), end_(bytes.data() + bytes.size()) {}
  template <class T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    if constexpr (std::is_same_v<T, bool>) {  // any other byte than 0 or 1 is no bool: damaged data
      uint8_t b = get<uint8_t>();
      if (b > 1) throw std::runtime_error("the data is damaged (a flag that is neither 0 nor 1)");
      return b == 1;
    }
    T v;
    need(sizeof(T));
    std::memcpy(&v, p_, sizeof(T));
    p_ += sizeof(T);
    return v;
  }
  std::string get_string() { return std::string(get_view()); }
  // A string's bytes where they lie (valid while the bytes read are).
  std::string_view get_view() {
    uint64_t n = get<uint64_t>();
    need(n);
    std::string_view v(p_, n);
    p_ += n;
    return v;
  }
  void get_raw(void* to, size_t n) {
    need(n);
    if (n == 0) return;  // an empty vector's data() may be null, which memcpy must not be given
    std::memcpy(to, p_, n);
    p_ += n;
  }
  bool done() const { return p_ == end_; }
  size_t left() const { return static_cast<size_t>(end_ - p_); }

 private:
  void need(size_t n) const {
    if (static_cast<size_t>(end_ - p_) < n) throw std::runtime_error("the data ends early (truncated)");
  }
  const char* p_;
  const char* end_;
};

}  // namespace objgen
