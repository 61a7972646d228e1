// Members a harness can name but not use as they are: those whose result or parameter types the
// scanned headers only declare (a call needs the definition; the harness would fail deep inside
// <type_traits>), and those the headers declare without defining (a call needs a library that
// defines them: the harness build checks, and drops the member when none does).
#pragma once

#include <string>
#include <vector>

#include "scan/model.hpp"

namespace clang {
class ASTContext;
class FunctionDecl;
class Sema;
}  // namespace clang

namespace objgen::scan {

// For a function extract has decided on: skips it when its result or a parameter is a class that
// is incomplete in the unit (naming the type), and records the symbols a call links to when the
// unit has no definition of it.
void check_declared_only(clang::ASTContext& ctx, clang::Sema* sema, const clang::FunctionDecl* fd, Function& f);

// For every member skipped over an incomplete type (companions too): the header that defines the
// type, searched for under the include directories of `flags` (-I, -isystem, -iquote, -idirafter)
// and the scanned header's folder; its skip reason names it.
void find_completing_headers(ScanResult& r, const std::vector<std::string>& flags, const std::string& header);

// The header under `dirs` that defines `class|struct name` ("" when none): searched cheaply, a
// bounded number of files, the first directory first.
std::string header_defining(const std::string& name, const std::vector<std::string>& dirs);

}  // namespace objgen::scan
