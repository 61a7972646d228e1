#include "project/project_classes.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "harness/harness_cache.hpp"
#include "harness/harness_compiler.hpp"
#include "scan/compile_db.hpp"
#include "scan/list_classes.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

std::vector<ClassTarget> find_project_classes(const ProjectLayout& layout, const std::regex& wanted, std::vector<std::string>& notes,
                                              const std::function<void(const std::string&)>& say) {
  std::vector<ClassTarget> out;
  for (const std::string& header : layout.headers) {
    std::string shown = fs::path(header).lexically_relative(layout.source_root).string();
    std::vector<std::string> flags;
    try {
      flags = scan::flags_from_compile_db(layout.build_dir, header);
    } catch (const scan::CompileDbError& e) {
      notes.push_back(shown + ": " + e.what());
      continue;
    }
    scan::ClassListing listing = scan::list_classes(header, flags);
    if (!listing.ok) {
      std::string first = listing.errors.empty() ? "" : " (" + listing.errors.front().str() + ")";
      notes.push_back(shown + ": " + listing.message + first);
      continue;
    }
    size_t before = out.size();
    for (const scan::DeclaredClass& c : listing.classes)
      if (std::regex_search(c.name, wanted)) out.push_back({c.name, header, c.line, c.skip_reason, flags});
    if (out.size() > before) say(fmt::format("{}: {} class(es)", shown, out.size() - before));
  }
  return out;
}

std::string dependency_digest(const ClassTarget& target, const std::string& scratch) {
  std::string depfile = scratch + "/deps.d", log = scratch + "/deps.log";
  std::error_code ec;
  fs::remove(log, ec);
  std::vector<std::string> argv{harness_toolchain().compiler, "-std=c++20"};
  argv.insert(argv.end(), target.flags.begin(), target.flags.end());
  argv.insert(argv.end(), {"-x", "c++", "-MM", "-MF", depfile, target.header});
  if (run_tool(argv, log) != 0) return "";
  std::string digest;
  for (const std::string& file : read_depfile(depfile)) digest += file + ' ' + content_hash(file) + '\n';
  return fmt::format("{:016x}", std::hash<std::string>{}(digest));
}

}  // namespace objgen::project
