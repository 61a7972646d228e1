// Choosing which operations a strategy combines (--methods).
#pragma once

#include <string>
#include <vector>

#include "objgen/api.hpp"

namespace objgen {

// A --methods list: names to take ("all" when it names none) and names after '-' to leave out.
struct MethodList {
  std::vector<std::string> included, excluded;
};
MethodList split_exclusions(const std::vector<std::string>& names);

// names: operation names ("addLast"), constructor class names ("NodeCachingList"), full
// signatures, or the single word "all"; a name after '-' ("all,-insert_with_hash", or only
// "-insert_with_hash") leaves its operations out. When no chosen operation creates the target
// class, its constructors are added (unless add_constructors is false or excluded). Returns
// indices in API order. Throws std::invalid_argument naming an unknown method and listing the API.
std::vector<uint32_t> select_operations(const Api& api, ClassId target, const std::vector<std::string>& names,
                                        bool add_constructors = true);

// The operations the '-' names of a list leave out (sorted); the same errors.
std::vector<uint32_t> excluded_operations(const Api& api, const std::vector<std::string>& names);

}  // namespace objgen
