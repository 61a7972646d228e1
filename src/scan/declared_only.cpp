#include "scan/declared_only.hpp"

#include <cctype>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/GlobalDecl.h>
#include <clang/AST/Mangle.h>
#include <clang/Sema/Sema.h>

#include "scan/clang_types.hpp"

namespace objgen::scan {
namespace fs = std::filesystem;

namespace {

constexpr size_t kMaxHeadersRead = 4000;  // per search: a -I of /usr/include must not take minutes
constexpr uintmax_t kMaxHeaderBytes = 2u << 20;

// The class a type names (through references and cv), when the unit has no definition of it.
// A class template specialization is instantiated first, as a call would.
const clang::CXXRecordDecl* incomplete_class(clang::Sema* sema, clang::QualType type, clang::SourceLocation where) {
  clang::QualType t = type.getCanonicalType().getNonReferenceType();
  const clang::CXXRecordDecl* rd = t->getAsCXXRecordDecl();
  if (!rd || rd->hasDefinition()) return nullptr;
  if (sema) {
    clang::Sema::SFINAETrap trap(*sema);
    if (sema->isCompleteType(where, t)) return nullptr;
  }
  return rd->hasDefinition() ? nullptr : rd;
}

// Whether a call needs no symbol from elsewhere: defined in the unit (or its template's pattern
// is, so the harness instantiates it), defaulted, deleted, pure, or the compiler's own.
bool defined_in_unit(const clang::FunctionDecl* fd) {
  if (fd->isDefined() || fd->isDefaulted() || fd->isDeleted() || fd->isImplicit() || fd->isPure()) return true;
  const clang::FunctionDecl* pattern = fd->getTemplateInstantiationPattern();
  return pattern && pattern->isDefined();
}

std::string mangle(clang::MangleContext& m, clang::GlobalDecl gd) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m.mangleName(gd, os);
  os.flush();
  return s;
}

std::vector<std::string> link_symbols(clang::ASTContext& ctx, const clang::FunctionDecl* fd) {
  if (defined_in_unit(fd)) return {};
  std::unique_ptr<clang::MangleContext> m(ctx.createMangleContext());
  if (!m->shouldMangleDeclName(fd)) return {fd->getNameAsString()};  // extern "C"
  if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fd))
    return {mangle(*m, clang::GlobalDecl(ctor, clang::Ctor_Complete)), mangle(*m, clang::GlobalDecl(ctor, clang::Ctor_Base))};
  return {mangle(*m, clang::GlobalDecl(fd))};
}

// "tally::Summary" -> "Summary"; "ns::Box<int>" -> "Box".
std::string leaf_name(std::string name) {
  if (size_t lt = name.find('<'); lt != std::string::npos) name.erase(lt);
  if (size_t colons = name.rfind("::"); colons != std::string::npos) name.erase(0, colons + 2);
  return name;
}

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Whether `text` defines `class name` or `struct name`: the keyword, the name, then a body
// (`{`), with `final` or a base clause in between (`template <class name>` is no definition).
bool defines_class(const std::string& text, const std::string& name) {
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    size_t end = at + name.size();
    if ((at > 0 && is_word_char(text[at - 1])) || (end < text.size() && is_word_char(text[end]))) continue;
    size_t k = at;
    while (k > 0 && std::isspace(static_cast<unsigned char>(text[k - 1]))) --k;
    size_t word = k;
    while (word > 0 && is_word_char(text[word - 1])) --word;
    std::string keyword = text.substr(word, k - word);
    if (keyword != "class" && keyword != "struct") continue;
    size_t before = word;  // `enum class Name {`: an enumeration, no class
    while (before > 0 && std::isspace(static_cast<unsigned char>(text[before - 1]))) --before;
    if (before >= 4 && text.compare(before - 4, 4, "enum") == 0 && (before == 4 || !is_word_char(text[before - 5]))) continue;
    size_t next = text.find_first_not_of(" \t\r\n", end);
    if (next != std::string::npos && text.compare(next, 5, "final") == 0) next = text.find_first_not_of(" \t\r\n", next + 5);
    if (next == std::string::npos) continue;
    if (text[next] == '{') return true;
    bool base_clause = text[next] == ':' && text.compare(next, 2, "::") != 0;
    size_t stop = base_clause ? text.find_first_of(";{", next) : std::string::npos;
    if (stop != std::string::npos && text[stop] == '{') return true;
  }
  return false;
}

bool is_header_name(const fs::path& p) {
  std::string ext = p.extension().string();
  return ext == ".h" || ext == ".hpp" || ext == ".hh" || ext == ".hxx" || ext == ".h++" || ext == ".inl" || ext == ".ipp";
}

// How a user names the file: relative to the working directory when it is below it.
std::string shown_path(const fs::path& p) {
  std::error_code ec;
  fs::path cwd = fs::current_path(ec);
  fs::path rel = p.lexically_relative(cwd);
  if (!ec && !rel.empty() && rel.native().rfind("..", 0) != 0) return rel.string();
  return p.string();
}

std::vector<std::string> include_dirs(const std::vector<std::string>& flags, const std::string& header) {
  std::vector<std::string> dirs;
  if (!header.empty() && header.front() != '<') dirs.push_back(fs::absolute(header).parent_path().string());
  for (size_t i = 0; i < flags.size(); ++i)
    for (const char* opt : {"-I", "-isystem", "-iquote", "-idirafter"}) {
      std::string o = opt;
      if (flags[i] == o && i + 1 < flags.size())
        dirs.push_back(flags[i + 1]);
      else if (flags[i].rfind(o, 0) == 0 && flags[i].size() > o.size() && (o != "-I" || flags[i][2] != '-'))
        dirs.push_back(flags[i].substr(o.size()));
    }
  return dirs;
}

void name_headers(ScanResult& r, const std::vector<std::string>& dirs) {
  for (Function& f : r.functions) {
    if (f.incomplete_type.empty() || !f.completing_header.empty()) continue;
    f.completing_header = header_defining(f.incomplete_type, dirs);
    if (!f.completing_header.empty())
      f.skip_reason += "; " + f.completing_header + " defines it: add -include " + f.completing_header + " after -- to register it";
  }
  for (ScanResult& c : r.companions) name_headers(c, dirs);
}

}  // namespace

void check_declared_only(clang::ASTContext& ctx, clang::Sema* sema, const clang::FunctionDecl* fd, Function& f) {
  if (f.is_deleted) return;
  const clang::CXXRecordDecl* missing = nullptr;
  std::string role;
  if (!llvm::isa<clang::CXXConstructorDecl>(fd) && (missing = incomplete_class(sema, fd->getReturnType(), fd->getLocation())))
    role = "returns";
  for (const clang::ParmVarDecl* p : fd->parameters()) {
    if (missing) break;
    if ((missing = incomplete_class(sema, p->getType(), p->getLocation())))
      role = "parameter " + std::to_string(p->getFunctionScopeIndex() + 1) + " takes";
  }
  if (missing) {
    f.incomplete_type = TypeNamer(ctx).spell(missing);
    f.registration = Registration::Skip;
    f.arities.clear();
    f.skip_reason = role + " " + f.incomplete_type + ", which the scanned headers only declare (an incomplete type)";
    return;
  }
  if (f.registration != Registration::Skip) f.link_symbols = link_symbols(ctx, fd);
}

std::string header_defining(const std::string& name, const std::vector<std::string>& dirs) {
  std::string leaf = leaf_name(name);
  if (leaf.empty()) return "";
  size_t read = 0;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec), end;
    for (; !ec && it != end && read < kMaxHeadersRead; it.increment(ec)) {
      if (it.depth() > 8) it.disable_recursion_pending();
      std::error_code fe;
      if (!it->is_regular_file(fe) || !is_header_name(it->path()) || it->file_size(fe) > kMaxHeaderBytes) continue;
      ++read;
      std::ifstream in(it->path());
      std::stringstream text;
      text << in.rdbuf();
      if (text.str().find(leaf) != std::string::npos && defines_class(text.str(), leaf))
        return shown_path(fs::absolute(it->path()).lexically_normal());
    }
  }
  return "";
}

void find_completing_headers(ScanResult& r, const std::vector<std::string>& flags, const std::string& header) {
  name_headers(r, include_dirs(flags, header));
}

}  // namespace objgen::scan
