// How a registered callable becomes an Operation (objgen/api.hpp's internals): the callable's
// parameter and result types as constants in static storage (detail::OperationShape), a
// type-erased invoker per callable, and the runtime functions that turn a shape into an
// Operation. A harness registers dozens of members; what each costs it in code is its invoker
// and a call of add_operation, so that a harness compiles in seconds.
#pragma once

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <vector>

#include "objgen/detail/linearize_traits.hpp"
#include "objgen/fields.hpp"
#include "objgen/operation.hpp"

namespace objgen {

class Api;

namespace detail {

template <class... T>
struct type_list {};
template <class... P>
constexpr size_t count_of(type_list<P...>) {
  return sizeof...(P);
}

template <class F>
struct callable_traits;
template <class R, class... A>
struct callable_traits<R (*)(A...)> {
  using result = R;
  using params = type_list<A...>;
  static constexpr bool is_const = false;
};
template <class R, class... A>
struct callable_traits<R (*)(A...) noexcept> : callable_traits<R (*)(A...)> {};
// NOLINTBEGIN(bugprone-macro-parentheses): QUAL is a member function's qualifiers, which parentheses would break
#define OBJGEN_DETAIL_MEMBER_TRAITS(QUAL, RECV, CONSTNESS) \
  template <class R, class C, class... A>                  \
  struct callable_traits<R (C::*)(A...) QUAL> {            \
    using result = R;                                      \
    using params = type_list<RECV, A...>;                  \
    static constexpr bool is_const = CONSTNESS;            \
  };
// NOLINTEND(bugprone-macro-parentheses)
OBJGEN_DETAIL_MEMBER_TRAITS(, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(&, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(noexcept, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(&noexcept, C&, false)
OBJGEN_DETAIL_MEMBER_TRAITS(const, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const&, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const noexcept, const C&, true)
OBJGEN_DETAIL_MEMBER_TRAITS(const& noexcept, const C&, true)
#undef OBJGEN_DETAIL_MEMBER_TRAITS
// Lambdas: the call operator's parameters, without the closure object.
template <class R, class L, class... A>
struct lambda_traits {
  using result = R;
  using params = type_list<A...>;
  static constexpr bool is_const = false;
};
template <class F, class = void>
struct is_lambda : std::false_type {};
template <class F>
struct is_lambda<F, std::void_t<decltype(&F::operator())>> : std::true_type {};
template <class R, class L, class... A>
lambda_traits<R, L, A...> lambda_of(R (L::*)(A...) const);
template <class R, class L, class... A>
lambda_traits<R, L, A...> lambda_of(R (L::*)(A...));
template <class F, bool = is_lambda<F>::value>
struct select_traits {
  using type = callable_traits<F>;
};
template <class F>
struct select_traits<F, true> {
  using type = decltype(lambda_of(&F::operator()));
};
template <class F>
using traits_of = typename select_traits<F>::type;

template <class T>
struct smart_target {
  using type = void;
};
template <class T, class D>
struct smart_target<std::unique_ptr<T, D>> {
  using type = T;
};
template <class T>
struct smart_target<std::shared_ptr<T>> {
  using type = T;
};

template <class B>
constexpr LiteralKind literal_kind_of() {
  if constexpr (std::is_same_v<B, bool>)
    return LiteralKind::Bool;
  else if constexpr (std::is_same_v<B, char> || std::is_same_v<B, signed char> || std::is_same_v<B, unsigned char>)
    return LiteralKind::Char;
  else if constexpr (std::is_integral_v<B> || std::is_enum_v<B>)
    return LiteralKind::Int;
  else if constexpr (std::is_floating_point_v<B>)
    return LiteralKind::Double;
  else
    return LiteralKind::String;
}
template <class B>
constexpr bool is_literal_type_v =
    std::is_arithmetic_v<B> || std::is_enum_v<B> || std::is_same_v<B, std::string> || std::is_same_v<B, std::string_view>;

// How parameter type P is filled from an Arg, and what slot it is.
template <class P>
struct param {
  using B = std::remove_cvref_t<P>;
  using Target = std::remove_cv_t<
      std::conditional_t<std::is_pointer_v<B>, std::remove_pointer_t<B>,
                         std::conditional_t<!std::is_void_v<typename smart_target<B>::type>, typename smart_target<B>::type, B>>>;

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

// What a T& or T* result refers to (cv kept), and whether it is a described class.
template <class R>
using referent_cv_t = std::conditional_t<std::is_pointer_v<std::remove_cvref_t<R>>, std::remove_pointer_t<std::remove_cvref_t<R>>,
                                         std::remove_reference_t<R>>;
template <class R>
constexpr bool refers_to_described_v = (std::is_lvalue_reference_v<R> ||
                                        std::is_pointer_v<std::remove_cvref_t<R>>)&&!std::is_void_v<referent_cv_t<R>> &&
                                       is_described_v<referent_cv_t<R>>;

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
        out.object = std::const_pointer_cast<std::remove_cv_t<Target>>(std::shared_ptr<Target>(std::forward<R>(r)));
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
  [&]<size_t... I>(std::index_sequence<I...>) { out.object = std::make_shared<T>(param<A>::get(args[I])...); }
  (std::index_sequence_for<A...>{});
  out.has_object = true;
}

// A parameter or result type as constants: what a SlotType is made of when the operation is
// registered (make_operation, in objgen's runtime). A harness registers dozens of members; as
// constants in static storage they cost it no code each, where building the SlotTypes inline did
// (strings, vectors: most of a harness's compile time went to that).
struct SlotShape {
  SlotKind kind = SlotKind::None;
  LiteralKind literal = LiteralKind::Int;
  Passing passing = Passing::Value;
  bool is_unsigned = false;
  ClassId (*cls)() = nullptr;
  const std::type_info* type = nullptr;  // without cv and reference; null: void
  bool is_const = false;                 // spelled "const T"
  uint8_t reference = 0;                 // 1: "T&", 2: "T&&"
  const std::type_info* enum_type = nullptr;
};

template <class P>
constexpr SlotShape param_shape() {
  using B = typename param<P>::B;
  using Target = typename param<P>::Target;
  using R = std::remove_reference_t<P>;
  SlotShape s;
  s.type = &typeid(std::remove_cv_t<R>);
  s.is_const = std::is_const_v<R>;
  s.reference = std::is_lvalue_reference_v<P> ? 1 : std::is_rvalue_reference_v<P> ? 2 : 0;
  if constexpr (is_literal_type_v<B>) {
    s.kind = SlotKind::Literal;
    s.literal = literal_kind_of<B>();
    if constexpr (std::is_enum_v<B>) s.enum_type = &typeid(B);
    if constexpr (std::is_integral_v<B>) s.is_unsigned = std::is_unsigned_v<B>;
  } else {
    static_assert(is_described_v<Target>,
                  "objgen: parameter type is neither a primitive, std::string, nor a class "
                  "described with OBJGEN_FIELDS");
    s.kind = SlotKind::Object;
    s.cls = &class_id<Target>;
    if constexpr (std::is_pointer_v<B>)
      s.passing = std::is_const_v<std::remove_pointer_t<B>> ? Passing::ConstPtr : Passing::Ptr;
    else if constexpr (!std::is_void_v<typename smart_target<B>::type>)
      s.passing = is_shared_ptr<B>::value ? Passing::SharedPtr : Passing::UniquePtr;
    else if constexpr (std::is_rvalue_reference_v<P>)
      s.passing = Passing::RValue;
    else if constexpr (std::is_lvalue_reference_v<P>)
      s.passing = std::is_const_v<std::remove_reference_t<P>> ? Passing::ConstRef : Passing::Ref;
    else
      s.passing = Passing::Value;
  }
  return s;
}

template <class R>
constexpr SlotShape result_shape() {
  using B = std::remove_cvref_t<R>;
  using Target = typename smart_target<B>::type;
  SlotShape s;
  if constexpr (!std::is_void_v<R>) s.type = &typeid(B);
  if constexpr (std::is_void_v<R> || std::is_pointer_v<B> || (std::is_reference_v<R> && !is_literal_type_v<B>)) {
  } else if constexpr (is_literal_type_v<B>) {
    s.kind = SlotKind::Literal;
    s.literal = literal_kind_of<B>();
  } else if constexpr (!std::is_void_v<Target>) {
    if constexpr (is_described_v<Target>) {
      s.kind = SlotKind::Object;
      s.cls = &class_id<std::remove_cv_t<Target>>;
      s.passing = is_shared_ptr<B>::value ? Passing::SharedPtr : Passing::UniquePtr;
    }
  } else if constexpr (is_described_v<B>) {
    s.kind = SlotKind::Object;
    s.cls = &class_id<B>;
  }
  return s;
}

struct ReferencedShape {
  ClassId (*cls)() = nullptr;  // null: not a reference to a described class
  bool pointer = false, to_const = false;
};

template <class R>
constexpr ReferencedShape referenced_shape() {
  ReferencedShape r;
  if constexpr (refers_to_described_v<R>) {
    r.cls = &class_id<std::remove_cv_t<referent_cv_t<R>>>;
    r.pointer = std::is_pointer_v<std::remove_cvref_t<R>>;
    r.to_const = std::is_const_v<referent_cv_t<R>>;
  }
  return r;
}

struct OperationShape {
  OpKind kind;
  bool is_const;
  const SlotShape* params;  // param_count of them
  size_t param_count;
  SlotShape result;
  ReferencedShape referenced;
  void (*invoke)(const void* fn, Arg* args, CallResult& out);
};

template <class... P>
inline constexpr SlotShape param_shapes[] = {param_shape<P>()..., SlotShape{}};

template <class F, class... P>
constexpr OperationShape callable_shape(OpKind kind, type_list<P...>) {
  using Tr = traits_of<F>;
  return {kind,
          Tr::is_const,
          param_shapes<P...>,
          sizeof...(P),
          result_shape<typename Tr::result>(),
          referenced_shape<typename Tr::result>(),
          &invoke_erased<F>};
}
template <class F, OpKind K>
inline constexpr OperationShape operation_shape = callable_shape<F>(K, typename traits_of<F>::params{});

template <class T, class... A>
inline constexpr OperationShape constructor_shape = {
    OpKind::Constructor, false, param_shapes<A...>, sizeof...(A), result_shape<T>(), ReferencedShape{}, &construct_erased<T, A...>};

// Deletes the callable a ClassBuilder registered (given to add_operation).
template <class F>
void delete_callable(const void* p) {
  delete static_cast<const F*>(p);
}

// The operation described by `shape` added to the Api (objgen's runtime: model/api.cpp).
// `result_spelling` names the result type when not empty (a constructor's: the class's name).
// `fn` (null for constructors) is the callable, which `destroy` deletes; `cpp_call` empty: `name`.
void add_operation(Api& api, const OperationShape& shape, ClassId owner, std::string_view name, std::string_view cpp_call, const void* fn,
                   void (*destroy)(const void*), bool emittable, std::string_view result_spelling = {});
// The last operation's emitted call (ClassBuilder::emitted_as) and parameter names (param_names).
void set_call_pattern(Api& api, std::string_view pattern);
void set_param_names(Api& api, std::vector<std::string> names);
void set_declared_at(Api& api, SourceLine at);

}  // namespace detail

}  // namespace objgen
