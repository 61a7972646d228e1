#include "emit/code_writer.hpp"

#include <cctype>

#include "emit/contract_writer.hpp"
#include "model/call_pattern.hpp"

namespace objgen::emit {

namespace {
std::string argument(const SlotType& slot, const std::string& v) {
  if (!slot.is_object()) return v;
  switch (slot.passing) {
    case Passing::Value:
    case Passing::ConstRef:
    case Passing::Ref:
      return "*" + v;
    case Passing::RValue:
      return "std::move(*" + v + ")";
    case Passing::ConstPtr:
    case Passing::Ptr:
      return v + ".get()";
    case Passing::SharedPtr:
      return v;
    case Passing::UniquePtr:
      return "std::make_unique<" + class_vtable(slot.cls).name + ">(std::move(*" + v + "))";
  }
  return v;
}
// The call pattern with {i} replaced by argument i (the receiver stays a pointer: "{0}->f").
std::string with_arguments(const Operation& op, const std::vector<std::string>& values) {
  return rewrite_placeholders(op.call_pattern, [&](size_t k) {
    bool receiver = op.kind == OpKind::Method && k == 0;
    return receiver ? values.at(0) : argument(op.params.at(k), values.at(k));
  });
}

}  // namespace

std::string call_statement(const Operation& op, const std::vector<std::string>& values, const std::string& result_var) {
  if (!op.emittable) return "// " + op.name + ": registered as a lambda without a cpp_call; cannot be written as C++";
  size_t first = op.kind == OpKind::Method ? 1 : 0;
  std::string args;
  for (size_t i = first; i < op.params.size(); ++i) {
    if (i > first) args += ", ";
    args += argument(op.params[i], values[i]);
  }
  std::string call;
  if (!op.call_pattern.empty()) {
    call = with_arguments(op, values);
  } else {
    switch (op.kind) {
      case OpKind::Constructor:
        return "auto " + result_var + " = std::make_shared<" + class_vtable(op.owner).name + ">(" + args + ");";
      case OpKind::Method:
        call = values[0] + "->" + op.cpp_call + "(" + args + ")";
        break;
      case OpKind::StaticFactory:
      case OpKind::FreeFunction:
        call = op.cpp_call + "(" + args + ")";
        break;
    }
  }
  if (op.result.is_object()) {
    const std::string& cls = class_vtable(op.result.cls).name;
    if (op.result.passing == Passing::Value) return "auto " + result_var + " = std::make_shared<" + cls + ">(" + call + ");";
    return "std::shared_ptr<" + cls + "> " + result_var + "(" + call + ");";
  }
  // Every discarded result is cast to void: [[nodiscard]] members (get_allocator) warn otherwise.
  if (op.result.is_literal() || (!op.result.cpp_type.empty() && op.result.cpp_type != "void")) return "(void)" + call + ";";
  return call + ";";
}

std::string expect_returns(const std::string& statement, LiteralKind kind, const std::string& expected) {
  if (statement.rfind("(void)", 0) != 0 || statement.size() < 8 || statement.back() != ';') return statement;
  std::string call = statement.substr(6, statement.size() - 7);
  switch (kind) {
    case LiteralKind::Double:
      return "EXPECT_DOUBLE_EQ(" + macro_argument(call) + ", " + expected + ");";
    case LiteralKind::String:
      return "EXPECT_EQ(" + macro_argument(call) + ", " + expected + ");";
    case LiteralKind::Bool:
      if (expected == "true") return "EXPECT_TRUE(" + macro_argument(call) + ");";
      if (expected == "false") return "EXPECT_FALSE(" + macro_argument(call) + ");";
      return "EXPECT_EQ(static_cast<bool>(" + call + "), " + expected + ");";
    default:
      return "EXPECT_EQ(static_cast<long long>(" + call + "), " + expected + ");";
  }
}

std::string macro_argument(const std::string& expression) {
  int depth = 0;
  char quote = 0;
  for (size_t i = 0; i < expression.size(); ++i) {
    char c = expression[i];
    if (quote) {
      if (c == '\\')
        ++i;
      else if (c == quote)
        quote = 0;
    } else if (c == '"' || c == '\'') {
      quote = c;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')') {
      --depth;
    } else if (c == ',' && depth == 0) {
      return "(" + expression + ")";
    }
  }
  return expression;
}

std::string expect_value(const std::string& statement, const Literal& value) {
  if (value.kind != LiteralKind::Char) return expect_returns(statement, value.kind, cpp_literal(value));
  Literal number = value;
  number.kind = LiteralKind::Int;
  return expect_returns(statement, value.kind, cpp_literal(number));
}

std::string include_line(const std::string& include) {
  if (include.empty()) return "// #include the class's header here (objgen does not know it for this subject)\n\n";
  return "#include " + (include.front() == '<' ? include : "\"" + include + "\"") + "\n\n";
}

std::string invariant_check(const Api& api, ClassId cls, const std::string& var) {
  const ClassInfo* info = api.find_class(cls);
  if (!info || info->invariant_call.empty()) return "";
  return "  EXPECT_TRUE(" + var + "->" + info->invariant_call + "());\n";
}

std::string c_identifier(const std::string& name) {
  std::string out;
  for (char c : name) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

std::string camel_case(const std::string& s) {
  std::string out;
  bool up = true;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) {
      up = true;
      continue;
    }
    out += up ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    up = false;
  }
  return out;
}

bool emittable(const Api& api, const FlatSequence& seq) {
  for (const FlatCall& c : seq.calls)
    if (!api.operations()[c.op].emittable) return false;
  return true;
}

std::vector<std::string> write_statements(const Api& api, const LiteralDomain& domain, const FlatSequence& seq, const std::string& prefix) {
  std::vector<std::string> lines;
  int next_value = 0;
  for (const FlatCall& c : seq.calls) {
    const Operation& op = api.operations()[c.op];
    std::vector<std::string> values;
    for (size_t i = 0; i < op.params.size(); ++i)
      values.push_back(c.args[i] < 0 ? domain.cpp(op.params[i], static_cast<size_t>(-1 - c.args[i])) : prefix + std::to_string(c.args[i]));
    std::string result_var = op.result.is_object() ? prefix + std::to_string(next_value++) : "";
    lines.push_back(op.contract >= 0 ? contract_statement(api, op, values) : call_statement(op, values, result_var));
  }
  return lines;
}

namespace {

// Operator symbols in words, so that operator+= and operator-= name different tests.
std::string operator_words(char c) {
  switch (c) {
    case '+':
      return "_plus";
    case '-':
      return "_minus";
    case '*':
      return "_star";
    case '/':
      return "_slash";
    case '%':
      return "_percent";
    case '=':
      return "_eq";
    case '<':
      return "_lt";
    case '>':
      return "_gt";
    case '!':
      return "_not";
    case '&':
      return "_amp";
    case '|':
      return "_bar";
    case '^':
      return "_caret";
    case '~':
      return "_tilde";
    case '[':
      return "_index";
    default:
      return "_";
  }
}

}  // namespace

std::string test_identifier(const std::string& s) {
  std::string out;
  size_t name_end = s.find('(', s.find("operator") == std::string::npos ? 0 : s.find("operator") + 8);
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    bool in_name = i < name_end;
    out += std::isalnum(static_cast<unsigned char>(c)) ? std::string(1, c) : in_name ? operator_words(c) : "_";
  }
  while (out.find("__") != std::string::npos) out.erase(out.find("__"), 1);
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

}  // namespace objgen::emit
