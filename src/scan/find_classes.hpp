// Which classes one scan describes: the target and the --class classes found by the aliases of the
// synthesized source, the classes their public members take or return (reached breadth-first),
// and the subclasses that stand for them. Internal to scan (extract.cpp).
#pragma once

#include <string>
#include <vector>

#include <clang/AST/DeclCXX.h>

namespace clang {
class ASTUnit;
}

namespace objgen::scan::detail {

inline constexpr const char* kTargetAlias = "objgen_scan_target";

// The synthesized source's alias number `index` (0: the target's, kTargetAlias).
std::string alias_name(size_t index);

// Every class (and class template) name declared in the unit, for "did you mean".
void collect_class_names(const clang::DeclContext* dc, std::vector<std::string>& out, int depth);

// The class the synthesized source's alias number `index` names (0: the target).
const clang::CXXRecordDecl* find_target(clang::ASTUnit& unit, size_t index = 0);

struct Companion {
  const clang::CXXRecordDecl* record;
  std::string reached_by;
  std::vector<const clang::CXXRecordDecl*> bases;  // registered classes it derives from publicly
};

// Breadth-first from the target over the classes members take or return, up to `depth` steps;
// the classes given with --class come first, whatever their origin.
std::vector<Companion> reachable_classes(clang::ASTUnit& unit, const clang::CXXRecordDecl* target,
                                         const std::vector<const clang::CXXRecordDecl*>& given, int depth);

// Concrete public subclasses of the registered classes, declared in the scanned headers: where a
// member takes a base (abstract or not), objects of these can be given (Api::upcast). Each is
// added as a companion, or marked on the companion it already is; the target's own registered
// bases go to `target_bases`.
void add_subclasses(clang::ASTUnit& unit, const clang::CXXRecordDecl* target, std::vector<Companion>& out,
                    std::vector<const clang::CXXRecordDecl*>& target_bases);

}  // namespace objgen::scan::detail
