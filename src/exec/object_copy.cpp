#include "exec/object_copy.hpp"

#include <algorithm>
#include <cstdint>

#include "objgen/linearizer.hpp"

namespace objgen {
namespace {
bool overlap(const Linearizer& a, const Linearizer& b) {
  auto pa = a.reached_addresses(), pb = b.reached_addresses();
  std::sort(pa.begin(), pa.end());
  for (const void* p : pb)
    if (std::binary_search(pa.begin(), pa.end(), p)) return true;
  return false;
}
}  // namespace

bool copy_is_deep(ClassId cls, const Object& obj, const std::shared_ptr<const std::regex>& omit) {
  const ClassVTable& vt = class_vtable(cls);
  if (!vt.clone) return false;
  Object copy = vt.clone(obj.get());
  Linearizer a(UINT32_MAX, omit), b(UINT32_MAX, omit);
  a.run(cls, obj.get());
  b.run(cls, copy.get());
  if (!std::equal(a.words().begin(), a.words().end(), b.words().begin(), b.words().end())) return false;
  return !overlap(a, b);
}

bool share_objects(ClassId cls, const void* a, const void* b, const std::shared_ptr<const std::regex>& omit) {
  Linearizer la(UINT32_MAX, omit), lb(UINT32_MAX, omit);
  la.run(cls, a);
  lb.run(cls, b);
  return overlap(la, lb);
}

}  // namespace objgen
