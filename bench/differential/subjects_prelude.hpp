// The standard headers the subjects in tests/differential include, included first so that a
// subject's header can then be included inside a namespace (buggy:: or fixed::) without pulling
// the standard library into it.
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <utility>
#include <vector>
