#include "gen/differential/operation_match.hpp"

#include <cctype>
#include <map>

namespace objgen::differential {
namespace {

// Every whole-word occurrence of `name` in `text` replaced by "@" (the target, on either side).
std::string with_target_as_placeholder(std::string text, const std::string& name) {
  if (name.empty()) return text;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == ':'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    bool starts = at == 0 || !word(text[at - 1]);
    bool ends = at + name.size() == text.size() || !word(text[at + name.size()]);
    if (starts && ends) text.replace(at, name.size(), "@");
  }
  return text;
}

std::string normalized(const std::string& text, const Side& side) {
  return with_target_as_placeholder(with_target_as_placeholder(text, side.target_name), short_class_name(side.target_name));
}

const char* kind_name(OpKind k) {
  switch (k) {
    case OpKind::Constructor:
      return "Constructor";
    case OpKind::Method:
      return "Method";
    case OpKind::StaticFactory:
      return "Factory";
    case OpKind::FreeFunction:
      return "Function";
  }
  return "?";
}

std::string class_name(const Side& side, ClassId id) { return id < side.class_names.size() ? side.class_names[id] : ""; }

}  // namespace

std::string match_key(const Operation& op, const Side& side) {
  std::string key = std::string(kind_name(op.kind)) + " ";
  key += op.owner == side.target ? "@" : normalized(class_name(side, op.owner), side);
  key += "::" + (op.kind == OpKind::Constructor ? std::string("@") : normalized(op.name, side)) + "(";
  for (size_t i = 0; i < op.params.size(); ++i) {
    const SlotType& p = op.params[i];
    key += i ? ", " : "";
    key += p.is_object() && p.cls == side.target ? "@" + std::to_string(static_cast<int>(p.passing)) : normalized(p.cpp_type, side);
  }
  key += ") -> ";
  key += op.result.is_object() && op.result.cls == side.target ? "@" : normalized(op.result.cpp_type, side);
  if (op.result.is_literal()) key += "/" + std::string(literal_kind_name(op.result.literal));
  return key + (op.is_const ? " const" : "");
}

OperationMatch match_operations(const Side& subject, const Side& reference) {
  std::map<std::string, uint32_t> by_key;
  for (uint32_t k = 0; k < reference.api.operations().size(); ++k) {
    const Operation& op = reference.api.operations()[k];
    if (op.contract < 0 && !op.through.derived()) by_key.emplace(match_key(op, reference), k);
  }
  OperationMatch m;
  m.to_reference.assign(subject.api.operations().size(), -1);
  for (uint32_t k = 0; k < subject.api.operations().size(); ++k) {
    const Operation& op = subject.api.operations()[k];
    if (op.contract >= 0) continue;
    auto it = by_key.find(match_key(op, subject));
    if (it == by_key.end()) {
      m.unmatched.push_back(k);
      continue;
    }
    m.to_reference[k] = it->second;
    by_key.erase(it);
  }
  for (const auto& [key, op] : by_key) m.reference_only.push_back(key);
  return m;
}

std::optional<FlatSequence> translate(const FlatSequence& seq, const Side& subject, const Side& reference, const OperationMatch& match) {
  FlatSequence out = seq;
  for (FlatCall& call : out.calls) {
    int64_t to = call.op < match.to_reference.size() ? match.to_reference[call.op] : -1;
    if (to < 0) return std::nullopt;
    const Operation& mine = subject.api.operations()[call.op];
    const Operation& theirs = reference.api.operations()[static_cast<size_t>(to)];
    for (size_t k = 0; k < call.args.size(); ++k) {
      if (call.args[k] >= 0) continue;
      const std::vector<Literal>& values = subject.domain.of(mine.params[k]);
      size_t index = static_cast<size_t>(-1 - call.args[k]);
      if (index >= values.size()) return std::nullopt;
      std::optional<size_t> found = index_of_value(reference.domain.of(theirs.params[k]), values[index]);
      if (!found) return std::nullopt;
      call.args[k] = -1 - static_cast<int64_t>(*found);
    }
    call.op = static_cast<uint32_t>(to);
  }
  return out;
}

}  // namespace objgen::differential
