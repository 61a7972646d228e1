// What `scan` learns about a class from its header: a plain model with no Clang types in it, so
// the harness writer and the reports can be built and tested without Clang.
#pragma once

#include <string>
#include <vector>

namespace objgen::scan {

struct SourcePos {
  std::string file;  // as Clang saw it (absolute or as given with -I)
  unsigned line = 0;
  unsigned column = 0;
  std::string str() const;  // "file:line" (basename only), "" when unknown
};

// How objgen could pass an argument of this type (see objgen's detail::param<P>).
enum class ParamSupport {
  Literal,      // bool, integers, chars, enums, floating point, std::string(_view): by value/const&
  Object,       // a described class by value, reference, pointer, unique_ptr or shared_ptr
  Parts,        // a class built from literals: std::pair<int, int>, greg_year(unsigned short), {x, y}
  Unsupported,  // anything else: `reason` says why
};

struct Param {
  std::string name;
  std::string type;           // fully qualified spelling, usable in emitted C++
  std::string default_value;  // source text of the default argument, "" when none
  ParamSupport support = ParamSupport::Unsupported;
  std::string reason;  // why unsupported
  // Parts: the literal types generated for it, and the class built from them, with braces for
  // an aggregate: `construct(a, b)` or `construct{a, b}`.
  std::vector<std::string> parts;
  std::string construct;
  bool brace = false;
};

enum class FunctionKind {
  Constructor,
  Method,        // non-static member function (operators included)
  StaticMethod,  // static member function
  FreeFunction,  // non-member in the class's namespace (or a hidden friend)
};

// How the harness registers a function, decided by the extractor.
enum class Registration {
  Constructor,  // .constructor<A...>()
  Method,       // .method(name, pointer)
  Factory,      // .factory(name, pointer, cpp_call): returns a new object, takes none
  Function,     // .function(name, pointer, cpp_call): takes the class among its parameters
  Invariant,    // .invariant(pointer, name): a bool repOK()-like const member
  Skip,         // listed as a comment with skip_reason
};

struct Function {
  FunctionKind kind = FunctionKind::Method;
  Registration registration = Registration::Skip;
  std::string name;            // "addLast", "operator==", class name for constructors
  std::string qualified_name;  // "examples::NodeCachingList::addLast", "boost::operator=="
  std::string result_type;     // "" for constructors
  std::vector<Param> params;
  bool is_const = false;
  bool is_static = false;
  bool is_virtual = false;
  bool is_noexcept = false;
  bool is_operator = false;
  bool is_template = false;  // a function template (members or free)
  // A member template instantiated for the class's own types (emplace(int&&, int&&) of
  // map<int, int>): called through a lambda, and left out if the harness does not compile.
  std::string template_arguments;  // "int, int", "" when not an instance
  // "<int>" when nothing deduces the instance's template arguments (as<int>() named with
  // --template-args): calls must name them. "" otherwise.
  std::string explicit_template_arguments;
  bool is_deleted = false;
  bool is_implicit = false;       // declared by the compiler (implicit default constructor)
  bool is_hidden_friend = false;  // found only by ADL: called unqualified
  bool scalar_result = false;     // returns bool, a number or an enum by value
  std::string ref_qualifier;      // "", "&" or "&&"
  std::string declaring_class;    // for members inherited from a base, else ""
  bool via_using = false;         // brought into the class by `using Base::name`: its own interface
  // Inherited, without a using-declaration, from a base in an implementation namespace (detail,
  // dtl, *internal, impl, aux): public by accident of the implementation (flat_tree's
  // insert_equal in flat_set), so ranked after the class's own members when choosing builders.
  bool implementation_member = false;
  // Exact type for static_cast when the name is overloaded or inherited:
  // "bool (examples::List::*)(int) const" or "bool (*)(const ns::C&, const ns::C&)".
  std::string pointer_type;
  bool overloaded = false;  // another function of the same name and kind is registered
  std::string purity;       // "observer" (const / no object modified), "mutator", "creator"
  std::string skip_reason;  // why it cannot be (or is not by default) registered
  std::string note;         // extra remark shown in the harness comment (defaults used, ...)
  // Argument counts to register (constructors and methods): all parameters, or fewer when the
  // rest have defaults and a trailing parameter cannot be generated.
  std::vector<unsigned> arities;
  // Declared but not defined in the scanned headers: the mangled names a call links to (both of
  // a constructor's). The harness build drops the member when no given library defines them.
  std::vector<std::string> link_symbols;
  // Skipped because this type (a result or parameter) is only declared in the scanned headers,
  // and the header under the include paths that defines it ("" when none was found).
  std::string incomplete_type;
  std::string completing_header;
  SourcePos pos;

  std::string signature() const;  // "addLast(int value) const &"
};

struct Field {
  std::string name;
  std::string type;    // fully qualified spelling
  std::string access;  // "public", "protected", "private"
  bool supported = true;
  std::string reason;  // why the field is left out of the description
  SourcePos pos;
};

struct Constant {
  std::string name;  // "kDefaultMaximumCacheSize", or "Color::Red" for enumerators
  std::string type;
  std::string value;  // evaluated value, "" when not a constant expression
  std::string kind;   // "static member" or "enumerator"
  SourcePos pos;
};

// One class type whose fields objgen must know: the target, or one reachable from its fields.
struct TypeDesc {
  std::string name;         // fully qualified C++ spelling, usable in emitted code
  std::string objgen_name;  // Fields<T>::name: the user's spelling for the target
  bool is_target = false;
  bool is_nested = false;                  // declared inside another class
  std::string access;                      // access of a nested type ("private" for a private Node)
  std::string reached_by;                  // "examples::NodeCachingList::header (pointer)"
  std::vector<std::string> bases;          // stateful bases, visited first (fully qualified)
  std::vector<std::string> skipped_bases;  // "std::allocator<int>: no state"
  std::vector<Field> fields;
  std::vector<Constant> constants;
  SourcePos pos;
  bool copy_fails = false;    // its implicit copy would not compile: OBJGEN_NOT_COPYABLE
  bool copy_private = false;  // its copy constructor or assignment is not public: not copyable either
};

// An enumeration a registered parameter takes: generators offer its enumerators.
struct EnumDesc {
  std::string type;                                            // "boost::date_time::special_values"
  std::vector<std::pair<std::string, long long>> enumerators;  // "boost::date_time::special_values::not_a_date_time", 0
};

struct ScanResult {
  std::string requested_name;       // as given with --class
  std::string target;               // fully qualified spelling of the target
  std::string target_short;         // "NodeCachingList" / "circular_buffer"
  std::string enclosing_namespace;  // "examples", "" for the global namespace
  bool is_template_instance = false;
  bool in_system_header = false;           // the class comes from a system header (boost, std)
  bool iterable = false;                   // has public const begin()/end(): OBJGEN_VALUE_TYPE is possible
  std::vector<std::string> element_types;  // iterable: the classes *begin() gives (described in types)
  bool opaque_state = false;               // some state hides behind pointers to non-class data
  std::string include_line;                // "#include \"node_caching_list.hpp\""
  // Itanium mangling of the class as a nested-name prefix, "N8examples5StackE" minus the final
  // "E": coverage builds instrument the functions whose mangled names start with it.
  std::string mangled_prefix;
  // The same for each base class that declares a registered member (brought in by `using`, or
  // inherited): its body is the one a call runs, so coverage builds instrument it too.
  std::vector<std::string> base_mangled_prefixes;
  std::vector<TypeDesc> types;  // dependencies first, the target last
  std::vector<Function> functions;
  std::vector<EnumDesc> enums;
  std::vector<std::string> warnings;
  // Classes registered beside the target (its members take or return them, or --class named
  // them), each scanned as a target of its own; empty in a companion.
  std::vector<ScanResult> companions;
  std::string reached_by;  // a companion: "examples::Student::setSupervisor takes it", "--class"
  // Registered classes it derives from publicly (spelled as `target` is; the target's and the
  // companions'): its objects may be given where those are taken (Api::upcast).
  std::vector<std::string> bases;
};

}  // namespace objgen::scan
