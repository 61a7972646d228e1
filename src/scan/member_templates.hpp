// Member templates as a user of the class would call them. Clang's Sema deduces an instance the
// way overload resolution would (for the class's own types, or with the template arguments the
// user named with --template-args, defaulted guard parameters keeping their defaults), then
// instantiates its body: deduction never looks into bodies, and an instance whose body does not
// compile (insert(InputIt, InputIt) deduced for int) would break the whole harness. Such an
// instance is dropped alone, with the compiler's first error as the reason.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include <clang/AST/DeclTemplate.h>
#include <clang/Sema/Sema.h>

#include "scan/clang_types.hpp"

namespace objgen::scan {

// One explicit template argument list the user asked for, resolved by Clang.
struct ExplicitArguments {
  std::string written;                 // "int" or "int, double", as the user wrote it
  std::vector<clang::QualType> types;  // the types it names
};
// Member name -> the argument lists to try it with.
using UserTemplateArguments = std::map<std::string, std::vector<ExplicitArguments>>;

// What one scan knows about member templates: the user's argument lists, and every function
// whose instantiation reported an error (Clang reports it once: a later instance calling the same
// function instantiates nothing and reports nothing, so its callees are checked against these).
struct TemplateScan {
  UserTemplateArguments user;
  std::map<const clang::FunctionDecl*, std::string> failed_bodies;  // canonical declaration -> first error
};

struct TemplateInstance {
  const clang::FunctionDecl* function = nullptr;  // the specialization
  std::string arguments;                          // for the listing: "<int, int>", as deduced or as the user named them
  // "<int>" when the call must name the arguments (nothing deduces them), else "".
  std::string explicit_arguments;
  std::string body_error;  // the first error instantiating its body; "" when it compiles
};

class MemberTemplates {
 public:
  MemberTemplates(clang::Sema& sema, const clang::CXXRecordDecl* target, const std::vector<const clang::CXXRecordDecl*>& registered,
                  const TypeNamer& namer, TemplateScan& scan);

  // The instances to list for ft: those the user asked for, else the one deduced for the class's
  // own types. Empty, with why_not, when none deduces.
  std::vector<TemplateInstance> instances(const clang::FunctionTemplateDecl* ft, std::string& why_not);

 private:
  std::vector<TemplateInstance> user_instances(const clang::FunctionTemplateDecl* ft, const std::vector<ExplicitArguments>& lists,
                                               std::string& why_not);
  bool deduce_for_own_types(const clang::FunctionTemplateDecl* ft, TemplateInstance& out, clang::QualType& candidate_used);
  std::string pointer_it_takes(const clang::FunctionTemplateDecl* ft, clang::QualType candidate);
  const clang::FunctionDecl* deduce(const clang::FunctionTemplateDecl* ft, const std::vector<clang::QualType>* arg_types,
                                    const ExplicitArguments* explicit_arguments);
  std::vector<clang::QualType> call_argument_types(const clang::FunctionDecl* pattern, clang::QualType candidate,
                                                   const std::vector<clang::QualType>& pack, bool& usable);
  std::string body_error(const clang::FunctionDecl* instance);
  std::string failed_callee(const clang::FunctionDecl* fd, int depth, std::set<const clang::FunctionDecl*>& seen) const;
  clang::QualType member_type(const clang::CXXRecordDecl* rd, const char* name, int depth = 0);
  bool literal_type(clang::QualType t) const;
  std::vector<clang::QualType> element_candidates();
  std::vector<clang::QualType> pack_candidates(const clang::FunctionDecl* pattern);

  clang::Sema& sema_;
  clang::ASTContext& ctx_;
  const clang::CXXRecordDecl* target_;
  const std::vector<const clang::CXXRecordDecl*>& registered_;
  const TypeNamer& namer_;
  TemplateScan& scan_;
};

}  // namespace objgen::scan
