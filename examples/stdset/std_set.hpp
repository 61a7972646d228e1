// The subject is the standard library's own std::set<int>; emitted tests only need <set>.
#pragma once

#include <set>
