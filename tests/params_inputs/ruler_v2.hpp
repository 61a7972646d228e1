// ruler.hpp with a third parameter on mark(): a changed signature for the repository.
#pragma once
#define OBJGEN_TEST_RULER_V2
#include "ruler.hpp"
