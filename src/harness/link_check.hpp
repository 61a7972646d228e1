// After a harness is linked: which of the symbols it needs nothing will define when it is loaded
// (neither objgen's process nor the libraries it was linked with), and which installed libraries
// define them (pkg-config's packages and the library folders), so that the build can drop the
// members that need them, add the one library that defines them, or say which flag to add.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "scan/model.hpp"

namespace objgen {

struct UnresolvedSymbol {
  std::string name;       // mangled, as the loader looks it up
  std::string demangled;  // for people
  std::string needed_by;  // the object that needs it (the harness, or one of its libraries)
};

struct LinkCheck {
  bool ran = false;  // ldd was there and answered
  std::vector<UnresolvedSymbol> unresolved;
  std::vector<std::string> missing_libraries;  // "libtally.so" the loader would not find
};

// The symbols `library` needs that neither its libraries (as the loader resolves them: `ldd -r`,
// which maps and relocates without running any of its code) nor this process (objgen exports its
// runtime to harnesses) define. `scratch` is a directory for the tools' output.
LinkCheck check_link(const std::string& library, const std::string& scratch);

// A library that defines symbols, and how a user would ask for it.
struct DefiningLibrary {
  std::string file;            // "/usr/lib/x86_64-linux-gnu/libabsl_hash.so"
  std::string flag;            // "-labsl_hash"
  std::string pkg_config;      // "absl_hash", "" when no package names it
  std::string advice() const;  // "-labsl_hash (or $(pkg-config --libs absl_hash))"
};

struct LibraryLookup {
  std::map<std::string, std::vector<DefiningLibrary>> definers;  // per mangled symbol, the files that define it
  // Every symbol has exactly one defining library: these (deduplicated) are what to link.
  std::vector<DefiningLibrary> unambiguous;
};

// Looks for the libraries that define `symbols`: in the packages pkg-config knows and the library
// folders (those of link_flags' -L and library paths, and the system's), among the libraries
// whose names share the symbols' top-level namespace ("absl" finds libabsl_*.so).
LibraryLookup find_defining_libraries(const std::vector<UnresolvedSymbol>& symbols, const std::vector<std::string>& link_flags,
                                      const std::string& compiler, const std::string& scratch);

std::string demangle(const std::string& mangled);

// The registered members (of the target and its companions) that need one of `missing`'s symbols.
std::vector<scan::Function*> members_needing(scan::ScanResult& r, const std::set<std::string>& missing);

// Unregisters them (a skip reason naming the symbol) and returns a note per member.
std::vector<std::string> drop_members(const std::vector<scan::Function*>& members, const std::set<std::string>& missing);

}  // namespace objgen
