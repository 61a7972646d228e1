#include "gen/evolve/function_set.hpp"

#include <algorithm>
#include <cstdlib>
#include <set>

namespace objgen::evolve {
namespace {

bool returns_view(const Operation& op) {
  const std::string& t = op.result.cpp_type;
  return !t.empty() && (t.back() == '&' || t.back() == '*');
}

// A reference parameter: the caller's own object goes in, so the call may leave it changed.
bool is_reference(const SlotType& s) {
  return s.is_object() && (s.passing == Passing::Ref || s.passing == Passing::ConstRef || s.passing == Passing::Ptr ||
                           s.passing == Passing::ConstPtr || s.passing == Passing::SharedPtr);
}

Purity purity_of(const std::vector<ParamPurity>* purity, uint32_t op, uint8_t slot) {
  if (purity)
    for (const ParamPurity& p : *purity)
      if (p.op == op && p.slot == slot) return p.purity;
  return Purity::ReadWrite;
}

}  // namespace

TypeKey type_of(const SlotType& slot) {
  if (slot.is_object()) return {false, slot.cls};
  return {true, static_cast<uint32_t>(slot.literal)};
}

std::string type_name(TypeKey t) {
  if (t.literal) return literal_kind_name(static_cast<LiteralKind>(t.id));
  return short_class_name(class_vtable(static_cast<ClassId>(t.id)).name);
}

std::string item_name(Item item, uint8_t param) {
  switch (item) {
    case Item::Implicit:
      return "IP";
    case Item::Explicit:
      return std::string(1, 'P').append(std::to_string(param));
    case Item::Return:
      return "RE";
  }
  return "?";
}

const char* purity_name(Purity p) {
  switch (p) {
    case Purity::Safe:
      return "safe";
    case Purity::ReadOnly:
      return "read-only";
    case Purity::ReadWrite:
      return "read/write";
  }
  return "?";
}

size_t InputDomain::required_edges() const {
  return std::count_if(edges.begin(), edges.end(), [](const Edge& e) { return !e.provides; });
}
size_t InputDomain::provided_edges() const { return edges.size() - required_edges(); }

std::vector<ParamPurity> static_purity(const Api& api, const std::vector<uint32_t>& members) {
  std::vector<ParamPurity> out;
  for (uint32_t op : members) {
    const Operation& o = api.operations()[op];
    bool is_method = o.kind == OpKind::Method;
    for (size_t i = 0; i < o.params.size(); ++i) {
      const SlotType& s = o.params[i];
      if (!s.is_object()) continue;
      ParamPurity p;
      p.op = op;
      p.slot = static_cast<uint8_t>(i);
      p.item = is_method && i == 0 ? Item::Implicit : Item::Explicit;
      p.param = static_cast<uint8_t>(is_method ? i - 1 : i);
      bool read_only = (p.item == Item::Implicit && o.is_const) || s.passing == Passing::ConstRef || s.passing == Passing::ConstPtr;
      if (s.passing == Passing::Value) {
        p.static_purity = Purity::Safe;
        p.evidence = "passed by value";
      } else if (read_only) {
        p.static_purity = returns_view(o) ? Purity::ReadOnly : Purity::Safe;
        p.evidence = p.item == Item::Implicit ? "const member" : "const reference";
        if (returns_view(o)) p.evidence.append(", returns a reference");
      } else {
        p.static_purity = Purity::ReadWrite;
        p.evidence = "may modify";
      }
      p.purity = p.static_purity;
      out.push_back(std::move(p));
    }
  }
  return out;
}

InputDomain build_input_domain(const Api& api, const std::vector<uint32_t>& members, const std::vector<ParamPurity>* purity) {
  InputDomain d;
  d.members = members;
  for (uint32_t op : members) {
    const Operation& o = api.operations()[op];
    bool is_method = o.kind == OpKind::Method;
    std::vector<TypeKey> children;
    for (size_t i = 0; i < o.params.size(); ++i) {
      Item item = is_method && i == 0 ? Item::Implicit : Item::Explicit;
      uint8_t param = static_cast<uint8_t>(is_method ? i - 1 : i);
      children.push_back(type_of(o.params[i]));
      d.edges.push_back({op, children.back(), item, param, false});
    }
    auto provide = [&](TypeKey t, Item item, uint8_t param, uint8_t slot) {
      d.edges.push_back({op, t, item, param, true});
      d.functions.push_back({op, item, slot, param, t, children});
    };
    for (size_t i = 0; i < o.params.size(); ++i) {
      if (!is_reference(o.params[i])) continue;
      Item item = is_method && i == 0 ? Item::Implicit : Item::Explicit;
      Purity p = purity_of(purity, op, static_cast<uint8_t>(i));
      if (purity && p != Purity::ReadWrite) continue;  // Fig. 6: the call cannot change it
      provide(type_of(o.params[i]), item, static_cast<uint8_t>(is_method ? i - 1 : i), static_cast<uint8_t>(i));
    }
    if (o.result.is_object()) provide(type_of(o.result), Item::Return, 0, 0);
  }
  return d;
}

std::vector<uint32_t> cluster_members(const Api& api, ClassId target) {
  const auto& ops = api.operations();
  std::set<ClassId> cluster{target};
  for (bool grew = true; grew;) {  // the classes members of the cluster take, transitively
    grew = false;
    for (const Operation& o : ops)
      if (cluster.count(o.owner))
        for (const SlotType& s : o.params)
          if (s.is_object()) grew = cluster.insert(s.cls).second || grew;
  }
  std::vector<uint32_t> out;
  for (uint32_t i = 0; i < ops.size(); ++i) {
    const Operation& o = ops[i];
    bool creator = o.kind == OpKind::Constructor || o.kind == OpKind::StaticFactory;
    if (cluster.count(o.owner) || (creator && o.result.is_object() && cluster.count(o.result.cls))) out.push_back(i);
  }
  return out;
}

}  // namespace objgen::evolve
