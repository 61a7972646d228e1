// Which classes one scan describes (find_classes.hpp): the requested classes found by their
// aliases, names for "did you mean", and the companions reached from the target.
#include "scan/find_classes.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <clang/AST/ASTContext.h>
#include <clang/AST/CXXInheritance.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Sema/Sema.h>

#include "scan/clang_types.hpp"
#include "scan/extract.hpp"

namespace objgen::scan::detail {
namespace {

// What `extern template class X<...>;` would do, which cannot name an alias template: the
// member declarations and nested classes of a template instance instantiated (the member
// definitions are left to the harness's compile).
void instantiate_member_declarations(clang::ASTUnit& unit, const clang::CXXRecordDecl* rd, clang::SourceLocation at) {
  const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(rd);
  if (!spec || !unit.hasSema() || !spec->hasDefinition() || spec->getSpecializationKind() != clang::TSK_ImplicitInstantiation) return;
  auto* instance = const_cast<clang::ClassTemplateSpecializationDecl*>(spec);
  instance->setSpecializationKind(clang::TSK_ExplicitInstantiationDeclaration);
  unit.getSema().InstantiateClassTemplateSpecializationMembers(at, instance, clang::TSK_ExplicitInstantiationDeclaration);
}

// A class a public member takes or returns that objgen should register beside the target: one of
// the user's own (library classes come in only when named with --class), complete, concrete,
// reachable by name, and no iterator or allocator.
// An abstract class is reached too when it has concrete subclasses to stand for it.
bool worth_reaching(const clang::SourceManager& sm, const clang::CXXRecordDecl* rd, bool abstract_ok = false) {
  if (!rd || !rd->hasDefinition() || !rd->getIdentifier()) return false;
  rd = rd->getDefinition();
  if (is_std_library(rd) || sm.isInSystemHeader(sm.getExpansionLoc(rd->getLocation()))) return false;
  if ((rd->isAbstract() && !abstract_ok) || rd->isLambda() || rd->isAnonymousStructOrUnion()) return false;
  if (rd->getAccess() == clang::AS_private || rd->getAccess() == clang::AS_protected) return false;
  if (rd->isInAnonymousNamespace()) return false;
  std::string lower;
  for (char c : rd->getNameAsString()) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower.find("iterator") == std::string::npos && lower.find("alloc") == std::string::npos;
}

// The classes the public members of rd take or return, in declaration order.
std::vector<std::pair<const clang::CXXRecordDecl*, std::string>> classes_used_by(const clang::CXXRecordDecl* rd) {
  std::vector<std::pair<const clang::CXXRecordDecl*, std::string>> out;
  auto note = [&](clang::QualType t, const clang::CXXMethodDecl* md, const char* how) {
    const clang::CXXRecordDecl* used = object_record(t);
    if (!used || !used->hasDefinition()) return;
    out.push_back({used->getDefinition(), md->getQualifiedNameAsString() + " " + how});
  };
  for (const clang::CXXMethodDecl* md : rd->methods()) {
    if (md->getAccess() != clang::AS_public || md->isDeleted() || md->isImplicit()) continue;
    if (!llvm::isa<clang::CXXConstructorDecl>(md)) note(md->getReturnType(), md, "returns it");
    for (const clang::ParmVarDecl* p : md->parameters()) note(p->getType(), md, "takes it");
  }
  return out;
}

// Every class defined in the unit outside system headers (not templates), in declaration order.
void collect_user_classes(const clang::SourceManager& sm, const clang::DeclContext* dc, std::vector<const clang::CXXRecordDecl*>& out,
                          int depth) {
  if (depth > 8) return;
  for (const clang::Decl* d : dc->decls()) {
    if (d->isImplicit() || sm.isInSystemHeader(sm.getExpansionLoc(d->getLocation()))) continue;
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
      collect_user_classes(sm, ns, out, depth + 1);
    } else if (const auto* rd = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
      if (!rd->isThisDeclarationADefinition() || rd->getDescribedClassTemplate() || llvm::isa<clang::ClassTemplateSpecializationDecl>(rd))
        continue;
      out.push_back(rd);
      collect_user_classes(sm, rd, out, depth + 1);
    }
  }
}

bool derives_publicly(const clang::CXXRecordDecl* derived, const clang::CXXRecordDecl* base) {
  clang::CXXBasePaths paths(/*FindAmbiguities=*/true, /*RecordPaths=*/true, /*DetectVirtual=*/false);
  if (!derived->isDerivedFrom(base, paths) ||
      paths.isAmbiguous(derived->getASTContext().getCanonicalType(derived->getASTContext().getRecordType(base))))
    return false;
  for (const clang::CXXBasePath& path : paths)
    if (path.Access == clang::AS_public) return true;
  return false;
}

}  // namespace

void collect_class_names(const clang::DeclContext* dc, std::vector<std::string>& out, int depth) {
  if (depth > 8) return;
  for (const clang::Decl* d : dc->decls()) {
    if (d->isImplicit()) continue;
    const auto* nd = llvm::dyn_cast<clang::NamedDecl>(d);
    if (nd && nd->getIdentifier() && nd->getName().startswith("__")) continue;
    if (nd && nd->getIdentifier() && nd->getName() == kTargetAlias) continue;
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
      collect_class_names(ns, out, depth + 1);
    } else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) {
      collect_class_names(ls, out, depth + 1);
    } else if (const auto* ct = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) {
      if (ct->isThisDeclarationADefinition() || ct->getTemplatedDecl()->isThisDeclarationADefinition())
        out.push_back(ct->getQualifiedNameAsString() + "<>");
    } else if (const auto* rd = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
      if (!rd->getIdentifier() || !rd->isThisDeclarationADefinition() || llvm::isa<clang::ClassTemplateSpecializationDecl>(rd)) continue;
      out.push_back(rd->getQualifiedNameAsString());
      collect_class_names(rd, out, depth + 1);
    } else if (const auto* td = llvm::dyn_cast<clang::TypedefNameDecl>(d)) {
      if (td->getUnderlyingType()->getAsCXXRecordDecl() && !td->getDeclContext()->isRecord()) out.push_back(td->getQualifiedNameAsString());
    }
  }
}

std::string alias_name(size_t index) {
  return index == 0 ? std::string(kTargetAlias) : std::string(kTargetAlias) + "_" + std::to_string(index);
}

const clang::CXXRecordDecl* find_target(clang::ASTUnit& unit, size_t index) {
  const clang::SourceManager& sm = unit.getSourceManager();
  std::string wanted = alias_name(index);
  for (const clang::Decl* d : unit.getASTContext().getTranslationUnitDecl()->decls()) {
    const auto* alias = llvm::dyn_cast<clang::TypedefNameDecl>(d);
    if (!alias || alias->getName() != wanted || !sm.isInMainFile(alias->getLocation())) continue;
    const clang::CXXRecordDecl* rd = alias->getUnderlyingType()->getAsCXXRecordDecl();
    if (rd) instantiate_member_declarations(unit, rd, alias->getLocation());
    return rd && rd->hasDefinition() ? rd->getDefinition() : rd;
  }
  return nullptr;
}

void add_subclasses(clang::ASTUnit& unit, const clang::CXXRecordDecl* target, std::vector<Companion>& out,
                    std::vector<const clang::CXXRecordDecl*>& target_bases) {
  const clang::SourceManager& sm = unit.getSourceManager();
  std::vector<const clang::CXXRecordDecl*> classes;
  collect_user_classes(sm, unit.getASTContext().getTranslationUnitDecl(), classes, 0);
  std::vector<const clang::CXXRecordDecl*> registered{target};
  for (const Companion& c : out) registered.push_back(c.record);
  for (const clang::CXXRecordDecl* base : registered) {
    size_t found = 0;
    for (const clang::CXXRecordDecl* rd : classes) {
      if (found >= kMaxSubclasses || rd->getCanonicalDecl() == base->getCanonicalDecl() || !worth_reaching(sm, rd) ||
          !derives_publicly(rd, base))
        continue;
      if (rd->getCanonicalDecl() == target->getCanonicalDecl()) {
        target_bases.push_back(base);
        ++found;
        continue;
      }
      auto same = [&](const Companion& c) { return c.record->getCanonicalDecl() == rd->getCanonicalDecl(); };
      auto it = std::find_if(out.begin(), out.end(), same);
      if (it == out.end()) {
        if (out.size() >= kMaxReachedClasses) continue;
        out.push_back({rd->getDefinition(), "derives from " + base->getQualifiedNameAsString(), {}});
        it = out.end() - 1;
      }
      it->bases.push_back(base);
      ++found;
    }
  }
}

std::vector<Companion> reachable_classes(clang::ASTUnit& unit, const clang::CXXRecordDecl* target,
                                         const std::vector<const clang::CXXRecordDecl*>& given, int depth) {
  const clang::SourceManager& sm = unit.getSourceManager();
  std::vector<Companion> out;
  std::set<const clang::Decl*> seen{target->getCanonicalDecl()};
  for (const clang::CXXRecordDecl* g : given)
    if (seen.insert(g->getCanonicalDecl()).second) out.push_back({g, "--class"});
  std::vector<const clang::CXXRecordDecl*> layer{target};
  layer.insert(layer.end(), given.begin(), given.end());
  for (int d = 0; d < depth && !layer.empty(); ++d) {
    std::vector<const clang::CXXRecordDecl*> next;
    for (const clang::CXXRecordDecl* rd : layer)
      for (const auto& [used, why] : classes_used_by(rd)) {
        if (out.size() >= kMaxReachedClasses || !worth_reaching(sm, used, /*abstract_ok=*/true) ||
            !seen.insert(used->getCanonicalDecl()).second)
          continue;
        out.push_back({used, why});
        next.push_back(used);
      }
    layer = std::move(next);
  }
  return out;
}

}  // namespace objgen::scan::detail
