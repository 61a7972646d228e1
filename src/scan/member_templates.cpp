#include "scan/member_templates.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Sema/TemplateDeduction.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringExtras.h>

#include <filesystem>

namespace objgen::scan {
namespace {

// Keeps the first error an instantiation reports, with where it is, and records every function
// being instantiated when an error is reported (Sema's instantiation stack) as failed.
class FirstError : public clang::DiagnosticConsumer {
 public:
  FirstError(const clang::Sema& sema, std::map<const clang::FunctionDecl*, std::string>& failed) : sema_(sema), failed_(failed) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level < clang::DiagnosticsEngine::Error) return;
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    std::string error = std::string(text.str());
    if (info.getLocation().isValid() && info.hasSourceManager()) {
      const clang::SourceManager& sm = info.getSourceManager();
      clang::PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(info.getLocation()));
      if (p.isValid())
        error = std::filesystem::path(p.getFilename()).filename().string() + ":" + std::to_string(p.getLine()) + ": " + error;
    }
    if (message.empty()) message = error;
    for (const clang::Sema::CodeSynthesisContext& context : sema_.CodeSynthesisContexts)
      if (const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(context.Entity);
          fd && context.Kind == clang::Sema::CodeSynthesisContext::TemplateInstantiation)
        failed_.emplace(fd->getCanonicalDecl(), error);
  }
  std::string message;

 private:
  const clang::Sema& sema_;
  std::map<const clang::FunctionDecl*, std::string>& failed_;
};

// "ns::appender<std::vector<int>>::append" -> "ns::appender::append": short enough for a note.
std::string without_template_arguments(const std::string& name) {
  std::string out;
  int depth = 0;
  for (char c : name) {
    if (c == '<') ++depth;
    if (depth == 0) out += c;
    if (c == '>' && depth > 0) --depth;
  }
  return out;
}

// The functions a body calls or constructs with.
class Callees : public clang::RecursiveASTVisitor<Callees> {
 public:
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) { return add(e->getDecl()); }
  bool VisitMemberExpr(clang::MemberExpr* e) { return add(e->getMemberDecl()); }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) { return add(e->getConstructor()); }
  std::vector<const clang::FunctionDecl*> found;

 private:
  bool add(const clang::Decl* d) {
    if (const auto* fd = llvm::dyn_cast_or_null<clang::FunctionDecl>(d)) found.push_back(fd);
    return true;
  }
};

// Routes the engine's diagnostics to `consumer` for the scope's lifetime, then back.
class DiagnosticsRedirect {
 public:
  DiagnosticsRedirect(clang::DiagnosticsEngine& diags, clang::DiagnosticConsumer& consumer)
      : diags_(diags), owned_(diags.ownsClient() ? diags.takeClient() : nullptr), previous_(diags.getClient()) {
    if (owned_) previous_ = owned_.get();
    diags_.setClient(&consumer, /*ShouldOwnClient=*/false);
  }
  ~DiagnosticsRedirect() {
    if (owned_)
      diags_.setClient(owned_.release(), /*ShouldOwnClient=*/true);
    else
      diags_.setClient(previous_, /*ShouldOwnClient=*/false);
  }
  DiagnosticsRedirect(const DiagnosticsRedirect&) = delete;
  DiagnosticsRedirect& operator=(const DiagnosticsRedirect&) = delete;

 private:
  clang::DiagnosticsEngine& diags_;
  std::unique_ptr<clang::DiagnosticConsumer> owned_;
  clang::DiagnosticConsumer* previous_;
};

// "<int, int>" for emplace<int, int>, "<int, true>" for a guarded at<Q = int, bool = true>.
std::string spelled_template_arguments(const TypeNamer& namer, const clang::FunctionDecl* instance) {
  std::string s;
  auto add = [&](const clang::TemplateArgument& a) {
    s += s.empty() ? "" : ", ";
    if (a.getKind() == clang::TemplateArgument::Type) {
      s += namer.spell(a.getAsType());
    } else if (a.getKind() == clang::TemplateArgument::Integral) {
      s += a.getIntegralType()->isBooleanType() ? (a.getAsIntegral() != 0 ? "true" : "false") : llvm::toString(a.getAsIntegral(), 10);
    } else {
      s += "...";
    }
  };
  if (const clang::TemplateArgumentList* args = instance->getTemplateSpecializationArgs())
    for (const clang::TemplateArgument& a : args->asArray()) {
      if (a.getKind() != clang::TemplateArgument::Pack)
        add(a);
      else
        for (const clang::TemplateArgument& e : a.pack_elements()) add(e);
    }
  return "<" + s + ">";
}

}  // namespace

MemberTemplates::MemberTemplates(clang::Sema& sema, const clang::CXXRecordDecl* target,
                                 const std::vector<const clang::CXXRecordDecl*>& registered, const TypeNamer& namer, TemplateScan& scan)
    : sema_(sema), ctx_(sema.getASTContext()), target_(target), registered_(registered), namer_(namer), scan_(scan) {}

std::vector<TemplateInstance> MemberTemplates::instances(const clang::FunctionTemplateDecl* ft, std::string& why_not) {
  auto asked = scan_.user.find(ft->getNameAsString());
  if (asked != scan_.user.end()) return user_instances(ft, asked->second, why_not);
  TemplateInstance instance;
  clang::QualType candidate;
  if (!deduce_for_own_types(ft, instance, candidate)) {
    why_not =
        "function template: no instantiation for the class's own types (name its template arguments with "
        "--template-args '" +
        ft->getNameAsString() + "=TYPE')";
    return {};
  }
  instance.body_error = body_error(instance.function);
  if (std::string pointer = instance.body_error.empty() && !candidate.isNull() ? pointer_it_takes(ft, candidate) : ""; !pointer.empty()) {
    why_not = "function template over iterators: it compiles for " + pointer + " as well as for " + namer_.spell(candidate) +
              ", which reaches it only through the library's integer dispatch; not instantiated (--template-args names "
              "other arguments)";
    return {};
  }
  return {instance};
}

// Whether the parameters that took `candidate` accept a pointer to an element (or to the
// candidate) as well, body included: then they take iterators (a pointer is the simplest one),
// and the candidate only compiled because the library treats two integers as (count, value), as
// std::vector(n, v) does. Such an instance (flat_set(int first, int last): `first` copies of
// `last`) is not what the member is for. The pointer type that compiled, "" when none did.
std::string MemberTemplates::pointer_it_takes(const clang::FunctionTemplateDecl* ft, clang::QualType candidate) {
  const clang::FunctionDecl* pattern = ft->getTemplatedDecl();
  std::vector<clang::QualType> pointees;
  if (clang::QualType element = member_type(target_, "value_type"); !element.isNull()) pointees.push_back(element);
  if (pointees.empty() || !ctx_.hasSameUnqualifiedType(pointees.front(), candidate)) pointees.push_back(candidate);
  for (clang::QualType pointee : pointees) {
    bool usable = true;
    clang::QualType pointer = ctx_.getPointerType(pointee.withConst());
    std::vector<clang::QualType> arg_types = call_argument_types(pattern, pointer, pack_candidates(pattern), usable);
    const clang::FunctionDecl* probe = usable ? deduce(ft, &arg_types, nullptr) : nullptr;
    if (probe && body_error(probe).empty()) return namer_.spell(pointer);
  }
  return "";
}

// Each list the user named: its arguments explicit, the rest deduced from the call or defaulted.
std::vector<TemplateInstance> MemberTemplates::user_instances(const clang::FunctionTemplateDecl* ft,
                                                              const std::vector<ExplicitArguments>& lists, std::string& why_not) {
  std::vector<TemplateInstance> out;
  std::string refused;
  for (const ExplicitArguments& list : lists) {
    const clang::FunctionDecl* inst = deduce(ft, nullptr, &list);  // nothing left to deduce
    if (!inst) {
      std::vector<clang::QualType> own = element_candidates(), pack = pack_candidates(ft->getTemplatedDecl());
      for (size_t i = 0; !inst && i < std::max<size_t>(own.size(), 1); ++i) {
        bool usable = true;
        std::vector<clang::QualType> args =
            call_argument_types(ft->getTemplatedDecl(), own.empty() ? clang::QualType() : own[i], pack, usable);
        if (usable) inst = deduce(ft, &args, &list);
      }
    }
    if (!inst) {
      refused += (refused.empty() ? "" : ", ") + ("<" + list.written + ">");
      continue;
    }
    TemplateInstance instance{inst, "<" + list.written + ">", "<" + list.written + ">", body_error(inst)};
    out.push_back(std::move(instance));
  }
  if (out.empty()) why_not = "function template: --template-args " + refused + " do not fit its parameters";
  return out;
}

bool MemberTemplates::deduce_for_own_types(const clang::FunctionTemplateDecl* ft, TemplateInstance& out, clang::QualType& candidate_used) {
  const clang::FunctionDecl* pattern = ft->getTemplatedDecl();
  std::vector<clang::QualType> pack = pack_candidates(pattern), own = element_candidates();
  bool has_dependent = false;
  for (const clang::ParmVarDecl* p : pattern->parameters())
    has_dependent = has_dependent || (!p->isParameterPack() && p->getType()->isDependentType());
  if (!has_dependent) own.resize(std::min<size_t>(own.size(), 1));
  if (own.empty()) own.push_back({});  // only non-dependent parameters, or none: defaults decide
  for (const clang::QualType& candidate : own) {
    bool usable = true;
    std::vector<clang::QualType> arg_types = call_argument_types(pattern, candidate, pack, usable);
    if (!usable) break;
    if (const clang::FunctionDecl* inst = deduce(ft, &arg_types, nullptr)) {
      out.function = inst;
      out.arguments = spelled_template_arguments(namer_, inst);
      candidate_used = has_dependent ? candidate : clang::QualType();
      return true;
    }
  }
  return false;
}

// The call's argument types: `candidate` for each dependent parameter, the pack's candidates for
// a pack; parameters with defaults (and what follows) are left out, as a caller would.
std::vector<clang::QualType> MemberTemplates::call_argument_types(const clang::FunctionDecl* pattern, clang::QualType candidate,
                                                                  const std::vector<clang::QualType>& pack, bool& usable) {
  std::vector<clang::QualType> arg_types;
  for (const clang::ParmVarDecl* p : pattern->parameters()) {
    if (p->isParameterPack()) {
      usable = usable && !pack.empty();
      arg_types.insert(arg_types.end(), pack.begin(), pack.end());
    } else if (p->hasDefaultArg() || p->hasUninstantiatedDefaultArg()) {
      break;
    } else if (p->getType()->isDependentType()) {
      usable = usable && !candidate.isNull();
      arg_types.push_back(candidate);
    } else {
      arg_types.push_back(p->getType());
    }
  }
  return arg_types;
}

// Deduction as a call would do it (arg_types: the arguments' types), or from the explicit
// arguments and the defaults alone (arg_types null).
const clang::FunctionDecl* MemberTemplates::deduce(const clang::FunctionTemplateDecl* ft, const std::vector<clang::QualType>* arg_types,
                                                   const ExplicitArguments* explicit_arguments) {
  clang::SourceLocation loc = ft->getLocation();
  clang::TemplateArgumentListInfo explicit_list(loc, loc);
  if (explicit_arguments)
    for (clang::QualType t : explicit_arguments->types)
      explicit_list.addArgument(clang::TemplateArgumentLoc(clang::TemplateArgument(t), ctx_.getTrivialTypeSourceInfo(t, loc)));
  clang::sema::TemplateDeductionInfo info(loc);
  clang::FunctionDecl* result = nullptr;
  clang::Sema::SFINAETrap trap(sema_);
  auto* templ = const_cast<clang::FunctionTemplateDecl*>(ft);
  clang::Sema::TemplateDeductionResult r;
  if (arg_types) {
    llvm::SmallVector<clang::Expr*, 4> args;
    for (clang::QualType t : *arg_types) args.push_back(new (ctx_) clang::OpaqueValueExpr(loc, t.getNonReferenceType(), clang::VK_PRValue));
    r = sema_.DeduceTemplateArguments(templ, explicit_arguments ? &explicit_list : nullptr, args, result, info, false,
                                      [](llvm::ArrayRef<clang::QualType>) { return false; });
  } else {
    r = sema_.DeduceTemplateArguments(templ, explicit_arguments ? &explicit_list : nullptr, result, info);
  }
  if (r != clang::Sema::TDK_Success || !result || trap.hasErrorOccurred() || result->isDeleted()) return nullptr;
  return result;
}

// Instantiates the instance's body (and what it uses) as the harness's compile would; the first
// error it reports, "" when none. Errors do not end the scan: they only decide this instance.
std::string MemberTemplates::body_error(const clang::FunctionDecl* instance) {
  std::set<const clang::FunctionDecl*> seen;
  if (instance->isDefined()) return failed_callee(instance, 0, seen);  // instantiated before, maybe by an earlier instance
  clang::DiagnosticsEngine& diags = sema_.getDiagnostics();
  FirstError first(sema_, scan_.failed_bodies);
  {
    DiagnosticsRedirect redirect(diags, first);
    diags.setErrorLimit(0);  // a "too many errors" fatal error would stop every later instantiation
    sema_.InstantiateFunctionDefinition(instance->getLocation(), const_cast<clang::FunctionDecl*>(instance),
                                        /*Recursive=*/true, /*DefinitionRequired=*/false, /*AtEndOfTU=*/false);
  }
  bool invalid = instance->isInvalidDecl();
  // Clang takes a function whose instantiation failed out of later overload resolution, where a
  // fresh compile (the harness's) would still choose it: a later instance calling it would
  // silently call another overload and pass. Valid again, it is chosen, and failed_callee finds it.
  for (const auto& failed : scan_.failed_bodies)
    for (const clang::FunctionDecl* r : failed.first->redecls()) const_cast<clang::FunctionDecl*>(r)->setInvalidDecl(false);
  if (first.message.empty() && invalid) return "its body does not compile";
  return first.message.empty() ? failed_callee(instance, 0, seen) : first.message;
}

// The first error of a function template instance the body calls (directly, or through other
// instances), recorded when an earlier instantiation reported it; "" when none failed.
std::string MemberTemplates::failed_callee(const clang::FunctionDecl* fd, int depth, std::set<const clang::FunctionDecl*>& seen) const {
  constexpr int kMaxDepth = 8;
  const clang::FunctionDecl* definition = fd->getDefinition();
  if (depth > kMaxDepth || !definition || !definition->getBody()) return "";
  Callees callees;
  callees.TraverseStmt(definition->getBody());
  for (const clang::FunctionDecl* callee : callees.found) {
    const clang::FunctionDecl* key = callee->getCanonicalDecl();
    if (auto failed = scan_.failed_bodies.find(key); failed != scan_.failed_bodies.end())
      return "it calls " + without_template_arguments(callee->getQualifiedNameAsString()) + ", which does not compile: " + failed->second;
    if (callee->isTemplateInstantiation() && seen.insert(key).second)
      if (std::string why = failed_callee(callee, depth + 1, seen); !why.empty()) return why;
  }
  return "";
}

// A member typedef of the class or of one of its bases (value_type of btree_set is its base's),
// as the class wrote it.
clang::QualType MemberTemplates::member_type(const clang::CXXRecordDecl* rd, const char* name, int depth) {
  if (!rd || depth > 8) return {};
  for (const clang::NamedDecl* d : rd->lookup(&ctx_.Idents.get(name)))
    if (const auto* td = llvm::dyn_cast<clang::TypedefNameDecl>(d)) return td->getUnderlyingType();
  for (const clang::CXXBaseSpecifier& b : rd->bases()) {
    const clang::CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
    if (!base) continue;
    if (!base->hasDefinition()) {
      clang::Sema::SFINAETrap trap(sema_);
      (void)sema_.isCompleteType(target_->getLocation(), ctx_.getRecordType(base));
    }
    if (base->hasDefinition())
      if (clang::QualType t = member_type(base->getDefinition(), name, depth + 1); !t.isNull()) return t;
  }
  return {};
}

bool MemberTemplates::literal_type(clang::QualType t) const {
  std::string ignored;
  return !t.isNull() && classify_param(t, registered_, ignored) == ParamSupport::Literal;
}

// What a dependent parameter most likely takes: the mapped value, the element, the class's
// own type arguments (rational<int>'s int). Only types objgen can generate.
std::vector<clang::QualType> MemberTemplates::element_candidates() {
  std::vector<clang::QualType> out;
  auto add = [&](clang::QualType t) {
    if (!literal_type(t)) return;
    t = t.getUnqualifiedType();
    for (const clang::QualType& o : out)
      if (ctx_.hasSameUnqualifiedType(o, t)) return;
    out.push_back(t);
  };
  add(member_type(target_, "mapped_type"));
  add(member_type(target_, "value_type"));
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(target_))
    for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray())
      if (a.getKind() == clang::TemplateArgument::Type) add(a.getAsType());
  return out;
}

// The arguments a pack forwards to construct an element: (key, mapped) for a map's
// emplace, the mapped value after a key (try_emplace), else the element itself.
std::vector<clang::QualType> MemberTemplates::pack_candidates(const clang::FunctionDecl* pattern) {
  clang::QualType key = member_type(target_, "key_type"), mapped = member_type(target_, "mapped_type");
  bool after_key = false;
  for (const clang::ParmVarDecl* p : pattern->parameters())
    if (!p->isParameterPack() && !key.isNull() && ctx_.hasSameUnqualifiedType(p->getType().getNonReferenceType(), key)) after_key = true;
  if (after_key && literal_type(mapped)) return {mapped};
  clang::QualType value = member_type(target_, "value_type");
  if (const clang::CXXRecordDecl* rd = value.isNull() ? nullptr : value->getAsCXXRecordDecl(); rd && std_class_name(rd) == "pair") {
    const auto& args = llvm::cast<clang::ClassTemplateSpecializationDecl>(rd)->getTemplateArgs();
    clang::QualType first = args[0].getAsType().getUnqualifiedType(), second = args[1].getAsType();
    if (literal_type(first) && literal_type(second)) return {first, second};
    return {};
  }
  if (literal_type(value)) return {value.getUnqualifiedType()};
  std::vector<clang::QualType> own = element_candidates();
  return own.empty() ? std::vector<clang::QualType>{} : std::vector<clang::QualType>{own.front()};
}

}  // namespace objgen::scan
