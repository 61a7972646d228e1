// Sema's scopes for the time after the parse. Clang's parser owns the translation unit's scope and
// deletes it when the parse ends, leaving Sema's pointers to it stale or null (other tools that
// keep a Sema past its parser lend it a scope the same way). What scan asks of Sema afterwards
// (completing classes, deducing member templates, instantiating exception specifications and
// bodies) may declare a builtin into that scope or look an operator up in it: through a stale
// pointer, a write into freed memory, whose damage depends on where memory lands. A UnitScope
// lends Sema a live translation-unit scope for as long as it lives.
#pragma once

#include <memory>

namespace clang {
class Scope;
class Sema;
}  // namespace clang

namespace objgen::scan {

class UnitScope {
 public:
  explicit UnitScope(clang::Sema& sema);
  ~UnitScope();  // Sema's pointers as they were
  UnitScope(const UnitScope&) = delete;
  UnitScope& operator=(const UnitScope&) = delete;

 private:
  clang::Sema& sema_;
  std::unique_ptr<clang::Scope> scope_;
  clang::Scope* previous_current_;
  clang::Scope* previous_unit_;
};

}  // namespace objgen::scan
