// Rebuilding states from the sequence DAG, and reading a sequence back as a flat call list.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "exec/executor.hpp"
#include "heap/state_store.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen {

// One call of a flattened sequence: values are numbered in the order they are created.
struct FlatCall {
  uint32_t op;
  std::vector<int64_t> args;  // >= 0: value number of an object; < 0: -(1 + literal index)
  std::vector<int> produced;  // value numbers this call's slots hold afterwards (-1: none)
  friend bool operator==(const FlatCall&, const FlatCall&) = default;
};

// A sequence as straight-line code: every object argument is built by its own earlier calls
// (sequences compose by concatenation, as in BEAPI and Randoop).
struct FlatSequence {
  std::vector<FlatCall> calls;
  int result_value = -1;  // value number holding the state
};

// Points args at the literals and at fresh objects (from `fresh`, stored in objects) for a
// recorded call's arguments: the one place a call's arguments are bound from references.
template <class Fresh>
void bind_arguments(const Operation& op, std::span<const ArgRef> refs, const LiteralDomain& domain, Object* objects, Arg* args,
                    Fresh&& fresh) {
  for (size_t i = 0; i < op.params.size(); ++i) {
    if (refs[i].is_literal()) {
      args[i].lit = &domain.of(op.params[i])[refs[i].index()];
      args[i].obj = nullptr;
    } else {
      objects[i] = fresh(refs[i].index());
      args[i].obj = &objects[i];
      args[i].lit = nullptr;
    }
  }
}

// `other` after `into`, its values renumbered after into's; returns other's result value there.
int append_sequence(const Api& api, FlatSequence& into, const FlatSequence& other);

// The sequence with its literal arguments indexing `to` instead of `from`: the same values, found
// in `to` by value (a finding of one run replayed in another run's domain). Empty when a value is
// not in `to`.
std::optional<FlatSequence> with_domain(const Api& api, const FlatSequence& seq, const LiteralDomain& from, const LiteralDomain& to);

// A failure any strategy found, with the straight-line calls that reproduce it.
struct SequenceFinding {
  Outcome kind;
  uint32_t op;  // the call that crashed, hung, threw or broke an invariant
  std::string message;
  FlatSequence sequence;  // ends with that call
  LiteralDomain domain;   // what the sequence's literal indices refer to
  uint64_t hits = 1;      // how many calls found it (the sequence is the shortest of them)
  int slot = -1;          // a broken invariant: the slot of the last call whose object broke it (-1: its result)
  // What the worker that found it ran before (random: its last calls, oldest first, each with the
  // calls that built its inputs): replayed before the sequence when that alone does not show it.
  std::vector<FlatSequence> history;
};

// A finding's message with what varies from run to run left out: each run of digits and each
// address as one '#', and the notes from the first " (" on ("(3 calls)").
std::string message_without_numbers(const std::string& message);
// Findings that are the same fault: same kind, same operation, same message once the numbers in
// it (addresses, values, counts) are left out.
std::string finding_bucket(const SequenceFinding& f);

// A state whose sequence flattens to more calls than this is never made into a test nor held as a
// sequence in objgen's memory (suites, oracles, probes): states passed to one another can need
// billions (tinyxml2's documents inserted into documents: 24 GB for one suite's oracles).
constexpr size_t kMaxFlattenedCalls = 1000;

class Replayer {
 public:
  // source gives a fresh object of a state for each object argument; by default the state is
  // rebuilt from its own sequence (down to constructors).
  using Source = std::function<Object(uint32_t state)>;
  Replayer(const Api& api, const StateStore& store, const LiteralDomain& domain, Source source = nullptr);
  // Rebuilds the object of `state` by executing its sequence. Throws std::runtime_error when a
  // call does not end normally (the code under test is not deterministic).
  Object build(uint32_t state) const;
  // Executes `op` on fresh objects built for `args`; objects[i] holds slot i afterwards.
  Outcome run(uint32_t op, std::span<const ArgRef> args, std::vector<Object>& objects, CallResult& result, std::string* message) const;
  FlatSequence flatten(uint32_t state) const;
  // How many calls flatten(state) gives, or `cap` when at least that many, without making them:
  // each argument is rebuilt from its own calls, so states passed to one another (a document
  // inserted into a document inserted into ...) double at every step.
  size_t flat_calls(uint32_t state, size_t cap) const;
  // Flattens "op applied to args" (a candidate that was never stored as a state).
  FlatSequence flatten_call(uint32_t op, std::span<const ArgRef> args) const;

 private:
  const Api& api_;
  const StateStore& store_;
  const LiteralDomain& domain_;
  Source source_;
  struct FlatCalls {
    size_t calls;
    bool exact;  // else a cap was reached: at least that many
  };
  mutable std::unordered_map<uint32_t, FlatCalls> flat_calls_;
};

}  // namespace objgen
