// Choosing which operations a strategy combines (--methods).
#pragma once

#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

// names: operation names ("addLast"), constructor class names ("NodeCachingList"), full
// signatures, or the single word "all". When no chosen operation creates the target class, its
// constructors are added (unless add_constructors is false). Returns indices in API order.
// Throws std::invalid_argument naming an unknown method and listing the API.
std::vector<uint32_t> select_operations(const Api& api, ClassId target, const std::vector<std::string>& names,
                                        bool add_constructors = true);

}  // namespace objgen
