// ClassBuilder's members that register an operation (objgen/api.hpp declares them): each hands
// the callable's shape (objgen/detail/invoke.hpp) and a copy of the callable to
// detail::add_operation. Included at the end of objgen/api.hpp, once Api is complete.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "objgen/api.hpp"
#include "objgen/detail/invoke.hpp"

namespace objgen {

template <class T>
template <class... A>
ClassBuilder<T>& ClassBuilder<T>::constructor() {
  detail::add_operation(api_, detail::constructor_shape<T, A...>, info_.id, short_class_name(info_.name), info_.name, nullptr, nullptr,
                        true, info_.name);
  return *this;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::method(std::string_view name, F f, std::string_view cpp_call) {
  bool lambda = detail::is_lambda<F>::value && cpp_call.empty();
  detail::add_operation(api_, detail::operation_shape<F, OpKind::Method>, info_.id, name, cpp_call, new F(std::move(f)),
                        &detail::delete_callable<F>, !lambda);
  return *this;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::factory(std::string_view name, F f, std::string_view cpp_call) {
  std::string qualified = cpp_call.empty() ? info_.name + "::" + std::string(name) : std::string(cpp_call);
  detail::add_operation(api_, detail::operation_shape<F, OpKind::StaticFactory>, info_.id, name, qualified, new F(std::move(f)),
                        &detail::delete_callable<F>, true);
  return *this;
}

template <class T>
template <class F>
ClassBuilder<T>& ClassBuilder<T>::function(std::string_view name, F f, std::string_view cpp_call) {
  detail::add_operation(api_, detail::operation_shape<F, OpKind::FreeFunction>, info_.id, name, cpp_call, new F(std::move(f)),
                        &detail::delete_callable<F>, true);
  return *this;
}

}  // namespace objgen
