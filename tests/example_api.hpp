// A bundled example's API registered in the test's process, with its members found by name.
#pragma once

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "objgen/api.hpp"
#include "objgen/example.hpp"
#include "model/literal_domain.hpp"

namespace objgen::testing {

struct ExampleApi {
  Api api;
  ClassId target;
  explicit ExampleApi(const std::string& example) {
    const Example* ex = find_example(example);
    if (!ex) throw std::invalid_argument("no example " + example);
    ex->register_api(api);
    target = api.find_class(ex->target)->id;
  }
  // The first operation of that name.
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    ADD_FAILURE() << name;
    return 0;
  }
};

// Literals of scope 1 with the ints -1, 0 and 1 (index k is literal -1 - k in a FlatCall).
inline LiteralDomain ints_minus_one_to_one() {
  LiteralDomain d = LiteralDomain::defaults(1);
  d.set_ints("-1,0,1");
  return d;
}

}  // namespace objgen::testing
