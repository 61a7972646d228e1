// The outcome of a call as one number: the value it returns (0 for void), or kThrew when it throws
// a standard exception, so that two versions' calls compare with ==.
#pragma once

#include <climits>
#include <exception>
#include <type_traits>

constexpr long kThrew = LONG_MIN;

template <class Call>
long outcome(Call call) {
  try {
    if constexpr (std::is_void_v<decltype(call())>) {
      call();
      return 0;
    } else {
      return static_cast<long>(call());
    }
  } catch (const std::exception&) {
    return kThrew;
  }
}
