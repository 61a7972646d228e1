// Clang types seen the way objgen sees them: how a type is spelled in emitted code, which class
// types a field makes reachable, and whether a parameter type can be generated.
#pragma once

#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/PrettyPrinter.h>
#include <clang/AST/Type.h>

#include "scan/model.hpp"

namespace objgen::scan {

// Fully qualified spellings (namespaces and enclosing classes, template arguments, typedefs
// kept), valid at global scope in a harness compiled with -fno-access-control.
class TypeNamer {
 public:
  explicit TypeNamer(const clang::ASTContext& ctx);
  std::string spell(clang::QualType t) const;
  std::string spell(const clang::CXXRecordDecl* rd) const;
  // Members of this class (the target, as spelled) keep their typedef names: the harness names
  // the class itself, so `FaultList<AbortFault>::Node` compiles where `X<...>::type` may not.
  void trust_members_of(std::string spelled_class) { trusted_ = std::move(spelled_class); }

 private:
  bool names_template_member(const std::string& spelled) const;
  const clang::ASTContext& ctx_;
  clang::PrintingPolicy policy_;
  std::string trusted_;
};

// Declared in namespace std (or a library implementation namespace such as __gnu_cxx).
bool is_std_library(const clang::Decl* d);
// "vector" for std::vector<...>, "" when rd is not a std class.
std::string std_class_name(const clang::CXXRecordDecl* rd);

// Whether the class's implicit copy constructor, which type traits call usable, would not compile:
// a member holds something move-only inside a standard template (std::vector<std::unique_ptr<X>>),
// here or in a base or member class. A user-declared copy constructor is trusted.
bool implicit_copy_fails(const clang::CXXRecordDecl* rd, int depth = 0);
// Whether the class's own API forbids copies: its copy constructor or copy assignment is declared
// private or protected (the pre-C++11 way to say "not copyable", often never defined). Harnesses
// compile without access control, so the standard traits would call such a class copyable.
bool copy_not_public(const clang::CXXRecordDecl* rd);

// The class types a field's type makes reachable, and whether objgen can canonicalize it.
struct Reached {
  const clang::CXXRecordDecl* record;
  bool by_pointer;          // through a raw or smart pointer (an object of its own), else held by value
  clang::QualType written;  // as the field wrote it (typedefs kept): the preferred spelling
};
struct FieldTypeInfo {
  bool supported = true;
  std::string reason;            // when not supported
  bool opaque_pointer = false;   // a pointer to non-class data: only its null-ness is state
  std::vector<Reached> reached;  // non-library classes to describe
};
FieldTypeInfo analyze_field_type(clang::QualType t);

// True when the record has no state: no fields and only stateless bases (allocators, comparators).
bool is_stateless(const clang::CXXRecordDecl* rd);

// The class a parameter or result type is about: T for T, T&, T*, unique_ptr<T>, shared_ptr<T>.
const clang::CXXRecordDecl* object_record(clang::QualType t);

// How objgen can pass a parameter of type t when `registered` are the classes the harness
// registers (the target and the classes its API reaches).
ParamSupport classify_param(clang::QualType t, const std::vector<const clang::CXXRecordDecl*>& registered, std::string& reason);

// True when t names (a reference/pointer/cv/smart pointer to) the class `rd` itself.
bool refers_to_record(clang::QualType t, const clang::CXXRecordDecl* rd);
// True when a dependent type t names a specialization of class template ct (for free templates).
bool refers_to_template(clang::QualType t, const clang::ClassTemplateDecl* ct);

}  // namespace objgen::scan
