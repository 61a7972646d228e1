// Compiled with -fno-access-control: Sema's current scope is private to it and its parser.
#include "scan/unit_scope.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/Sema/Scope.h>
#include <clang/Sema/Sema.h>

namespace objgen::scan {

UnitScope::UnitScope(clang::Sema& sema)
    : sema_(sema),
      scope_(std::make_unique<clang::Scope>(nullptr, clang::Scope::DeclScope, sema.getDiagnostics())),
      previous_current_(sema.CurScope),
      previous_unit_(sema.TUScope) {
  scope_->setEntity(sema.getASTContext().getTranslationUnitDecl());
  sema_.CurScope = scope_.get();
  sema_.TUScope = scope_.get();
}

UnitScope::~UnitScope() {
  sema_.CurScope = previous_current_;
  sema_.TUScope = previous_unit_;
}

}  // namespace objgen::scan
