#include "scan/clang_types.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include <clang/AST/DeclTemplate.h>
#include <clang/AST/QualTypeNames.h>

#include "scan/names.hpp"

namespace objgen::scan {
namespace {

const clang::NamespaceDecl* outermost_namespace(const clang::Decl* d) {
  const clang::NamespaceDecl* top = nullptr;
  for (const clang::DeclContext* dc = d->getDeclContext(); dc; dc = dc->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc)) top = ns;
  return top;
}

const std::set<std::string>& sequence_containers() {
  static const std::set<std::string> names = {"vector", "deque",    "list",          "forward_list",
                                              "set",    "multiset", "unordered_set", "unordered_multiset"};
  return names;
}
const std::set<std::string>& map_containers() {
  static const std::set<std::string> names = {"map", "multimap", "unordered_map", "unordered_multimap"};
  return names;
}
const std::set<std::string>& wrappers() {  // every type argument is part of the state
  static const std::set<std::string> names = {"optional", "variant", "pair", "tuple"};
  return names;
}

const clang::TemplateArgumentList* template_args(const clang::CXXRecordDecl* rd) {
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(rd)) return &spec->getTemplateArgs();
  return nullptr;
}

clang::QualType type_arg(const clang::CXXRecordDecl* rd, unsigned i) {
  const clang::TemplateArgumentList* args = template_args(rd);
  if (!args || i >= args->size() || (*args)[i].getKind() != clang::TemplateArgument::Type) return {};
  return (*args)[i].getAsType();
}

bool is_smart_pointer(const std::string& std_name) {
  return std_name == "unique_ptr" || std_name == "shared_ptr" || std_name == "weak_ptr";
}

bool is_string_like(const std::string& std_name) { return std_name == "basic_string" || std_name == "basic_string_view"; }

void analyze(clang::QualType t, FieldTypeInfo& info, bool via_pointer, int depth);

void analyze_pointee(clang::QualType pointee, FieldTypeInfo& info) {
  clang::QualType written = pointee.getUnqualifiedType();
  pointee = pointee.getCanonicalType().getUnqualifiedType();
  if (const auto* rd = pointee->getAsCXXRecordDecl()) {
    // A class template specialization only pointed to is not instantiated yet: the extractor
    // completes it (Sema), so it is reached like any class.
    bool instantiable = llvm::isa<clang::ClassTemplateSpecializationDecl>(rd);
    if (is_std_library(rd) || (!rd->hasDefinition() && !instantiable)) {
      info.opaque_pointer = true;  // e.g. std::string*: only null-ness is state
      return;
    }
    info.reached.push_back({rd->hasDefinition() ? rd->getDefinition() : rd, true, written});
    return;
  }
  if (!pointee->isVoidType() && !pointee->isFunctionType()) info.opaque_pointer = true;
}

// What a smart pointer owns is read through it when it is a library value objgen reads (a
// string, a container, a number: the linearizer's put_pointee); a class of the user's is an
// object of its own, and an array or a library class objgen cannot read only null or not.
void analyze_smart_pointee(clang::QualType pointee, FieldTypeInfo& info, int depth) {
  clang::QualType canonical = pointee.isNull() ? pointee : pointee.getCanonicalType().getUnqualifiedType();
  const clang::CXXRecordDecl* rd = canonical.isNull() ? nullptr : canonical->getAsCXXRecordDecl();
  if (canonical.isNull() || canonical->isArrayType() || canonical->isVoidType() || (rd && !is_std_library(rd)))
    return analyze_pointee(pointee, info);
  FieldTypeInfo value;
  analyze(pointee, value, false, depth + 1);
  if (!value.supported) return analyze_pointee(pointee, info);
  info.opaque_pointer = info.opaque_pointer || value.opaque_pointer;
  info.reached.insert(info.reached.end(), value.reached.begin(), value.reached.end());
}

void analyze(clang::QualType t, FieldTypeInfo& info, bool via_pointer, int depth) {
  if (depth > 12) return;
  (void)via_pointer;
  clang::QualType written = t.getNonReferenceType().getUnqualifiedType();
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  auto unsupported = [&](std::string why) {
    if (info.supported) info.reason = std::move(why);
    info.supported = false;
  };
  if (t->isBooleanType() || t->isIntegerType() || t->isEnumeralType() || t->isRealFloatingType()) return;
  if (t->isMemberPointerType()) return unsupported("member pointer");
  if (t->isPointerType()) return analyze_pointee(written->getPointeeType(), info);
  if (const auto* arr = llvm::dyn_cast<clang::ConstantArrayType>(t.getTypePtr()))
    return analyze(arr->getElementType(), info, false, depth + 1);
  if (t->isArrayType()) return unsupported("array of unknown bound");
  const clang::CXXRecordDecl* rd = t->getAsCXXRecordDecl();
  if (!rd) return unsupported("type objgen cannot canonicalize");
  if (rd->isUnion()) return unsupported("union");
  if (!rd->getIdentifier() && !rd->getTypedefNameForAnonDecl()) return unsupported("unnamed class type");
  if (rd->isLambda()) return unsupported("lambda closure");
  std::string std_name = std_class_name(rd);
  if (std_name.empty() && !is_std_library(rd)) {
    if (!rd->hasDefinition()) return unsupported("incomplete class");
    if (is_stateless(rd->getDefinition())) return unsupported("no state (empty class)");
    info.reached.push_back({rd->getDefinition(), false, written});
    return;
  }
  if (is_smart_pointer(std_name)) return analyze_smart_pointee(type_arg(rd, 0), info, depth);
  if (is_string_like(std_name)) return;
  if (std_name == "array") return analyze(type_arg(rd, 0), info, false, depth + 1);
  if (wrappers().count(std_name)) {
    const clang::TemplateArgumentList* args = template_args(rd);
    for (unsigned i = 0; args && i < args->size(); ++i) {
      const clang::TemplateArgument& a = (*args)[i];
      if (a.getKind() == clang::TemplateArgument::Type) analyze(a.getAsType(), info, false, depth + 1);
      if (a.getKind() == clang::TemplateArgument::Pack)
        for (const clang::TemplateArgument& p : a.pack_elements())
          if (p.getKind() == clang::TemplateArgument::Type) analyze(p.getAsType(), info, false, depth + 1);
    }
    return;
  }
  if (sequence_containers().count(std_name)) return analyze(type_arg(rd, 0), info, false, depth + 1);
  if (map_containers().count(std_name)) {
    analyze(type_arg(rd, 0), info, false, depth + 1);
    return analyze(type_arg(rd, 1), info, false, depth + 1);
  }
  if (std_name == "stack" || std_name == "queue" || std_name == "priority_queue")
    return unsupported("container adaptor: no iteration (describe it by hand, e.g. its c member)");
  if (is_stateless(rd->getDefinition() ? rd->getDefinition() : rd))
    return unsupported("no state (" + std::string(std_name.empty() ? "library" : std_name) + ", empty class)");
  unsupported("library type objgen cannot canonicalize");
}

// Whether a template argument of t (at any depth) is written as an expression other than a
// literal (`MemPoolT<sizeof(XMLElement)>`): printed as written it names what the library's own
// scope made visible, which does not compile outside it; its value (120) always does.
bool has_expression_argument(clang::QualType t, int depth = 0) {
  if (t.isNull() || depth > 8) return false;
  const clang::Type* type = t.getTypePtr();
  if (const auto* e = llvm::dyn_cast<clang::ElaboratedType>(type)) return has_expression_argument(e->getNamedType(), depth + 1);
  if (type->isPointerType() || type->isReferenceType()) return has_expression_argument(type->getPointeeType(), depth + 1);
  const auto* ts = llvm::dyn_cast<clang::TemplateSpecializationType>(type);
  if (!ts) return false;
  for (const clang::TemplateArgument& a : ts->template_arguments()) {
    if (a.getKind() == clang::TemplateArgument::Expression) {
      const clang::Expr* e = a.getAsExpr()->IgnoreParenImpCasts();
      if (!llvm::isa<clang::IntegerLiteral>(e) && !llvm::isa<clang::CXXBoolLiteralExpr>(e)) return true;
    }
    if (a.getKind() == clang::TemplateArgument::Type && has_expression_argument(a.getAsType(), depth + 1)) return true;
  }
  return false;
}

}  // namespace

TypeNamer::TypeNamer(const clang::ASTContext& ctx) : ctx_(ctx), policy_(ctx.getPrintingPolicy()) {
  policy_.SuppressTagKeyword = true;
  policy_.SuppressScope = false;
  policy_.SuppressUnwrittenScope = true;
  policy_.SuppressInlineNamespace = true;
  policy_.FullyQualifiedName = true;
  policy_.PrintCanonicalTypes = false;
  policy_.Bool = true;
  policy_.SplitTemplateClosers = false;
}

std::string TypeNamer::spell(clang::QualType t) const {
  std::string s = clang::TypeName::getFullyQualifiedName(t, ctx_, policy_, /*WithGlobalNsPrefix=*/false);
  // A member of a template specialization (`make_list<T, constant_time_size<true>>::type`) is
  // printed with the arguments as the library wrote them, unqualified where its own scope made
  // them visible: from outside they do not compile. The canonical type names the class itself.
  if (names_template_member(s) || has_expression_argument(t)) s = t.getCanonicalType().getAsString(policy_);
  // Clang writes "Node *" and "const List &": close the gap, as the bundled harnesses do.
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] == ' ' && i + 1 < s.size() && (s[i + 1] == '*' || s[i + 1] == '&') && i > 0 &&
        (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_' || s[i - 1] == '>' || s[i - 1] == '*' || s[i - 1] == '&'))
      continue;
    out += s[i];
  }
  return out;
}

bool TypeNamer::names_template_member(const std::string& spelled) const {
  std::string rest = trusted_.empty() ? spelled : replace_name(spelled, trusted_, "T");
  return rest.find(">::") != std::string::npos;
}

std::string TypeNamer::spell(const clang::CXXRecordDecl* rd) const { return spell(ctx_.getRecordType(rd)); }

bool is_std_library(const clang::Decl* d) {
  const clang::NamespaceDecl* top = outermost_namespace(d);
  if (!top || !top->getIdentifier()) return false;
  llvm::StringRef name = top->getName();
  return name == "std" || name == "__gnu_cxx" || name == "__gnu_debug" || name == "__cxxabiv1";
}

std::string std_class_name(const clang::CXXRecordDecl* rd) {
  const clang::NamespaceDecl* top = outermost_namespace(rd);
  if (!top || !top->getIdentifier() || top->getName() != "std") return "";
  if (!rd->getIdentifier()) return "";
  return rd->getName().str();
}

FieldTypeInfo analyze_field_type(clang::QualType t) {
  FieldTypeInfo info;
  analyze(t, info, false, 0);
  return info;
}

bool is_stateless(const clang::CXXRecordDecl* rd) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  if (!rd->field_empty()) return false;
  for (const clang::CXXBaseSpecifier& b : rd->bases()) {
    const clang::CXXRecordDecl* base = b.getType()->getAsCXXRecordDecl();
    if (base && !is_stateless(base)) return false;
  }
  return true;
}

namespace {

// A type whose copy cannot compile though no trait says so: unique_ptr, and standard templates
// (containers, optional, pair) over one; a class whose own implicit copy fails.
bool holds_move_only(clang::QualType t, int depth) {
  t = t.getCanonicalType();
  while (const clang::ArrayType* a = t->getAsArrayTypeUnsafe()) t = a->getElementType().getCanonicalType();
  const clang::CXXRecordDecl* rd = t->getAsCXXRecordDecl();
  if (!rd || depth > 6) return false;
  if (is_std_library(rd)) {
    if (std_class_name(rd) == "unique_ptr") return true;
    if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(rd))
      for (const clang::TemplateArgument& a : spec->getTemplateArgs().asArray())
        if (a.getKind() == clang::TemplateArgument::Type && holds_move_only(a.getAsType(), depth + 1)) return true;
    return false;
  }
  return implicit_copy_fails(rd, depth + 1);
}

}  // namespace

bool implicit_copy_fails(const clang::CXXRecordDecl* rd, int depth) {
  if (!rd || !rd->hasDefinition() || depth > 6) return false;
  rd = rd->getDefinition();
  if (rd->hasUserDeclaredCopyConstructor()) return false;
  for (const clang::CXXBaseSpecifier& b : rd->bases())
    if (implicit_copy_fails(b.getType()->getAsCXXRecordDecl(), depth + 1)) return true;
  for (const clang::FieldDecl* f : rd->fields())
    if (holds_move_only(f->getType(), depth)) return true;
  return false;
}

bool copy_not_public(const clang::CXXRecordDecl* rd) {
  if (!rd || !rd->hasDefinition()) return false;
  rd = rd->getDefinition();
  for (const clang::CXXConstructorDecl* c : rd->ctors())
    if (c->isCopyConstructor() && !c->isImplicit() && c->getAccess() != clang::AS_public) return true;
  for (const clang::CXXMethodDecl* m : rd->methods())
    if (m->isCopyAssignmentOperator() && !m->isImplicit() && m->getAccess() != clang::AS_public) return true;
  return false;
}

const clang::CXXRecordDecl* object_record(clang::QualType t) {
  t = t.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  if (t->isPointerType()) t = t->getPointeeType().getCanonicalType().getUnqualifiedType();
  const clang::CXXRecordDecl* rd = t->getAsCXXRecordDecl();
  if (!rd) return nullptr;
  std::string name = std_class_name(rd);
  if (name == "unique_ptr" || name == "shared_ptr") {
    clang::QualType inner = type_arg(rd, 0);
    return inner.isNull() ? nullptr : inner->getAsCXXRecordDecl();
  }
  return rd;
}

bool refers_to_record(clang::QualType t, const clang::CXXRecordDecl* rd) {
  const clang::CXXRecordDecl* r = object_record(t);
  return r && r->getCanonicalDecl() == rd->getCanonicalDecl();
}

bool refers_to_template(clang::QualType t, const clang::ClassTemplateDecl* ct) {
  t = t.getNonReferenceType();
  while (t->isPointerType()) t = t->getPointeeType();
  t = t.getUnqualifiedType();
  if (const auto* tst = t->getAs<clang::TemplateSpecializationType>()) {
    const clang::TemplateDecl* td = tst->getTemplateName().getAsTemplateDecl();
    if (td && td->getCanonicalDecl() == ct->getCanonicalDecl()) return true;
    for (const clang::TemplateArgument& a : tst->template_arguments())  // shared_ptr<X<T>>
      if (a.getKind() == clang::TemplateArgument::Type && refers_to_template(a.getAsType(), ct)) return true;
  }
  if (const auto* inj = t->getAs<clang::InjectedClassNameType>())
    return inj->getDecl()->getDescribedClassTemplate() &&
           inj->getDecl()->getDescribedClassTemplate()->getCanonicalDecl() == ct->getCanonicalDecl();
  return false;
}

namespace {

// std::string and its kin over char (signed or not: -funsigned-char).
bool is_char_string(const clang::CXXRecordDecl* rd) {
  return rd && is_string_like(std_class_name(rd)) && !type_arg(rd, 0).isNull() &&
         (type_arg(rd, 0)->isSpecificBuiltinType(clang::BuiltinType::Char_S) ||
          type_arg(rd, 0)->isSpecificBuiltinType(clang::BuiltinType::Char_U));
}

// Why objgen cannot pass a pointer to this (nullptr: it might).
const char* pointer_problem(clang::QualType bare) {
  if (!bare->isPointerType()) return nullptr;
  clang::QualType pointee = bare->getPointeeType().getCanonicalType();
  if (pointee->isCharType()) return "C string (objgen passes std::string)";
  if (pointee->isPointerType()) return "pointer to pointer";
  if (pointee->isFunctionType()) return "function pointer";
  return nullptr;
}

// Why a class that is not registered cannot be an argument.
std::string unregistered_class_reason(const clang::CXXRecordDecl* obj) {
  std::string name = obj->getNameAsString();
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (lower.find("iterator") != std::string::npos) return "iterator (objgen cannot build one)";
  if (lower.find("alloc") != std::string::npos) return "allocator";
  if (is_std_library(obj)) return "library class objgen cannot generate (" + obj->getQualifiedNameAsString() + ")";
  return "class objgen does not build (" + obj->getQualifiedNameAsString() + "): give --class " + obj->getQualifiedNameAsString() +
         " too, or a larger --class-depth";
}

}  // namespace

ParamSupport classify_param(clang::QualType t, const std::vector<const clang::CXXRecordDecl*>& registered, std::string& reason) {
  clang::QualType canon = t.getCanonicalType();
  bool lvalue_ref = canon->isLValueReferenceType();
  clang::QualType bare = canon.getNonReferenceType();
  bool const_ref = lvalue_ref && bare.isConstQualified();
  bare = bare.getUnqualifiedType();
  if (bare->isBooleanType() || bare->isIntegerType() || bare->isEnumeralType() || bare->isRealFloatingType()) {
    if (lvalue_ref && !const_ref) {
      reason = "non-const reference to a literal (an out parameter)";
      return ParamSupport::Unsupported;
    }
    return ParamSupport::Literal;
  }
  const clang::CXXRecordDecl* rd = bare->getAsCXXRecordDecl();
  if (is_char_string(rd)) {
    if (lvalue_ref && !const_ref) {
      reason = "non-const reference to a string (an out parameter)";
      return ParamSupport::Unsupported;
    }
    return ParamSupport::Literal;
  }
  if (const char* problem = pointer_problem(bare)) {
    reason = problem;
    return ParamSupport::Unsupported;
  }
  if (rd) {
    std::string std_name = std_class_name(rd);
    if (std_name == "weak_ptr") {
      reason = "std::weak_ptr parameter";
      return ParamSupport::Unsupported;
    }
  }
  const clang::CXXRecordDecl* obj = object_record(t);
  if (obj && std::any_of(registered.begin(), registered.end(),
                         [&](const clang::CXXRecordDecl* r) { return r->getCanonicalDecl() == obj->getCanonicalDecl(); })) {
    // An abstract class taken by value, rvalue or unique_ptr needs a new object of its own type.
    bool shared = rd && std_class_name(rd) == "shared_ptr";
    bool by_reference_or_pointer = canon->isLValueReferenceType() || bare->isPointerType() || shared;
    if (obj->hasDefinition() && obj->getDefinition()->isAbstract() && !by_reference_or_pointer) {
      reason = "abstract class taken by value, rvalue or unique_ptr (objgen passes subclasses by reference, pointer or shared_ptr)";
      return ParamSupport::Unsupported;
    }
    return ParamSupport::Object;
  }
  if (!obj) {
    reason = bare->isPointerType() ? "raw pointer to a non-class type" : "type objgen cannot generate";
    return ParamSupport::Unsupported;
  }
  reason = unregistered_class_reason(obj);
  return ParamSupport::Unsupported;
}

}  // namespace objgen::scan
