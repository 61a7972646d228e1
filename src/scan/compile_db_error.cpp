// CompileDbError's key function: its vtable and type information come from this file, compiled
// with RTTI (src/scan/compile_db.hpp).
#include "scan/compile_db.hpp"

namespace objgen::scan {

CompileDbError::~CompileDbError() = default;

}  // namespace objgen::scan
