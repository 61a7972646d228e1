#include "scan/report.hpp"

#include <algorithm>
#include <sstream>

#include "scan/names.hpp"

namespace objgen::scan {
namespace {

// Left-aligns s in a column of `width`, keeping at least one space after it.
std::string pad(const std::string& s, size_t width) { return s.size() + 1 > width ? s + " " : s + std::string(width - s.size(), ' '); }

// The listing names the class as the user did (`amap::map<int, int>`, an alias template), not
// as Clang spells its instance (an 8-argument `amap::detail::table<...>`); the harness and the
// JSON keep Clang's spelling, which compiles anywhere.
// The standard library's typedefs that Clang's substitution into default template arguments
// spells out (`Hash = std::hash<Key>` with Key = std::string): the same types, as users write them.
std::string standard_typedefs(std::string text) {
  static const std::pair<const char*, const char*> kSpellings[] = {
      {"std::basic_string<char, std::char_traits<char>, std::allocator<char>>", "std::string"},
      {"std::basic_string<wchar_t, std::char_traits<wchar_t>, std::allocator<wchar_t>>", "std::wstring"},
      {"std::basic_string_view<char, std::char_traits<char>>", "std::string_view"},
      {"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char>>", "std::string"},
  };
  for (const auto& [canonical, written] : kSpellings)
    for (size_t at = text.find(canonical); at != std::string::npos; at = text.find(canonical, at))
      text.replace(at, std::string(canonical).size(), written);
  return text;
}

std::string readable(const ScanResult& r, const std::string& text) {
  if (r.requested_name.empty() || r.requested_name == r.target) return standard_typedefs(text);
  return standard_typedefs(replace_name(text, r.target, r.requested_name));
}

std::string status_of(const Function& f) {
  if (f.registration == Registration::Skip) return "skipped: " + f.skip_reason;
  std::string s = registration_name(f.registration);
  if (!f.note.empty()) s += " (" + f.note + ")";
  return s;
}

std::string display_signature(const Function& f) {
  std::string s = f.signature();
  if (!f.explicit_template_arguments.empty()) s.insert(f.name.size(), f.explicit_template_arguments);
  if (f.kind == FunctionKind::FreeFunction) s = f.qualified_name + s.substr(f.name.size());
  if (!f.result_type.empty()) s += " -> " + f.result_type;
  if (!f.declaring_class.empty())
    s += "  [from " + f.declaring_class + (f.via_using ? " by using" : f.implementation_member ? ", an implementation base" : "") + "]";
  return s;
}

const char* short_kind(FunctionKind k) {
  switch (k) {
    case FunctionKind::Constructor:
      return "ctor";
    case FunctionKind::Method:
      return "method";
    case FunctionKind::StaticMethod:
      return "static";
    case FunctionKind::FreeFunction:
      return "free";
  }
  return "";
}

nlohmann::ordered_json pos_json(const SourcePos& p) { return {{"file", p.file}, {"line", p.line}, {"column", p.column}}; }

}  // namespace

const char* kind_name(FunctionKind k) {
  switch (k) {
    case FunctionKind::Constructor:
      return "constructor";
    case FunctionKind::Method:
      return "method";
    case FunctionKind::StaticMethod:
      return "static method";
    case FunctionKind::FreeFunction:
      return "free function";
  }
  return "";
}

const char* registration_name(Registration r) {
  switch (r) {
    case Registration::Constructor:
      return "constructor";
    case Registration::Method:
      return "method";
    case Registration::Factory:
      return "factory";
    case Registration::Function:
      return "function";
    case Registration::Invariant:
      return "invariant";
    case Registration::Skip:
      return "skip";
  }
  return "";
}

const char* support_name(ParamSupport s) {
  switch (s) {
    case ParamSupport::Literal:
      return "literal";
    case ParamSupport::Object:
      return "object";
    case ParamSupport::Parts:
      return "parts";
    case ParamSupport::Unsupported:
      return "unsupported";
  }
  return "";
}

namespace {

void list_functions(const ScanResult& r, std::ostringstream& out) {
  out << "\nFunctions (" << r.functions.size() << "):\n";
  size_t sig_width = 0;
  for (const Function& f : r.functions) sig_width = std::max(sig_width, std::min<size_t>(readable(r, display_signature(f)).size(), 70));
  out << "  " << pad("kind", 7) << pad("signature", sig_width + 2) << pad("const", 6) << pad("static", 7) << pad("hint", 9) << pad("at", 26)
      << "registration\n";
  for (const Function& f : r.functions) {
    std::string sig = readable(r, display_signature(f));
    out << "  " << pad(short_kind(f.kind), 7);
    if (sig.size() > sig_width) {
      out << sig << "\n  " << std::string(7, ' ') << pad("", sig_width + 2);
    } else {
      out << pad(sig, sig_width + 2);
    }
    out << pad(f.is_const ? "yes" : "-", 6) << pad(f.is_static ? "yes" : "-", 7) << pad(f.purity, 9) << pad(f.pos.str(), 26)
        << readable(r, status_of(f)) << "\n";
  }
}

// `companion`: the class is registered beside the target, not the target itself.
void list_types(const ScanResult& r, bool companion, std::ostringstream& out) {
  out << "\nTypes described for objgen (dependencies first):\n";
  for (const TypeDesc& t : r.types) {
    out << "  " << readable(r, t.name);
    std::vector<std::string> tags;
    if (t.is_target) tags.push_back(companion ? "registered beside the target" : "target");
    if (t.is_nested) tags.push_back(t.access + " nested");
    if (!t.reached_by.empty()) tags.push_back("reached by " + readable(r, t.reached_by));
    if (!t.pos.file.empty()) tags.push_back(t.pos.str());
    if (!tags.empty()) {
      out << "  (";
      for (size_t i = 0; i < tags.size(); ++i) out << (i ? ", " : "") << tags[i];
      out << ")";
    }
    out << "\n";
    for (const std::string& b : t.bases) out << "    base   " << readable(r, b) << "\n";
    for (const std::string& b : t.skipped_bases) out << "    base   " << readable(r, b) << " (left out)\n";
    size_t name_width = 0, type_width = 0;
    for (const Field& f : t.fields) {
      name_width = std::max(name_width, f.name.size());
      type_width = std::max(type_width, std::min<size_t>(readable(r, f.type).size(), 50));
    }
    for (const Field& f : t.fields) {
      out << "    field  " << pad(f.name, name_width + 2) << pad(readable(r, f.type), type_width + 2) << pad(f.access, 10)
          << pad(f.pos.str(), 26);
      if (!f.supported)
        out << "left out: " << f.reason;
      else if (!f.reason.empty())
        out << "note: " << f.reason;
      out << "\n";
    }
    for (const Constant& c : t.constants)
      out << "    const  " << c.name << " = " << (c.value.empty() ? "?" : c.value) << "  (" << c.kind << ", " << readable(r, c.type)
          << ")\n";
  }
}

std::string list_class(const ScanResult& r, bool companion) {
  std::ostringstream out;
  out << "class " << readable(r, r.target);
  if (!r.types.empty() && r.types.back().is_target) out << "  (" << r.types.back().pos.str() << ")";
  out << "\n";
  if (r.requested_name != r.target && !r.requested_name.empty()) out << "  names " << r.target << "\n";
  if (r.iterable) out << "  iterable: public begin()/end() (OBJGEN_VALUE_TYPE possible)\n";
  if (r.opaque_state) out << "  note: some state sits behind pointers to non-class data (opaque to objgen)\n";
  list_functions(r, out);
  list_types(r, companion, out);
  for (const std::string& w : r.warnings) out << "\nwarning: " << readable(r, w) << "\n";
  if (!r.companions.empty()) {
    out << "\nRegistered too (" << r.companions.size() << " classes its API reaches):\n";
    for (const ScanResult& c : r.companions) out << "  " << readable(c, c.target) << "  (" << c.reached_by << ")\n";
  }
  for (const ScanResult& c : r.companions) out << "\n" << list_class(c, true);
  return out.str();
}

nlohmann::ordered_json function_json(const Function& f) {
  nlohmann::ordered_json fj = {{"kind", kind_name(f.kind)},
                               {"name", f.name},
                               {"qualified_name", f.qualified_name},
                               {"signature", f.signature()},
                               {"result", f.result_type},
                               {"const", f.is_const},
                               {"static", f.is_static},
                               {"virtual", f.is_virtual},
                               {"noexcept", f.is_noexcept},
                               {"operator", f.is_operator},
                               {"template", f.is_template},
                               {"template_arguments", f.template_arguments},
                               {"explicit_template_arguments", f.explicit_template_arguments},
                               {"deleted", f.is_deleted},
                               {"implicit", f.is_implicit},
                               {"hidden_friend", f.is_hidden_friend},
                               {"ref_qualifier", f.ref_qualifier},
                               {"declaring_class", f.declaring_class},
                               {"via_using", f.via_using},
                               {"implementation_member", f.implementation_member},
                               {"pointer_type", f.pointer_type},
                               {"overloaded", f.overloaded},
                               {"purity", f.purity},
                               {"registration", registration_name(f.registration)},
                               {"arities", f.arities},
                               {"skip_reason", f.skip_reason},
                               {"note", f.note},
                               {"at", pos_json(f.pos)}};
  fj["params"] = nlohmann::ordered_json::array();
  for (const Param& p : f.params)
    fj["params"].push_back(
        {{"name", p.name}, {"type", p.type}, {"default", p.default_value}, {"support", support_name(p.support)}, {"reason", p.reason}});
  return fj;
}

nlohmann::ordered_json type_json(const TypeDesc& t) {
  nlohmann::ordered_json tj = {
      {"name", t.name},       {"objgen_name", t.objgen_name}, {"target", t.is_target}, {"nested", t.is_nested},
      {"access", t.access},   {"reached_by", t.reached_by},   {"bases", t.bases},      {"skipped_bases", t.skipped_bases},
      {"at", pos_json(t.pos)}};
  tj["fields"] = nlohmann::ordered_json::array();
  for (const Field& f : t.fields)
    tj["fields"].push_back({{"name", f.name},
                            {"type", f.type},
                            {"access", f.access},
                            {"supported", f.supported},
                            {"reason", f.reason},
                            {"at", pos_json(f.pos)}});
  tj["constants"] = nlohmann::ordered_json::array();
  for (const Constant& c : t.constants)
    tj["constants"].push_back({{"name", c.name}, {"type", c.type}, {"value", c.value}, {"kind", c.kind}, {"at", pos_json(c.pos)}});
  return tj;
}

}  // namespace

std::string list_report(const ScanResult& r) { return list_class(r, false); }

nlohmann::ordered_json to_json(const ScanResult& r) {
  nlohmann::ordered_json j;
  j["requested"] = r.requested_name;
  j["target"] = r.target;
  j["short_name"] = r.target_short;
  j["namespace"] = r.enclosing_namespace;
  j["template_instance"] = r.is_template_instance;
  j["system_header"] = r.in_system_header;
  j["iterable"] = r.iterable;
  j["opaque_state"] = r.opaque_state;
  j["include"] = r.include_line;
  j["functions"] = nlohmann::ordered_json::array();
  for (const Function& f : r.functions) j["functions"].push_back(function_json(f));
  j["types"] = nlohmann::ordered_json::array();
  for (const TypeDesc& t : r.types) j["types"].push_back(type_json(t));
  j["warnings"] = r.warnings;
  if (!r.reached_by.empty()) j["reached_by"] = r.reached_by;
  j["companions"] = nlohmann::ordered_json::array();
  for (const ScanResult& c : r.companions) j["companions"].push_back(to_json(c));
  return j;
}

}  // namespace objgen::scan
