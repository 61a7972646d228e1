#include "scan/list_classes.hpp"

#include <filesystem>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>

#include "scan/clang_crash_guard.hpp"
#include "scan/clang_types.hpp"
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
                         "a class template the project never instantiates with known arguments: name an instance (objgen "
                         "exhaustive --class 'ns::C<int>'), or use one in the project's sources",
                         "", true});
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

// The class templates named in `wanted` that a declaration context holds, at any namespace depth.
void find_templates(const clang::DeclContext* dc, const std::set<std::string>& wanted, int depth,
                    std::vector<const clang::ClassTemplateDecl*>& out) {
  if (depth > 16) return;
  for (const clang::Decl* d : dc->decls()) {
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(d))
      find_templates(ns, wanted, depth + 1, out);
    else if (const auto* ls = llvm::dyn_cast<clang::LinkageSpecDecl>(d))
      find_templates(ls, wanted, depth + 1, out);
    else if (const auto* ct = llvm::dyn_cast<clang::ClassTemplateDecl>(d);
             ct && ct->isThisDeclarationADefinition() && wanted.count(ct->getQualifiedNameAsString()))
      out.push_back(ct);
  }
}

bool all_arguments_known(const clang::ClassTemplateSpecializationDecl* spec) {
  for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray())
    if (a.isDependent() || a.isInstantiationDependent() || a.getKind() == clang::TemplateArgument::Pack) return false;
  return true;
}

// The instance as --class names it and as scan spells the type elsewhere: integral arguments by
// value alone ("DynArray<XMLNode*, 10>", where Clang prints the canonical "10UL": two spellings
// of one type would describe it twice in a harness).
std::string instance_name(const clang::ClassTemplateDecl* ct, const clang::ClassTemplateSpecializationDecl* spec, const TypeNamer& namer) {
  std::string out = ct->getQualifiedNameAsString() + "<";
  const clang::PrintingPolicy policy(spec->getASTContext().getLangOpts());
  bool first = true;
  for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray()) {
    out += first ? "" : ", ";
    first = false;
    if (a.getKind() == clang::TemplateArgument::Type) {
      out += namer.spell(a.getAsType());
    } else if (a.getKind() == clang::TemplateArgument::Integral) {
      out += a.getIntegralType()->isBooleanType() ? (a.getAsIntegral().getBoolValue() ? "true" : "false")
                                                  : llvm::toString(a.getAsIntegral(), 10);
    } else {
      std::string text;
      llvm::raw_string_ostream os(text);
      a.print(policy, os, /*IncludeType=*/false);
      out += os.str();
    }
  }
  return out + ">";
}

// `path` parsed as a translation unit that includes it; `what` names the file in messages.
// Empty `*message` and a unit with an AST when it parsed without errors.
ParsedUnit parse_file(const std::string& path, const std::vector<std::string>& flags, const std::string& what, std::string* message,
                      std::vector<Diagnostic>* errors) {
  std::string resource_dir = find_resource_dir("");
  if (resource_dir.empty()) {
    *message = "no Clang resource dir found (install clang-14)";
    return {};
  }
  std::vector<std::string> args = base_arguments(resource_dir);
  args.insert(args.end(), flags.begin(), flags.end());
  ParsedUnit unit = parse_source("#include \"" + path + "\"\n", args, driver_program());
  for (const Diagnostic& d : unit.diagnostics)
    if (d.is_error() && errors) errors->push_back(d);
  if (!unit.ast)
    *message = "Clang rejected the arguments";
  else if (unit.errors)
    *message = std::to_string(unit.errors) + " error(s) while parsing " + what;
  return unit;
}

}  // namespace

ClassListing list_classes(const std::string& header, const std::vector<std::string>& flags) {
  ClassListing listing;
  std::error_code ec;
  std::string path = std::filesystem::absolute(header, ec).lexically_normal().string();
  if (!std::filesystem::exists(path, ec)) {
    listing.message = "header not found: " + header;
    return listing;
  }
  ClangCrashGuard guard("the classes of " + header);
  ParsedUnit unit = parse_file(path, flags, header, &listing.message, &listing.errors);
  if (!listing.message.empty()) return listing;
  Lister(unit.ast->getSourceManager(), path).visit(unit.ast->getASTContext().getTranslationUnitDecl(), 0, listing.classes);
  listing.ok = true;
  return listing;
}

InstanceListing list_template_instances(const std::string& source, const std::vector<std::string>& flags,
                                        const std::set<std::string>& templates) {
  InstanceListing listing;
  ClangCrashGuard guard("the template instances of " + source);
  ParsedUnit unit = parse_file(source, flags, source, &listing.message, nullptr);
  if (!listing.message.empty()) return listing;
  clang::ASTContext& ctx = unit.ast->getASTContext();
  std::vector<const clang::ClassTemplateDecl*> found;
  find_templates(ctx.getTranslationUnitDecl(), templates, 0, found);
  TypeNamer namer(ctx);
  for (const clang::ClassTemplateDecl* ct : found)
    for (const clang::ClassTemplateSpecializationDecl* spec : ct->specializations()) {
      if (llvm::isa<clang::ClassTemplatePartialSpecializationDecl>(spec) || !all_arguments_known(spec)) continue;
      // Named only (a pointer to one), it has no definition here: the template's own is judged.
      const clang::CXXRecordDecl* def = spec->getDefinition();
      listing.instances.push_back(
          {ct->getQualifiedNameAsString(), instance_name(ct, spec, namer), skip_reason(def ? def : ct->getTemplatedDecl())});
    }
  listing.ok = true;
  return listing;
}

}  // namespace objgen::scan
