// Where objgen keeps what it can reuse between runs (identified builders, built harnesses).
#pragma once

#include <string>

namespace objgen {

// $OBJGEN_CACHE_DIR, else $XDG_CACHE_HOME/objgen, else ~/.cache/objgen, else ./.objgen-cache.
std::string cache_root();

}  // namespace objgen
