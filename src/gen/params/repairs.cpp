// The repair after a failed try, chosen by the failure's cause (failure_cause.hpp) and applied
// to the knobs of the parameters it blamed: indices, non-empty or smaller inputs, no zeros,
// other creators; after a crash, each in turn.
#include <algorithm>

#include "gen/params/method_search.hpp"

namespace objgen::params::search {

// The cause's repair, applied to the knobs of the parameters the failure blamed (all of them
// when it blamed none); says what it changed.
std::string MethodSearch::repair(const Attempt& a) {
  if (a.in_setup) return repair_input(failed_role_);
  std::vector<uint32_t> slots = targets(a.blamed);
  std::string who = named(a.blamed);
  switch (a.cause) {
    case Cause::Index:
      if (set_ints(slots, IntMode::Bounded)) return who + "integers as indices: non-negative, summing below the smallest size";
      return grow_inputs(slots, who + "larger inputs, so more indices are in range");
    case Cause::EmptyState:
      return grow_inputs(slots, who + "non-empty inputs");
    case Cause::Size:
    case Cause::Hang:
    case Cause::Overflow:
      for (uint32_t k : slots) knobs_.objects[k].small_args = true;
      if (set_ints(slots, IntMode::Small)) return who + "smaller integers (0 to 8)";
      return shrink_inputs(slots, who);
    case Cause::DivideByZero:
      for (uint32_t k : slots) knobs_.ints[k].nonzero = true;
      return who + "no zero integers";
    case Cause::Value:
      if (rng_.chance(0.5)) set_ints(slots, IntMode::Free);
      return next_creators(slots, who + "other values (the class's constants, then any)");
    case Cause::Crash:
      return repair_crash(slots, who);
    case Cause::None:
      break;
  }
  return "";
}

// A crash says nothing of its cause: the repairs in turn, indices, non-empty inputs, small
// values (those on integers only when the blamed parameters have some).
std::string MethodSearch::repair_crash(const std::vector<uint32_t>& slots, const std::string& who) {
  for (int step = 0; step < 3; ++step) switch (knobs_.crash_repairs++ % 3) {
      case 0:
        if (set_ints(slots, IntMode::Bounded)) return who + "integers as indices (after a crash)";
        break;
      case 1:
        return grow_inputs(slots, who + "non-empty inputs (after a crash)");
      default:
        if (set_ints(slots, IntMode::Small)) return who + "smaller integers (after a crash)";
        break;
    }
  return grow_inputs(slots, who + "non-empty inputs (after a crash)");
}

std::string MethodSearch::repair_input(CallRole role) {
  if (role.slot < 0 || static_cast<size_t>(role.slot) >= knobs_.objects.size()) return "";
  ObjectKnob& k = knobs_.objects[static_cast<size_t>(role.slot)];
  std::string what = "input " + std::to_string(role.slot);
  if (role.fill) {
    k.fills /= 2;
    return what + ": fewer builder calls (" + std::to_string(k.fills) + ")";
  }
  const auto& creators = facts_.creators[mut_.params[static_cast<size_t>(role.slot)].cls];
  if (k.rank + 1 < creators.size()) {
    ++k.rank;
    return what + ": the next simplest creator, " + api_.operations()[creators[k.rank]].signature();
  }
  k.small_args = true;
  return what + ": smaller arguments for its creator";
}

// More builder calls on the object parameters among `slots` (all of them when none is one).
std::string MethodSearch::grow_inputs(const std::vector<uint32_t>& slots, const std::string& why) {
  std::vector<uint32_t> objects = object_slots(slots);
  bool grown = false;
  for (uint32_t k : objects)
    if (!facts_.fillers[mut_.params[k].cls].empty()) {
      ObjectKnob& kn = knobs_.objects[k];
      kn.fills = std::min(kMaxFills, std::max<uint32_t>(kInitialFills, kn.fills * 2));
      grown = true;
    }
  if (grown) return why + ": more builder calls";
  return next_creators(objects, why + ": other creators");
}

std::string MethodSearch::shrink_inputs(const std::vector<uint32_t>& slots, const std::string& who) {
  for (uint32_t k : object_slots(slots)) knobs_.objects[k].fills /= 2;
  return who + "smaller integers, fewer builder calls";
}

std::string MethodSearch::next_creators(const std::vector<uint32_t>& slots, const std::string& why) {
  for (uint32_t k : object_slots(slots)) {
    size_t n = facts_.creators[mut_.params[k].cls].size();
    if (n > 1) knobs_.objects[k].rank = (knobs_.objects[k].rank + 1) % static_cast<uint32_t>(n);
  }
  return why;
}

// The object parameters among `slots`, or all of them when there are none (a blamed index
// grows the container it indexes).
std::vector<uint32_t> MethodSearch::object_slots(const std::vector<uint32_t>& slots) const {
  std::vector<uint32_t> objects;
  for (uint32_t k : slots)
    if (mut_.params[k].is_object()) objects.push_back(k);
  if (objects.empty())
    for (uint32_t k = 0; k < mut_.params.size(); ++k)
      if (mut_.params[k].is_object()) objects.push_back(k);
  return objects;
}

// Sets the integer parameters among `slots` to `mode`; false when there were none to change.
bool MethodSearch::set_ints(const std::vector<uint32_t>& slots, IntMode mode) {
  bool changed = false;
  for (uint32_t k : slots)
    if (is_int(k) && knobs_.ints[k].mode != mode) {
      knobs_.ints[k].mode = mode;
      changed = true;
    }
  return changed;
}

// "pos, n: " for a repair of blamed parameters, "" when it changes them all.
std::string MethodSearch::named(const std::vector<uint32_t>& blamed) const {
  std::string out;
  for (uint32_t k : blamed) out += (out.empty() ? "" : ", ") + mut_.parameter_name(k);
  return out.empty() ? "" : out + ": ";
}

}  // namespace objgen::params::search
