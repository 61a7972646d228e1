// Registering a C++ API with objgen: the registration DSL a harness is written in.
//
//   #include "objgen/objgen.hpp"  // this header, field descriptions (OBJGEN_FIELDS) and the linearizer
//
//   void register_my_list(objgen::Api& api) {
//     api.add_class<my::List>()
//         .constructor<>()                             // my::List(); constructor<int>(): my::List(int)
//         .method("add", &my::List::add)               // members: the receiver is the first parameter
//         .method("remove", &my::List::remove)
//         .factory("of", &my::List::of)                // static members and free functions returning a new List
//         .function("merge", &my::merge)               // free functions taking a List
//         .invariant(&my::List::repOK, "repOK")        // the class invariant: bool(const List&) or a const member
//         .builders({"List", "add"});                  // the default --methods for this class
//     api.upcast<my::SortedList, my::List>();          // a SortedList may be given where a List is taken
//     api.misuse().add<my::BadIndex>();                // this exception means "precondition broken"
//   }
//
// Parameters may be primitives (bool, char, integers, enums, floating point), std::string, or
// described classes by value, reference, pointer, std::unique_ptr or std::shared_ptr. Results of a
// described class type (by value or owning smart pointer) become new objects usable as inputs.
// A lambda may stand for a member (its first parameter the receiver); give it `cpp_call` so that
// emitted tests can call the member it adapts. How a callable becomes an Operation is internal
// (objgen/detail/invoke.hpp, objgen/detail/class_builder.hpp).
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "objgen/detail/invoke.hpp"
#include "objgen/operation.hpp"

namespace objgen {

// Which exceptions mean "the caller broke a precondition" (the sequence is discarded) rather than
// "the code under test failed" (reported).
class MisusePolicy {
 public:
  MisusePolicy();  // std::invalid_argument, std::out_of_range, std::length_error, std::domain_error
  void clear();
  // Matches the exception's dynamic type name exactly (as demangled), e.g. "my::BadState".
  void add_name(std::string type_name);
  template <class E>
  void add() {
    matchers_.push_back([](const std::exception_ptr& e) {
      try {
        std::rethrow_exception(e);
      } catch (const E&) {
        return true;
      } catch (...) {
        return false;
      }
    });
  }
  // A test of the exception itself (add<E>() makes one per type).
  void add_matcher(std::function<bool(const std::exception_ptr&)> matcher) { matchers_.push_back(std::move(matcher)); }
  bool matches(const std::exception_ptr& e) const {
    for (const auto& m : matchers_)
      if (m(e)) return true;
    return false;
  }
  bool is_misuse(const std::exception_ptr& e, const std::string& type_name) const;
  // Also a std::exception thrown by a creator taking only literals (a constructor, factory or
  // parser: greg_year(0), from_string("a")): it validated its input and rejected it.
  bool is_misuse(const Operation& op, const std::exception_ptr& e, const std::string& type_name) const;
  const std::vector<std::string>& names() const { return names_; }
  bool creators_validate = true;  // --validation-errors misuse (the default) or failure

 private:
  std::vector<std::function<bool(const std::exception_ptr&)>> matchers_;
  std::vector<std::string> names_;
};

struct ClassInfo {
  ClassId id = 0;
  std::string name;
  std::function<bool(const void*)> invariant;
  std::string invariant_call;         // member to call in emitted tests, e.g. "repOK"
  std::vector<std::string> builders;  // default --methods for this class
  std::string omit_fields;            // default --omit-fields
  // Public by accident of the implementation (inherited from a detail:: base): builder
  // identification uses them only when the class's own interface builds nothing.
  std::vector<std::string> implementation_members;
  // Integral constants the class declares (static constexpr members, enumerators): the values
  // its methods are likeliest to accept (HeuriGenJ's first heuristic).
  std::vector<std::pair<std::string, long long>> constants;
  SourceLine declared_at;  // the class's definition (ClassBuilder::class_at)
};

class Api;

template <class T>
class ClassBuilder {
 public:
  ClassBuilder(Api& api, ClassInfo& info) : api_(api), info_(info) {}

  // The constructor T(A...).
  template <class... A>
  ClassBuilder& constructor();
  // cpp_call: the member name emitted tests call; needed when f is a lambda (emitted code
  // cannot call a lambda, so sequences using it are emitted as skipped tests).
  template <class F>
  ClassBuilder& method(std::string_view name, F f, std::string_view cpp_call = {});
  // A static member or free function that returns a new T (by value or owning pointer).
  template <class F>
  ClassBuilder& factory(std::string_view name, F f, std::string_view cpp_call = {});
  // A free function that takes a T among its parameters.
  template <class F>
  ClassBuilder& function(std::string_view name, F f, std::string_view cpp_call = {});
  // f: bool(const T&) or a const member function; member_name lets emitted tests call it.
  template <class F>
  ClassBuilder& invariant(F f, std::string member_name = "") {
    info_.invariant_call = std::move(member_name);
    info_.invariant = [f](const void* p) { return static_cast<bool>(std::invoke(f, *static_cast<const T*>(p))); };
    return *this;
  }
  // The default --methods for the class: operation names (the class's name for its constructors).
  ClassBuilder& builders(std::vector<std::string> names) {
    info_.builders = std::move(names);
    return *this;
  }
  // The default --omit-fields: fields ("field" or "Class.field") left out of the state.
  ClassBuilder& omit_fields(std::string regex) {
    info_.omit_fields = std::move(regex);
    return *this;
  }
  // The class's integral constants (ClassInfo::constants).
  ClassBuilder& constants(std::vector<std::pair<std::string, long long>> named) {
    info_.constants = std::move(named);
    return *this;
  }
  // The call emitted code writes for the operation registered last (see Operation::call_pattern).
  ClassBuilder& emitted_as(std::string_view pattern) {
    detail::set_call_pattern(api_, pattern);
    return *this;
  }
  // The declared names of the last operation's parameters, the receiver not included.
  ClassBuilder& param_names(std::vector<std::string> names) {
    detail::set_param_names(api_, std::move(names));
    return *this;
  }
  ClassBuilder& param_names(std::initializer_list<std::string_view> names) {
    return param_names(std::vector<std::string>(names.begin(), names.end()));
  }
  // Where the last operation's member is declared (a file's absolute path and its line).
  ClassBuilder& declared_at(std::string file, uint32_t line) {
    detail::set_declared_at(api_, {std::move(file), line});
    return *this;
  }
  // Where the class is defined.
  ClassBuilder& class_at(std::string file, uint32_t line) {
    info_.declared_at = {std::move(file), line};
    return *this;
  }
  // Members public only by inheritance from an implementation base (ClassInfo::implementation_members).
  ClassBuilder& implementation_members(std::vector<std::string> names) {
    info_.implementation_members = std::move(names);
    return *this;
  }

 private:
  Api& api_;
  ClassInfo& info_;
};

class Api {
 public:
  template <class T>
  ClassBuilder<T> add_class() {
    ClassId id = class_id<T>();
    return ClassBuilder<T>(*this, class_info(id));
  }
  ClassInfo& class_info(ClassId id);
  // A class's info as given (an API described as data: src/harness); replaces one of its id.
  void set_class_info(ClassInfo info) {
    for (auto& c : classes_)
      if (c.id == info.id) return void(c = std::move(info));
    classes_.push_back(std::move(info));
  }
  const ClassInfo* find_class(ClassId id) const;
  const ClassInfo* find_class(const std::string& name) const;
  const std::deque<ClassInfo>& classes() const { return classes_; }
  const std::vector<Operation>& operations() const { return ops_; }
  // For every method returning a T& or T* (not const) of another described class, one operation
  // per non-const member of T called through it: `game.player(id).setTeam(t)` is an operation of
  // Game with the parameters (id, t). A null pointer result makes the call misuse. Fluent members
  // returning the receiver itself and operators other than [] and () are not accessors. At most
  // `limit` are added; returns how many.
  size_t add_calls_through_references(size_t limit = 256);
  void add_operation(Operation op) { ops_.push_back(std::move(op)); }
  Operation& last_operation() {
    if (ops_.empty()) throw std::logic_error("objgen: emitted_as() before any operation was registered");
    return ops_.back();
  }
  // Objects of D may be given where a B is taken (D derives publicly from B, which may be
  // abstract): an operation of B named "upcast" makes a D's B, sharing the object (no copy).
  // Generators then build a B from any of its registered subclasses.
  template <class D, class B>
  void upcast() {
    static_assert(std::is_base_of_v<B, D> && std::is_convertible_v<D*, B*>, "objgen: upcast<D, B>() needs D to derive publicly from B");
    add_class<B>().factory("upcast", [](std::shared_ptr<D> d) { return std::shared_ptr<B>(std::move(d)); }).emitted_as("{0}");
    last_operation().upcast = true;
  }
  MisusePolicy& misuse() { return misuse_; }
  const MisusePolicy& misuse() const { return misuse_; }
  // The enumerators of an enumeration parameters take: generators offer these values (not
  // arbitrary ints), and emitted code names them. Spelled as C++ ("E::a"), with their values.
  template <class E>
  void enumeration(std::vector<std::pair<std::string, int64_t>> enumerators) {
    static_assert(std::is_enum_v<E>, "objgen: enumeration<E> takes an enum type");
    enumerations_[detail::demangle(typeid(E).name())] = std::move(enumerators);
  }
  const std::map<std::string, std::vector<std::pair<std::string, int64_t>>>& enumerations() const { return enumerations_; }
  // The same by the enumeration's spelling (an API described as data: src/harness).
  void set_enumeration(std::string spelling, std::vector<std::pair<std::string, int64_t>> enumerators) {
    enumerations_[std::move(spelling)] = std::move(enumerators);
  }
  // What a worker process does first, before it calls anything of this API: load the code that
  // registered it (a harness objgen described but never loaded itself). Empty for an API whose
  // code is linked into the program (the bundled examples, a test's own classes). Every worker
  // objgen starts for this API runs it (exec/child_process).
  void set_worker_setup(std::function<void()> setup) { worker_setup_ = std::move(setup); }
  const std::function<void()>& worker_setup() const { return worker_setup_; }

 private:
  std::deque<ClassInfo> classes_;  // deque: ClassBuilder keeps references
  std::vector<Operation> ops_;
  MisusePolicy misuse_;
  std::map<std::string, std::vector<std::pair<std::string, int64_t>>> enumerations_;
  std::function<void()> worker_setup_;
};

}  // namespace objgen

#include "objgen/detail/class_builder.hpp"  // ClassBuilder's members that register operations
