// Registering a C++ API with objgen.
//
//   objgen::Api api;
//   api.add_class<my::List>()
//       .constructor<>()
//       .method("add", &my::List::add)
//       .method("remove", &my::List::remove)
//       .invariant(&my::List::repOK)
//       .builders({"List", "add"});
//
// Parameters may be primitives (bool, char, integers, enums, floating point), std::string, or
// described classes by value, reference, pointer, std::unique_ptr or std::shared_ptr. Results of a
// described class type (by value or owning smart pointer) become new objects usable as inputs.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <regex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "objgen/linearizer.hpp"

namespace objgen {

enum class LiteralKind : uint8_t { Int, Double, Char, Bool, String };
const char* literal_kind_name(LiteralKind k);
// "ns::Box<ns::Item>" -> "Box": the name constructors are selected by.
std::string short_class_name(const std::string& qualified);

struct Literal {
  LiteralKind kind = LiteralKind::Int;
  int64_t i = 0;
  double d = 0;
  std::string s;
};

// One actual argument: a literal or a slot holding an object.
struct Arg {
  const Literal* lit = nullptr;
  Object* obj = nullptr;
};

enum class SlotKind : uint8_t { None, Literal, Object };
enum class Passing : uint8_t { Value, ConstRef, Ref, RValue, ConstPtr, Ptr, UniquePtr, SharedPtr };

struct SlotType {
  SlotKind kind = SlotKind::None;
  LiteralKind literal = LiteralKind::Int;
  ClassId cls = 0;
  Passing passing = Passing::Value;
  std::string cpp_type;  // spelling of the C++ parameter type for emitted code
  std::string enum_type;  // an enumeration (unqualified, no reference): emitted as enumerators
  bool is_unsigned = false;  // an unsigned integer: a negative literal reaches it as a huge count

  bool is_object() const { return kind == SlotKind::Object; }
  bool is_literal() const { return kind == SlotKind::Literal; }
  // The callee gets the caller's object itself and may change it.
  bool may_modify() const {
    return is_object() && (passing == Passing::Ref || passing == Passing::Ptr ||
                           passing == Passing::SharedPtr);
  }
  // The callee takes the object away (moved into it).
  bool consumed() const {
    return is_object() && (passing == Passing::UniquePtr || passing == Passing::RValue);
  }
};

struct CallResult {
  Object object;
  Literal literal;
  bool has_object = false;
  bool has_literal = false;
  void* referenced = nullptr;  // the object a T& or T* result of a described class refers to
};

// A result that refers to an object another owns (T& or T* of a described class, not owned):
// calls can go on through it, as in game.player(id).setTeam(t) (Api::add_calls_through_references).
struct ReferencedResult {
  ClassId cls = 0;
  bool valid = false;
  bool pointer = false;   // T*: may be null
  bool to_const = false;  // const T& / const T*: only const members can go on through it
};

// An operation made of two: `call` on the object that `accessor` returns a reference to.
struct ThroughReference {
  uint32_t accessor = UINT32_MAX, call = UINT32_MAX;  // indices into Api::operations()
  uint32_t accessor_arity = 0;                          // the accessor's parameters, receiver included
  std::string accessor_name;
  bool derived() const { return accessor != UINT32_MAX; }
};

enum class OpKind : uint8_t { Constructor, Method, StaticFactory, FreeFunction };

struct Operation {
  std::string name;      // as selected with --methods: "addLast", or the class name for constructors
  std::string cpp_call;  // what emitted code calls: member name, "Cls::make", "ns::f"
  OpKind kind = OpKind::Method;
  ClassId owner = 0;
  std::vector<SlotType> params;  // receiver first for methods
  SlotType result;
  bool is_const = false;  // const member function (a static purity hint)
  bool emittable = true;  // emitted C++ can call it (false: a lambda without cpp_call)
  // How emitted code spells the call when a lambda adapts it: {0}, {1}, ... are the arguments
  // (the receiver first for methods), e.g. "{0}->insert(std::pair<const int, int>({1}, {2}))".
  std::string call_pattern;
  ReferencedResult referenced;  // set for T&/T* results of described classes
  // The parameters' names as declared, one per slot ("" for the receiver and for unnamed ones);
  // empty when not registered. A failure report naming `pos` then blames the slot named pos.
  std::vector<std::string> param_names;
  ThroughReference through;     // set for operations Api::add_calls_through_references made
  bool upcast = false;          // made by Api::upcast: a conversion, not a member to test
  // A contract check (gen/oracles/contracts.hpp: the Contract's value), not a member of the API:
  // generators never pick it; it ends sequences that show a broken contract. -1: not one.
  int8_t contract = -1;
  uint32_t contract_mutator = UINT32_MAX;  // the copy-independence check's mutating operation
  void (*invoke)(const void* fn, Arg* args, CallResult& out) = nullptr;
  std::shared_ptr<const void> fn;

  void call(Arg* args, CallResult& out) const { invoke(fn.get(), args, out); }
  std::string signature() const;  // "List::add(int)"
  // Parameter k for people: its declared name, else "the receiver" or "parameter k".
  std::string parameter_name(size_t k) const;
  size_t object_param_count() const;
};

namespace detail {

template <class... T> struct type_list {};
template <class... P> constexpr size_t count_of(type_list<P...>) { return sizeof...(P); }

template <class F> struct callable_traits;
template <class R, class... A> struct callable_traits<R (*)(A...)> {
  using result = R; using params = type_list<A...>; static constexpr bool is_const = false;
};
template <class R, class... A> struct callable_traits<R (*)(A...) noexcept> : callable_traits<R (*)(A...)> {};
#define OBJGEN_DETAIL_MEMBER_TRAITS(QUAL, RECV, CONSTNESS)                                      \
  template <class R, class C, class... A> struct callable_traits<R (C::*)(A...) QUAL> {          \
    using result = R; using params = type_list<RECV, A...>;                                      \
    static constexpr bool is_const = CONSTNESS;                                                  \
  };
OBJGEN_DETAIL_MEMBER_TRAITS(, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(&, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(noexcept, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(& noexcept, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(const, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const&, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const noexcept, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const& noexcept, const C&, true)
#undef OBJGEN_DETAIL_MEMBER_TRAITS
// Lambdas: the call operator's parameters, without the closure object.
template <class R, class L, class... A> struct lambda_traits { using result = R; using params = type_list<A...>; static constexpr bool is_const = false; };
template <class F, class = void> struct is_lambda : std::false_type {};
template <class F> struct is_lambda<F, std::void_t<decltype(&F::operator())>> : std::true_type {};
template <class R, class L, class... A> lambda_traits<R, L, A...> lambda_of(R (L::*)(A...) const);
template <class R, class L, class... A> lambda_traits<R, L, A...> lambda_of(R (L::*)(A...));
template <class F, bool = is_lambda<F>::value> struct select_traits { using type = callable_traits<F>; };
template <class F> struct select_traits<F, true> { using type = decltype(lambda_of(&F::operator())); };
template <class F>
using traits_of = typename select_traits<F>::type;

template <class T> struct smart_target { using type = void; };
template <class T, class D> struct smart_target<std::unique_ptr<T, D>> { using type = T; };
template <class T> struct smart_target<std::shared_ptr<T>> { using type = T; };

template <class B>
constexpr LiteralKind literal_kind_of() {
  if constexpr (std::is_same_v<B, bool>) return LiteralKind::Bool;
  else if constexpr (std::is_same_v<B, char> || std::is_same_v<B, signed char> ||
                     std::is_same_v<B, unsigned char>) return LiteralKind::Char;
  else if constexpr (std::is_integral_v<B> || std::is_enum_v<B>) return LiteralKind::Int;
  else if constexpr (std::is_floating_point_v<B>) return LiteralKind::Double;
  else return LiteralKind::String;
}
template <class B>
constexpr bool is_literal_type_v = std::is_arithmetic_v<B> || std::is_enum_v<B> ||
                                   std::is_same_v<B, std::string> ||
                                   std::is_same_v<B, std::string_view>;

std::string demangle(const char* mangled);
template <class T> std::string type_spelling() { return demangle(typeid(T).name()); }

// How parameter type P is filled from an Arg, and what slot it is.
template <class P>
struct param {
  using B = std::remove_cvref_t<P>;
  using Target = std::remove_cv_t<std::conditional_t<
      std::is_pointer_v<B>, std::remove_pointer_t<B>,
      std::conditional_t<!std::is_void_v<typename smart_target<B>::type>,
                         typename smart_target<B>::type, B>>>;

  static SlotType slot(std::string cpp_type) {
    SlotType s;
    s.cpp_type = std::move(cpp_type);
    if constexpr (is_literal_type_v<B>) {
      s.kind = SlotKind::Literal;
      s.literal = literal_kind_of<B>();
      if constexpr (std::is_enum_v<B>) s.enum_type = type_spelling<B>();
      if constexpr (std::is_integral_v<B>) s.is_unsigned = std::is_unsigned_v<B>;
    } else {
      static_assert(is_described_v<Target>,
                    "objgen: parameter type is neither a primitive, std::string, nor a class "
                    "described with OBJGEN_FIELDS");
      s.kind = SlotKind::Object;
      s.cls = class_id<Target>();
      if constexpr (std::is_pointer_v<B>)
        s.passing = std::is_const_v<std::remove_pointer_t<B>> ? Passing::ConstPtr : Passing::Ptr;
      else if constexpr (!std::is_void_v<typename smart_target<B>::type>)
        s.passing = is_shared_ptr<B>::value ? Passing::SharedPtr
                                                               : Passing::UniquePtr;
      else if constexpr (std::is_rvalue_reference_v<P>) s.passing = Passing::RValue;
      else if constexpr (std::is_lvalue_reference_v<P>)
        s.passing = std::is_const_v<std::remove_reference_t<P>> ? Passing::ConstRef : Passing::Ref;
      else s.passing = Passing::Value;
    }
    return s;
  }

  static decltype(auto) get(Arg& a) {
    if constexpr (std::is_same_v<B, std::string> || std::is_same_v<B, std::string_view>) {
      return B(a.lit->s);
    } else if constexpr (std::is_floating_point_v<B>) {
      return static_cast<B>(a.lit->d);
    } else if constexpr (std::is_arithmetic_v<B> || std::is_enum_v<B>) {
      return static_cast<B>(a.lit->i);
    } else if constexpr (std::is_pointer_v<B>) {
      return static_cast<Target*>(a.obj->get());
    } else if constexpr (is_shared_ptr<B>::value) {
      return B(std::static_pointer_cast<Target>(*a.obj));
    } else if constexpr (!std::is_void_v<typename smart_target<B>::type>) {
      if constexpr (std::is_abstract_v<Target>) {  // a hand-written registration: no object of its own type exists
        throw std::logic_error("objgen: cannot pass a unique_ptr to an abstract class");
        return B();
      } else {
        return B(new Target(std::move(*static_cast<Target*>(a.obj->get()))));
      }
    } else if constexpr (std::is_rvalue_reference_v<P>) {
      return std::move(*static_cast<Target*>(a.obj->get()));
    } else {
      return static_cast<Target&>(*static_cast<Target*>(a.obj->get()));
    }
  }
};

template <class R>
SlotType result_slot(std::string cpp_type) {
  using B = std::remove_cvref_t<R>;
  using Target = typename smart_target<B>::type;
  SlotType s;
  s.cpp_type = std::move(cpp_type);
  if constexpr (std::is_void_v<R> || std::is_pointer_v<B> || (std::is_reference_v<R> && !is_literal_type_v<B>)) {
    // Nothing, or a view into an object someone else owns: not a new object. (A reference to a
    // value, front()'s const int&, is that value.)
  } else if constexpr (is_literal_type_v<B>) {
    s.kind = SlotKind::Literal;
    s.literal = literal_kind_of<B>();
  } else if constexpr (!std::is_void_v<Target>) {
    if constexpr (is_described_v<Target>) {
      s.kind = SlotKind::Object;
      s.cls = class_id<std::remove_cv_t<Target>>();
      s.passing = is_shared_ptr<B>::value ? Passing::SharedPtr : Passing::UniquePtr;
    }
  } else if constexpr (is_described_v<B>) {
    s.kind = SlotKind::Object;
    s.cls = class_id<B>();
  }
  return s;
}

// What a T& or T* result refers to (cv kept), and whether it is a described class.
template <class R>
using referent_cv_t = std::conditional_t<std::is_pointer_v<std::remove_cvref_t<R>>,
                                         std::remove_pointer_t<std::remove_cvref_t<R>>, std::remove_reference_t<R>>;
template <class R>
constexpr bool refers_to_described_v = (std::is_lvalue_reference_v<R> || std::is_pointer_v<std::remove_cvref_t<R>>) &&
                                       !std::is_void_v<referent_cv_t<R>> && is_described_v<referent_cv_t<R>>;

template <class R>
ReferencedResult referenced_result() {
  ReferencedResult r;
  if constexpr (refers_to_described_v<R>) {
    r.cls = class_id<std::remove_cv_t<referent_cv_t<R>>>();
    r.valid = true;
    r.pointer = std::is_pointer_v<std::remove_cvref_t<R>>;
    r.to_const = std::is_const_v<referent_cv_t<R>>;
  }
  return r;
}

template <class B, class V>
void store_literal(const V& r, CallResult& out) {
  if constexpr (std::is_same_v<B, bool> || std::is_integral_v<B> || std::is_enum_v<B>) {
    out.literal.kind = literal_kind_of<B>();
    out.literal.i = static_cast<int64_t>(r);
  } else if constexpr (std::is_floating_point_v<B>) {
    out.literal.kind = LiteralKind::Double;
    out.literal.d = static_cast<double>(r);
  } else {
    out.literal.kind = LiteralKind::String;
    out.literal.s = std::string(r);
  }
  out.has_literal = true;
}

template <class R>
void store_result(R&& r, CallResult& out) {
  using B = std::remove_cvref_t<R>;
  using Target = typename smart_target<B>::type;
  if constexpr (std::is_reference_v<R> || std::is_pointer_v<B>) {
    if constexpr (refers_to_described_v<R>) {
      if constexpr (std::is_pointer_v<B>)
        out.referenced = const_cast<void*>(static_cast<const void*>(r));
      else
        out.referenced = const_cast<void*>(static_cast<const void*>(std::addressof(r)));
    } else if constexpr (std::is_lvalue_reference_v<R> && is_literal_type_v<B>) {
      store_literal<B>(r, out);  // front(), at(i): a reference to a value, read now
    } else {
      (void)r;
    }
  } else if constexpr (is_literal_type_v<B>) {
    store_literal<B>(r, out);
  } else if constexpr (!std::is_void_v<Target>) {
    if constexpr (is_described_v<Target>) {
      if (r) {
        out.object = std::const_pointer_cast<std::remove_cv_t<Target>>(std::shared_ptr<Target>(std::move(r)));
        out.has_object = true;
      }
    }
  } else if constexpr (is_described_v<B>) {
    out.object = std::make_shared<B>(std::forward<R>(r));
    out.has_object = true;
  }
}

template <class F, class R, class... P, size_t... I>
void invoke_with(const F& f, Arg* args, CallResult& out, type_list<P...>, std::index_sequence<I...>) {
  if constexpr (std::is_void_v<R>) {
    std::invoke(f, param<P>::get(args[I])...);
  } else {
    store_result<R>(std::invoke(f, param<P>::get(args[I])...), out);
  }
}

template <class F>
void invoke_erased(const void* fn, Arg* args, CallResult& out) {
  using Tr = traits_of<F>;
  invoke_with<F, typename Tr::result>(*static_cast<const F*>(fn), args, out, typename Tr::params{},
                                      std::make_index_sequence<count_of(typename Tr::params{})>{});
}

template <class T, class... A>
void construct_erased(const void*, Arg* args, CallResult& out) {
  [&]<size_t... I>(std::index_sequence<I...>) {
    out.object = std::make_shared<T>(param<A>::get(args[I])...);
  }(std::index_sequence_for<A...>{});
  out.has_object = true;
}


// The parameter type as written: "const examples::List&", "int", "std::unique_ptr<T>".
template <class P>
std::string parameter_spelling() {
  using R = std::remove_reference_t<P>;
  std::string s = std::is_const_v<R> ? "const " : "";
  s += type_spelling<std::remove_cv_t<R>>();
  if constexpr (std::is_lvalue_reference_v<P>) s += "&";
  else if constexpr (std::is_rvalue_reference_v<P>) s += "&&";
  return s;
}

template <class... P>
std::vector<SlotType> slots_of(type_list<P...>) {
  return {param<P>::slot(parameter_spelling<P>())...};
}

}  // namespace detail

// Which exceptions mean "the caller broke a precondition" (the sequence is discarded) rather than
// "the code under test failed" (reported).
class MisusePolicy {
 public:
  MisusePolicy();  // std::invalid_argument, std::out_of_range, std::length_error, std::domain_error
  void clear();
  // Matches the exception's dynamic type name exactly (as demangled), e.g. "my::BadState".
  void add_name(std::string type_name);
  template <class E> void add() {
    matchers_.push_back([](const std::exception_ptr& e) {
      try { std::rethrow_exception(e); } catch (const E&) { return true; } catch (...) { return false; }
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
};

class Api;

template <class T>
class ClassBuilder {
 public:
  ClassBuilder(Api& api, ClassInfo& info) : api_(api), info_(info) {}

  template <class... A>
  ClassBuilder& constructor();
  // cpp_call: the member name emitted tests call; needed when f is a lambda (emitted code
  // cannot call a lambda, so sequences using it are emitted as skipped tests).
  template <class F>
  ClassBuilder& method(std::string name, F f, std::string cpp_call = "");
  // A static member or free function that returns a new T (by value or owning pointer).
  template <class F>
  ClassBuilder& factory(std::string name, F f, std::string cpp_call = "");
  // A free function that takes a T among its parameters.
  template <class F>
  ClassBuilder& function(std::string name, F f, std::string cpp_call = "");
  // f: bool(const T&) or a const member function; member_name lets emitted tests call it.
  template <class F>
  ClassBuilder& invariant(F f, std::string member_name = "") {
    info_.invariant_call = std::move(member_name);
    info_.invariant = [f](const void* p) { return static_cast<bool>(std::invoke(f, *static_cast<const T*>(p))); };
    return *this;
  }
  ClassBuilder& builders(std::vector<std::string> names) { info_.builders = std::move(names); return *this; }
  ClassBuilder& omit_fields(std::string regex) { info_.omit_fields = std::move(regex); return *this; }
  ClassBuilder& constants(std::vector<std::pair<std::string, long long>> named) {
    info_.constants = std::move(named);
    return *this;
  }
  // The call emitted code writes for the operation registered last (see Operation::call_pattern).
  ClassBuilder& emitted_as(std::string pattern);
  // The declared names of the last operation's parameters, the receiver not included.
  ClassBuilder& param_names(std::vector<std::string> names);
  ClassBuilder& implementation_members(std::vector<std::string> names) {
    info_.implementation_members = std::move(names);
    return *this;
  }

 private:
  template <class F>
  Operation make_op(std::string name, F f, OpKind kind, std::string cpp_call);
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
    add_class<B>()
        .factory("upcast", [](std::shared_ptr<D> d) { return std::shared_ptr<B>(std::move(d)); })
        .emitted_as("{0}");
    last_operation().upcast = true;
  }
  MisusePolicy& misuse() { return misuse_; }
  const MisusePolicy& misuse() const { return misuse_; }
  // The enumerators of an enumeration parameters take: generators offer these values (not
  // arbitrary ints), and emitted code names them. Spelled as C++ ("E::a"), with their values.
  template <class E>
  void enumeration(std::vector<std::pair<std::string, int64_t>> enumerators) {
    static_assert(std::is_enum_v<E>, "objgen: enumeration<E> takes an enum type");
    enumerations_[detail::type_spelling<E>()] = std::move(enumerators);
  }
  const std::map<std::string, std::vector<std::pair<std::string, int64_t>>>& enumerations() const {
    return enumerations_;
  }
  // The same by the enumeration's spelling (an API described as data: src/harness).
  void set_enumeration(std::string spelling, std::vector<std::pair<std::string, int64_t>> enumerators) {
    enumerations_[std::move(spelling)] = std::move(enumerators);
  }

 private:
  std::deque<ClassInfo> classes_;  // deque: ClassBuilder keeps references
  std::vector<Operation> ops_;
  MisusePolicy misuse_;
  std::map<std::string, std::vector<std::pair<std::string, int64_t>>> enumerations_;
};

// ---- ClassBuilder implementation ----

template <class T>
template <class... A>
ClassBuilder<T>& ClassBuilder<T>::constructor() {
  Operation op;
  op.kind = OpKind::Constructor;
  op.owner = info_.id;
  op.name = short_class_name(info_.name);
  op.cpp_call = info_.name;
  op.params = detail::slots_of(detail::type_list<A...>{});
  op.result = detail::result_slot<T>(info_.name);
  op.invoke = &detail::construct_erased<T, A...>;
  api_.add_operation(std::move(op));
  return *this;
}

template <class T>
template <class F>
Operation ClassBuilder<T>::make_op(std::string name, F f, OpKind kind, std::string cpp_call) {
  using Tr = detail::traits_of<F>;
  Operation op;
  op.kind = kind;
  op.owner = info_.id;
  op.cpp_call = cpp_call.empty() ? name : std::move(cpp_call);
  op.name = std::move(name);
  op.is_const = Tr::is_const;
  op.params = detail::slots_of(typename Tr::params{});
  op.referenced = detail::referenced_result<typename Tr::result>();
  op.result = detail::result_slot<typename Tr::result>(
      std::is_void_v<typename Tr::result> ? "void" : detail::type_spelling<std::remove_cvref_t<typename Tr::result>>());
  op.invoke = &detail::invoke_erased<F>;
  op.fn = std::make_shared<const F>(std::move(f));
  return op;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::method(std::string name, F f, std::string cpp_call) {
  bool lambda = detail::is_lambda<F>::value && cpp_call.empty();
  Operation op = make_op(std::move(name), std::move(f), OpKind::Method, std::move(cpp_call));
  op.emittable = !lambda;
  api_.add_operation(std::move(op));
  return *this;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::factory(std::string name, F f, std::string cpp_call) {
  if (cpp_call.empty()) cpp_call = info_.name + "::" + name;
  api_.add_operation(make_op(std::move(name), std::move(f), OpKind::StaticFactory, std::move(cpp_call)));
  return *this;
}

template <class T>
ClassBuilder<T>& ClassBuilder<T>::emitted_as(std::string pattern) {
  Operation& op = api_.last_operation();
  op.call_pattern = std::move(pattern);
  op.emittable = true;
  return *this;
}

template <class T>
ClassBuilder<T>& ClassBuilder<T>::param_names(std::vector<std::string> names) {
  Operation& op = api_.last_operation();
  if (op.kind == OpKind::Method) names.insert(names.begin(), "");
  if (names.size() != op.params.size())
    throw std::logic_error("objgen: param_names() for " + op.name + " names " + std::to_string(names.size()) +
                           " slots, the operation has " + std::to_string(op.params.size()));
  op.param_names = std::move(names);
  return *this;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::function(std::string name, F f, std::string cpp_call) {
  api_.add_operation(make_op(std::move(name), std::move(f), OpKind::FreeFunction, std::move(cpp_call)));
  return *this;
}

}  // namespace objgen
