// The Extractor's descriptions: source positions and text, the types whose fields objgen must
// know (their bases, fields and constants), and functions with their parameters (which literals,
// enumerators or parts can build an argument).
#include <algorithm>
#include <set>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Expr.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Lex/Lexer.h>
#include <clang/Sema/Sema.h>

#include "scan/extractor.hpp"
#include "scan/names.hpp"

namespace objgen::scan::detail {
namespace {

constexpr size_t kMaxDescribedTypes = 40;
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

// Clang spells what has no name as "(anonymous namespace)::E" or "(unnamed struct at …)".
bool nameable(const std::string& spelled) { return spelled.find('(') == std::string::npos; }

}  // namespace

// ---- positions and text ----
SourcePos Extractor::pos(clang::SourceLocation loc) const {
  SourcePos p;
  if (loc.isInvalid()) return p;
  clang::PresumedLoc pl = sm_.getPresumedLoc(sm_.getExpansionLoc(loc));
  if (pl.isInvalid()) return p;
  p.file = pl.getFilename();
  p.line = pl.getLine();
  p.column = pl.getColumn();
  return p;
}

std::string Extractor::source_text(clang::SourceRange range) const {
  if (range.isInvalid()) return "";
  clang::CharSourceRange chars =
      clang::CharSourceRange::getTokenRange(sm_.getExpansionLoc(range.getBegin()), sm_.getExpansionLoc(range.getEnd()));
  return clang::Lexer::getSourceText(chars, sm_, ctx_.getLangOpts()).str();
}

// Instantiates a class template specialization's definition if it was only declared.
const clang::CXXRecordDecl* Extractor::complete(const clang::CXXRecordDecl* rd) {
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
std::string Extractor::type_name(const clang::CXXRecordDecl* rd, clang::QualType written) const {
  std::string name = written.isNull() ? namer_.spell(rd) : namer_.spell(written);
  return replace_name(name, out_.target, out_.requested_name);
}

void Extractor::describe(const clang::CXXRecordDecl* rd, const std::string& reached_by, bool is_target, clang::QualType written) {
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
  d.copy_private = !d.copy_fails && copy_not_public(def);
  d.access = d.is_nested ? access_name(def->getAccess()) : "";
  d.reached_by = reached_by;
  const clang::CXXRecordDecl* pattern = def->getTemplateInstantiationPattern();
  d.pos = pos((pattern ? pattern : def)->getLocation());

  describe_bases(def, name, d);
  describe_fields(def, name, d);
  collect_constants(def, "", d.constants);
  out_.types.push_back(std::move(d));  // after what it reaches: dependencies first
}

void Extractor::describe_bases(const clang::CXXRecordDecl* def, const std::string& name, TypeDesc& d) {
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
}

void Extractor::describe_fields(const clang::CXXRecordDecl* def, const std::string& name, TypeDesc& d) {
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
}

void Extractor::collect_constants(const clang::DeclContext* dc, const std::string& prefix, std::vector<Constant>& out) {
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
bool Extractor::is_nothrow(const clang::FunctionDecl* fd) const {
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

std::string Extractor::spell_pointer_type(const clang::FunctionDecl* fd, bool member) const {
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

Function Extractor::make_function(const clang::FunctionDecl* fd, FunctionKind kind) {
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
void Extractor::built_from_parts(clang::QualType t, Param& param) {
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
std::vector<clang::QualType> Extractor::literal_constructor(const clang::CXXRecordDecl* rd) {
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

void Extractor::note_enumeration(clang::QualType t) {
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

bool Extractor::literal_type(clang::QualType t) const {
  std::string ignored;
  return !t.isNull() && classify_param(t, registered_, ignored) == ParamSupport::Literal;
}

}  // namespace objgen::scan::detail
