#include "scan/parse.hpp"

#include <chrono>

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/ASTUnit.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>

namespace objgen::scan {
namespace {

const char* level_name(clang::DiagnosticsEngine::Level level) {
  switch (level) {
    case clang::DiagnosticsEngine::Note:
      return "note";
    case clang::DiagnosticsEngine::Remark:
      return "remark";
    case clang::DiagnosticsEngine::Warning:
      return "warning";
    case clang::DiagnosticsEngine::Error:
      return "error";
    case clang::DiagnosticsEngine::Fatal:
      return "fatal error";
    default:
      return "diagnostic";
  }
}

// Records every diagnostic with its (expansion) location.
class Collector : public clang::DiagnosticConsumer {
 public:
  explicit Collector(std::vector<Diagnostic>& out) : out_(out) {}

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    if (level == clang::DiagnosticsEngine::Ignored) return;
    Diagnostic d;
    d.level = level_name(level);
    llvm::SmallString<256> text;
    info.FormatDiagnostic(text);
    d.message = std::string(text.str());
    if (info.getLocation().isValid() && info.hasSourceManager()) {
      const clang::SourceManager& sm = info.getSourceManager();
      clang::SourceLocation loc = sm.getExpansionLoc(info.getLocation());
      clang::PresumedLoc p = sm.getPresumedLoc(loc);
      if (p.isValid()) {
        d.file = p.getFilename();
        d.line = p.getLine();
        d.column = p.getColumn();
      }
      d.in_synthesized_source = sm.isInMainFile(loc);
    }
    out_.push_back(std::move(d));
  }

 private:
  std::vector<Diagnostic>& out_;
};

}  // namespace

std::string Diagnostic::str() const {
  std::string s;
  if (!file.empty()) s = file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": ";
  return s + level + ": " + message;
}

ParsedUnit parse_source(const std::string& code, const std::vector<std::string>& args, const std::string& program) {
  ParsedUnit unit;
  std::vector<Diagnostic> diagnostics;
  Collector collector(diagnostics);
  auto start = std::chrono::steady_clock::now();
  unit.ast = clang::tooling::buildASTFromCodeWithArgs(
      code, args, kSynthesizedFileName, program, std::make_shared<clang::PCHContainerOperations>(),
      clang::tooling::getClangStripDependencyFileAdjuster(), clang::tooling::FileContentMappings(), &collector);
  // The AST's engine does not own `collector`, which dies with this frame; what Sema reports
  // during extraction (inside SFINAE traps, or instantiations) is not wanted anyway.
  if (unit.ast) unit.ast->getDiagnostics().setClient(new clang::IgnoringDiagConsumer(), /*ShouldOwnClient=*/true);
  unit.diagnostics = std::move(diagnostics);
  unit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (const Diagnostic& d : unit.diagnostics)
    if (d.is_error()) ++unit.errors;
  return unit;
}

}  // namespace objgen::scan
