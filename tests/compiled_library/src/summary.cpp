// Nothing out of line yet; the library's second unit, as real ones have several.
#include "tally/summary.hpp"
