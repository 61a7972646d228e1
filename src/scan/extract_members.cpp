// The Extractor's member collection: the class's public members (its own, those of its public
// bases, `using` declarations, hidden friends, member template instances) and the functions of its
// namespace that take or make it (function templates deduced for the target), each with the
// decision how (or why not) it is registered.
#include <algorithm>
#include <functional>
#include <memory>
#include <set>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Mangle.h>
#include <clang/Sema/Sema.h>
#include <clang/Sema/SemaDiagnostic.h>
#include <clang/Sema/TemplateDeduction.h>

#include "scan/clang_crash_guard.hpp"
#include "scan/declared_only.hpp"
#include "scan/extractor.hpp"

#include "scan/names.hpp"

namespace objgen::scan::detail {
namespace {

bool is_invariant_name(const std::string& name) {
  static const std::set<std::string> names = {"repOK",   "repOk",    "rep_ok",         "invariant",       "checkRep",       "check_rep",
                                              "isValid", "is_valid", "checkInvariant", "check_invariant", "class_invariant"};
  return names.count(name) > 0;
}

// Arities callable with generated arguments: the full one, or shorter ones using defaults.
std::vector<unsigned> callable_arities(const Function& f, unsigned min_required) {
  std::vector<unsigned> arities;
  unsigned supported_prefix = 0;
  while (supported_prefix < f.params.size() && f.params[supported_prefix].support != ParamSupport::Unsupported) ++supported_prefix;
  for (unsigned n = min_required; n <= supported_prefix; ++n) arities.push_back(n);
  return arities;
}

std::string first_unsupported(const Function& f) {
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].support == ParamSupport::Unsupported)
      return "parameter " + std::to_string(i + 1) + " (" + f.params[i].type + "): " + f.params[i].reason;
  return "";
}

// detail::, dtl::, container_internal::, impl::, aux::, __detail::: where libraries keep what
// is not their interface.
bool in_implementation_namespace(const clang::Decl* d) {
  for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent()) {
    const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc);
    if (!ns || !ns->getIdentifier()) continue;
    llvm::StringRef n = ns->getName();
    if (n == "detail" || n == "dtl" || n == "impl" || n == "aux" || n.startswith("__") || n.endswith("internal") || n.endswith("_detail") ||
        n.endswith("_impl"))
      return true;
  }
  return false;
}

// Not registered, and why.
void skip(Function& f, std::string why) {
  f.registration = Registration::Skip;
  f.skip_reason = std::move(why);
}

}  // namespace

void Extractor::run() {
  out_.target = namer_.spell(target_);
  namer_.trust_members_of(out_.target);
  out_.target_short = short_class_name(out_.requested_name);
  if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(target_->getEnclosingNamespaceContext()))
    out_.enclosing_namespace = ns->getQualifiedNameAsString();
  out_.is_template_instance = llvm::isa<clang::ClassTemplateSpecializationDecl>(target_);
  const clang::CXXRecordDecl* pattern = target_->getTemplateInstantiationPattern();
  out_.in_system_header = sm_.isInSystemHeader(sm_.getExpansionLoc((pattern ? pattern : target_)->getLocation()));
  describe(target_, "", true);
  collect_members();
  collect_inherited(target_);
  collect_friends();
  collect_namespace_functions();
  finish();
}

bool Extractor::takes_target(const Function& f) const {
  for (const Param& p : f.params)
    if (p.support == ParamSupport::Object) return true;
  return false;
}

// Decides how (or why not) the function is registered, and its purity hint.
void Extractor::decide(Function& f, const clang::FunctionDecl* fd, bool is_template) {
  const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fd);
  f.is_template = is_template;
  unsigned min_required = is_template ? 0 : fd->getMinRequiredArguments();
  std::vector<unsigned> arities = callable_arities(f, min_required);
  set_purity(f, fd, ctor != nullptr);

  if (std::string why = never_registered(f, fd, is_template); !why.empty()) return skip(f, std::move(why));

  if (ctor) {
    if (target_->isAbstract()) return skip(f, "abstract class: cannot be constructed");
    if (arities.empty()) return skip(f, first_unsupported(f));
    f.registration = Registration::Constructor;
    note_defaults(f, arities);
    return;
  }
  if (f.kind == FunctionKind::Method) {
    if (f.is_const && f.params.empty() && is_invariant_name(f.name) && fd->getReturnType()->isBooleanType()) {
      f.registration = Registration::Invariant;
      f.purity = "observer";
      return;
    }
    if (arities.empty()) return skip(f, first_unsupported(f));
    f.registration = Registration::Method;
    note_defaults(f, arities);
    return;
  }
  decide_static_or_free(f, fd, arities);
}

// Constructors create; methods observe when const; other functions mutate when they take the
// class by non-const reference or pointer.
void Extractor::set_purity(Function& f, const clang::FunctionDecl* fd, bool is_constructor) const {
  bool mutates_object = false;
  for (const clang::ParmVarDecl* p : fd->parameters()) {
    clang::QualType t = p->getType().getCanonicalType();
    if ((t->isLValueReferenceType() || t->isPointerType()) && refers_to_record(t, target_) && !t->getPointeeType().isConstQualified())
      mutates_object = true;
  }

  if (is_constructor)
    f.purity = "creator";
  else if (f.kind == FunctionKind::Method)
    f.purity = f.is_const ? "observer" : "mutator";
  else
    f.purity = mutates_object ? "mutator" : "observer";
}

// Why the function is never registered, whatever its parameters; "" when it may be.
std::string Extractor::never_registered(const Function& f, const clang::FunctionDecl* fd, bool is_template) const {
  const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd);
  const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fd);
  const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
  if (f.is_deleted) return "deleted";
  if (is_template)
    return ctor ? "constructor template: needs explicit template arguments" : "function template: needs explicit template arguments";
  if (proto && proto->isVariadic()) return "C variadic";
  if (llvm::isa<clang::CXXConversionDecl>(fd)) return "conversion operator";
  if (md && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()))
    return "assignment operator: copies a state, never makes a new one";
  if (ctor && ctor->isCopyOrMoveConstructor())
    return std::string(ctor->isCopyConstructor() ? "copy" : "move") + " constructor: makes only states that exist already";
  if (f.ref_qualifier == "&&") return "rvalue-ref-qualified: callable only on a temporary";
  if (proto && proto->getMethodQuals().hasVolatile()) return "volatile-qualified";
  return "";
}

// Static member or free function: it must make or take an object of the class.
void Extractor::decide_static_or_free(Function& f, const clang::FunctionDecl* fd, const std::vector<unsigned>& arities) const {
  bool returns_new = false;
  clang::QualType result = fd->getReturnType().getCanonicalType();
  if (!result->isReferenceType() && !result->isPointerType() && refers_to_record(result, target_)) returns_new = true;
  if (arities.empty() || arities.back() != f.params.size()) {
    if (takes_target(f) || returns_new) return skip(f, first_unsupported(f));
  }
  if (takes_target(f)) {
    f.registration = Registration::Function;
    if (returns_new) f.purity = "creator";
    return;
  }
  if (returns_new) {
    f.registration = Registration::Factory;
    f.purity = "creator";
    return;
  }
  skip(f, f.kind == FunctionKind::StaticMethod ? "static: neither takes nor returns the class" : "neither takes nor returns the class");
}

// Constructors are registered once per callable arity; methods with their longest one.
void Extractor::note_defaults(Function& f, std::vector<unsigned> arities) {
  bool ctor = f.kind == FunctionKind::Constructor;
  if (!ctor) arities = {arities.back()};
  if (arities.back() < f.params.size()) f.note = first_unsupported(f) + ": its default is used";
  f.arities = std::move(arities);
}

void Extractor::add_function(const clang::FunctionDecl* fd, FunctionKind kind, bool is_template, const std::string& declaring_class,
                             bool hidden_friend) {
  const clang::Decl* key = fd->getCanonicalDecl();
  if (seen_functions_.count(key)) return;
  seen_functions_.insert(key);
  Function f = make_function(fd, kind);
  f.declaring_class = declaring_class;
  f.is_hidden_friend = hidden_friend;
  decide(f, fd, is_template);
  check_declared_only(ctx_, sema_, fd, f);  // incomplete types, symbols a library must define
  // &C::m is ambiguous when any other declaration shares the name (whatever its access).
  if (const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd)) {
    auto found = target_->lookup(md->getDeclName());
    size_t n = 0;
    for (auto it = found.begin(); it != found.end(); ++it) ++n;
    f.overloaded = n != 1 || !declaring_class.empty();
  } else {
    f.overloaded = true;  // namespaces are open: always name the exact signature
  }
  out_.functions.push_back(std::move(f));
}

// `using Base::insert;` / `using Base::Base;`: the base's members become the class's own.
void Extractor::add_using_member(const clang::UsingShadowDecl* shadow) {
  const clang::NamedDecl* target = shadow->getTargetDecl();
  const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(target);
  if (ft) target = ft->getTemplatedDecl();
  const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(target);
  if (!md || llvm::isa<clang::CXXDestructorDecl>(md)) return;
  const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(md);
  // Default, copy and move constructors are never inherited ([namespace.udecl]).
  if (ctor && (ctor->isDefaultConstructor() || ctor->isCopyOrMoveConstructor())) return;
  if (!ctor && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator())) return;
  FunctionKind kind = ctor ? FunctionKind::Constructor : md->isStatic() ? FunctionKind::StaticMethod : FunctionKind::Method;
  size_t first = add_member(md, ft, kind, ctor ? "" : type_name(md->getParent(), {}));
  for (size_t i = first; i < out_.functions.size(); ++i) out_.functions[i].via_using = !ctor;
}

// A member function, or a member template's instances (else the template, listed as skipped).
// What it added is out_.functions from the index returned to the end.
size_t Extractor::add_member(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
                             const std::string& declaring_class) {
  size_t first = out_.functions.size();
  if (ft)
    add_template_instances(md, ft, kind, declaring_class);
  else
    add_function(md, kind, false, declaring_class, false);
  bool inherited = md->getParent()->getCanonicalDecl() != target_->getCanonicalDecl();
  for (size_t i = first; i < out_.functions.size(); ++i)
    if (inherited && out_.functions[i].registration != Registration::Skip) declaring_bases_.insert(md->getParent()->getCanonicalDecl());
  return first;
}

void Extractor::add_template_instances(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
                                       const std::string& declaring_class) {
  if (seen_functions_.count(md->getCanonicalDecl())) return;
  std::string why_not = "function template (no Sema to deduce its arguments)";
  std::vector<TemplateInstance> found;
  // Where Clang faulted deducing this member's arguments in an earlier attempt, it is left out.
  const std::string step = "deducing " + md->getQualifiedNameAsString() + " at " + std::to_string(pos(md->getLocation()).line);
  if (sema_ && crashed_in_earlier_attempt(step)) {
    why_not = "function template: Clang crashed deducing its template arguments (an earlier attempt of this scan)";
  } else if (sema_) {
    RiskyStep risky(step);
    found = MemberTemplates(*sema_, target_, registered_, namer_, templates_).instances(ft, why_not);
  }
  if (found.empty()) {
    size_t before = out_.functions.size();
    add_function(md, kind, true, declaring_class, false);
    if (out_.functions.size() > before && !why_not.empty()) out_.functions.back().skip_reason = why_not;
    return;
  }
  seen_functions_.insert(md->getCanonicalDecl());
  for (const TemplateInstance& instance : found) {
    size_t before = out_.functions.size();
    add_function(instance.function, kind, false, declaring_class, false);
    if (out_.functions.size() == before) continue;
    Function& f = out_.functions.back();
    f.template_arguments = instance.arguments;
    f.explicit_template_arguments = instance.explicit_arguments;
    f.pos = pos(md->getLocation());
    if (f.registration == Registration::Skip) continue;
    if (!instance.body_error.empty()) {
      f.registration = Registration::Skip;
      f.skip_reason = "instantiated for " + instance.arguments + ", its body does not compile (" + instance.body_error + ")";
    } else {
      f.note = "instantiated for " + instance.arguments + (f.note.empty() ? "" : "; " + f.note);
    }
  }
}

void Extractor::collect_members() {
  for (const clang::Decl* d : target_->decls()) {
    if (d->getAccess() != clang::AS_public) continue;
    if (const auto* shadow = llvm::dyn_cast<clang::UsingShadowDecl>(d)) {  // implicit, yet declared
      add_using_member(shadow);
      continue;
    }
    if (d->isImplicit()) continue;
    if (const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(d)) {
      if (llvm::isa<clang::CXXDestructorDecl>(md)) continue;
      FunctionKind kind = llvm::isa<clang::CXXConstructorDecl>(md) ? FunctionKind::Constructor
                          : md->isStatic()                         ? FunctionKind::StaticMethod
                                                                   : FunctionKind::Method;
      add_function(md, kind, false, "", false);
    } else if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
      const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(ft->getTemplatedDecl());
      if (!md) continue;
      FunctionKind kind = llvm::isa<clang::CXXConstructorDecl>(md) ? FunctionKind::Constructor
                          : md->isStatic()                         ? FunctionKind::StaticMethod
                                                                   : FunctionKind::Method;
      add_member(md, ft, kind, "");
    }
  }
  add_implicit_default_constructor();
}

// A default constructor the compiler declares (no user-declared constructor).
// Sema may have declared it already (when the header default-constructs the class).
void Extractor::add_implicit_default_constructor() {
  bool declared = false;
  for (const clang::CXXConstructorDecl* c : target_->ctors()) declared |= c->isImplicit() && c->isDefaultConstructor() && !c->isDeleted();
  bool implicit_default = (declared || target_->needsImplicitDefaultConstructor()) && !target_->isAbstract();
  if (implicit_default && sema_) {  // Sema declares it, and knows whether it is deleted
    clang::Sema::SFINAETrap trap(*sema_);
    const clang::CXXConstructorDecl* ctor = sema_->LookupDefaultConstructor(const_cast<clang::CXXRecordDecl*>(target_));
    implicit_default = ctor && !ctor->isDeleted();
  }
  if (implicit_default) {
    Function f;
    f.kind = FunctionKind::Constructor;
    f.registration = Registration::Constructor;
    f.name = out_.target_short;
    f.qualified_name = out_.target + "::" + f.name;
    f.is_implicit = true;
    f.purity = "creator";
    f.arities = {0};
    f.note = "implicitly declared";
    const clang::CXXRecordDecl* pattern = target_->getTemplateInstantiationPattern();
    f.pos = pos((pattern ? pattern : target_)->getLocation());
    out_.functions.insert(out_.functions.begin(), std::move(f));
  }
}

// Public members of public bases that the target does not hide.
void Extractor::collect_inherited(const clang::CXXRecordDecl* rd) {
  for (const clang::CXXBaseSpecifier& b : rd->bases()) {
    if (b.getAccessSpecifier() != clang::AS_public) continue;
    const clang::CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
    if (!base || !(base = complete(base)) || is_std_library(base)) continue;
    std::string base_name = type_name(base, b.getType());
    bool implementation = in_implementation_namespace(base);
    for (const clang::Decl* d : base->decls()) {
      if (d->getAccess() != clang::AS_public || d->isImplicit()) continue;
      const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(d);
      const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d);
      if (ft) md = llvm::dyn_cast<clang::CXXMethodDecl>(ft->getTemplatedDecl());
      if (!md || llvm::isa<clang::CXXConstructorDecl>(md) || llvm::isa<clang::CXXDestructorDecl>(md) || md->isCopyAssignmentOperator() ||
          md->isMoveAssignmentOperator())
        continue;
      if (!target_->lookup(md->getDeclName()).empty()) continue;  // hidden by the target
      size_t first = add_member(md, ft, md->isStatic() ? FunctionKind::StaticMethod : FunctionKind::Method, base_name);
      for (size_t i = first; i < out_.functions.size(); ++i) out_.functions[i].implementation_member = implementation;
    }
    collect_inherited(base);
  }
}

// Friends defined in the class and declared nowhere else are found only by ADL.
void Extractor::collect_friends() {
  for (const clang::FriendDecl* fr : target_->friends()) {
    const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(fr->getFriendDecl());
    if (!fd || fd->getPrimaryTemplate() || fd->isDependentContext()) continue;
    bool hidden = true;
    for (const clang::FunctionDecl* r : fd->redecls())
      if (r->getFriendObjectKind() == clang::Decl::FOK_None) hidden = false;
    if (!hidden) continue;  // also declared in the namespace: found there
    add_function(fd, FunctionKind::FreeFunction, false, "", true);
  }
}

// A function template of the namespace taking the class template: deduce its arguments from
// a call with objects of the target's type, as overload resolution would.
const clang::FunctionDecl* Extractor::deduce_for_target(const clang::FunctionTemplateDecl* ft, std::string& why_not) {
  if (!sema_) {
    why_not = "function template (no Sema to deduce its arguments)";
    return nullptr;
  }
  const clang::FunctionDecl* pattern = ft->getTemplatedDecl();
  const auto* spec = llvm::cast<clang::ClassTemplateSpecializationDecl>(target_);
  const clang::ClassTemplateDecl* ct = spec->getSpecializedTemplate();
  llvm::SmallVector<clang::Expr*, 4> args;
  clang::SourceLocation loc = ft->getLocation();
  for (const clang::ParmVarDecl* p : pattern->parameters()) {
    clang::QualType pt = p->getType();
    if (refers_to_template(pt, ct)) {
      clang::QualType arg = ctx_.getRecordType(target_);
      if (pt.getNonReferenceType()->isPointerType()) arg = ctx_.getPointerType(arg);
      args.push_back(new (ctx_) clang::OpaqueValueExpr(loc, arg, clang::VK_LValue));
    } else if (!pt->isDependentType()) {
      args.push_back(new (ctx_) clang::OpaqueValueExpr(loc, pt.getNonReferenceType(), clang::VK_LValue));
    } else {
      why_not = "function template: parameter " + std::to_string(args.size() + 1) + " (" + namer_.spell(pt) + ") is not fixed by the class";
      return nullptr;
    }
  }
  clang::sema::TemplateDeductionInfo info(loc);
  clang::FunctionDecl* result = nullptr;
  clang::Sema::SFINAETrap trap(*sema_);
  auto r = sema_->DeduceTemplateArguments(const_cast<clang::FunctionTemplateDecl*>(ft), nullptr, args, result, info, false,
                                          [](llvm::ArrayRef<clang::QualType>) { return false; });
  if (r != clang::Sema::TDK_Success || !result || trap.hasErrorOccurred()) {
    why_not = "function template: deduction failed for " + out_.target;
    return nullptr;
  }
  return result;
}

void Extractor::collect_namespace_functions() {
  const clang::DeclContext* dc = target_->getEnclosingNamespaceContext();
  std::vector<const clang::DeclContext*> contexts;
  if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) {
    for (const clang::NamespaceDecl* r : ns->redecls()) contexts.push_back(r);
  } else {
    contexts.push_back(dc);
  }
  for (const clang::DeclContext* c : contexts) {
    for (const clang::Decl* d : c->decls()) {
      if (d->isImplicit()) continue;
      if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d);
          ft && llvm::isa<clang::CXXDeductionGuideDecl>(ft->getTemplatedDecl()))
        continue;
      if (const auto* fd = llvm::dyn_cast<clang::FunctionDecl>(d)) {
        if (llvm::isa<clang::CXXMethodDecl>(fd) || llvm::isa<clang::CXXDeductionGuideDecl>(fd)) continue;
        bool involved = refers_to_record(fd->getReturnType(), target_);
        for (const clang::ParmVarDecl* p : fd->parameters()) involved = involved || refers_to_record(p->getType(), target_);
        if (involved) add_function(fd, FunctionKind::FreeFunction, false, "", false);
      } else if (const auto* ft = llvm::dyn_cast<clang::FunctionTemplateDecl>(d)) {
        add_namespace_template(ft);
      }
    }
  }
}

// A function template of the namespace: registered as deduced for the target when it takes the
// class template, listed as skipped when it cannot be deduced.
void Extractor::add_namespace_template(const clang::FunctionTemplateDecl* ft) {
  const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(target_);
  // An out-of-line definition of a member template (`template <...> template <class H2>
  // void unordered_map<...>::merge(...)`) sits in the namespace too: a member, found through
  // the class; deducing it against the class pattern crashes Clang.
  if (!spec || llvm::isa<clang::CXXMethodDecl>(ft->getTemplatedDecl())) return;
  const clang::FunctionDecl* pattern = ft->getTemplatedDecl();
  bool involved = false;
  for (const clang::ParmVarDecl* p : pattern->parameters())
    involved = involved || refers_to_template(p->getType(), spec->getSpecializedTemplate());
  if (!involved) return;
  std::string why_not;
  if (const clang::FunctionDecl* inst = deduce_for_target(ft, why_not)) {
    size_t before = out_.functions.size();
    add_function(inst, FunctionKind::FreeFunction, false, "", false);
    if (out_.functions.size() > before) {
      Function& f = out_.functions.back();
      f.pos = pos(pattern->getLocation());
      f.note = f.note.empty() ? "deduced from a function template" : f.note;
    }
  } else {
    if (seen_functions_.count(pattern->getCanonicalDecl())) return;
    seen_functions_.insert(pattern->getCanonicalDecl());
    Function f = make_function(pattern, FunctionKind::FreeFunction);
    f.is_template = true;
    f.purity = "observer";
    f.registration = Registration::Skip;
    f.skip_reason = why_not;
    out_.functions.push_back(std::move(f));
  }
}

void Extractor::finish() {
  for (const clang::CXXRecordDecl* base : declaring_bases_)
    if (std::string prefix = mangled_class_prefix(ctx_, base); !prefix.empty()) out_.base_mangled_prefixes.push_back(prefix);
  std::sort(out_.base_mangled_prefixes.begin(), out_.base_mangled_prefixes.end());
  // A non-const member with a const overload of the same parameters (begin, front,
  // operator[]) only hands out access: an "accessor", not a mutator.
  for (Function& f : out_.functions) {
    if (f.kind != FunctionKind::Method || f.is_const || f.purity != "mutator") continue;
    for (const Function& g : out_.functions) {
      if (&g == &f || g.kind != FunctionKind::Method || !g.is_const || g.name != f.name || g.params.size() != f.params.size()) continue;
      bool same = true;
      for (size_t i = 0; i < f.params.size(); ++i) same = same && f.params[i].type == g.params[i].type;
      if (same) f.purity = "accessor";
    }
  }
  // Iterable: public begin() and end() (const or not) make OBJGEN_VALUE_TYPE possible.
  bool has_begin = false, has_end = false;
  for (const Function& f : out_.functions) {
    if (f.kind != FunctionKind::Method || !f.params.empty()) continue;
    has_begin = has_begin || f.name == "begin";
    has_end = has_end || f.name == "end";
  }
  out_.iterable = has_begin && has_end;
  if (out_.iterable) describe_elements();
}

namespace {

// The method of rd (or of a base, for iterators that inherit theirs) that `is` picks.
const clang::CXXMethodDecl* find_method(const clang::CXXRecordDecl* rd, const std::function<bool(const clang::CXXMethodDecl*)>& is,
                                        int depth = 0) {
  if (!rd || !rd->hasDefinition() || depth > 4) return nullptr;
  rd = rd->getDefinition();
  for (const clang::CXXMethodDecl* m : rd->methods())
    if (is(m)) return m;
  for (const clang::CXXBaseSpecifier& b : rd->bases())
    if (const clang::CXXMethodDecl* m = find_method(b.getType()->getAsCXXRecordDecl(), is, depth + 1)) return m;
  return nullptr;
}

}  // namespace

// A class read by its elements needs its elements' classes described too: the type *begin() gives.
void Extractor::describe_elements() {
  const clang::CXXMethodDecl* begin = find_method(target_, [](const clang::CXXMethodDecl* m) {
    return m->getDeclName().isIdentifier() && m->getName() == "begin" && m->param_empty() && m->getAccess() == clang::AS_public;
  });
  if (!begin) return;
  clang::QualType iterator = begin->getReturnType().getNonReferenceType();
  clang::QualType element;
  if (iterator->isPointerType()) {
    element = iterator->getPointeeType();
  } else if (const clang::CXXMethodDecl* star = find_method(iterator->getAsCXXRecordDecl(), [](const clang::CXXMethodDecl* m) {
               return m->getOverloadedOperator() == clang::OO_Star && m->param_empty();
             })) {
    element = star->getReturnType();
  }
  if (element.isNull() || element->isDependentType()) return;
  element = element.getNonReferenceType().getUnqualifiedType();
  for (const Reached& r : analyze_field_type(element).reached) {
    describe(r.record, out_.target + " (its elements)", false, r.written);
    out_.element_types.push_back(type_name(r.record, r.written));
  }
}

std::string mangled_class_prefix(clang::ASTContext& ctx, const clang::CXXRecordDecl* rd) {
  std::unique_ptr<clang::MangleContext> mangler(ctx.createMangleContext());
  std::string s;
  llvm::raw_string_ostream os(s);
  mangler->mangleCXXRTTI(ctx.getRecordType(rd), os);
  os.flush();
  if (s.rfind("_ZTI", 0) != 0) return "";
  s = s.substr(4);
  if (!s.empty() && s.front() == 'N' && s.back() == 'E') s.pop_back();
  return s;
}

}  // namespace objgen::scan::detail
