// Where Clang finds its own headers and the system's: what a tool linking libclang-cpp must
// pass itself, because the driver derives both from the path of a `clang` binary it is not.
#pragma once

#include <string>
#include <vector>

namespace objgen::scan {

// The Clang resource dir (stddef.h, intrinsics, ...): `requested` if not empty, else the one
// configured at build time if it exists, else what `clang-14 -print-resource-dir` says.
// Returns "" when none is found; "none" means: pass no -resource-dir (for experiments).
std::string find_resource_dir(const std::string& requested);

// The program name the Clang driver is given (argv[0]): the installed clang binary when it
// exists, so that the driver finds the GCC installation (libstdc++ headers) from the same
// place as `clang-14` does; else a plain name.
std::string driver_program();

// Flags every parse gets before the user's: C++20, the resource dir, no access checks (the
// synthesized source may name private nested types, as harnesses do).
std::vector<std::string> base_arguments(const std::string& resource_dir);

}  // namespace objgen::scan
