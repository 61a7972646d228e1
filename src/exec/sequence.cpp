#include "exec/sequence.hpp"

#include <stdexcept>

#include "exec/child_process.hpp"
#include "exec/executor.hpp"

namespace objgen {

Replayer::Replayer(const Api& api, const StateStore& store, const LiteralDomain& domain, Source source)
    : api_(api), store_(store), domain_(domain), source_(std::move(source)) {}

Outcome Replayer::run(uint32_t op_index, std::span<const ArgRef> refs, std::vector<Object>& objects, CallResult& result,
                      std::string* message) const {
  const Operation& op = api_.operations()[op_index];
  objects.assign(op.params.size(), nullptr);
  std::vector<Arg> args(op.params.size());
  bind_arguments(op, refs, domain_, objects.data(), args.data(),
                 [this](uint32_t state) { return source_ ? source_(state) : build(state); });
  return execute_call(op, args.data(), result, api_.misuse(), message);
}

Object Replayer::build(uint32_t state) const {
  const StateRecord& rec = store_.state(state);
  const SequenceNode& seq = store_.sequence(rec.sequence);
  const Operation& op = api_.operations()[seq.op];
  std::vector<Object> objects;
  CallResult result;
  std::string message;
  Outcome o = run(seq.op, store_.args(rec.sequence, op.params.size()), objects, result, &message);
  if (o != Outcome::Normal)
    throw std::runtime_error("replaying " + op.signature() + " ended with " + outcome_name(o) + (message.empty() ? "" : ": " + message) +
                             " (the code under test is not deterministic)");
  return rec.slot == kResultSlot ? result.object : objects[rec.slot];
}

namespace {
struct Flattener {
  const Api& api;
  const StateStore& store;
  FlatSequence out;
  int next_value = 0;

  // Emits the calls building `state`; returns its value number.
  int state(uint32_t id) {
    const StateRecord& rec = store.state(id);
    const SequenceNode& seq = store.sequence(rec.sequence);
    const Operation& op = api.operations()[seq.op];
    std::vector<int> produced = call(seq.op, store.args(rec.sequence, op.params.size()));
    return rec.slot == kResultSlot ? produced.back() : produced[rec.slot];
  }
  // Emits one call on freshly built arguments; returns value numbers per slot, result last.
  std::vector<int> call(uint32_t op_index, std::span<const ArgRef> refs) {
    const Operation& op = api.operations()[op_index];
    FlatCall c;
    c.op = op_index;
    for (size_t i = 0; i < op.params.size(); ++i) {
      if (refs[i].is_literal())
        c.args.push_back(-1 - static_cast<int64_t>(refs[i].index()));
      else
        c.args.push_back(state(refs[i].index()));
    }
    for (size_t i = 0; i < op.params.size(); ++i)
      c.produced.push_back(op.params[i].is_object() && !op.params[i].consumed() ? static_cast<int>(c.args[i]) : -1);
    c.produced.push_back(op.result.is_object() ? next_value++ : -1);
    out.calls.push_back(c);
    return c.produced;
  }
};
}  // namespace

FlatSequence Replayer::flatten(uint32_t state) const {
  Flattener f{api_, store_, {}, 0};
  f.out.result_value = f.state(state);
  return std::move(f.out);
}

size_t Replayer::flat_calls(uint32_t state, size_t cap) const {
  if (auto known = flat_calls_.find(state); known != flat_calls_.end() && (known->second.exact || known->second.calls >= cap))
    return std::min(known->second.calls, cap);
  const StateRecord& rec = store_.state(state);
  const Operation& op = api_.operations()[store_.sequence(rec.sequence).op];
  size_t calls = 1;
  for (const ArgRef& a : store_.args(rec.sequence, op.params.size()))
    if (!a.is_literal() && calls < cap) calls += flat_calls(a.index(), cap);
  flat_calls_[state] = {std::min(calls, cap), calls < cap};
  return std::min(calls, cap);
}

FlatSequence Replayer::flatten_call(uint32_t op, std::span<const ArgRef> args) const {
  Flattener f{api_, store_, {}, 0};
  auto produced = f.call(op, args);
  f.out.result_value = produced.empty() ? -1 : produced.back();
  return std::move(f.out);
}

int append_sequence(const Api& api, FlatSequence& into, const FlatSequence& other) {
  int values = 0;
  for (const FlatCall& c : into.calls) values += api.operations()[c.op].result.is_object();
  for (FlatCall c : other.calls) {
    for (int64_t& a : c.args)
      if (a >= 0) a += values;
    for (int& p : c.produced)
      if (p >= 0) p += values;
    into.calls.push_back(std::move(c));
  }
  return other.result_value + values;
}

std::optional<FlatSequence> with_domain(const Api& api, const FlatSequence& seq, const LiteralDomain& from, const LiteralDomain& to) {
  FlatSequence out = seq;
  for (FlatCall& c : out.calls) {
    const Operation& op = api.operations()[c.op];
    for (size_t i = 0; i < c.args.size() && i < op.params.size(); ++i) {
      if (c.args[i] >= 0) continue;
      const std::vector<Literal>& values = from.of(op.params[i]);
      size_t index = static_cast<size_t>(-1 - c.args[i]);
      std::optional<size_t> there = index < values.size() ? index_of_value(to.of(op.params[i]), values[index]) : std::nullopt;
      if (!there) return std::nullopt;
      c.args[i] = -1 - static_cast<int64_t>(*there);
    }
  }
  return out;
}

std::string message_without_numbers(const std::string& message) {
  std::string out;
  size_t cut = message.find(" (", 0);  // "(3 calls)" and other notes
  auto hex = [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
  for (size_t i = 0; i < message.size() && (cut == std::string::npos || i < cut); ++i) {
    char c = message[i];
    if (c == '0' && i + 1 < message.size() && message[i + 1] == 'x')  // an address
      for (i += 2; i + 1 < message.size() && hex(message[i + 1]);) ++i;
    bool digit = (c >= '0' && c <= '9');
    if (!digit)
      out += c;
    else if (out.empty() || out.back() != '#')
      out += '#';
  }
  return out;
}

std::string finding_bucket(const SequenceFinding& f) {
  // A hang whose worker a loaded machine kept from stopping at once is the same hang.
  std::string message = f.message;
  if (size_t note = message.find(std::string("; ") + kUnstoppableWorker); note != std::string::npos)
    message.erase(note, 2 + std::char_traits<char>::length(kUnstoppableWorker));
  return std::to_string(static_cast<int>(f.kind)) + ":" + std::to_string(f.op) + ":" + message_without_numbers(message);
}

}  // namespace objgen
