#include "scan/extract.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <set>

#include <clang/AST/ASTContext.h>
#include <clang/AST/CXXInheritance.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclFriend.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/AST/Mangle.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Lex/Lexer.h>
#include <clang/Sema/Sema.h>
#include <clang/Sema/SemaDiagnostic.h>
#include <clang/Sema/TemplateDeduction.h>

#include "scan/clang_types.hpp"
#include "scan/declared_only.hpp"
#include "scan/member_templates.hpp"
#include "scan/user_template_arguments.hpp"
#include "scan/names.hpp"
#include "scan/toolchain.hpp"

namespace objgen::scan {
namespace {

constexpr const char* kTargetAlias = "objgen_scan_target";
constexpr size_t kMaxDescribedTypes = 40;
std::string mangled_class_prefix(clang::ASTContext& ctx, const clang::CXXRecordDecl* rd);
constexpr size_t kMaxEnumerators = 32;  // an enumeration parameter offers at most these (the first)

// Default arguments written as "= {}" come with their "=".
std::string strip_equals(std::string text) {
  size_t start = text.find_first_not_of(" \t");
  if (start != std::string::npos && text[start] == '=') text = text.substr(start + 1);
  size_t first = text.find_first_not_of(" \t");
  return first == std::string::npos ? "" : text.substr(first);
}

// The declaration whose body the function has: its own definition, or for a member of a class
// template the template's (maybe out-of-line) definition; the function itself when none is seen.
const clang::FunctionDecl* defining_declaration(const clang::FunctionDecl* fd) {
  if (const clang::FunctionDecl* def = fd->getDefinition()) return def;
  if (const clang::FunctionDecl* pattern = fd->getTemplateInstantiationPattern())
    return pattern->getDefinition() ? pattern->getDefinition() : pattern;
  return fd;
}

const char* access_name(clang::AccessSpecifier a) {
  switch (a) {
    case clang::AS_public:
      return "public";
    case clang::AS_protected:
      return "protected";
    case clang::AS_private:
      return "private";
    default:
      return "";
  }
}

bool is_invariant_name(const std::string& name) {
  static const std::set<std::string> names = {"repOK",   "repOk",    "rep_ok",         "invariant",       "checkRep",       "check_rep",
                                              "isValid", "is_valid", "checkInvariant", "check_invariant", "class_invariant"};
  return names.count(name) > 0;
}

// Extracts the model of one class from a parsed unit.
class Extractor {
 public:
  Extractor(clang::ASTUnit& unit, const clang::CXXRecordDecl* target, ScanResult& out,
            const std::vector<const clang::CXXRecordDecl*>& registered, TemplateScan& templates)
      : ctx_(unit.getASTContext()),
        sm_(unit.getSourceManager()),
        sema_(unit.hasSema() ? &unit.getSema() : nullptr),
        namer_(ctx_),
        target_(target),
        registered_(registered),
        templates_(templates),
        out_(out) {}

  void run() {
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

 private:
  // ---- positions and text ----
  SourcePos pos(clang::SourceLocation loc) const {
    SourcePos p;
    if (loc.isInvalid()) return p;
    clang::PresumedLoc pl = sm_.getPresumedLoc(sm_.getExpansionLoc(loc));
    if (pl.isInvalid()) return p;
    p.file = pl.getFilename();
    p.line = pl.getLine();
    p.column = pl.getColumn();
    return p;
  }

  std::string source_text(clang::SourceRange range) const {
    if (range.isInvalid()) return "";
    clang::CharSourceRange chars =
        clang::CharSourceRange::getTokenRange(sm_.getExpansionLoc(range.getBegin()), sm_.getExpansionLoc(range.getEnd()));
    return clang::Lexer::getSourceText(chars, sm_, ctx_.getLangOpts()).str();
  }

  // Instantiates a class template specialization's definition if it was only declared.
  const clang::CXXRecordDecl* complete(const clang::CXXRecordDecl* rd) {
    if (rd->hasDefinition()) return rd->getDefinition();
    if (sema_) {
      clang::Sema::SFINAETrap trap(*sema_);
      (void)sema_->isCompleteType(target_->getLocation(), ctx_.getRecordType(rd));
    }
    return rd->hasDefinition() ? rd->getDefinition() : nullptr;
  }

  // ---- types whose fields objgen must know ----
  // Spells a described type: as written where it was reached (a member typedef such as
  // List::Node is kept), with the target under the user's name for it.
  std::string type_name(const clang::CXXRecordDecl* rd, clang::QualType written) const {
    std::string name = written.isNull() ? namer_.spell(rd) : namer_.spell(written);
    return replace_name(name, out_.target, out_.requested_name);
  }

  void describe(const clang::CXXRecordDecl* rd, const std::string& reached_by, bool is_target, clang::QualType written = {}) {
    const clang::Decl* key = rd->getCanonicalDecl();
    if (seen_types_.count(key)) return;
    seen_types_.insert(key);
    const clang::CXXRecordDecl* def = complete(rd);
    std::string name = is_target ? out_.requested_name : type_name(rd, written);
    if (!def) {
      out_.warnings.push_back("no definition of " + name + " (reached by " + reached_by + "): not described");
      return;
    }
    if (out_.types.size() >= kMaxDescribedTypes) {
      out_.warnings.push_back("stopped describing types at " + std::to_string(kMaxDescribedTypes) + "; " + name + " left out");
      return;
    }
    TypeDesc d;
    d.name = is_target ? out_.target : name;
    d.objgen_name = name;  // the target keeps the user's spelling (no default template arguments)
    d.is_target = is_target;
    d.is_nested = llvm::isa<clang::CXXRecordDecl>(def->getDeclContext());
    d.copy_fails = implicit_copy_fails(def);
    d.access = d.is_nested ? access_name(def->getAccess()) : "";
    d.reached_by = reached_by;
    const clang::CXXRecordDecl* pattern = def->getTemplateInstantiationPattern();
    d.pos = pos((pattern ? pattern : def)->getLocation());

    for (const clang::CXXBaseSpecifier& b : def->bases()) {
      const clang::CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
      std::string base_name = type_name(base, b.getType());
      if (!base) {
        d.skipped_bases.push_back(base_name + ": dependent or unknown base");
      } else if (is_stateless(base)) {
        d.skipped_bases.push_back(base_name + ": no state");
      } else if (is_std_library(base)) {
        d.skipped_bases.push_back(base_name + ": library base objgen cannot visit (describe by hand)");
      } else {
        describe(base, name + " (base)", false, b.getType());
        d.bases.push_back(base_name);
      }
    }
    for (const clang::FieldDecl* f : def->fields()) {
      Field field;
      field.name = f->getNameAsString();
      field.type = namer_.spell(f->getType());
      field.access = access_name(f->getAccess());
      field.pos = pos(f->getLocation());
      if (field.name.empty()) {
        field.supported = false;
        field.reason = "anonymous member (struct or union)";
      } else {
        FieldTypeInfo info = analyze_field_type(f->getType());
        field.supported = info.supported;
        field.reason = info.reason;
        if (info.opaque_pointer) {
          out_.opaque_state = true;
          field.reason = "pointer to non-class data: only null or not is state";
        }
        for (const Reached& r : info.reached)
          describe(r.record, name + "::" + field.name + (r.by_pointer ? " (pointer)" : " (by value)"), false, r.written);
      }
      d.fields.push_back(std::move(field));
    }
    collect_constants(def, "", d.constants);
    out_.types.push_back(std::move(d));  // after what it reaches: dependencies first
  }

  void collect_constants(const clang::DeclContext* dc, const std::string& prefix, std::vector<Constant>& out) {
    for (const clang::Decl* decl : dc->decls()) {
      if (const auto* v = llvm::dyn_cast<clang::VarDecl>(decl)) {
        if (!v->isStaticDataMember()) continue;
        Constant c;
        c.name = prefix + v->getNameAsString();
        c.type = namer_.spell(v->getType());
        c.kind = "static member";
        c.pos = pos(v->getLocation());
        if (v->getInit() && !v->getType()->isDependentType() && !v->getInit()->isValueDependent()) {
          if (const clang::APValue* value = v->evaluateValue()) c.value = value->getAsString(ctx_, v->getType());
        }
        out.push_back(std::move(c));
      } else if (const auto* e = llvm::dyn_cast<clang::EnumDecl>(decl)) {
        std::string enum_prefix = prefix + (e->getIdentifier() ? e->getNameAsString() + "::" : "");
        for (const clang::EnumConstantDecl* ec : e->enumerators()) {
          Constant c;
          c.name = enum_prefix + ec->getNameAsString();
          c.type = namer_.spell(ctx_.getEnumType(e));
          c.kind = "enumerator";
          c.value = llvm::toString(ec->getInitVal(), 10);
          c.pos = pos(ec->getLocation());
          out.push_back(std::move(c));
        }
      }
    }
  }

  // ---- functions ----
  // noexcept-ness; implicit and defaulted members have it computed on demand (by Sema).
  bool is_nothrow(const clang::FunctionDecl* fd) const {
    const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
    if (!proto) return false;
    if (clang::isUnresolvedExceptionSpec(proto->getExceptionSpecType())) {
      if (!sema_) return false;
      clang::Sema::SFINAETrap trap(*sema_);
      proto = sema_->ResolveExceptionSpec(fd->getLocation(), proto);
      if (!proto || clang::isUnresolvedExceptionSpec(proto->getExceptionSpecType())) return false;
    }
    return proto->isNothrow(/*ResultIfDependent=*/false);
  }

  std::string spell_pointer_type(const clang::FunctionDecl* fd, bool member) const {
    const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
    std::string s = namer_.spell(fd->getReturnType());
    s += member ? " (" + namer_.spell(target_) + "::*)(" : " (*)(";
    for (unsigned i = 0; proto && i < proto->getNumParams(); ++i) s += (i ? ", " : "") + namer_.spell(proto->getParamType(i));
    s += ")";
    if (proto) {
      if (proto->getMethodQuals().hasConst()) s += " const";
      if (proto->getMethodQuals().hasVolatile()) s += " volatile";
      if (proto->getRefQualifier() == clang::RQ_LValue) s += " &";
      if (proto->getRefQualifier() == clang::RQ_RValue) s += " &&";
      if (is_nothrow(fd)) s += " noexcept";
    }
    return s;
  }

  Function make_function(const clang::FunctionDecl* fd, FunctionKind kind) {
    Function f;
    f.kind = kind;
    f.name = llvm::isa<clang::CXXConstructorDecl>(fd) ? out_.target_short : fd->getNameAsString();
    f.is_operator = fd->isOverloadedOperator();
    f.is_deleted = fd->isDeleted();
    f.is_implicit = fd->isImplicit();
    f.pos = pos(fd->getLocation());
    const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
    if (proto) {
      f.is_noexcept = is_nothrow(fd);
      if (proto->getRefQualifier() == clang::RQ_LValue) f.ref_qualifier = "&";
      if (proto->getRefQualifier() == clang::RQ_RValue) f.ref_qualifier = "&&";
    }
    if (const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd)) {
      f.is_const = md->isConst();
      f.is_static = md->isStatic();
      f.is_virtual = md->isVirtual();
      f.qualified_name = namer_.spell(target_) + "::" + f.name;
    } else {
      std::string ns;
      if (const auto* nsd = llvm::dyn_cast<clang::NamespaceDecl>(fd->getDeclContext()->getEnclosingNamespaceContext()))
        ns = nsd->getQualifiedNameAsString();
      f.qualified_name = ns.empty() ? f.name : ns + "::" + f.name;
    }
    if (!llvm::isa<clang::CXXConstructorDecl>(fd)) {
      f.result_type = namer_.spell(fd->getReturnType());
      clang::QualType rt = fd->getReturnType().getCanonicalType();
      f.scalar_result = rt->isArithmeticType() || rt->isEnumeralType();
    }
    const clang::FunctionDecl* named = defining_declaration(fd);
    for (const clang::ParmVarDecl* p : fd->parameters()) {
      Param param;
      param.name = p->getNameAsString();
      // The body's names: its assertions use them (boost declares test(n) and defines test(pos)).
      if (unsigned i = p->getFunctionScopeIndex(); named != fd && i < named->getNumParams() && !named->getParamDecl(i)->getName().empty())
        param.name = named->getParamDecl(i)->getNameAsString();
      param.type = namer_.spell(p->getType());
      if (p->hasDefaultArg() || p->hasUninstantiatedDefaultArg()) param.default_value = strip_equals(source_text(p->getDefaultArgRange()));
      if (p->getType()->isDependentType()) {
        param.support = ParamSupport::Unsupported;
        param.reason = "dependent type";
      } else {
        param.support = classify_param(p->getType(), registered_, param.reason);
        if (param.support == ParamSupport::Literal) note_enumeration(p->getType());
        if (param.support == ParamSupport::Unsupported) built_from_parts(p->getType(), param);
      }
      f.params.push_back(std::move(param));
    }
    f.pointer_type = spell_pointer_type(fd, kind == FunctionKind::Method);
    return f;
  }

  // A class argument objgen can build from literals: by value or const reference, a std::pair or
  // std::tuple of literals, an aggregate of public literal fields, or a class with a public
  // constructor taking only literals (the fewest; greg_year(unsigned short)).
  void built_from_parts(clang::QualType t, Param& param) {
    clang::QualType canon = t.getCanonicalType();
    if (canon->isLValueReferenceType() && !canon.getNonReferenceType().isConstQualified()) return;
    if (canon->isPointerType()) return;
    const clang::CXXRecordDecl* rd = canon.getNonReferenceType()->getAsCXXRecordDecl();
    if (!rd || !(rd = complete(rd)) || rd->getCanonicalDecl() == target_->getCanonicalDecl()) return;
    std::vector<clang::QualType> parts;
    bool brace = false;
    std::string std_name = std_class_name(rd);
    if (std_name == "pair" || std_name == "tuple") {
      for (const clang::TemplateArgument& a : llvm::cast<clang::ClassTemplateSpecializationDecl>(rd)->getTemplateArgs().asArray()) {
        if (a.getKind() == clang::TemplateArgument::Pack)
          for (const clang::TemplateArgument& e : a.pack_elements()) parts.push_back(e.getAsType());
        else if (a.getKind() == clang::TemplateArgument::Type)
          parts.push_back(a.getAsType());
      }
    } else if (!std_name.empty() || is_std_library(rd)) {
      return;
    } else if (rd->isAggregate() && rd->getNumBases() == 0) {
      brace = true;
      for (const clang::FieldDecl* f : rd->fields()) {
        if (f->getAccess() != clang::AS_public) return;
        parts.push_back(f->getType());
      }
    } else {
      parts = literal_constructor(rd);
    }
    if (parts.empty() || parts.size() > 4 || !std::all_of(parts.begin(), parts.end(), [&](clang::QualType q) { return literal_type(q); }))
      return;
    std::string construct = namer_.spell(ctx_.getRecordType(rd));
    if (!nameable(construct)) return;
    param.support = ParamSupport::Parts;
    param.reason.clear();
    param.construct = construct;
    param.brace = brace;
    for (clang::QualType q : parts) {
      param.parts.push_back(namer_.spell(q.getCanonicalType().getUnqualifiedType().getNonReferenceType()));
      note_enumeration(q);
    }
  }

  // The public constructor with the fewest parameters (at least one), all of them literals; on a
  // tie the one taking numbers rather than enumerations (date_duration(long), not
  // date_duration(special_values)): a number is the class's value, an enumerator a special case.
  std::vector<clang::QualType> literal_constructor(const clang::CXXRecordDecl* rd) {
    std::vector<clang::QualType> best;
    auto enums = [](const std::vector<clang::QualType>& ps) {
      return std::count_if(ps.begin(), ps.end(), [](clang::QualType q) { return q.getNonReferenceType()->isEnumeralType(); });
    };
    for (const clang::CXXConstructorDecl* c : rd->ctors()) {
      if (c->getAccess() != clang::AS_public || c->isDeleted() || c->isCopyOrMoveConstructor() || c->getNumParams() == 0 ||
          (!best.empty() && c->getNumParams() > best.size()))
        continue;
      std::vector<clang::QualType> params;
      for (const clang::ParmVarDecl* p : c->parameters()) params.push_back(p->getType());
      if (!std::all_of(params.begin(), params.end(), [&](clang::QualType q) { return literal_type(q); })) continue;
      if (best.empty() || params.size() < best.size() || enums(params) < enums(best)) best = std::move(params);
    }
    return best;
  }

  // Clang spells what has no name as "(anonymous namespace)::E" or "(unnamed struct at …)".
  static bool nameable(const std::string& spelled) { return spelled.find('(') == std::string::npos; }

  void note_enumeration(clang::QualType t) {
    t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
    const auto* et = t->getAs<clang::EnumType>();
    if (!et || !et->getDecl()->getIdentifier() || !et->getDecl()->isComplete()) return;
    EnumDesc e;
    e.type = namer_.spell(t);
    if (!nameable(e.type)) return;
    for (const auto& d : out_.enums)
      if (d.type == e.type) return;
    std::set<long long> values;  // aliases (January = Jan) make no new call
    for (const clang::EnumConstantDecl* c : et->getDecl()->enumerators())
      if (values.size() < kMaxEnumerators && values.insert(c->getInitVal().getExtValue()).second)
        e.enumerators.push_back({e.type + "::" + c->getNameAsString(), c->getInitVal().getExtValue()});
    if (!e.enumerators.empty()) out_.enums.push_back(std::move(e));
  }

  // Arities callable with generated arguments: the full one, or shorter ones using defaults.
  static std::vector<unsigned> callable_arities(const Function& f, unsigned min_required) {
    std::vector<unsigned> arities;
    unsigned supported_prefix = 0;
    while (supported_prefix < f.params.size() && f.params[supported_prefix].support != ParamSupport::Unsupported) ++supported_prefix;
    for (unsigned n = min_required; n <= supported_prefix; ++n) arities.push_back(n);
    return arities;
  }

  static std::string first_unsupported(const Function& f) {
    for (size_t i = 0; i < f.params.size(); ++i)
      if (f.params[i].support == ParamSupport::Unsupported)
        return "parameter " + std::to_string(i + 1) + " (" + f.params[i].type + "): " + f.params[i].reason;
    return "";
  }

  bool takes_target(const Function& f) const {
    for (const Param& p : f.params)
      if (p.support == ParamSupport::Object) return true;
    return false;
  }

  // Decides how (or why not) the function is registered, and its purity hint.
  void decide(Function& f, const clang::FunctionDecl* fd, bool is_template) {
    const auto* md = llvm::dyn_cast<clang::CXXMethodDecl>(fd);
    const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fd);
    const auto* proto = fd->getType()->getAs<clang::FunctionProtoType>();
    auto skip = [&](std::string why) {
      f.registration = Registration::Skip;
      f.skip_reason = std::move(why);
    };
    f.is_template = is_template;
    unsigned min_required = is_template ? 0 : fd->getMinRequiredArguments();
    std::vector<unsigned> arities = callable_arities(f, min_required);
    bool mutates_object = false;
    for (const clang::ParmVarDecl* p : fd->parameters()) {
      clang::QualType t = p->getType().getCanonicalType();
      if ((t->isLValueReferenceType() || t->isPointerType()) && refers_to_record(t, target_) && !t->getPointeeType().isConstQualified())
        mutates_object = true;
    }

    if (ctor)
      f.purity = "creator";
    else if (f.kind == FunctionKind::Method)
      f.purity = f.is_const ? "observer" : "mutator";
    else
      f.purity = mutates_object ? "mutator" : "observer";

    if (f.is_deleted) return skip("deleted");
    if (is_template)
      return skip(ctor ? "constructor template: needs explicit template arguments"
                       : "function template: needs explicit template arguments");
    if (proto && proto->isVariadic()) return skip("C variadic");
    if (llvm::isa<clang::CXXConversionDecl>(fd)) return skip("conversion operator");
    if (md && (md->isCopyAssignmentOperator() || md->isMoveAssignmentOperator()))
      return skip("assignment operator: copies a state, never makes a new one");
    if (ctor && ctor->isCopyOrMoveConstructor())
      return skip(std::string(ctor->isCopyConstructor() ? "copy" : "move") + " constructor: makes only states that exist already");
    if (f.ref_qualifier == "&&") return skip("rvalue-ref-qualified: callable only on a temporary");
    if (proto && proto->getMethodQuals().hasVolatile()) return skip("volatile-qualified");

    if (ctor) {
      if (target_->isAbstract()) return skip("abstract class: cannot be constructed");
      if (arities.empty()) return skip(first_unsupported(f));
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
      if (arities.empty()) return skip(first_unsupported(f));
      f.registration = Registration::Method;
      note_defaults(f, arities);
      return;
    }
    // Static member or free function: it must make or take an object of the class.
    bool returns_new = false;
    clang::QualType result = fd->getReturnType().getCanonicalType();
    if (!result->isReferenceType() && !result->isPointerType() && refers_to_record(result, target_)) returns_new = true;
    if (arities.empty() || arities.back() != f.params.size()) {
      if (takes_target(f) || returns_new) return skip(first_unsupported(f));
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
    skip(f.kind == FunctionKind::StaticMethod ? "static: neither takes nor returns the class" : "neither takes nor returns the class");
  }

  // Constructors are registered once per callable arity; methods with their longest one.
  void note_defaults(Function& f, std::vector<unsigned> arities) {
    bool ctor = f.kind == FunctionKind::Constructor;
    if (!ctor) arities = {arities.back()};
    if (arities.back() < f.params.size()) f.note = first_unsupported(f) + ": its default is used";
    f.arities = std::move(arities);
  }

  void add_function(const clang::FunctionDecl* fd, FunctionKind kind, bool is_template, const std::string& declaring_class,
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
  void add_using_member(const clang::UsingShadowDecl* shadow) {
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

  bool literal_type(clang::QualType t) const {
    std::string ignored;
    return !t.isNull() && classify_param(t, registered_, ignored) == ParamSupport::Literal;
  }

  // A member function, or a member template's instances (else the template, listed as skipped).
  // What it added is out_.functions from the index returned to the end.
  size_t add_member(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
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

  void add_template_instances(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
                              const std::string& declaring_class) {
    if (seen_functions_.count(md->getCanonicalDecl())) return;
    std::string why_not = "function template (no Sema to deduce its arguments)";
    std::vector<TemplateInstance> found;
    if (sema_) found = MemberTemplates(*sema_, target_, registered_, namer_, templates_).instances(ft, why_not);
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

  void collect_members() {
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
    // A default constructor the compiler declares (no user-declared constructor).
    // Sema may have declared it already (when the header default-constructs the class).
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

  // detail::, dtl::, container_internal::, impl::, aux::, __detail::: where libraries keep what
  // is not their interface.
  static bool in_implementation_namespace(const clang::Decl* d) {
    for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent()) {
      const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc);
      if (!ns || !ns->getIdentifier()) continue;
      llvm::StringRef n = ns->getName();
      if (n == "detail" || n == "dtl" || n == "impl" || n == "aux" || n.startswith("__") || n.endswith("internal") ||
          n.endswith("_detail") || n.endswith("_impl"))
        return true;
    }
    return false;
  }

  // Public members of public bases that the target does not hide.
  void collect_inherited(const clang::CXXRecordDecl* rd) {
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
  void collect_friends() {
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
  const clang::FunctionDecl* deduce_for_target(const clang::FunctionTemplateDecl* ft, std::string& why_not) {
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
        why_not =
            "function template: parameter " + std::to_string(args.size() + 1) + " (" + namer_.spell(pt) + ") is not fixed by the class";
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

  void collect_namespace_functions() {
    const clang::DeclContext* dc = target_->getEnclosingNamespaceContext();
    std::vector<const clang::DeclContext*> contexts;
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) {
      for (const clang::NamespaceDecl* r : ns->redecls()) contexts.push_back(r);
    } else {
      contexts.push_back(dc);
    }
    const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(target_);
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
          // An out-of-line definition of a member template (`template <...> template <class H2>
          // void unordered_map<...>::merge(...)`) sits in the namespace too: a member, found through
          // the class; deducing it against the class pattern crashes Clang.
          if (!spec || llvm::isa<clang::CXXMethodDecl>(ft->getTemplatedDecl())) continue;
          const clang::FunctionDecl* pattern = ft->getTemplatedDecl();
          bool involved = false;
          for (const clang::ParmVarDecl* p : pattern->parameters())
            involved = involved || refers_to_template(p->getType(), spec->getSpecializedTemplate());
          if (!involved) continue;
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
            if (seen_functions_.count(pattern->getCanonicalDecl())) continue;
            seen_functions_.insert(pattern->getCanonicalDecl());
            Function f = make_function(pattern, FunctionKind::FreeFunction);
            f.is_template = true;
            f.purity = "observer";
            f.registration = Registration::Skip;
            f.skip_reason = why_not;
            out_.functions.push_back(std::move(f));
          }
        }
      }
    }
  }

  void finish() {
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
  }

  std::set<const clang::CXXRecordDecl*> declaring_bases_;  // of registered inherited members

  clang::ASTContext& ctx_;
  const clang::SourceManager& sm_;
  clang::Sema* sema_;
  TypeNamer namer_;
  const clang::CXXRecordDecl* target_;
  const std::vector<const clang::CXXRecordDecl*>& registered_;  // the target and its companions
  TemplateScan& templates_;                                     // --template-args, and the instances whose bodies failed so far
  ScanResult& out_;
  std::set<const clang::Decl*> seen_types_;
  std::set<const clang::Decl*> seen_functions_;
};

// Every class (and class template) name declared in the unit, for "did you mean".
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

// The class the synthesized source's alias number `index` names (0: the target).
const clang::CXXRecordDecl* find_target(clang::ASTUnit& unit, size_t index = 0) {
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

struct Companion {
  const clang::CXXRecordDecl* record;
  std::string reached_by;
  std::vector<const clang::CXXRecordDecl*> bases;  // registered classes it derives from publicly
};

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

// Concrete public subclasses of the registered classes, declared in the scanned headers: where a
// member takes a base (abstract or not), objects of these can be given (Api::upcast). Each is
// added as a companion, or marked on the companion it already is; the target's own registered
// bases go to `target_bases`.
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

// Breadth-first from the target over the classes members take or return, up to `depth` steps;
// the classes given with --class come first, whatever their origin.
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

// "_ZTIN8examples5StackE" (the type_info's name) -> "N8examples5Stack"; a class at global scope
// has no nested-name prefix ("_ZTI5Stack" -> "5Stack").
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

std::string include_line_for(const std::string& header) {
  if (!header.empty() && header.front() == '<') return "#include " + header;
  return "#include \"" + std::filesystem::path(header).filename().string() + "\"";
}

}  // namespace

std::string synthesize_source(const std::string& include_line, const std::string& class_name, const std::vector<std::string>& extra_classes,
                              const std::vector<std::string>& template_argument_lists) {
  std::string s = include_line + "\n";
  std::vector<std::string> names{class_name};
  names.insert(names.end(), extra_classes.begin(), extra_classes.end());
  for (size_t i = 0; i < names.size(); ++i) {
    s += "using " + alias_name(i) + " = " + names[i] + ";\n";
    s += "static_assert(sizeof(" + alias_name(i) + ") > 0, \"objgen scan: incomplete class\");\n";
  }
  return s + template_arguments_source(template_argument_lists);
}

ScanOutcome scan_header(const ScanRequest& request, bool keep_warnings) {
  ScanOutcome outcome;
  std::string parse_include;
  if (!request.header.empty() && request.header.front() == '<') {
    parse_include = "#include " + request.header;
  } else {
    std::error_code ec;
    if (!std::filesystem::exists(request.header, ec)) {
      outcome.status = ScanStatus::ToolError;
      outcome.message = "header not found: " + request.header;
      return outcome;
    }
    parse_include = "#include \"" + std::filesystem::absolute(request.header).string() + "\"";
  }
  std::string resource_dir = find_resource_dir(request.resource_dir);
  if (resource_dir.empty()) {
    outcome.status = ScanStatus::ToolError;
    outcome.message = "no Clang resource dir found (install clang-14 or pass --resource-dir)";
    return outcome;
  }
  outcome.arguments = base_arguments(resource_dir);
  outcome.arguments.insert(outcome.arguments.end(), request.flags.begin(), request.flags.end());
  std::vector<std::string> argument_lists;
  for (const auto& member : request.template_args) argument_lists.insert(argument_lists.end(), member.second.begin(), member.second.end());
  outcome.synthesized_source = synthesize_source(parse_include, request.class_name, request.extra_classes, argument_lists);

  ParsedUnit unit = parse_source(outcome.synthesized_source, outcome.arguments, driver_program());
  outcome.parse_seconds = unit.seconds;
  bool header_errors = false;
  for (const Diagnostic& d : unit.diagnostics) {
    if (d.is_error() && !d.in_synthesized_source) header_errors = true;
    if (d.is_error() || d.level == "note" || keep_warnings) outcome.diagnostics.push_back(d);
  }
  if (!unit.ast) {
    outcome.status = ScanStatus::ToolError;
    outcome.message = "Clang rejected the arguments";
    return outcome;
  }
  if (header_errors) {
    outcome.status = ScanStatus::ParseError;
    outcome.message = std::to_string(unit.errors) + " error(s) while parsing " + request.header;
    return outcome;
  }
  if (std::string why = template_arguments_error(unit.diagnostics, request.template_args, outcome.synthesized_source); !why.empty()) {
    outcome.status = ScanStatus::ToolError;
    outcome.message = why;
    return outcome;
  }
  const clang::CXXRecordDecl* target = unit.errors ? nullptr : find_target(*unit.ast);
  if (!target || !target->hasDefinition()) {
    outcome.status = ScanStatus::UnknownClass;
    outcome.message = "class '" + request.class_name + "' not found in " + request.header;
    std::vector<std::string> names;
    collect_class_names(unit.ast->getASTContext().getTranslationUnitDecl(), names, 0);
    outcome.suggestions = closest_names(request.class_name, names, 5);
    return outcome;
  }

  std::vector<const clang::CXXRecordDecl*> given;
  for (size_t i = 0; i < request.extra_classes.size(); ++i) {
    const clang::CXXRecordDecl* rd = find_target(*unit.ast, i + 1);
    if (!rd || !rd->hasDefinition()) {
      outcome.status = ScanStatus::UnknownClass;
      outcome.message = "class '" + request.extra_classes[i] + "' not found in " + request.header;
      return outcome;
    }
    given.push_back(rd);
  }

  auto start = std::chrono::steady_clock::now();
  std::vector<Companion> companions = reachable_classes(*unit.ast, target, given, request.class_depth);
  std::vector<const clang::CXXRecordDecl*> target_bases;
  add_subclasses(*unit.ast, target, companions, target_bases);
  std::vector<const clang::CXXRecordDecl*> registered{target};
  for (const Companion& c : companions) registered.push_back(c.record);
  TemplateScan templates{resolve_template_arguments(*unit.ast, request.template_args), {}};
  // A class given with --class keeps the user's name for it (an alias template's, say).
  auto given_name = [&](const clang::CXXRecordDecl* rd, const std::string& spelled) {
    for (size_t i = 0; i < given.size(); ++i)
      if (given[i]->getCanonicalDecl() == rd->getCanonicalDecl()) return request.extra_classes[i];
    return spelled;
  };
  auto extract = [&](const clang::CXXRecordDecl* rd, const std::string& requested, ScanResult& r) {
    r.include_line = include_line_for(request.header);
    r.requested_name = requested.rfind("::", 0) == 0 ? requested.substr(2) : requested;
    Extractor(*unit.ast, rd, r, registered, templates).run();
    r.mangled_prefix = mangled_class_prefix(unit.ast->getASTContext(), rd);
  };
  ScanResult& r = outcome.result;
  extract(target, request.class_name, r);
  for (const clang::CXXRecordDecl* b : target_bases) r.bases.push_back(TypeNamer(unit.ast->getASTContext()).spell(b));
  for (const Companion& c : companions) {
    ScanResult companion;
    companion.reached_by = c.reached_by;
    TypeNamer namer(unit.ast->getASTContext());
    for (const clang::CXXRecordDecl* b : c.bases) companion.bases.push_back(namer.spell(b));
    extract(c.record, given_name(c.record, namer.spell(c.record)), companion);
    r.companions.push_back(std::move(companion));
  }
  find_completing_headers(r, request.flags, request.header);
  outcome.extract_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace objgen::scan
