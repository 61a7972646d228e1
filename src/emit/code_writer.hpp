// Writes a flattened call sequence as C++ statements. Objects are held in std::shared_ptr so
// that every passing style (reference, pointer, shared/unique ownership) is expressible.
#pragma once

#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::emit {

// One statement per call; value i is named prefix + i. The last call is written without
// handling its outcome, so a thrown exception or crash surfaces where the tool saw it.
std::vector<std::string> write_statements(const Api& api, const LiteralDomain& domain, const FlatSequence& seq,
                                          const std::string& prefix = "v");

// One call as a statement. values[i] names the shared_ptr holding object parameter i, or is the
// C++ literal for literal parameter i; result_var (if the call returns an object) is declared.
std::string call_statement(const Operation& op, const std::vector<std::string>& values, const std::string& result_var);

// A statement as call_statement writes a call whose value is discarded ("(void)v0->size();"),
// turned into a GoogleTest check that the call returns `expected` (C++ text of that literal kind:
// a literal, or an expression such as a table's field); the statement itself when it is not one.
// Integers and chars are compared as long long, doubles within 4 ULPs (EXPECT_DOUBLE_EQ).
std::string expect_returns(const std::string& statement, LiteralKind kind, const std::string& expected);

// An expression as one macro argument: parenthesized when it has a comma outside parentheses and
// string or character literals (get<int, int>()), which would split the macro's arguments.
std::string macro_argument(const std::string& expression);
// The same with a recorded value (a char as its number: '\xc8' would be read as -56).
std::string expect_value(const std::string& statement, const Literal& value);

// A GoogleTest name from a signature: "List::add(int)" -> "List_add_int"; operators in words
// (operator+= -> operator_plus_eq) so overloads of different operators name different tests.
std::string test_identifier(const std::string& signature);

// "shelf::TagSet" -> "shelf__TagSet": every character but a letter or digit made '_', as CMake's
// string(MAKE_C_IDENTIFIER) does (objgen_add_tests names the same files): a class's file names.
std::string c_identifier(const std::string& name);

// "ncl_list" -> "NclList": a suite name from a file stem.
std::string camel_case(const std::string& s);

// `#include "x.hpp"` (or <x.hpp>) and a blank line; a comment asking for it when it is not known.
std::string include_line(const std::string& include);

// "  EXPECT_TRUE(var->repOK());\n" for a class with a registered invariant; "" otherwise.
std::string invariant_check(const Api& api, ClassId cls, const std::string& var);

// Whether every call of seq can be written as C++ (see Operation::emittable).
bool emittable(const Api& api, const FlatSequence& seq);

}  // namespace objgen::emit
