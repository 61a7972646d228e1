// Small string helpers shared by the reports and the harness writer.
#pragma once

#include <string>
#include <vector>

namespace objgen::scan {

// "boost::circular_buffer<int>" -> "circular_buffer": objgen's name for the constructors.
std::string short_class_name(const std::string& qualified);

size_t edit_distance(const std::string& a, const std::string& b);

// Up to `limit` names closest to `wanted` (whole qualified name, or its last component), best
// first; only reasonably close ones.
std::vector<std::string> closest_names(const std::string& wanted, const std::vector<std::string>& candidates, size_t limit);

// "NodeCachingList" -> "node_caching_list"; "circular_buffer<int>" -> "circular_buffer_int".
std::string snake_case(const std::string& name);
// "circular_buffer" -> "CircularBuffer".
std::string camel_case(const std::string& name);

// Replaces whole-name occurrences of `from` in `text` by `to` (not inside a longer identifier).
std::string replace_name(const std::string& text, const std::string& from, const std::string& to);

}  // namespace objgen::scan
