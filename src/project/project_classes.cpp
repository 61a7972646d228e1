#include "project/project_classes.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <map>
#include <set>

#include "harness/harness_cache.hpp"
#include "harness/harness_compiler.hpp"
#include "io/atomic_file.hpp"
#include "io/utf8_text.hpp"
#include "scan/compile_db.hpp"
#include "scan/list_classes.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

namespace {

// Per class template, the instances the project's translation units make or name (sorted); a
// source that does not parse is a note.
std::map<std::string, std::map<std::string, std::string>> project_instances(const ProjectLayout& layout,
                                                                            const std::set<std::string>& templates,
                                                                            std::vector<std::string>& notes) {
  std::map<std::string, std::map<std::string, std::string>> out;
  for (const scan::CompileEntry& source : layout.sources) {
    scan::InstanceListing listing =
        scan::list_template_instances(source.file, scan::parsing_flags(source.command, source.directory), templates);
    if (!listing.ok) {
      notes.push_back(fmt::format("{}: its template instances unknown: {}",
                                  fs::path(source.file).lexically_relative(layout.source_root).string(), listing.message));
      continue;
    }
    for (const scan::ClassTemplateInstance& i : listing.instances) out[i.template_name].emplace(i.name, i.skip_reason);
  }
  return out;
}

// Each class template of `found` replaced by the instances the project uses, when it uses any.
std::vector<ClassTarget> with_instances(const ProjectLayout& layout, std::vector<ClassTarget> found, const std::regex& wanted,
                                        std::vector<std::string>& notes, const std::function<void(const std::string&)>& say) {
  std::set<std::string> templates;
  for (const ClassTarget& c : found)
    if (c.is_template) templates.insert(c.name);
  if (templates.empty()) return found;
  auto instances = project_instances(layout, templates, notes);
  std::vector<ClassTarget> out;
  for (ClassTarget& c : found) {
    auto it = instances.find(c.name);
    if (!c.is_template || it == instances.end()) {
      out.push_back(std::move(c));
      continue;
    }
    std::vector<std::string> names;
    for (const auto& [name, why] : it->second) {
      names.push_back(name);
      if (std::regex_search(c.name, wanted) || std::regex_search(name, wanted)) out.push_back({name, c.header, c.line, why, c.flags});
    }
    say(fmt::format("{}: instantiated by the project as {}", c.name, fmt::join(names, ", ")));
  }
  return out;
}

}  // namespace

std::vector<ClassTarget> find_project_classes(const ProjectLayout& layout, const std::regex& wanted, std::vector<std::string>& notes,
                                              const std::function<void(const std::string&)>& say, std::vector<std::string>& refusals) {
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
      notes.push_back(fmt::format("{}: {}{}", shown, listing.message, first));
      continue;
    }
    size_t before = out.size();
    for (const scan::DeclaredClass& c : listing.classes) {
      // A template's instances are chosen by their names too ("Box<int>"): it is kept until then.
      if (std::regex_search(c.name, wanted) || c.is_template) out.push_back({c.name, header, c.line, c.skip_reason, flags, c.is_template});
      if (!c.exception_type.empty()) refusals.push_back(c.exception_type);
    }
    if (out.size() > before) say(fmt::format("{}: {} class(es)", shown, out.size() - before));
  }
  out = with_instances(layout, std::move(out), wanted, notes, say);
  std::erase_if(out, [&](const ClassTarget& c) { return c.is_template && !std::regex_search(c.name, wanted); });
  return out;
}

HeaderDependencies header_dependencies(const ClassTarget& target, const std::string& scratch) {
  std::string depfile = scratch + "/deps.d", log = scratch + "/deps.log";
  std::error_code ec;
  fs::remove(log, ec);
  std::vector<std::string> argv{harness_toolchain().compiler, "-std=c++20"};
  argv.insert(argv.end(), target.flags.begin(), target.flags.end());
  argv.insert(argv.end(), {"-x", "c++", "-MM", "-MF", depfile, target.header});
  HeaderDependencies d;
  if (run_tool(argv, log) != 0) return d;
  d.files = read_depfile(depfile);
  std::string text;
  for (const std::string& file : d.files) text += file + ' ' + content_hash(file) + '\n';
  d.digest = fmt::format("{:016x}", std::hash<std::string>{}(text));
  return d;
}

std::vector<std::string> changed_since(const std::string& dir, const std::string& ref, const std::string& scratch) {
  auto git_lines = [&](std::vector<std::string> args, const char* what) {
    std::string log = scratch + "/git.log";
    std::error_code ec;
    fs::remove(log, ec);
    args.insert(args.begin(), {"git", "-C", dir});
    if (run_tool(args, log) != 0) {
      std::vector<std::string> lines = lines_of(read_whole_file(log).value_or(""));
      throw ProjectError(std::string("--changed-since ") + ref + ": git cannot " + what + (lines.empty() ? "" : ": " + lines.front()));
    }
    return lines_of(read_whole_file(log).value_or(""));
  };
  std::vector<std::string> top = git_lines({"rev-parse", "--show-toplevel"}, "find the repository");
  if (top.empty()) throw ProjectError("--changed-since: " + dir + " is not in a git work tree");
  std::vector<std::string> files;
  for (const std::vector<std::string>& names :
       {git_lines({"diff", "--name-only", ref, "--"}, "compare with it"),
        git_lines({"ls-files", "--others", "--exclude-standard", "--full-name"}, "list untracked files")})
    for (const std::string& n : names)
      if (!n.empty()) files.push_back((fs::path(top.front()) / n).lexically_normal().string());
  return files;
}

}  // namespace objgen::project
