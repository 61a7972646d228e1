// objgen harness for std::set<int>: a real library type, registered through its own member
// functions. Its state is what iteration shows (the elements in ascending order), not its
// red-black tree nodes.
#include <algorithm>
#include <cstddef>
#include <functional>
#include <iterator>
#include <set>
#include <utility>

#include "objgen/objgen.hpp"
#include "std_set.hpp"

OBJGEN_VALUE_TYPE(std::set<int>)

namespace examples {

void register_stdset(objgen::Api& api) {
  using Set = std::set<int>;
  api.add_class<Set>()
      .constructor<>()
      .method("insert",
              static_cast<std::pair<Set::iterator, bool> (Set::*)(const int&)>(&Set::insert))
      .method("erase", static_cast<Set::size_type (Set::*)(const int&)>(&Set::erase))
      .method("clear", static_cast<void (Set::*)() noexcept>(&Set::clear))
      .method("count", static_cast<Set::size_type (Set::*)(const int&) const>(&Set::count))
      .method("contains", static_cast<bool (Set::*)(const int&) const>(&Set::contains))
      .method("size", static_cast<Set::size_type (Set::*)() const noexcept>(&Set::size))
      .method("empty", static_cast<bool (Set::*)() const noexcept>(&Set::empty))
      // No repOK to call: check what the library promises (strictly ascending, size agrees).
      .invariant([](const Set& s) {
        return std::adjacent_find(s.begin(), s.end(), std::greater_equal<int>()) == s.end() &&
               static_cast<Set::size_type>(std::distance(s.begin(), s.end())) == s.size();
      })
      .builders({"set", "insert"});
}

}  // namespace examples
