// The Extractor: one class's model from a parsed unit. Internal to scan; its work is split by
// concern: describing types, constants and functions (extract_describe.cpp), and collecting the
// class's members and deciding how each is registered (extract_members.cpp).
#pragma once

#include <set>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Sema/Sema.h>

#include "scan/clang_types.hpp"
#include "scan/member_templates.hpp"
#include "scan/model.hpp"

namespace objgen::scan::detail {

// "_ZTIN8examples5StackE" (the type_info's name) -> "N8examples5Stack"; a class at global scope
// has no nested-name prefix ("_ZTI5Stack" -> "5Stack").
std::string mangled_class_prefix(clang::ASTContext& ctx, const clang::CXXRecordDecl* rd);

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

  void run();

 private:
  // ---- positions and text (extract_describe.cpp) ----
  SourcePos pos(clang::SourceLocation loc) const;
  std::string source_text(clang::SourceRange range) const;
  const clang::CXXRecordDecl* complete(const clang::CXXRecordDecl* rd);

  // ---- types whose fields objgen must know (extract_describe.cpp) ----
  std::string type_name(const clang::CXXRecordDecl* rd, clang::QualType written) const;
  void describe(const clang::CXXRecordDecl* rd, const std::string& reached_by, bool is_target, clang::QualType written = {});
  void describe_bases(const clang::CXXRecordDecl* def, const std::string& name, TypeDesc& d);
  void describe_fields(const clang::CXXRecordDecl* def, const std::string& name, TypeDesc& d);
  void collect_constants(const clang::DeclContext* dc, const std::string& prefix, std::vector<Constant>& out);

  // ---- functions and their parameters (extract_describe.cpp) ----
  bool is_nothrow(const clang::FunctionDecl* fd) const;
  std::string spell_pointer_type(const clang::FunctionDecl* fd, bool member) const;
  Function make_function(const clang::FunctionDecl* fd, FunctionKind kind);
  void built_from_parts(clang::QualType t, Param& param);
  std::vector<clang::QualType> literal_constructor(const clang::CXXRecordDecl* rd);
  void note_enumeration(clang::QualType t);
  bool literal_type(clang::QualType t) const;

  // ---- support decisions (extract_members.cpp) ----
  bool takes_target(const Function& f) const;
  void decide(Function& f, const clang::FunctionDecl* fd, bool is_template);
  void set_purity(Function& f, const clang::FunctionDecl* fd, bool is_constructor) const;
  std::string never_registered(const Function& f, const clang::FunctionDecl* fd, bool is_template) const;
  void decide_static_or_free(Function& f, const clang::FunctionDecl* fd, const std::vector<unsigned>& arities) const;
  void note_defaults(Function& f, std::vector<unsigned> arities);

  // ---- member collection (extract_members.cpp) ----
  void add_function(const clang::FunctionDecl* fd, FunctionKind kind, bool is_template, const std::string& declaring_class,
                    bool hidden_friend);
  void add_using_member(const clang::UsingShadowDecl* shadow);
  size_t add_member(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
                    const std::string& declaring_class);
  void add_template_instances(const clang::CXXMethodDecl* md, const clang::FunctionTemplateDecl* ft, FunctionKind kind,
                              const std::string& declaring_class);
  void collect_members();
  void add_implicit_default_constructor();
  void collect_inherited(const clang::CXXRecordDecl* rd);
  void collect_friends();
  const clang::FunctionDecl* deduce_for_target(const clang::FunctionTemplateDecl* ft, std::string& why_not);
  void collect_namespace_functions();
  void add_namespace_template(const clang::FunctionTemplateDecl* ft);
  void finish();
  void describe_elements();

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

}  // namespace objgen::scan::detail
