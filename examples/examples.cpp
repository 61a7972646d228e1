#include "objgen/example.hpp"

namespace examples {
void register_ncl(objgen::Api& api);
// lists-and-trees registrations
// heaps-and-others registrations
}

namespace objgen {

const std::vector<Example>& bundled_examples() {
  static const std::vector<Example> all = {
      {"ncl", "ROOPS node-caching linked list (addLast, removeIndex)", "examples::NodeCachingList",
       "ncl/node_caching_list.hpp", &examples::register_ncl},
      // lists-and-trees entries
      // heaps-and-others entries
  };
  return all;
}

const Example* find_example(const std::string& name) {
  for (const auto& e : bundled_examples())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace objgen
