// What the IR's names say in C++ terms: a demangled function's qualified name, member and top
// namespace, whether a library member reads or writes its object; a struct type's class and
// the member name of each of its elements. Internal to the IR slicer (ir_slicer.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class StructType;
}

namespace objgen::analysis {

// "class.examples::CV", "struct.ns::X.base", "class.std::vector.12" -> the C++ class name.
std::string class_of_struct(llvm::StructType* st);

// Member names for the struct's elements: LLVM inserts [N x i8] padding elements that the class
// does not declare, so those are skipped while there are more elements than names.
std::string element_name(llvm::StructType* st, uint32_t element, const std::vector<std::string>& names);

// "std::vector<int, std::allocator<int> >::size() const" -> "std::vector<int, std::allocator<int> >::size".
std::string qualified_name(const std::string& demangled);

// "ns::X::get<int>" -> "get"; operators keep their angle brackets ("operator<").
std::string member_name(const std::string& qualified);

// "ns::X::f" -> "ns"; "" for a name outside any namespace.
std::string top_namespace(const std::string& qualified);

// A library member that gives access to an element (operator[], at, begin, find, ...).
bool is_element_access(const std::string& member);

// A library member that may change its object: not const, not an element access, not size(),
// empty() or capacity().
bool is_mutating_library_call(const std::string& member, bool is_const);

}  // namespace objgen::analysis
