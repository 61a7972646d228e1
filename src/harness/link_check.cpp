#include "harness/link_check.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <set>
#include <sstream>

#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"
#include "io/utf8_text.hpp"

namespace objgen {
namespace fs = std::filesystem;

namespace {

// Per namespace: a short namespace name matches many libraries, and each is read with nm.
constexpr size_t kMaxLibrariesRead = 300;

// Runs a tool and returns what it printed (stdout and stderr), "" when it could not run.
std::string tool_output(const std::vector<std::string>& argv, const std::string& scratch, int* status = nullptr) {
  std::string out = scratch + "/tool-output.txt";
  std::error_code ec;
  fs::remove(out, ec);  // run_tool appends
  int rc = run_tool(argv, out);
  if (status) *status = rc;
  std::string text = read_whole_file(out).value_or("");
  fs::remove(out, ec);
  return rc == 127 ? "" : text;
}

std::vector<std::string> words_of(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

// "undefined symbol: NAME[, version V]\t(OBJECT)" from ldd -r.
bool parse_undefined(const std::string& line, UnresolvedSymbol& s) {
  static const std::string kPrefix = "undefined symbol: ";
  if (line.rfind(kPrefix, 0) != 0) return false;
  size_t end = line.find_first_of("\t,", kPrefix.size());
  s.name = line.substr(kPrefix.size(), end == std::string::npos ? std::string::npos : end - kPrefix.size());
  while (!s.name.empty() && std::isspace(static_cast<unsigned char>(s.name.back()))) s.name.pop_back();
  size_t open = line.rfind('('), close = line.rfind(')');
  if (open != std::string::npos && close != std::string::npos && close > open) s.needed_by = line.substr(open + 1, close - open - 1);
  s.demangled = demangle(s.name);
  return !s.name.empty();
}

// The first name of a demangled symbol's qualified name: "absl" for absl::lts_2023::Hash<int>...,
// past "typeinfo for " and the like, and a function template's result type ("void absl::f<int>()").
std::string top_namespace(const std::string& demangled) {
  size_t start = 0;
  for (int words = 0; words < 3; ++words) {
    size_t end = start;
    while (end < demangled.size() && (std::isalnum(static_cast<unsigned char>(demangled[end])) || demangled[end] == '_')) ++end;
    if (end > start && demangled.compare(end, 2, "::") == 0) return demangled.substr(start, end - start);
    if (end == start || end >= demangled.size() || demangled[end] != ' ') return "";
    start = end + 1;
  }
  return "";
}

bool is_library_name(const std::string& file) {
  return file.rfind("lib", 0) == 0 &&
         (file.size() > 3 && (file.ends_with(".so") || file.ends_with(".a") || file.find(".so.") != std::string::npos));
}

// "libabsl_hash.so.2301.0.0" -> "absl_hash"
std::string library_stem(const std::string& file) {
  std::string name = fs::path(file).filename().string().substr(3);
  size_t dot = name.find(".so");
  if (dot == std::string::npos) dot = name.rfind(".a");
  return name.substr(0, dot);
}

class Search {
 public:
  Search(const std::vector<std::string>& link_flags, const std::string& compiler, const std::string& scratch) : scratch_(scratch) {
    for (size_t i = 0; i < link_flags.size(); ++i) {
      const std::string& a = link_flags[i];
      if (a == "-L" && i + 1 < link_flags.size())
        user_dirs_.push_back(link_flags[++i]);
      else if (a.rfind("-L", 0) == 0 && a.size() > 2)
        user_dirs_.push_back(a.substr(2));
      else if (a[0] != '-' && is_library_name(fs::path(a).filename().string()))
        user_dirs_.push_back(fs::absolute(a).parent_path().string());
    }
    std::vector<std::string> arch = words_of(tool_output({compiler, "-print-multiarch"}, scratch));
    system_dirs_ = {"/usr/local/lib", "/usr/lib"};
    if (!arch.empty()) system_dirs_.insert(system_dirs_.begin() + 1, {"/usr/lib/" + arch.front(), "/lib/" + arch.front()});
  }

  // The libraries worth reading for symbols under namespace `ns` ("" for none): every library in
  // the user's folders, and those whose names contain ns in the package folders and the system's.
  std::vector<std::string> candidates(const std::string& ns) {
    std::vector<std::string> dirs = user_dirs_, files;
    if (!ns.empty()) {
      for (const std::string& d : package_dirs(ns)) dirs.push_back(d);
      dirs.insert(dirs.end(), system_dirs_.begin(), system_dirs_.end());
    }
    std::map<std::string, std::string> by_real;  // one name per file: the shortest (libx.so, what -lx finds)
    std::vector<std::string> order;
    for (size_t i = 0; i < dirs.size(); ++i) {
      bool user = i < user_dirs_.size();
      std::error_code ec;
      for (const auto& e : fs::directory_iterator(dirs[i], ec)) {
        std::string name = e.path().filename().string();
        if (!is_library_name(name) || (!user && name.find(ns) == std::string::npos)) continue;
        if (name.ends_with(".a") && !user) continue;  // the system's shared libraries are what -l finds
        std::error_code rc;
        std::string real = fs::weakly_canonical(e.path(), rc).string();
        if (rc) continue;
        auto [it, fresh] = by_real.emplace(real, e.path().string());
        if (fresh)
          order.push_back(real);
        else if (name.size() < fs::path(it->second).filename().string().size())
          it->second = e.path().string();
      }
    }
    for (const std::string& real : order)
      if (files.size() < kMaxLibrariesRead) files.push_back(by_real[real]);
    return files;
  }

  const std::set<std::string>& defined_by(const std::string& file) {
    auto [it, fresh] = defined_.emplace(file, std::set<std::string>());
    if (!fresh) return it->second;
    bool archive = file.ends_with(".a");
    std::vector<std::string> argv{"nm", "--defined-only", "--format=posix"};
    if (!archive) argv.push_back("-D");
    argv.push_back(file);
    for (const std::string& line : lines_of(tool_output(argv, scratch_))) {
      std::string name = line.substr(0, line.find(' '));
      if (size_t at = name.find('@'); at != std::string::npos) name.erase(at);
      if (!name.empty() && name.back() != ':') it->second.insert(name);
    }
    return it->second;
  }

  DefiningLibrary describe(const std::string& file) {
    DefiningLibrary d;
    d.file = file;
    std::string stem = library_stem(file);
    d.flag = "-l" + stem;
    int rc = 1;
    tool_output({"pkg-config", "--exists", stem}, scratch_, &rc);
    if (rc == 0) d.pkg_config = stem;
    return d;
  }

 private:
  // The -L folders of the pkg-config packages whose names contain ns (one pkg-config call).
  std::vector<std::string> package_dirs(const std::string& ns) {
    std::vector<std::string> argv{"pkg-config", "--libs-only-L"};
    for (const std::string& line : lines_of(tool_output({"pkg-config", "--list-all"}, scratch_))) {
      std::string name = line.substr(0, line.find(' '));
      if (name.find(ns) != std::string::npos) argv.push_back(name);
    }
    std::vector<std::string> dirs;
    if (argv.size() == 2) return dirs;
    for (const std::string& w : words_of(tool_output(argv, scratch_)))
      if (w.rfind("-L", 0) == 0) dirs.push_back(w.substr(2));
    return dirs;
  }

  std::string scratch_;
  std::vector<std::string> user_dirs_, system_dirs_;
  std::map<std::string, std::set<std::string>> defined_;
};

}  // namespace

std::string demangle(const std::string& mangled) {
  int status = 0;
  std::unique_ptr<char, void (*)(void*)> text(abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status), std::free);
  return status == 0 && text ? std::string(text.get()) : mangled;
}

std::string DefiningLibrary::advice() const { return pkg_config.empty() ? flag : flag + " (or $(pkg-config --libs " + pkg_config + "))"; }

LinkCheck check_link(const std::string& library, const std::string& scratch) {
  LinkCheck check;
  int rc = 0;
  std::string text = tool_output({"ldd", "-r", fs::absolute(library).string()}, scratch, &rc);
  if (rc == 127 || text.empty()) return check;
  check.ran = true;
  std::set<std::string> seen;
  for (const std::string& line : lines_of(text)) {
    if (size_t arrow = line.find(" => not found"); arrow != std::string::npos) {
      std::string name = line.substr(0, arrow);
      name.erase(0, name.find_first_not_of(" \t"));
      check.missing_libraries.push_back(name);
      continue;
    }
    UnresolvedSymbol s;
    if (!parse_undefined(line, s) || !seen.insert(s.name).second) continue;
    if (dlsym(RTLD_DEFAULT, s.name.c_str())) continue;  // objgen's runtime, or a library objgen has loaded
    check.unresolved.push_back(std::move(s));
  }
  return check;
}

LibraryLookup find_defining_libraries(const std::vector<UnresolvedSymbol>& symbols, const std::vector<std::string>& link_flags,
                                      const std::string& compiler, const std::string& scratch) {
  LibraryLookup out;
  Search search(link_flags, compiler, scratch);
  std::map<std::string, std::vector<std::string>> files_for;  // per namespace
  for (const UnresolvedSymbol& s : symbols) {
    std::string ns = top_namespace(s.demangled);
    if (!files_for.count(ns)) files_for[ns] = search.candidates(ns);
    std::vector<DefiningLibrary>& found = out.definers[s.name];
    for (const std::string& file : files_for[ns])
      if (search.defined_by(file).count(s.name)) found.push_back(search.describe(file));
  }
  // The libraries some symbol has no other choice of; they must then also cover every symbol
  // several libraries define, or the choice is the user's. Symbols no library defines are left
  // to the caller (members declared but never defined).
  std::set<std::string> chosen;
  for (const auto& [symbol, found] : out.definers)
    if (found.size() == 1 && chosen.insert(found.front().file).second) out.unambiguous.push_back(found.front());
  for (const auto& [symbol, found] : out.definers)
    if (found.size() > 1 && std::none_of(found.begin(), found.end(), [&](const DefiningLibrary& l) { return chosen.count(l.file) > 0; }))
      out.unambiguous.clear();
  return out;
}

std::vector<scan::Function*> members_needing(scan::ScanResult& r, const std::set<std::string>& missing) {
  std::vector<scan::Function*> found;
  for (scan::Function& f : r.functions)
    if (f.registration != scan::Registration::Skip &&
        std::any_of(f.link_symbols.begin(), f.link_symbols.end(), [&](const std::string& s) { return missing.count(s) > 0; }))
      found.push_back(&f);
  for (scan::ScanResult& c : r.companions) {
    std::vector<scan::Function*> more = members_needing(c, missing);
    found.insert(found.end(), more.begin(), more.end());
  }
  return found;
}

std::vector<std::string> drop_members(const std::vector<scan::Function*>& members, const std::set<std::string>& missing) {
  std::vector<std::string> notes;
  for (scan::Function* f : members) {
    std::string symbol;
    for (const std::string& s : f->link_symbols)
      if (missing.count(s)) symbol = demangle(s);
    f->registration = scan::Registration::Skip;
    f->arities.clear();
    f->skip_reason = "declared, but no source or library given defines it (undefined symbol " + symbol + ")";
    std::string scope = f->qualified_name.substr(0, f->qualified_name.size() - std::min(f->name.size(), f->qualified_name.size()));
    notes.push_back(
        fmt::format("{}{} ({}) is declared but defined in none of the sources and libraries given (undefined symbol {}): not registered",
                    scope, f->signature(), f->pos.str(), symbol));
  }
  return notes;
}

}  // namespace objgen
