#include "exec/job_region.hpp"

#include <sys/mman.h>

#include <cstring>
#include <new>
#include <stdexcept>

#include <fmt/format.h>

#include "exec/executor.hpp"

namespace objgen {

uint64_t fold_checksum(uint64_t sum, const void* data, size_t n) {
  constexpr uint64_t kPrime = 0x100000001b3ULL;
  const auto* p = static_cast<const unsigned char*>(data);
  size_t i = 0;
  for (; i + 8 <= n; i += 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    sum = (sum ^ w) * kPrime;
  }
  for (; i < n; ++i) sum = (sum ^ p[i]) * kPrime;
  return sum ^ (sum >> 29);
}

JobRegion::JobRegion(size_t record_capacity, size_t text_capacity, bool shared)
    : shared_(shared), record_capacity_(record_capacity), text_capacity_(text_capacity) {
  bytes_ = sizeof(JobHeader) + 64 + record_capacity * sizeof(CandidateRecord) + text_capacity;
  if (shared) {
    base_ = mmap(nullptr, bytes_, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (base_ == MAP_FAILED) throw std::runtime_error("objgen: cannot map shared memory for workers");
  } else {
    base_ = ::operator new(bytes_);
  }
  header_ = new (base_) JobHeader{};
  records_ = reinterpret_cast<CandidateRecord*>(static_cast<char*>(base_) + sizeof(JobHeader) + 64 -
                                                (sizeof(JobHeader) + 64) % alignof(CandidateRecord));
  text_ = reinterpret_cast<char*>(records_ + record_capacity);
  reset();
}

JobRegion::~JobRegion() {
  if (shared_)
    munmap(base_, bytes_);
  else
    ::operator delete(base_);
}

void JobRegion::reset(uint64_t seed) {
  count_ = used_ = 0;
  sum_ = seed;
  header_->seed.store(seed);
  header_->explored.store(0);
  header_->current.store(UINT64_MAX);
  header_->phase.store(0);
  publish();
}

void JobRegion::publish() {
  header_->text_used.store(used_, std::memory_order_relaxed);
  header_->checksum.store(sum_, std::memory_order_relaxed);
  header_->records.store(count_, std::memory_order_release);
}

void JobRegion::append(const CandidateRecord& r, const std::string& message, bool whole) {
  if (count_ >= record_capacity_ || (whole && message.size() > text_capacity_ - used_))
    throw std::length_error(
        fmt::format("objgen: a job's results do not fit its region ({} records, {} bytes of text)", record_capacity_, text_capacity_));
  CandidateRecord& dst = records_[count_];
  dst = r;
  size_t len = whole ? message.size() : std::min({message.size(), kMaxMessage, text_capacity_ - used_});
  std::memcpy(text_ + used_, message.data(), len);
  dst.text_offset = used_;
  dst.text_length = static_cast<uint32_t>(len);
  sum_ = fold_checksum(fold_checksum(sum_, &dst, sizeof dst), text_ + used_, len);
  used_ += static_cast<uint32_t>(len);
  ++count_;
  publish();
  if (sink_) sink_->record(dst, std::string_view(message.data(), len));
}

void JobRegion::fill_watched(uint64_t seed) {
  auto* words = static_cast<uint64_t*>(base_);
  for (size_t i = 0; i < std::min(kWatchedBytes, bytes_) / 8; ++i) words[i] = seed;
}

bool JobRegion::watched_intact(uint64_t seed) const {
  const auto* words = static_cast<const uint64_t*>(base_);
  uint64_t differ = 0;
  for (size_t i = 0; i < std::min(kWatchedBytes, bytes_) / 8; ++i) differ |= words[i] ^ seed;
  return differ == 0;
}

std::string JobRegion::text(const CandidateRecord& r) const {
  if (r.text_offset > used_ || r.text_length > used_ - r.text_offset) return "";
  return std::string(text_ + r.text_offset, r.text_length);
}

std::string JobRegion::check(const CandidateRecord& r, uint32_t text_limit, const RecordBounds& bounds) const {
  if (r.kind > static_cast<uint8_t>(kLastOutcome)) return fmt::format("a record of kind {}", r.kind);
  if (r.candidate < bounds.first || r.candidate >= bounds.end)
    return fmt::format("a record of candidate {}, outside the attempt's [{}, {})", r.candidate, bounds.first, bounds.end);
  if (r.text_offset > text_limit || r.text_length > text_limit - r.text_offset) return "a record's text outside the region";
  return "";
}

std::string JobRegion::adopt(const JobRegion& from, uint64_t seed, const RecordBounds& bounds) {
  // Each count read once: the worker's memory may change under us.
  uint32_t n = from.header_->records.load(std::memory_order_acquire);
  uint32_t text_n = from.header_->text_used.load(std::memory_order_relaxed);
  uint64_t sum = from.header_->checksum.load(std::memory_order_relaxed);
  uint64_t explored = from.header_->explored.load(std::memory_order_relaxed);
  if (from.header_->seed.load(std::memory_order_relaxed) != seed) return "its header was written over";
  if (n > from.record_capacity_ || text_n > from.text_capacity_) return fmt::format("counts {} records, {} bytes", n, text_n);
  if (explored > bounds.explored_max) return fmt::format("{} candidates explored of at most {}", explored, bounds.explored_max);
  if (count_ + n > record_capacity_ || used_ + text_n > text_capacity_) return "more records than a job holds";
  // Copied first, checked on the copy.
  CandidateRecord* dst = records_ + count_;
  char* text = text_ + used_;
  std::memcpy(static_cast<void*>(dst), from.records_, n * sizeof(CandidateRecord));
  std::memcpy(text, from.text_, text_n);
  uint64_t folded = seed;
  for (uint32_t i = 0; i < n; ++i) {
    const CandidateRecord& r = dst[i];
    if (std::string why = check(r, text_n, bounds); !why.empty()) return why;
    folded = fold_checksum(fold_checksum(folded, &r, sizeof r), text + r.text_offset, r.text_length);
  }
  if (folded != sum) return "its checksum does not match its records";
  for (uint32_t i = 0; i < n; ++i) dst[i].text_offset += used_;
  count_ += n;
  used_ += text_n;
  publish();
  add_explored(explored);
  return "";
}

std::string JobRegion::adopt_one(const CandidateRecord& r, std::string_view text, const RecordBounds& bounds) {
  if (count_ >= record_capacity_ || text.size() > text_capacity_ - used_) return "more records than a job holds";
  CandidateRecord copy = r;
  copy.text_offset = 0;
  copy.text_length = static_cast<uint32_t>(text.size());
  if (std::string why = check(copy, copy.text_length, bounds); !why.empty()) return why;
  copy.text_offset = used_;
  records_[count_] = copy;
  std::memcpy(text_ + used_, text.data(), text.size());
  used_ += static_cast<uint32_t>(text.size());
  ++count_;
  publish();
  return "";
}

}  // namespace objgen
