// The objects of a search from an invariant: one default-constructed object of each place in the
// finitization, side by side in one block, whose fields a candidate vector is written into. The
// objects are never destroyed (their fields hold whatever the last candidate wrote), so the
// block is only ever freed without running destructors.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cover/load_trace.hpp"
#include "cover/trace_window.hpp"
#include "gen/invariant/candidate_cursor.hpp"
#include "gen/invariant/finitization.hpp"

namespace objgen::invariant {

class ObjectArena {
 public:
  // Constructs every object (code under test: call it in a worker). Throws std::runtime_error
  // when a class cannot be constructed here.
  explicit ObjectArena(const FieldSpace& space);
  ~ObjectArena();
  ObjectArena(const ObjectArena&) = delete;
  ObjectArena& operator=(const ObjectArena&) = delete;

  void* root() const { return objects_[0]; }
  void* object(uint32_t i) const { return objects_[i]; }
  // Writes every field, or the ones listed, with its value in `values`.
  void write_all(const uint8_t* values);
  void write(const uint8_t* values, const std::vector<uint32_t>& fields) {
    for (uint32_t f : fields) write_field(f, values[f]);
  }
  // What the load hooks need to record the fields an invariant reads into `block`.
  cover::LoadTrace trace(CursorBlock& block);
  // After an invariant call: what makes its answer worthless, said for a finding ("" for
  // nothing), and the alarm cleared: a write into a field of the candidate (every field is
  // written again from `values`, so that the next candidate is whole) or a read of a vector's
  // guard slot, just past its storage (outside the object: undefined behaviour).
  std::string take_alarm(const FieldSpace& space, const uint8_t* values) {
    return alarms_.written == 0 && alarms_.past_guard == 0 ? std::string() : describe_alarm(space, values);
  }

 private:
  void write_field(uint32_t f, uint8_t value) {
    const Slot& s = slots_[f];
    uint64_t word = words_[s.first_word + value];
    switch (s.size) {
      case 1:
        *s.at = static_cast<char>(word);
        break;
      case 2: {
        uint16_t v = static_cast<uint16_t>(word);
        __builtin_memcpy(s.at, &v, 2);
        break;
      }
      case 4: {
        uint32_t v = static_cast<uint32_t>(word);
        __builtin_memcpy(s.at, &v, 4);
        break;
      }
      default:
        __builtin_memcpy(s.at, &word, 8);
        break;
    }
  }
  void add_slot(const FieldSpace& space, uint32_t f, const std::vector<size_t>& storage);
  std::string describe_alarm(const FieldSpace& space, const uint8_t* values);
  struct Slot {
    char* at;
    uint32_t size;
    uint32_t first_word;  // its values' bit patterns start at words_[first_word]
  };
  char* memory() const { return block_->data(); }
  std::unique_ptr<cover::TraceWindowBlock> block_;
  size_t bytes_ = 0;
  std::vector<void*> objects_;
  std::vector<Slot> slots_;
  std::vector<uint64_t> words_;
  std::vector<uint16_t> field_at_;
  std::vector<uint32_t> field_end_;
  std::vector<uint32_t> guard_of_;  // per field: a vector's guard slot's offset (else 0)
  cover::LoadTraceAlarms alarms_;
};

}  // namespace objgen::invariant
