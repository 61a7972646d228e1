#include "scan/list_classes.hpp"

#include <filesystem>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>

#include "scan/clang_crash_guard.hpp"
#include "scan/toolchain.hpp"

namespace objgen::scan {
namespace {

// Whether `f` returns an rd: by value, reference, pointer or smart pointer.
bool returns(const clang::FunctionDecl* f, const clang::CXXRecordDecl* rd) {
  clang::QualType t = f->getReturnType().getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  const clang::CXXRecordDecl* returned = t->getAsCXXRecordDecl();
  if (const auto* ts = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(returned))  // unique_ptr<T>, shared_ptr<T>
    if (ts->getTemplateArgs().size() > 0 && ts->getTemplateArgs()[0].getKind() == clang::TemplateArgument::Type)
      if (const clang::CXXRecordDecl* inner = ts->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl()) returned = inner;
  return returned && returned->getCanonicalDecl() == rd->getCanonicalDecl();
}

const clang::FunctionDecl* as_function(const clang::Decl* d) {
  if (const auto* t = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) return t->getTemplatedDecl();
  if (const auto* f = llvm::dyn_cast<clang::FriendDecl>(d)) return f->getFriendDecl() ? as_function(f->getFriendDecl()) : nullptr;
  return llvm::dyn_cast<clang::FunctionDecl>(d);
}

// Whether code outside the class can make one: a public constructor or constructor template
// (the implicit one when none is declared), a public static member, a friend, or a function of
// its namespace returning one (by value, pointer or smart pointer), as scan registers them.
bool can_be_made(const clang::CXXRecordDecl* rd) {
  bool declared = false;
  for (const clang::Decl* d : rd->decls()) {
    const clang::FunctionDecl* f = as_function(d);
    if (!f || f->isImplicit()) continue;
    if (const auto* c = llvm::dyn_cast<clang::CXXConstructorDecl>(f)) {
      declared = true;
      if (c->getAccess() == clang::AS_public && !c->isDeleted()) return true;
    } else if (llvm::isa<clang::FriendDecl>(d) || (llvm::isa<clang::CXXMethodDecl>(f) && llvm::cast<clang::CXXMethodDecl>(f)->isStatic() &&
                                                   f->getAccess() == clang::AS_public)) {
      if (returns(f, rd)) return true;
    }
  }
  if (!declared) return true;
  for (const clang::Decl* d : rd->getDeclContext()->decls())
    if (const clang::FunctionDecl* f = as_function(d); f && !llvm::isa<clang::CXXMethodDecl>(f) && returns(f, rd)) return true;
  return false;
}

bool derives_from_std_exception(const clang::CXXRecordDecl* rd, int depth = 0) {
  if (!rd || !rd->hasDefinition() || depth > 16) return false;
  rd = rd->getDefinition();
  for (const clang::CXXBaseSpecifier& b : rd->bases()) {
    const clang::CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
    if (base && base->getQualifiedNameAsString() == "std::exception") return true;
    if (derives_from_std_exception(base, depth + 1)) return true;
  }
  return false;
}

// The class's name as the demangler writes a thrown object's type: inline namespaces kept.
std::string demangled_spelling(const clang::CXXRecordDecl* rd) {
  clang::PrintingPolicy policy(rd->getASTContext().getLangOpts());
  policy.SuppressInlineNamespace = false;
  std::string out;
  llvm::raw_string_ostream os(out);
  rd->printQualifiedName(os, policy);
  return os.str();
}

// Why objgen cannot test the class as it is, "" when it can.
std::string skip_reason(const clang::CXXRecordDecl* rd) {
  if (rd->isInAnonymousNamespace()) return "declared in an anonymous namespace: not reachable from another file";
  if (rd->isAbstract()) return "abstract: test its concrete subclasses";
  if (rd->isUnion()) return "a union";
  if (!can_be_made(rd)) return "no public constructor or static factory: its objects come from other classes' members (test those classes)";
  bool has_member = false;
  for (const clang::CXXMethodDecl* m : rd->methods())
    if (m->getAccess() == clang::AS_public && !m->isImplicit() && !llvm::isa<clang::CXXConstructorDecl>(m) &&
        !llvm::isa<clang::CXXDestructorDecl>(m) && !m->isCopyAssignmentOperator() && !m->isMoveAssignmentOperator())
      has_member = true;
  if (!has_member) return "no public member function besides constructors: nothing to call";
  return "";
}

class Lister {
 public:
  Lister(const clang::SourceManager& sm, std::string header) : sm_(sm), header_(std::move(header)) {}

  void visit(const clang::DeclContext* dc, int depth, std::vector<DeclaredClass>& out) const {
    if (depth > 16) return;
    for (const clang::Decl* d : dc->decls()) {
      if (d->isImplicit()) continue;
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d)) {
        visit(ns, depth + 1, out);
      } else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d)) {
        visit(ls, depth + 1, out);
      } else if (const auto* ct = llvm::dyn_cast<clang::ClassTemplateDecl>(d)) {
        const clang::CXXRecordDecl* rd = ct->getTemplatedDecl();
        if (rd->isThisDeclarationADefinition() && declared_here(ct))
          out.push_back({ct->getQualifiedNameAsString(), line(ct),
                         "a class template: name an instance (objgen exhaustive --class 'ns::C<int>'), or instantiate it in the "
                         "project"});
      } else if (const auto* rd = llvm::dyn_cast<clang::CXXRecordDecl>(d)) {
        if (!rd->getIdentifier() || !rd->isThisDeclarationADefinition() || llvm::isa<clang::ClassTemplateSpecializationDecl>(rd) ||
            rd->isLambda() || !declared_here(rd))
          continue;
        out.push_back(
            {rd->getQualifiedNameAsString(), line(rd), skip_reason(rd), derives_from_std_exception(rd) ? demangled_spelling(rd) : ""});
      }
    }
  }

 private:
  bool declared_here(const clang::Decl* d) const {
    clang::SourceLocation at = sm_.getExpansionLoc(d->getLocation());
    clang::FileID file = sm_.getFileID(at);
    const clang::FileEntry* entry = sm_.getFileEntryForID(file);
    if (!entry) return false;
    std::error_code ec;
    return std::filesystem::equivalent(entry->tryGetRealPathName().str(), header_, ec);
  }
  unsigned line(const clang::Decl* d) const { return sm_.getExpansionLineNumber(d->getLocation()); }

  const clang::SourceManager& sm_;
  std::string header_;
};

}  // namespace

ClassListing list_classes(const std::string& header, const std::vector<std::string>& flags) {
  ClassListing listing;
  std::error_code ec;
  std::string path = std::filesystem::absolute(header, ec).lexically_normal().string();
  if (!std::filesystem::exists(path, ec)) {
    listing.message = "header not found: " + header;
    return listing;
  }
  std::string resource_dir = find_resource_dir("");
  if (resource_dir.empty()) {
    listing.message = "no Clang resource dir found (install clang-14)";
    return listing;
  }
  std::vector<std::string> args = base_arguments(resource_dir);
  args.insert(args.end(), flags.begin(), flags.end());
  ClangCrashGuard guard("the classes of " + header);
  ParsedUnit unit = parse_source("#include \"" + path + "\"\n", args, driver_program());
  for (const Diagnostic& d : unit.diagnostics)
    if (d.is_error()) listing.errors.push_back(d);
  if (!unit.ast) {
    listing.message = "Clang rejected the arguments";
    return listing;
  }
  if (unit.errors) {
    listing.message = std::to_string(unit.errors) + " error(s) while parsing " + header;
    return listing;
  }
  Lister(unit.ast->getSourceManager(), path).visit(unit.ast->getASTContext().getTranslationUnitDecl(), 0, listing.classes);
  listing.ok = true;
  return listing;
}

}  // namespace objgen::scan
