// The scan driver: the source to parse (the header and aliases naming the requested classes), its
// parse checked, the requested classes found, and the target and its companions extracted
// (extractor.hpp; the classes to describe are chosen in find_classes.cpp).
#include "scan/extract.hpp"

#include <chrono>
#include <filesystem>
#include <optional>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/Frontend/ASTUnit.h>

#include "scan/clang_crash_guard.hpp"
#include "scan/clang_types.hpp"
#include "scan/declared_only.hpp"
#include "scan/extractor.hpp"
#include "scan/find_classes.hpp"
#include "scan/member_templates.hpp"
#include "scan/names.hpp"
#include "scan/toolchain.hpp"
#include "scan/unit_scope.hpp"
#include "scan/user_template_arguments.hpp"

namespace objgen::scan {
namespace {

using detail::Companion;

std::string include_line_for(const std::string& header) {
  if (!header.empty() && header.front() == '<') return "#include " + header;
  return "#include \"" + std::filesystem::path(header).filename().string() + "\"";
}

// Sets the outcome's status and message; false, for the caller to return the outcome.
bool fail(ScanOutcome& outcome, ScanStatus status, std::string message) {
  outcome.status = status;
  outcome.message = std::move(message);
  return false;
}

// The arguments and the synthesized source to parse; false (and why) when they cannot be made.
bool prepare_source(const ScanRequest& request, ScanOutcome& outcome) {
  std::string parse_include;
  if (!request.header.empty() && request.header.front() == '<') {
    parse_include = "#include " + request.header;
  } else {
    std::error_code ec;
    if (!std::filesystem::exists(request.header, ec)) return fail(outcome, ScanStatus::ToolError, "header not found: " + request.header);
    parse_include = "#include \"" + std::filesystem::absolute(request.header).string() + "\"";
  }
  std::string resource_dir = find_resource_dir(request.resource_dir);
  if (resource_dir.empty())
    return fail(outcome, ScanStatus::ToolError, "no Clang resource dir found (install clang-14 or pass --resource-dir)");
  outcome.arguments = base_arguments(resource_dir);
  outcome.arguments.insert(outcome.arguments.end(), request.flags.begin(), request.flags.end());
  std::vector<std::string> argument_lists;
  for (const auto& member : request.template_args) argument_lists.insert(argument_lists.end(), member.second.begin(), member.second.end());
  outcome.synthesized_source = synthesize_source(parse_include, request.class_name, request.extra_classes, argument_lists);
  return true;
}

// Keeps the parse's diagnostics; false (and why) when the header or the arguments failed.
bool check_parse(const ScanRequest& request, const ParsedUnit& unit, bool keep_warnings, ScanOutcome& outcome) {
  bool header_errors = false;
  for (const Diagnostic& d : unit.diagnostics) {
    if (d.is_error() && !d.in_synthesized_source) header_errors = true;
    if (d.is_error() || d.level == "note" || keep_warnings) outcome.diagnostics.push_back(d);
  }
  if (!unit.ast) return fail(outcome, ScanStatus::ToolError, "Clang rejected the arguments");
  if (header_errors)
    return fail(outcome, ScanStatus::ParseError, std::to_string(unit.errors) + " error(s) while parsing " + request.header);
  if (std::string why = template_arguments_error(unit.diagnostics, request.template_args, outcome.synthesized_source); !why.empty())
    return fail(outcome, ScanStatus::ToolError, why);
  return true;
}

// The target, and the classes given with --class in `given`; null (and why) when one is missing.
const clang::CXXRecordDecl* find_requested_classes(const ScanRequest& request, const ParsedUnit& unit, ScanOutcome& outcome,
                                                   std::vector<const clang::CXXRecordDecl*>& given) {
  const clang::CXXRecordDecl* target = unit.errors ? nullptr : detail::find_target(*unit.ast);
  if (!target || !target->hasDefinition()) {
    fail(outcome, ScanStatus::UnknownClass, "class '" + request.class_name + "' not found in " + request.header);
    std::vector<std::string> names;
    detail::collect_class_names(unit.ast->getASTContext().getTranslationUnitDecl(), names, 0);
    outcome.suggestions = closest_names(request.class_name, names, 5);
    return nullptr;
  }
  for (size_t i = 0; i < request.extra_classes.size(); ++i) {
    const clang::CXXRecordDecl* rd = detail::find_target(*unit.ast, i + 1);
    if (!rd || !rd->hasDefinition()) {
      fail(outcome, ScanStatus::UnknownClass, "class '" + request.extra_classes[i] + "' not found in " + request.header);
      return nullptr;
    }
    given.push_back(rd);
  }
  return target;
}

// The target's model in `r`, its companions' in r.companions.
void extract_classes(const ScanRequest& request, clang::ASTUnit& unit, const clang::CXXRecordDecl* target,
                     const std::vector<const clang::CXXRecordDecl*>& given, ScanResult& r) {
  std::vector<Companion> companions = detail::reachable_classes(unit, target, given, request.class_depth);
  std::vector<const clang::CXXRecordDecl*> target_bases;
  detail::add_subclasses(unit, target, companions, target_bases);
  std::vector<const clang::CXXRecordDecl*> registered{target};
  for (const Companion& c : companions) registered.push_back(c.record);
  TemplateScan templates{resolve_template_arguments(unit, request.template_args), {}};
  // A class given with --class keeps the user's name for it (an alias template's, say).
  auto given_name = [&](const clang::CXXRecordDecl* rd, const std::string& spelled) {
    for (size_t i = 0; i < given.size(); ++i)
      if (given[i]->getCanonicalDecl() == rd->getCanonicalDecl()) return request.extra_classes[i];
    return spelled;
  };
  auto extract = [&](const clang::CXXRecordDecl* rd, const std::string& requested, ScanResult& result) {
    result.include_line = include_line_for(request.header);
    result.requested_name = requested.rfind("::", 0) == 0 ? requested.substr(2) : requested;
    detail::Extractor(unit, rd, result, registered, templates).run();
    result.mangled_prefix = detail::mangled_class_prefix(unit.getASTContext(), rd);
  };
  extract(target, request.class_name, r);
  for (const clang::CXXRecordDecl* b : target_bases) r.bases.push_back(TypeNamer(unit.getASTContext()).spell(b));
  for (const Companion& c : companions) {
    ScanResult companion;
    companion.reached_by = c.reached_by;
    TypeNamer namer(unit.getASTContext());
    for (const clang::CXXRecordDecl* b : c.bases) companion.bases.push_back(namer.spell(b));
    extract(c.record, given_name(c.record, namer.spell(c.record)), companion);
    r.companions.push_back(std::move(companion));
  }
}

}  // namespace

std::string synthesize_source(const std::string& include_line, const std::string& class_name, const std::vector<std::string>& extra_classes,
                              const std::vector<std::string>& template_argument_lists) {
  std::string s = include_line + "\n";
  std::vector<std::string> names{class_name};
  names.insert(names.end(), extra_classes.begin(), extra_classes.end());
  for (size_t i = 0; i < names.size(); ++i) {
    s += "using " + detail::alias_name(i) + " = " + names[i] + ";\n";
    s += "static_assert(sizeof(" + detail::alias_name(i) + ") > 0, \"objgen scan: incomplete class\");\n";
  }
  return s + template_arguments_source(template_argument_lists);
}

ScanOutcome scan_header(const ScanRequest& request, bool keep_warnings) {
  ScanOutcome outcome;
  if (!prepare_source(request, outcome)) return outcome;
  ClangCrashGuard guard(request.class_name + " in " + request.header);
  ParsedUnit unit = parse_source(outcome.synthesized_source, outcome.arguments, driver_program());
  outcome.parse_seconds = unit.seconds;
  if (!check_parse(request, unit, keep_warnings, outcome)) return outcome;
  // Everything below asks Sema for more (completions, deductions, instantiations): with a live
  // translation-unit scope, not the one the parser freed (scan/unit_scope.hpp).
  std::optional<UnitScope> scope;
  if (unit.ast->hasSema()) scope.emplace(unit.ast->getSema());
  std::vector<const clang::CXXRecordDecl*> given;
  const clang::CXXRecordDecl* target = find_requested_classes(request, unit, outcome, given);
  if (!target) return outcome;

  auto start = std::chrono::steady_clock::now();
  extract_classes(request, *unit.ast, target, given, outcome.result);
  find_completing_headers(outcome.result, request.flags, request.header);
  outcome.extract_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return outcome;
}

}  // namespace objgen::scan
