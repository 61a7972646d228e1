#include "scan/harness_writer.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <filesystem>
#include <set>
#include <sstream>

#include "scan/call_spelling.hpp"
#include "scan/harness_instances.hpp"
#include "scan/names.hpp"

namespace objgen::scan {
namespace {

const std::set<std::string>& bookkeeping_fields() {
  static const std::set<std::string> names = {"modCount", "mod_count", "modificationCount"};
  return names;
}

bool has_comma(const std::string& s) { return s.find(',') != std::string::npos; }

// The last component of the requested name with its template arguments: "circular_buffer<int>".
std::string requested_leaf(const std::string& requested) {
  size_t angle = requested.find('<');
  size_t at = requested.rfind("::", angle == std::string::npos ? std::string::npos : angle);
  return at == std::string::npos ? requested : requested.substr(at + 2);
}

// How the register function names the target: its namespace, objgen's name for it and the
// alias the register function uses (with the `using` line declaring it, if any).
struct TargetNames {
  std::string ns;
  std::string objgen_name;
  std::string alias;
  std::string alias_line;
};

// A companion (a class registered beside the target) is spelled in full: the register function is
// in the target's namespace.
TargetNames target_names(const ScanResult& r, const HarnessOptions& o, bool companion) {
  TargetNames n;
  n.ns = register_namespace(r, o);
  n.objgen_name = registered_target_name(r);
  bool template_id = n.objgen_name.find('<') != std::string::npos;
  if (!companion && !n.ns.empty() && !template_id && n.objgen_name == n.ns + "::" + r.target_short) {
    n.alias = r.target_short;  // spelled as the bundled harnesses do, inside its namespace
  } else if (!companion && template_id) {
    n.alias = camel_case(r.target_short);
    n.alias_line = "  using " + n.alias + " = " + n.objgen_name + ";\n";
  } else {
    n.alias = n.objgen_name;  // a companion, or a plain name
  }
  return n;
}

// Writes the harness file: the state descriptions, the register function and the entry point.
class Writer {
 public:
  Writer(const ScanResult& r, const HarnessOptions& o, bool companion = false)
      : r_(r),
        o_(o),
        names_(target_names(r, o, companion)),
        calls_(r.functions, r.target, names_.objgen_name, names_.alias),
        initialising_(companion ? "" : o.initialising_call) {}

  std::string run() {
    std::ostringstream out;
    write_preamble(out);
    std::set<std::string> written;  // described types: a class reached from two others is described once
    write_state(out, written);
    for (const ScanResult& c : r_.companions) {
      std::ostringstream state;
      Writer(c, o_, true).write_state(state, written);
      out << "// " << registered_target_name(c) << ", registered too (" << c.reached_by << ")"
          << (state.str().find_first_not_of('\n') == std::string::npos ? ": described above\n" : ":\n" + state.str());
    }
    write_register(out);
    if (o_.loadable) write_entry(out);
    return out.str();
  }

 private:
  const TypeDesc* target_desc() const {
    for (const TypeDesc& t : r_.types)
      if (t.is_target) return &t;
    return nullptr;
  }

  // Builder identification breaks ties by API order: the class's own members as declared, then
  // the member templates objgen instantiated (a guess at their arguments), then members of
  // implementation bases.
  std::vector<Function> registration_order() const {
    std::vector<Function> order = r_.functions;
    std::stable_sort(order.begin(), order.end(), [](const Function& a, const Function& b) {
      auto rank = [](const Function& f) { return f.implementation_member ? 2 : f.template_arguments.empty() ? 0 : 1; };
      return rank(a) < rank(b);
    });
    return order;
  }

  // The member that makes the initialising call, left out: it may not be called on an
  // initialised object (HarnessOptions::initialising_member_left_out).
  bool initialising_member_left_out(const Function& f) const {
    return !initialising_.empty() && f.registration == Registration::Method && f.name == o_.initialising_member_left_out;
  }

  // A member template objgen instantiated, left out after a harness that failed to compile.
  bool left_out(const Function& f) const {
    return !f.template_arguments.empty() && (!o_.template_instances || o_.failed_instances.count(instance_key(f)));
  }

  bool value_mode() const {
    if (o_.state == StateMode::Value) return true;
    if (o_.state == StateMode::Fields) return false;
    // A container's state is its elements (and scalar observers such as capacity): its fields
    // are an implementation whose nodes would count against the scope, and may not even reach
    // the elements (an intrusive list links hooks; fibonacci_heap's values live in subclasses).
    return r_.iterable;
  }

  void write_preamble(std::ostringstream& out) {
    out << "// objgen harness for " << names_.objgen_name << ", written by `objgen scan` (prototype).\n"
        << "// Compile with -fno-access-control: it names private fields and nested types.\n"
        << "// Review the heuristics below: builders, invariant, omitted fields.\n"
        // objgen's headers first: a precompiled objgen.hpp must be the first include to be used.
        << "#include \"objgen/objgen.hpp\"\n"
        << (o_.loadable ? "#include \"objgen/harness_entry.hpp\"\n" : "") << r_.include_line << "\n\n";
  }

  void write_entry(std::ostringstream& out) {
    std::string include = r_.include_line.substr(r_.include_line.find(' ') + 1);
    if (include.front() == '"') include = include.substr(1, include.size() - 2);
    std::string ns = register_namespace(r_, o_);
    out << "\nOBJGEN_HARNESS_ENTRY(" << quoted(subject_name(r_, o_)) << ", " << quoted(names_.objgen_name) << ", " << quoted(include)
        << ", " << (ns.empty() ? "" : ns + "::") << register_function_name(r_, o_) << ")\n";
  }

  static std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    return out + "\"";
  }

  // ---- state ----
  void write_state(std::ostringstream& out, std::set<std::string>& written) {
    if (value_mode() && !written.insert(names_.objgen_name).second) return;
    std::vector<std::string> constants;
    for (const TypeDesc& t : r_.types)
      for (const Constant& c : t.constants)
        if (!c.value.empty()) constants.push_back(c.name + " = " + c.value);
    if (!constants.empty()) {
      out << "// Constants:";
      for (size_t i = 0; i < constants.size(); ++i) out << (i ? ", " : " ") << constants[i];
      out << "\n";
    }
    if (value_mode()) {
      out << "// State = the elements in iteration order"
          << (r_.opaque_state ? " (its fields are raw pointers to the elements, opaque to objgen)" : "") << ".\n";
      std::vector<std::string> observed = scalar_observers();
      if (!observed.empty()) {
        out << "// ...and what its const scalar observers return (capacity, flags) on a copy of it: state the\n"
            << "// elements do not show.\n";
        write_explicit_fields(out, names_.objgen_name, {}, {}, true, observed);
      } else if (has_comma(names_.objgen_name)) {
        write_explicit_fields(out, names_.objgen_name, {}, {}, true);
      } else {
        out << "OBJGEN_VALUE_TYPE(" << names_.objgen_name << ")\n";
      }
      write_element_types(out, written);
      out << "\n";
      return;
    }
    for (const TypeDesc& t : r_.types)
      if (written.insert(t.objgen_name).second) write_type(out, t);
    out << "\n";
  }

  // Read by its elements, the class needs its elements' classes described, and the classes their
  // fields reach (a type's reached_by names the type whose field reached it).
  void write_element_types(std::ostringstream& out, std::set<std::string>& written) {
    std::set<std::string> needed(r_.element_types.begin(), r_.element_types.end());
    for (bool grew = true; grew;) {
      grew = false;
      for (const TypeDesc& t : r_.types)
        for (const std::string& n : std::set<std::string>(needed))
          if (!t.is_target && !needed.count(t.objgen_name) && t.reached_by.rfind(n + "::", 0) == 0)
            grew = needed.insert(t.objgen_name).second;
    }
    for (const TypeDesc& t : r_.types)
      if (!t.is_target && needed.count(t.objgen_name) && written.insert(t.objgen_name).second) write_type(out, t);
  }

  void write_type(std::ostringstream& out, const TypeDesc& t) {
    if (t.copy_fails || t.copy_private)
      out << "template <>\nstruct objgen::copyable<" << t.objgen_name << "> : std::false_type {};  // "
          << (t.copy_fails ? "its implicit copy would copy a move-only member" : "its copy is not public") << "\n";
    std::vector<std::string> fields;
    for (const Field& f : t.fields) {
      if (f.supported) {
        fields.push_back(f.name);
      } else {
        out << "// " << t.objgen_name << "::" << f.name << " left out (" << f.type << "): " << f.reason << "\n";
      }
    }
    for (const std::string& b : t.skipped_bases) out << "// base left out: " << b << "\n";
    bool macro = !has_comma(t.objgen_name) && !fields.empty() && fields.size() <= 12 && t.bases.size() <= 1 &&
                 !has_comma(t.bases.empty() ? "" : t.bases[0]);
    std::string where = t.pos.str();
    std::string tail = t.is_target ? "" : "  // " + (t.is_nested ? t.access + " nested type, " : std::string()) + where;
    if (!macro) {
      write_explicit_fields(out, t.objgen_name, t.bases, fields, false);
      return;
    }
    if (t.bases.empty()) {
      out << "OBJGEN_FIELDS(" << t.objgen_name;
    } else {
      out << "OBJGEN_FIELDS_WITH_BASE(" << t.objgen_name << ", " << t.bases[0];
    }
    for (const std::string& f : fields) out << ", " << f;
    out << ")" << tail << "\n";
  }

  // Public const noexcept members taking nothing and returning a scalar: in value mode they add
  // the state iteration hides (circular_buffer's capacity). noexcept marks a wide contract, by
  // the standard library's convention: front() (undefined on an empty object) is left out.
  std::vector<std::string> scalar_observers() const {
    std::vector<std::string> names;
    for (const Function& f : r_.functions)
      if (f.kind == FunctionKind::Method && f.registration == Registration::Method && f.is_const && f.is_noexcept && f.scalar_result &&
          f.params.empty() && !f.is_template && f.ref_qualifier != "&&" && !f.is_operator &&
          std::find(names.begin(), names.end(), f.name) == names.end())
        names.push_back(f.name);
    return names;
  }

  void write_explicit_fields(std::ostringstream& out, const std::string& type, const std::vector<std::string>& bases,
                             const std::vector<std::string>& fields, bool contents, const std::vector<std::string>& observed = {}) {
    out << "template <>\n"
        << "struct objgen::Fields<" << type << "> {\n"
        << "  static constexpr const char* name = \"" << type << "\";\n"
        << "  template <class V>\n"
        << "  static void visit([[maybe_unused]] V& v, [[maybe_unused]] const " << type << "& obj) {\n";
    if (contents) out << "    v.contents(\"contents\", obj);\n";
    // A C-style cast: unlike static_cast it may convert to a private base (fibonacci_heap's).
    for (const std::string& b : bases) out << "    v.base((const " << b << "&)obj);\n";
    for (const std::string& f : fields)
      out << "    v.field(\"" << f << "\", obj." << f << ");\n    ::objgen::detail::declared_const(v, std::is_const_v<decltype(obj." << f
          << ")>);\n";
    if (!observed.empty()) write_observations(out, type, observed);
    out << "  }\n};\n";
  }

  // Observers are read on a copy: the generator extends copies of objects, so the state must be
  // what a copy shows, or the copy of a rotated circular_buffer (linearized again) or of a
  // vector (capacity == size) would count as a new state of its own.
  static void write_observations(std::ostringstream& out, const std::string& type, const std::vector<std::string>& observed) {
    out << "    auto observe = [&v](const " << type << "& o) {\n";
    for (const std::string& m : observed) out << "      v.field(\"" << m << "()\", o." << m << "());\n";
    out << "    };\n"
        << "    if constexpr (std::is_copy_constructible_v<" << type << ">) observe(" << type << "(obj));\n"
        << "    else observe(obj);\n";
  }

  void write_register(std::ostringstream& out) {
    if (!names_.ns.empty()) out << "namespace " << names_.ns << " {\n\n";
    out << "void " << register_function_name(r_, o_) << "(objgen::Api& api) {\n" << names_.alias_line;
    std::set<std::string> enums_written;
    for (const ScanResult& c : r_.companions) Writer(c, o_, true).write_class(out, enums_written);
    write_class(out, enums_written);
    auto upcasts = [&](const std::string& derived, const ScanResult& c) {
      for (const std::string& base : c.bases)
        out << "  api.upcast<" << derived << ", " << registered_name(base) << ">();  // a " << c.target_short << " may stand where a "
            << base << " is taken\n";
    };
    for (const ScanResult& c : r_.companions) upcasts(registered_target_name(c), c);
    upcasts(names_.alias, r_);
    out << "}\n";
    if (!names_.ns.empty()) out << "\n}  // namespace " << names_.ns << "\n";
  }

  // How the register function names a registered class spelled `spelled` (the target: its alias).
  std::string registered_name(const std::string& spelled) const {
    if (spelled == r_.target) return names_.alias;
    for (const ScanResult& c : r_.companions)
      if (c.target == spelled) return registered_target_name(c);
    return spelled;
  }

  // The integral constants of the class and of the types it holds, as {"name", value} pairs.
  std::string integral_constants() const {
    std::string out;
    std::set<std::string> seen;
    for (const TypeDesc& t : r_.types)
      for (const Constant& c : t.constants) {
        const char* b = c.value.data();
        const char* e = b + c.value.size();
        long long v = 0;
        unsigned long long u = 0;  // npos: a size_t parameter takes it as -1 converts
        std::string value;
        if (auto r = std::from_chars(b, e, v); r.ec == std::errc() && r.ptr == e)
          value = v == LLONG_MIN ? "(-9223372036854775807LL - 1)" : c.value + "LL";
        else if (auto r2 = std::from_chars(b, e, u); r2.ec == std::errc() && r2.ptr == e)
          value = "static_cast<long long>(" + c.value + "ULL)";
        if (value.empty() || !seen.insert(c.name).second) continue;
        out += (out.empty() ? "{" : ", {") + CallSpelling::quote(c.name) + ", " + value + "}";
      }
    return out;
  }

  // A class's registration lines (code, comment) and what the lines decided.
  struct ClassLines {
    std::vector<std::pair<std::string, std::string>> lines;
    std::vector<std::string> builders;
    std::set<std::string> built_parts;  // lambdas already registered for arguments built from parts
    bool has_invariant = false;
    void add_builder(const std::string& name) {
      if (std::find(builders.begin(), builders.end(), name) == builders.end()) builders.push_back(name);
    }
  };

  void add_constructor(const Function& f, ClassLines& c) {
    if (left_out(f)) return;
    std::string at = f.pos.str();
    if (calls_.has_parts(f)) {  // a factory lambda builds the arguments, then the object
      unsigned n = f.arities.back();
      if (!c.built_parts.insert(calls_.lambda_for(f, n)).second) return;
      c.lines.push_back({".factory(" + CallSpelling::quote(f.name) + ", " + calls_.lambda_for(f, n) + ", " +
                             CallSpelling::quote(calls_.call_pattern(f, n)) + ").emitted_as(" +
                             CallSpelling::quote(calls_.call_pattern(f, n)) + ")" + calls_.param_names(f, n),
                         at + ": arguments built from their parts"});
      c.add_builder(f.name);
      return;
    }
    if (!initialising_.empty()) return add_initialising_factories(f, c);
    for (unsigned n : f.arities) {
      std::string defaults;
      for (unsigned i = n; i < f.params.size(); ++i) {
        if (!defaults.empty()) defaults += ", ";
        defaults += f.params[i].name.empty() ? "#" + std::to_string(i + 1) : f.params[i].name;
      }
      std::string comment = at;
      if (!defaults.empty()) comment.append(": default for ").append(defaults);
      if (n == f.arities.back() && !f.note.empty()) comment += " (" + calls_.sp(f.note) + ")";
      c.lines.push_back({".constructor<" + calls_.params_list(f, n) + ">()" + calls_.param_names(f, n), comment});
    }
    c.add_builder(f.name);
  }

  // Each arity of a constructor as a factory that constructs the object and makes the initialising
  // call on it, held by shared_ptr (no move needed), in the harness and in emitted code alike.
  void add_initialising_factories(const Function& f, ClassLines& c) {
    for (unsigned n : f.arities) {
      std::string params, args, placeholders;
      for (unsigned i = 0; i < n; ++i) {
        std::string type = calls_.sp(f.params[i].type), name = "a" + std::to_string(i);
        const char* comma = i ? ", " : "";
        params.append(comma).append(type).append(" ").append(name);
        args.append(comma).append("static_cast<").append(type).append("&&>(").append(name).append(")");
        placeholders.append(comma).append("{").append(std::to_string(i)).append("}");
      }
      auto body = [&](const std::string& type, const std::string& arguments) {
        return std::string("{ auto o = std::make_shared<")
            .append(type)
            .append(">(")
            .append(arguments)
            .append("); o->")
            .append(initialising_)
            .append("; return o; }");
      };
      std::string pattern = std::string(n == 0 ? "[]" : "[&]") + " " + body(names_.objgen_name, placeholders) + "()";
      c.lines.push_back({".factory(" + CallSpelling::quote(f.name) + ", [](" + params + ") " + body(names_.alias, args) + ", " +
                             CallSpelling::quote(pattern) + ").emitted_as(" + CallSpelling::quote(pattern) + ")" + calls_.param_names(f, n),
                         f.pos.str() + ": then " + initialising_ + ", without which its objects cannot be read"});
    }
    c.add_builder(f.name);
  }

  void add_method(const Function& f, const std::string& comment, ClassLines& c) {
    unsigned n = f.arities.empty() ? f.params.size() : f.arities.back();
    if (left_out(f)) return;
    if (initialising_member_left_out(f)) return;                                               // listed under "Not registered"
    if (calls_.has_parts(f) && !c.built_parts.insert(calls_.lambda_for(f, n)).second) return;  // insert(const&) and (&&) alike
    if (calls_.has_parts(f))
      c.lines.push_back({".method(" + CallSpelling::quote(f.name) + ", " + calls_.lambda_for(f, n) + ").emitted_as(" +
                             CallSpelling::quote(calls_.call_pattern(f, n)) + ")" + calls_.param_names(f, n),
                         comment});
    else if (n < f.params.size() || !f.template_arguments.empty())  // a template's address needs its arguments
      c.lines.push_back({".method(" + CallSpelling::quote(f.name) + ", " + calls_.lambda_for(f, n) + ", " +
                             CallSpelling::quote(f.name + f.explicit_template_arguments) + ")" + calls_.emitted_through_const(f, n) +
                             calls_.param_names(f, n),
                         comment});
    else
      c.lines.push_back({".method(" + CallSpelling::quote(f.name) + ", " + calls_.member_pointer(f) + ")" +
                             calls_.emitted_through_const(f, n) + calls_.param_names(f, n),
                         comment});
    if (f.purity == "mutator") c.add_builder(f.name);
  }

  void add_function(const Function& f, const std::string& comment, ClassLines& c) {
    if (left_out(f)) return;
    unsigned all = static_cast<unsigned>(f.params.size());
    std::string fn = f.is_hidden_friend || calls_.has_parts(f) ? calls_.lambda_for(f, all) : calls_.free_pointer(f);
    std::string kind = f.registration == Registration::Factory ? ".factory(" : ".function(";
    std::string emitted = calls_.has_parts(f) ? ".emitted_as(" + CallSpelling::quote(calls_.call_pattern(f, all)) + ")" : "";
    c.lines.push_back({kind + CallSpelling::quote(f.name) + ", " + fn + ", " + CallSpelling::quote(calls_.cpp_call_of(f)) + ")" + emitted +
                           calls_.param_names(f, all),
                       comment});
    if (f.registration == Registration::Factory) c.add_builder(f.name);
  }

  ClassLines registration_lines() {
    ClassLines c;
    for (const Function& f : registration_order()) {
      std::string comment = f.pos.str() + (f.note.empty() ? "" : ": " + calls_.sp(f.note));
      size_t first_line = c.lines.size();
      switch (f.registration) {
        case Registration::Constructor:
          add_constructor(f, c);
          break;
        case Registration::Method:
          add_method(f, comment, c);
          break;
        case Registration::Invariant:
          c.lines.push_back({".invariant(" + calls_.member_pointer(f) + ", " + CallSpelling::quote(f.name) + ")", comment});
          c.has_invariant = true;
          break;
        case Registration::Factory:
        case Registration::Function:
          add_function(f, comment, c);
          break;
        case Registration::Skip:
          break;
      }
      // Where each operation it registered is declared, for the reports.
      if (f.registration != Registration::Invariant && !f.pos.file.empty())
        for (size_t i = first_line; i < c.lines.size(); ++i) c.lines[i].first += declared_at(f.pos);
    }
    return c;
  }

  // `.declared_at("/abs/x.hpp", 12)` (`.class_at` for the class): the file made absolute.
  static std::string declared_at(const SourcePos& pos, const char* member = ".declared_at(") {
    std::string file = std::filesystem::absolute(pos.file).lexically_normal().string();
    return member + CallSpelling::quote(file) + ", " + std::to_string(pos.line) + ")";
  }

  // "a", "b", "c" (each quoted) joined with sep.
  static std::string joined(const std::vector<std::string>& items, const char* sep, bool quoted) {
    std::string list;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i > 0) list += sep;
      list += quoted ? CallSpelling::quote(items[i]) : items[i];
    }
    return list;
  }

  // The lists after the members: builders, implementation members, constants, omitted fields.
  void add_class_lists(ClassLines& c) {
    if (!c.builders.empty())
      c.lines.push_back({".builders({" + joined(c.builders, ", ", true) + "})",
                         "heuristic: constructors and mutators; keep the fewest that reach every state"});
    std::vector<std::string> implementation;
    for (const Function& f : r_.functions)
      if (f.implementation_member && f.registration == Registration::Method &&
          std::find(implementation.begin(), implementation.end(), f.name) == implementation.end())
        implementation.push_back(f.name);
    if (!implementation.empty())
      c.lines.push_back({".implementation_members({" + joined(implementation, ", ", true) + "})",
                         "inherited from an implementation base: builders are chosen among them last"});
    if (std::string named = integral_constants(); !named.empty())
      c.lines.push_back({".constants({" + named + "})", "values its methods are likeliest to accept"});
    std::vector<std::string> omitted;
    if (const TypeDesc* t = target_desc(); t && !value_mode())
      for (const Field& f : t->fields)
        if (f.supported && bookkeeping_fields().count(f.name)) omitted.push_back(f.name);
    std::string pattern = joined(omitted, "|", false);
    if (!o_.unreadable_fields.empty()) pattern += (pattern.empty() ? "" : "|") + o_.unreadable_fields;
    if (!pattern.empty())
      c.lines.push_back({".omit_fields(" + CallSpelling::quote(pattern) + ")",
                         o_.unreadable_fields.empty() ? "heuristic: a bookkeeping counter, not state"
                                                      : "observed: objgen could not read its objects with these fields (the last ones)"});
  }

  void write_enums(std::ostringstream& out, std::set<std::string>& enums_written) const {
    for (const EnumDesc& e : r_.enums) {
      if (!enums_written.insert(e.type).second) continue;
      out << "  api.enumeration<" << e.type << ">({";
      for (size_t i = 0; i < e.enumerators.size(); ++i)
        out << (i ? ", " : "") << "{" << CallSpelling::quote(e.enumerators[i].first) << ", " << e.enumerators[i].second << "}";
      out << "});\n";
    }
  }

  // The members left out, each with why, as comments under the registration.
  void write_not_registered(std::ostringstream& out) {
    bool header = false;
    for (const Function& f : r_.functions) {
      bool initialising = initialising_member_left_out(f);
      if (f.registration != Registration::Skip && !left_out(f) && !initialising) continue;
      if (!header) out << "  // Not registered:\n";
      header = true;
      std::string sig = f.signature();
      if (f.kind == FunctionKind::FreeFunction) sig = f.qualified_name + sig.substr(f.name.size());
      std::string why = f.registration == Registration::Skip ? f.skip_reason
                        : initialising ? "every object is made by " + initialising_ + ", and it may not be called again"
                                       : "instantiated for " + f.template_arguments + ", but the harness did not compile with it";
      out << "  //   " << calls_.sp(sig) << "  (" << f.pos.str() << "): " << calls_.sp(why) << "\n";
    }
  }

  // One class's registration, inside the register function.
  void write_class(std::ostringstream& out, std::set<std::string>& enums_written) {
    ClassLines c = registration_lines();
    if (const TypeDesc* t = target_desc(); t && !t->pos.file.empty())
      c.lines.insert(c.lines.begin(), {declared_at(t->pos, ".class_at("), ""});
    add_class_lists(c);
    write_enums(out, enums_written);
    out << "  api.add_class<" << names_.alias << ">()";
    for (size_t i = 0; i < c.lines.size(); ++i) {
      out << "\n      " << c.lines[i].first << (i + 1 == c.lines.size() ? ";" : "");
      if (!c.lines[i].second.empty()) out << "  // " << c.lines[i].second;
    }
    if (c.lines.empty()) out << ";";
    out << "\n";
    if (!c.has_invariant)
      out << "  // No repOK-like member found: add .invariant([](const " << names_.alias
          << "& x) { return ...; }) if the class has one to check.\n";
    write_not_registered(out);
  }

  const ScanResult& r_;
  const HarnessOptions& o_;
  TargetNames names_;
  CallSpelling calls_;
  std::string initialising_;  // HarnessOptions::initialising_call, for the target only
};

}  // namespace

std::string register_namespace(const ScanResult& r, const HarnessOptions& o) {
  if (o.namespace_name == "::") return "";
  if (!o.namespace_name.empty()) return o.namespace_name;
  if (r.in_system_header || r.enclosing_namespace.empty()) return "objgen_harness";
  return r.enclosing_namespace;
}

std::string register_function_name(const ScanResult& r, const HarnessOptions& o) {
  if (!o.register_suffix.empty()) return "register_" + o.register_suffix;
  return "register_" + snake_case(requested_leaf(r.requested_name.empty() ? r.target_short : r.requested_name));
}

std::string registered_target_name(const ScanResult& r) {
  for (const TypeDesc& t : r.types)
    if (t.is_target) return t.objgen_name;
  return r.target;
}

std::string subject_name(const ScanResult& r, const HarnessOptions& o) {
  return register_function_name(r, o).substr(std::string("register_").size());
}

std::string write_harness(const ScanResult& r, const HarnessOptions& options) { return Writer(r, options).run(); }

namespace {
void add_fields_of(const ScanResult& r, const TypeDesc& t, const std::string& visitor, std::vector<std::string>& out, int depth) {
  for (const Field& f : t.fields)
    if (f.supported) out.push_back(visitor + "." + f.name);
  for (const std::string& b : t.bases)
    for (const TypeDesc& base : r.types)
      if ((base.name == b || base.objgen_name == b) && depth < 8) add_fields_of(r, base, visitor, out, depth + 1);
}

void add_described_fields(const ScanResult& r, std::vector<std::string>& out) {
  for (const TypeDesc& t : r.types) add_fields_of(r, t, t.objgen_name, out, 0);
  for (const ScanResult& c : r.companions) add_described_fields(c, out);
}
}  // namespace

std::vector<std::string> described_field_names(const ScanResult& r) {
  std::vector<std::string> all, out;
  add_described_fields(r, all);
  std::set<std::string> seen;
  for (std::string& f : all)
    if (seen.insert(f).second) out.push_back(std::move(f));
  return out;
}

std::string state_mode_refusal(const ScanResult& r, const HarnessOptions& options) {
  if (options.state != StateMode::Value || r.iterable) return "";
  return r.target +
         " has no iteration (begin() and end()) for --state value to read it by: use --state fields (its "
         "fields) or --state auto";
}

}  // namespace objgen::scan
