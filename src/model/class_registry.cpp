#include "objgen/class_registry.hpp"

#include <deque>
#include <mutex>
#include <stdexcept>

namespace objgen {
namespace {
struct Registry {
  std::mutex mutex;
  std::deque<ClassVTable> classes;  // deque: references stay valid as it grows
};
Registry& registry() {
  static Registry r;
  return r;
}
}  // namespace

ClassId register_class_vtable(ClassVTable vtable) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  if (r.classes.size() >= 0xfffe) throw std::length_error("objgen: too many described classes");
  r.classes.push_back(std::move(vtable));
  return static_cast<ClassId>(r.classes.size() - 1);
}

const ClassVTable& class_vtable(ClassId id) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.classes.at(id);
}

size_t registered_class_count() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.classes.size();
}

bool find_class_by_type(const std::type_info& type, ClassId* id) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (size_t i = 0; i < r.classes.size(); ++i)
    if (*r.classes[i].type == type) {
      *id = static_cast<ClassId>(i);
      return true;
    }
  return false;
}

}  // namespace objgen
