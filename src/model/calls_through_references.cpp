// Api::add_calls_through_references: `game.player(id).setTeam(t)` as one operation of Game.
// Real classes hand out their parts by reference (a player of a game, a section of a config); the
// only way to change such a part is to call a member on the reference, so without these the parts
// stay as their owner's own members built them.
#include <cctype>
#include <set>
#include <stdexcept>
#include <vector>

#include "model/call_pattern.hpp"
#include "objgen/api.hpp"

namespace objgen {
namespace {

// Parts of parts: a call through a reference that itself returns a reference
// (`building.zone(2).sensor()`) is an accessor of the owner too, so calls go on through it
// (`building.zone(2).sensor().setReading(x)`), up to this many accessors in a row.
constexpr int kMaxChainedAccessors = 3;

struct ThroughCall {
  decltype(Operation::invoke) access, call;
  std::shared_ptr<const void> access_fn, call_fn;
  size_t access_arity, call_arity;
};

void invoke_through(const void* fn, Arg* args, CallResult& out) {
  const ThroughCall& t = *static_cast<const ThroughCall*>(fn);
  CallResult accessed;
  t.access(t.access_fn.get(), args, accessed);
  if (!accessed.referenced) throw std::invalid_argument("the accessor returned a null pointer");
  Object part(Object(), accessed.referenced);  // not owning: the receiver owns the part
  constexpr size_t kInline = 16;
  Arg inline_args[kInline];
  std::vector<Arg> more;
  Arg* call_args = inline_args;
  if (t.call_arity > kInline) {
    more.resize(t.call_arity);
    call_args = more.data();
  }
  call_args[0].obj = &part;
  for (size_t k = 1; k < t.call_arity; ++k) call_args[k] = args[t.access_arity + k - 1];
  out.referenced = nullptr;
  t.call(t.call_fn.get(), call_args, out);
}

// How emitted code calls op: its call pattern, or one written from its member name.
std::string pattern_of(const Operation& op) {
  if (!op.call_pattern.empty()) return op.call_pattern;
  std::string p = "{0}->" + op.cpp_call + "(";
  for (size_t i = 1; i < op.params.size(); ++i) p += (i > 1 ? ", {" : "{") + std::to_string(i) + "}";
  return p + ")";
}

// How often {0} stands in a pattern: emitted code must call the accessor once, as a run does.
size_t receiver_uses(const std::string& pattern) {
  size_t n = 0;
  rewrite_placeholders(pattern, [&n](size_t k) {
    n += k == 0;
    return std::string();
  });
  return n;
}

std::string through_pattern(const Operation& accessor, const Operation& call) {
  std::string access = pattern_of(accessor);
  if (!accessor.call_pattern.empty()) access = "(" + access + ")";  // an adapted call: keep it whole
  size_t shift = accessor.params.size() - 1;
  std::string inner = pattern_of(call);
  bool member_call = inner.rfind("{0}->", 0) == 0;
  if (member_call && !accessor.referenced.pointer) inner.replace(0, 5, "{0}.");  // team(i).addWin()
  return rewrite_placeholders(inner, [&](size_t k) -> std::string {
    std::string out = "{";
    if (k > 0) return out.append(std::to_string(k + shift)).append("}");
    if (accessor.referenced.pointer || member_call) return access;
    std::string address = "(&";
    address += access;
    return address + ")";
  });
}

bool is_operator(const std::string& name) {  // operator[], operator+= (not operatorFor)
  return name.rfind("operator", 0) == 0 && name.size() > 8 && !std::isalnum(static_cast<unsigned char>(name[8])) && name[8] != '_';
}

bool is_accessor(const Operation& op) {
  if (op.kind != OpKind::Method || !op.referenced.valid || op.referenced.to_const) return false;
  if (op.referenced.cls == op.owner) return false;  // fluent setters return *this
  return !is_operator(op.name) || op.name == "operator[]" || op.name == "operator()";
}

// One round: calls through the accessors among ops[accessors_begin, accessors_end) to the
// members among ops[0, members); returns how many it added.
size_t add_calls_through(std::vector<Operation>& ops_, uint32_t accessors_begin, uint32_t accessors_end, size_t members,
                         std::set<std::pair<uint32_t, uint32_t>>& made, size_t limit) {
  size_t added = 0;
  for (uint32_t a = accessors_begin; a < accessors_end; ++a) {
    if (!is_accessor(ops_[a]) || (a < members && ops_[a].through.derived())) continue;
    for (uint32_t c = 0; c < members && made.size() < limit; ++c) {
      const Operation& accessor = ops_[a];
      const Operation& call = ops_[c];
      if (call.kind != OpKind::Method || call.owner != accessor.referenced.cls || call.is_const || call.params.empty() ||
          call.through.derived() || made.count({a, c}) || receiver_uses(pattern_of(call)) != 1)
        continue;
      Operation op;
      op.kind = OpKind::Method;
      op.owner = accessor.owner;
      op.name = accessor.name + "." + call.name;
      op.cpp_call = op.name;
      op.params = accessor.params;
      op.params.insert(op.params.end(), call.params.begin() + 1, call.params.end());
      if (!accessor.param_names.empty() || !call.param_names.empty()) {
        op.param_names = accessor.param_names;
        op.param_names.resize(accessor.params.size());
        for (size_t k = 1; k < call.params.size(); ++k) op.param_names.push_back(k < call.param_names.size() ? call.param_names[k] : "");
      }
      op.result = call.result;
      op.referenced = call.referenced;
      op.emittable = accessor.emittable && call.emittable;
      op.call_pattern = through_pattern(accessor, call);
      op.through = {a, c, static_cast<uint32_t>(accessor.params.size()), accessor.name};
      op.invoke = &invoke_through;
      op.fn = std::make_shared<const ThroughCall>(
          ThroughCall{accessor.invoke, call.invoke, accessor.fn, call.fn, accessor.params.size(), call.params.size()});
      ops_.push_back(std::move(op));  // invalidates accessor and call: not used after this
      made.insert({a, c});
      ++added;
    }
  }
  return added;
}

}  // namespace

size_t Api::add_calls_through_references(size_t limit) {
  size_t added = 0, existing = ops_.size();
  std::set<std::pair<uint32_t, uint32_t>> made;  // calling it again adds nothing twice
  for (const Operation& op : ops_)
    if (op.through.derived()) made.insert({op.through.accessor, op.through.call});
  // Round r takes as accessors the plain members (r = 0), then the calls the round before made.
  uint32_t round_begin = 0, round_end = static_cast<uint32_t>(existing);
  for (int round = 0; round < kMaxChainedAccessors && round_begin < round_end; ++round) {
    uint32_t next_begin = static_cast<uint32_t>(ops_.size());
    added += add_calls_through(ops_, round_begin, round_end, existing, made, limit);
    round_begin = next_begin;
    round_end = static_cast<uint32_t>(ops_.size());
  }
  return added;
}

}  // namespace objgen
