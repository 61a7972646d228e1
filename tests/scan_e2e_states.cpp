// End-to-end check of a generated harness: link it with objgen's runtime and count the
// bounded-exhaustive states it yields. Built twice by scan_test.sh, once with the generated
// harness and once with the hand-written one, which must agree.
#include <cstdio>
#include <cstdlib>

#include "node_caching_list.hpp"
#include "objgen/inputs.hpp"

namespace examples {
void REGISTER_FUNCTION(objgen::Api& api);
}

int main(int argc, char** argv) {
  unsigned scope = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : 3;
  objgen::Api api;
  examples::REGISTER_FUNCTION(api);
  objgen::InputOptions options;
  options.scope = scope;
  options.methods = {"NodeCachingList", "addLast", "removeIndex"};  // the bundled example's builders
  auto states = objgen::bounded_exhaustive<examples::NodeCachingList>(api, options);
  std::printf("%zu\n", states.size());
  return 0;
}
