#include "gen/invariant/finitization.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <limits>
#include <set>
#include <stdexcept>

namespace objgen::invariant {
namespace {

constexpr uint32_t kMaxDomainValues = 256;  // a candidate vector holds one byte per field

// The keys a user may name a field or class by, most specific first.
std::vector<std::string> field_keys(const std::string& cls, const std::string& field) {
  std::string s = short_class_name(cls);
  return {cls + "::" + field, cls + "." + field, s + "::" + field, s + "." + field, field};
}

template <class V>
const V* find_first(const std::map<std::string, V>& m, const std::vector<std::string>& keys, std::set<std::string>& used) {
  for (const auto& k : keys)
    if (auto it = m.find(k); it != m.end()) {
      used.insert(k);
      return &it->second;
    }
  return nullptr;
}

bool fits(FieldKind kind, uint32_t size, int64_t lo, int64_t hi) {
  if (kind == FieldKind::Bool) return lo >= 0 && hi <= 1;
  if (size >= 8) return kind == FieldKind::Signed || lo >= 0;
  int64_t bits = 8 * static_cast<int64_t>(size);
  if (kind == FieldKind::Unsigned) return lo >= 0 && hi < (int64_t{1} << bits);
  return lo >= -(int64_t{1} << (bits - 1)) && hi < (int64_t{1} << (bits - 1));
}

class SpaceBuilder {
 public:
  SpaceBuilder(const Finitization& fin, const LayoutOf& layout_of, const NameOf& name_of)
      : fin_(fin), layout_of_(layout_of), name_of_(name_of) {}

  FieldSpace build(ClassId root) {
    space_.root = root;
    discover_classes(root);
    add_object(root, -1, 0);
    for (uint32_t c = 0; c < space_.classes.size(); ++c) {
      space_.classes[c].first_object = static_cast<uint32_t>(space_.objects.size());
      for (uint32_t i = 0; i < space_.classes[c].count; ++i) add_object(space_.classes[c].cls, static_cast<int32_t>(c), i);
    }
    check_all_used();
    if (space_.fields.size() >= 0xffff)  // the load hooks number fields in 16 bits
      throw std::invalid_argument(std::to_string(space_.fields.size()) +
                                  " fields in the candidate vector, more than 65534 (fewer objects, or shorter vectors)");
    if (space_.fields.empty())
      throw std::invalid_argument("no field of " + space_.names[root] +
                                  " (or of the classes it points to) is an integer, bool, enum or pointer to a described class");
    return std::move(space_);
  }

 private:
  const ClassLayout& layout(ClassId cls) {
    if (auto it = space_.layouts.find(cls); it != space_.layouts.end()) return it->second;
    const ClassLayout* l = layout_of_(cls);
    std::string name = name_of_(cls);
    if (!l)
      throw std::invalid_argument(name +
                                  " has no default constructor: a search from an invariant builds its objects by writing their fields into "
                                  "default-constructed ones");
    space_.names[cls] = name;
    return space_.layouts[cls] = *l;
  }

  int objects_of(ClassId cls) {
    std::set<std::string> used;
    std::string name = space_.names[cls];
    const int* n = find_first(fin_.objects, {name, short_class_name(name)}, used);
    std::set<std::string> from_file;
    const int* file_n = find_first(fin_.file_objects, {name, short_class_name(name)}, from_file);
    used_file_objects_.insert(from_file.begin(), from_file.end());
    if (!n) n = file_n;
    if (n) {
      used_objects_.insert(used.begin(), used.end());
      if (*n < 0) throw std::invalid_argument("objects of " + name + ": " + std::to_string(*n) + " is negative");
      return *n;
    }
    return fin_.scope;
  }

  // Breadth first over pointer fields: the order class domains are laid out in.
  void discover_classes(ClassId root) {
    std::deque<ClassId> queue{root};
    std::set<ClassId> seen;  // the root's own class too, when its objects point to their kind
    while (!queue.empty()) {
      ClassId cls = queue.front();
      queue.pop_front();
      for (const FieldLayout& f : layout(cls).fields) {
        bool points = f.kind == FieldKind::Pointer || (f.kind == FieldKind::Vector && f.element_kind == FieldKind::Pointer);
        // A vector of pointers to a class the search cannot make is left as constructed (add_object).
        if (f.kind == FieldKind::Vector && points && !layout_of_(f.target)) continue;
        if (!points || !seen.insert(f.target).second) continue;
        layout(f.target);
        SpaceClass c{f.target, space_.names[f.target], static_cast<uint32_t>(objects_of(f.target)), 0};
        class_of_[f.target] = static_cast<uint32_t>(space_.classes.size());
        space_.classes.push_back(c);
        queue.push_back(f.target);
      }
    }
  }

  void add_object(ClassId cls, int32_t class_domain, uint32_t index) {
    SpaceObject o{cls, class_domain, index, static_cast<uint32_t>(space_.fields.size()), 0};
    uint32_t object = static_cast<uint32_t>(space_.objects.size());
    const ClassLayout& l = layout(cls);
    for (uint32_t k = 0; k < l.fields.size(); ++k) {
      const FieldLayout& f = l.fields[k];
      const bool unsearchable_vector = f.kind == FieldKind::Vector && f.element_kind == FieldKind::Pointer && !class_of_.count(f.target);
      if (f.kind == FieldKind::Other || unsearchable_vector) {
        std::string name = space_.names[cls] + "::" + f.name;
        if (std::find(space_.left_as_constructed.begin(), space_.left_as_constructed.end(), name) == space_.left_as_constructed.end())
          space_.left_as_constructed.push_back(name);
        continue;
      }
      if (f.kind == FieldKind::Vector) {
        add_vector(object, cls, k, f);
        continue;
      }
      space_.fields.push_back({object, k, domain_for(cls, f.name, f.kind, f.size, f.target), f.offset, f.size, f.kind});
    }
    o.field_count = static_cast<uint32_t>(space_.fields.size()) - o.first_field;
    space_.objects.push_back(o);
  }

  // The vector's length (its range named "field.size", default 0..scope), then one field per
  // element up to the largest length (the range named "field" gives the elements' values).
  void add_vector(uint32_t object, ClassId cls, uint32_t k, const FieldLayout& f) {
    std::set<std::string> used;
    std::vector<std::string> keys;
    for (const std::string& key : field_keys(space_.names[cls], f.name)) keys.push_back(key + ".size");
    auto [lo, hi] = std::pair<int64_t, int64_t>{0, fin_.scope};
    if (const auto* r = range_for(keys)) std::tie(lo, hi) = *r;
    std::string what = space_.names[cls] + "::" + f.name + ".size";
    if (lo < 0 || hi < lo || hi >= static_cast<int64_t>(kMaxDomainValues))
      throw std::invalid_argument("the range of " + what + " must be within 0.." + std::to_string(kMaxDomainValues - 1) + " (it is " +
                                  std::to_string(lo) + ".." + std::to_string(hi) + ")");
    space_.domains.push_back({Domain::Ints, 0, 0, true, lo, hi, static_cast<uint32_t>(hi - lo + 1)});
    const uint32_t length_domain = static_cast<uint32_t>(space_.domains.size() - 1);
    // Looked up even with no element, so that a range or not-null naming it counts as used.
    const uint32_t element_domain = domain_for(cls, f.name, f.element_kind, f.element_size, f.target);
    space_.fields.push_back({object, k, length_domain, f.offset, f.size, FieldKind::Vector, static_cast<uint32_t>(hi), -1});
    for (int32_t e = 0; e < hi; ++e) space_.fields.push_back({object, k, element_domain, f.offset, f.element_size, f.element_kind, 0, e});
  }

  uint32_t domain_for(ClassId cls, const std::string& name, FieldKind kind, uint32_t size, ClassId target) {
    std::set<std::string> used;
    std::vector<std::string> keys = field_keys(space_.names[cls], name);
    FieldLayout f{name, 0, size, kind, target};
    Domain d;
    if (f.kind == FieldKind::Pointer) {
      d.kind = Domain::Objects;
      d.cls = f.target;
      d.class_domain = class_of_.at(f.target);
      for (const auto& k : keys)
        for (const auto& n : fin_.not_null)
          if (n == k) d.null_allowed = false, used_not_null_.insert(n);
      d.size = space_.classes[d.class_domain].count + (d.null_allowed ? 1 : 0);
      if (d.size > kMaxDomainValues)
        throw std::invalid_argument(space_.names[cls] + "::" + f.name + " would take " + std::to_string(d.size) + " values, more than " +
                                    std::to_string(kMaxDomainValues) + " (fewer objects of its class)");
    } else {
      auto [lo, hi] = f.kind == FieldKind::Bool ? std::pair<int64_t, int64_t>{0, 1} : std::pair<int64_t, int64_t>{0, fin_.scope - 1};
      if (const auto* r = range_for(keys)) std::tie(lo, hi) = *r;
      std::string what = space_.names[cls] + "::" + f.name;
      if (hi < lo)
        throw std::invalid_argument("the range of " + what + " is empty (" + std::to_string(lo) + ".." + std::to_string(hi) + ")");
      if (static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) >= kMaxDomainValues)
        throw std::invalid_argument("the range of " + what + " has more than " + std::to_string(kMaxDomainValues) + " values");
      if (!fits(f.kind, f.size, lo, hi))
        throw std::invalid_argument("the range " + std::to_string(lo) + ".." + std::to_string(hi) + " does not fit " + what);
      d.kind = Domain::Ints, d.lo = lo, d.hi = hi, d.size = static_cast<uint32_t>(hi - lo + 1);
    }
    if (d.size == 0)
      throw std::invalid_argument(space_.names[cls] + "::" + f.name + " can take no value (no objects of its class and not null)");
    space_.domains.push_back(d);
    return static_cast<uint32_t>(space_.domains.size() - 1);
  }

  // The command line's range for a field (by any of its names), else the file's; both marked used.
  const std::pair<int64_t, int64_t>* range_for(const std::vector<std::string>& keys) {
    std::set<std::string> used, from_file;
    const auto* r = find_first(fin_.ranges, keys, used);
    const auto* file_r = find_first(fin_.file_ranges, keys, from_file);
    used_ranges_.insert(used.begin(), used.end());
    used_file_ranges_.insert(from_file.begin(), from_file.end());
    return r ? r : file_r;
  }

  void check_all_used() const {
    for (const auto& [k, v] : fin_.file_ranges)
      if (!used_file_ranges_.count(k))
        throw std::invalid_argument("the range for '" + k +
                                    "' (finitization file) names no integer, bool or enum field of the searched classes");
    for (const auto& [k, v] : fin_.file_objects)
      if (!used_file_objects_.count(k))
        throw std::invalid_argument("objects of '" + k +
                                    "' (finitization file): no pointer field of the searched classes points to such a class");
    for (const auto& [k, v] : fin_.ranges)
      if (!used_ranges_.count(k))
        throw std::invalid_argument("the range for '" + k + "' names no integer, bool or enum field of the searched classes");
    for (const auto& [k, v] : fin_.objects)
      if (!used_objects_.count(k))
        throw std::invalid_argument("objects of '" + k + "': no pointer field of the searched classes points to such a class");
    for (const auto& n : fin_.not_null)
      if (!used_not_null_.count(n)) throw std::invalid_argument("not null '" + n + "' names no pointer field of the searched classes");
  }

  const Finitization& fin_;
  const LayoutOf& layout_of_;
  const NameOf& name_of_;
  FieldSpace space_;
  std::map<ClassId, uint32_t> class_of_;
  std::set<std::string> used_ranges_, used_objects_, used_not_null_, used_file_ranges_, used_file_objects_;
};

}  // namespace

std::string short_class_name(const std::string& name) {
  size_t colon = name.rfind("::");
  return colon == std::string::npos ? name : name.substr(colon + 2);
}

std::pair<int64_t, int64_t> parse_range(const std::string& text) {
  auto number = [&](const std::string& s) {
    size_t used = 0;
    long long v = 0;
    try {
      v = std::stoll(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (s.empty() || used != s.size()) throw std::invalid_argument("'" + text + "' is not a range: write LO..HI or one integer");
    return static_cast<int64_t>(v);
  };
  size_t dots = text.find("..");
  if (dots == std::string::npos) return {number(text), number(text)};
  return {number(text.substr(0, dots)), number(text.substr(dots + 2))};
}

std::string FieldSpace::object_name(uint32_t object) const {
  const SpaceObject& o = objects.at(object);
  std::string name = short_class_name(names.at(o.cls));
  if (o.class_domain < 0) return name;
  return name + "#" + std::to_string(o.index);
}

std::string FieldSpace::member_name(uint32_t field) const {
  const SpaceField& f = fields.at(field);
  return object_name(f.object) + "." + layouts.at(objects[f.object].cls).fields[f.layout].name;
}

std::string FieldSpace::field_name(uint32_t field) const {
  const SpaceField& f = fields.at(field);
  std::string name = member_name(field);
  if (f.kind == FieldKind::Vector) return name + ".size";
  if (f.element >= 0) return name + "[" + std::to_string(f.element) + "]";
  return name;
}

std::string FieldSpace::value_text(uint32_t field, uint32_t value) const {
  const Domain& d = domains.at(fields.at(field).domain);
  if (d.kind == Domain::Ints) {
    int64_t v = d.lo + value;
    if (fields[field].kind == FieldKind::Bool) return v ? "true" : "false";
    return std::to_string(v);
  }
  int32_t o = d.object_of(value);
  if (o < 0) return "nullptr";
  return object_name(classes[d.class_domain].first_object + static_cast<uint32_t>(o));
}

void FieldSpace::reachable(const uint8_t* values, std::vector<uint8_t>& reached) const {
  reached.assign(objects.size(), 0);
  std::vector<uint32_t> work{0};
  reached[0] = 1;
  while (!work.empty()) {
    const SpaceObject& o = objects[work.back()];
    work.pop_back();
    for (uint32_t f = o.first_field; f < o.first_field + o.field_count; ++f) {
      const Domain& d = domains[fields[f].domain];
      if (d.kind != Domain::Objects || !in_structure(f, values, reached)) continue;
      const int32_t index = d.object_of(values[f]);
      if (index < 0) continue;
      const uint32_t target = classes[d.class_domain].first_object + static_cast<uint32_t>(index);
      if (target >= objects.size()) continue;  // a value outside its domain: not an object
      if (!reached[target]) reached[target] = 1, work.push_back(target);
    }
  }
}

bool FieldSpace::in_structure(uint32_t f, const uint8_t* values, const std::vector<uint8_t>& reached) const {
  const SpaceField& sf = fields[f];
  if (!reached[sf.object]) return false;
  if (sf.element < 0) return true;
  const uint32_t length = f - 1 - static_cast<uint32_t>(sf.element);
  return sf.element < domains[fields[length].domain].lo + values[length];
}

double FieldSpace::log10_candidates() const {
  double sum = 0;
  for (const SpaceField& f : fields) sum += std::log10(static_cast<double>(domains[f.domain].size));
  return sum;
}

FieldSpace build_field_space(ClassId root, const Finitization& fin, const LayoutOf& layout_of, const NameOf& name_of) {
  if (fin.scope < 0) throw std::invalid_argument("the scope must not be negative");
  return SpaceBuilder(fin, layout_of, name_of).build(root);
}

}  // namespace objgen::invariant
