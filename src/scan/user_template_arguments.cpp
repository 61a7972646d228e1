#include "scan/user_template_arguments.hpp"

#include <algorithm>
#include <map>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/Basic/SourceManager.h>

namespace objgen::scan {
namespace {

constexpr const char* kHolder = "objgen_template_arguments";

std::string holder_declaration() { return std::string("template <class...> struct ") + kHolder + ";\n"; }

std::string alias_for(size_t index) { return std::string(kHolder) + "_" + std::to_string(index); }

}  // namespace

std::string template_arguments_source(const std::vector<std::string>& lists) {
  if (lists.empty()) return "";
  std::string s = holder_declaration();
  for (size_t i = 0; i < lists.size(); ++i) s += "using " + alias_for(i) + " = " + kHolder + "<" + lists[i] + ">;\n";
  return s;
}

UserTemplateArguments resolve_template_arguments(clang::ASTUnit& unit, const TemplateArgumentsRequest& request) {
  std::map<std::string, const clang::TypedefNameDecl*> aliases;
  for (const clang::Decl* d : unit.getASTContext().getTranslationUnitDecl()->decls())
    if (const auto* alias = llvm::dyn_cast<clang::TypedefNameDecl>(d); alias && unit.getSourceManager().isInMainFile(alias->getLocation()))
      aliases[alias->getNameAsString()] = alias;
  UserTemplateArguments out;
  size_t index = 0;
  for (const auto& [member, lists] : request)
    for (const std::string& written : lists) {
      auto found = aliases.find(alias_for(index++));
      if (found == aliases.end()) continue;
      const auto* holder = found->second->getUnderlyingType()->getAs<clang::TemplateSpecializationType>();
      if (!holder) continue;
      ExplicitArguments list{written, {}};
      for (const clang::TemplateArgument& a : holder->template_arguments())
        if (a.getKind() == clang::TemplateArgument::Type) list.types.push_back(a.getAsType());
      out[member].push_back(std::move(list));
    }
  return out;
}

std::string template_arguments_error(const std::vector<Diagnostic>& diagnostics, const TemplateArgumentsRequest& request,
                                     const std::string& source) {
  size_t holder = source.find(holder_declaration());
  if (holder == std::string::npos) return "";
  unsigned holder_line = 1 + static_cast<unsigned>(std::count(source.begin(), source.begin() + holder, '\n'));
  for (const Diagnostic& d : diagnostics) {
    if (!d.is_error() || !d.in_synthesized_source || d.line <= holder_line) continue;
    size_t index = d.line - holder_line - 1;
    for (const auto& [member, lists] : request) {
      if (index < lists.size()) return "--template-args '" + member + "=" + lists[index] + "': " + d.message;
      index -= lists.size();
    }
  }
  return "";
}

}  // namespace objgen::scan
