#include "objgen/class_registry.hpp"

#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>

#include "model/class_shells.hpp"
#include "objgen/api.hpp"

namespace objgen {
namespace {
struct Registry {
  std::mutex mutex;
  std::deque<ClassVTable> classes;          // deque: references stay valid as it grows
  std::deque<bool> unbound_shell;           // per class: a shell no harness registered in this process yet
  std::deque<std::string> shell_type_name;  // per class: a shell's demangled type, else ""
  size_t bound = 0;                         // shells bound so far
};
Registry& registry() {
  static Registry r;
  return r;
}

// The functions of a shell: none of them may run where the class's code is not loaded.
size_t shell_visit(Linearizer&, size_t) { code_under_test_called_here("visiting an object's fields"); }
Object shell_clone(const void*) { code_under_test_called_here("copying an object"); }
bool shell_compare(const void*, const void*, bool*) { code_under_test_called_here("comparing objects"); }
bool shell_hash(const void*, size_t*) { code_under_test_called_here("hashing an object"); }
Object shell_move(void*) { code_under_test_called_here("moving an object"); }
bool shell_assign(void*, const void*) { code_under_test_called_here("assigning an object"); }
}  // namespace

void code_under_test_called_here(const char* what) {
  const char text[] = "objgen: internal error: code of the class under test was called in objgen's own process (";
  (void)!write(2, text, sizeof text - 1);
  (void)!write(2, what, std::strlen(what));
  (void)!write(2, ")\n", 2);
  std::abort();
}

uint8_t class_capabilities(const ClassVTable& v) {
  return static_cast<uint8_t>((v.visit_queued ? kCanVisit : 0) | (v.clone ? kCanClone : 0) | (v.equals ? kCanCompareEqual : 0) |
                              (v.less ? kCanCompareLess : 0) | (v.hash ? kCanHash : 0) | (v.move_construct ? kCanMoveConstruct : 0) |
                              (v.copy_assign ? kCanCopyAssign : 0));
}

ClassId register_class_shell(const std::string& name, const std::string& type_name, uint8_t c) {
  ClassVTable v;
  v.name = name;
  v.type = nullptr;  // its type_info lives in the harness
  v.visit_queued = c & kCanVisit ? shell_visit : nullptr;
  v.clone = c & kCanClone ? shell_clone : nullptr;
  v.equals = c & kCanCompareEqual ? shell_compare : nullptr;
  v.less = c & kCanCompareLess ? shell_compare : nullptr;
  v.hash = c & kCanHash ? shell_hash : nullptr;
  v.move_construct = c & kCanMoveConstruct ? shell_move : nullptr;
  v.copy_assign = c & kCanCopyAssign ? shell_assign : nullptr;
  ClassId id = register_class_vtable(std::move(v));
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.unbound_shell[id] = true;
  r.shell_type_name[id] = type_name;
  return id;
}

size_t bound_class_shells() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.bound;
}

std::string demangled_class_name(ClassId id) {
  const ClassVTable& v = class_vtable(id);
  if (v.type) return detail::demangle(v.type->name());
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return r.shell_type_name.at(id).empty() ? v.name : r.shell_type_name.at(id);
}

size_t unbound_class_shells() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  size_t n = 0;
  for (bool b : r.unbound_shell) n += b;
  return n;
}

// A worker loading the harness registers its classes in the order objgen's process registered
// their shells: each takes the place (and id) of the first unbound shell of its name.
ClassId register_class_vtable(ClassVTable vtable) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  for (size_t i = 0; i < r.classes.size(); ++i)
    if (r.unbound_shell[i] && r.classes[i].name == vtable.name) {
      r.classes[i] = std::move(vtable);
      r.unbound_shell[i] = false;
      ++r.bound;
      return static_cast<ClassId>(i);
    }
  if (r.classes.size() >= 0xfffe) throw std::length_error("objgen: too many described classes");
  r.classes.push_back(std::move(vtable));
  r.unbound_shell.push_back(false);
  r.shell_type_name.emplace_back();
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
    if (r.classes[i].type && *r.classes[i].type == type) {
      *id = static_cast<ClassId>(i);
      return true;
    }
  return false;
}

}  // namespace objgen
