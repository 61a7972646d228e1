// A class whose objects cannot be read until a call initialises them: google::dense_hash_set's
// begin() asserts until set_empty_key() has been called. Read as they are made, every state of
// such a class is a crash of objgen's reader, which is no bug of the class. The call is found by
// running the class in a worker: each constructor's object read alone, then after each candidate
// (a non-const member taking only literals), values outside the literal domain tried first (-1
// before 0: a key no generated call inserts). docs/ENGINE.md, "Objects that need an initialising call".
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

struct InitialisingCall {
  uint32_t method = 0;        // the operation
  std::vector<Literal> args;  // its literal arguments after the receiver
  std::string call;           // as C++ on an object: "set_empty_key(-1)"
  std::string member;         // the member's name as C++ calls it: "set_empty_key"
  std::string signature;      // "KeyedTable::set_empty_key(int)"
  bool repeatable = false;    // calling it again on an initialised object returns normally
};

struct ReadProbe {
  // Some constructor of the class makes an object (none crashes, throws or hangs) and none of
  // those objects can be read.
  bool unreadable = false;
  std::string why;                        // the first constructor's read failure, as the worker reported it
  std::vector<uint32_t> constructors;     // the constructors and factories that made an object
  std::optional<InitialisingCall> found;  // a call after which every one of their objects reads
  size_t candidates_tried = 0;
  // Without such a call: fields (ReadProbeOptions::field_candidates) without which every one of
  // their objects reads, few (no one of them can be read again alone), or none.
  std::vector<std::string> left_out;
  size_t omission_reads = 0;  // the readings that search made
};

struct ReadProbeOptions {
  double call_timeout_seconds = 2.0;
  size_t worker_memory_limit_bytes = 0;
  // Programs that serve the probe's test cases (RunnerOptions::worker_command) for a harness
  // described by a process of its own, one without and one with fingerprint_state, whose literal
  // domain is the probe's (below); empty: forks of this process, where the API is registered.
  std::vector<std::string> plain_worker, reading_worker;
  // Fields the class's objects might be read without, as the linearizer names them ("Class.field",
  // a base's under the class that visits it): when no call helps, reading may fail on one field's
  // contents alone (a fixed array of pointers whose unused slots hold junk), and the rest of the
  // object reads. Empty: no such search. The reading worker takes "--state-omit PATTERN" after it.
  std::vector<std::string> field_candidates;
};

// An omit pattern (Linearizer) matching exactly these qualified field names.
std::string exact_fields_pattern(const std::vector<std::string>& qualified_fields);

// The probe's literal domain, whatever the run's: ints -1..2 (-1 first), the other kinds'
// defaults, the API's enumerations. As LiteralDomain::make(kReadProbeScope, api, {kReadProbeInts}).
inline constexpr int kReadProbeScope = 3;
inline constexpr const char* kReadProbeInts = "-1..2";
inline constexpr size_t kReadProbeMemory = size_t{2} << 30;  // what the class may add to a worker

// Whether `target`'s objects can be read as constructed, and if not, a call after which they can,
// or else fields to read them without. Runs the class only in workers.
ReadProbe probe_reading(const Api& api, ClassId target, const ReadProbeOptions& options);

}  // namespace objgen
