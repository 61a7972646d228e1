// A TestRunner's literals beyond its domain (issue 36's local search and dynamic pool): values
// the parent commits to the domain, sent to the worker, and a batch's scratch values.
#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "exec/test_runner.hpp"
#include "exec/test_runner_shared.hpp"

namespace objgen {

// Worker, before a batch: the values the parent committed since the last one, and the batch's
// scratch values (the counts its order gave, capped).
void TestRunner::sync_literals(uint32_t grown, uint32_t scratch) {
  grown = std::min<uint32_t>(grown, kGrownLiterals);
  for (; grown_seen_ < grown; ++grown_seen_) {
    const LiteralWord& w = shared_->grown[grown_seen_];
    if (w.kind >= grown_.size()) continue;
    grown_[w.kind].push_back(Literal{static_cast<LiteralKind>(w.kind), w.i, w.d, {}});
  }
  scratch_.clear();
  scratch = std::min<uint32_t>(scratch, kScratchLiterals);
  for (uint32_t j = 0; j < scratch; ++j) {
    const LiteralWord& w = shared_->scratch[j];
    scratch_.push_back(Literal{static_cast<LiteralKind>(std::min<uint8_t>(w.kind, 2)), w.i, w.d, {}});
  }
}

// Worker: literal `index` for a parameter: the domain's (as forked, or as the program built it),
// then what the parent added since this runner was built, or a scratch value. Null: none.
const Literal* TestRunner::literal_at(const SlotType& param, uint32_t index) const {
  if (opt_.enumerations) {
    const std::vector<Literal>& values = terminals_.of(param);
    return index < values.size() ? &values[index] : nullptr;
  }
  if (index >= kFirstScratchLiteral)
    return index - kFirstScratchLiteral < scratch_.size() ? &scratch_[index - kFirstScratchLiteral] : nullptr;
  size_t kind = static_cast<size_t>(param.literal);
  const std::vector<Literal>& values = terminals_.of(param.literal);
  if (index < values.size()) return &values[index];
  if (kind >= grown_.size() || index < grown_from_[kind]) return nullptr;
  const std::vector<Literal>& grown = grown_[kind];
  return index - grown_from_[kind] < grown.size() ? &grown[index - grown_from_[kind]] : nullptr;
}

void TestRunner::allow_growth(LiteralDomain& terminals) {
  if (&terminals != &terminals_) throw std::logic_error("allow_growth: not the runner's domain");
  growable_ = &terminals;
}

uint32_t TestRunner::growth_room() const { return growable_ ? kGrownLiterals - grown_count_ : 0; }

int64_t TestRunner::commit(const Literal& value) {
  if (!growable_) throw std::logic_error("commit: the runner's domain may not grow");
  if (value.kind != LiteralKind::Int && value.kind != LiteralKind::Double && value.kind != LiteralKind::Char)
    throw std::logic_error("commit: only ints, doubles and chars");
  size_t kind = static_cast<size_t>(value.kind);
  const std::vector<Literal>& values = growable_->of(value.kind);
  for (size_t i = 0; i < values.size(); ++i)
    // Bitwise for doubles: -0.0 and 0.0, and each NaN, are values of their own in the domain.
    // NOLINTNEXTLINE(bugprone-suspicious-memory-comparison)
    if (value.kind == LiteralKind::Double ? std::memcmp(&values[i].d, &value.d, sizeof(double)) == 0 : values[i].i == value.i)
      return static_cast<int64_t>(i);
  // The parent keeps its own counts: the shared memory is the worker's too, and may be overwritten.
  if (values.size() != grown_from_[kind] + grown_of_kind_[kind]) throw std::logic_error("commit: the domain grew past the runner");
  if (grown_count_ >= kGrownLiterals || values.size() + 1 >= kFirstScratchLiteral) return -1;
  committed_.push_back(value);
  ++grown_count_;
  ++grown_of_kind_[kind];
  return static_cast<int64_t>(growable_->add(value));
}

std::vector<TestOutcome> TestRunner::run(const std::vector<FlatSequence>& tests) { return run(tests, {}); }

std::vector<TestOutcome> TestRunner::run(const std::vector<FlatSequence>& tests, const std::vector<Literal>& scratch) {
  if (scratch.size() > kScratchLiterals) throw std::logic_error("more scratch literals than a batch holds");
  if (!scratch.empty() && tests.size() > kBatchCapacity) throw std::logic_error("scratch literals span one batch");
  batch_scratch_ = scratch;
  return run_batches(tests);
}

// objgen, before each order: the literals again (a worker may have written over them).
void TestRunner::write_literals() {
  auto word = [](const Literal& l) { return LiteralWord{static_cast<uint8_t>(l.kind), l.i, l.d}; };
  for (size_t j = 0; j < committed_.size(); ++j) shared_->grown[j] = word(committed_[j]);
  for (size_t j = 0; j < batch_scratch_.size(); ++j) shared_->scratch[j] = word(batch_scratch_[j]);
}

}  // namespace objgen
