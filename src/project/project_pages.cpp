#include "project/project_pages.hpp"

#include <fmt/format.h>

#include <filesystem>

#include "emit/code_writer.hpp"
#include "io/atomic_file.hpp"

namespace objgen::project {

namespace fs = std::filesystem;

emit::HtmlSite project_site(const ProjectOptions& o, const ProjectOutcome& outcome, const std::string& html_dir) {
  emit::HtmlSite site{
      .title = "objgen project: " + outcome.layout.source_root, .source_root = outcome.layout.source_root, .notes = outcome.notes};
  for (const ClassOutcome& c : outcome.classes) {
    emit::HtmlClass page{.name = c.name, .header = c.header, .line = c.line, .status = c.status, .why = c.why, .seconds = c.seconds};
    std::string dir = fmt::format("{}/{}", o.out_dir, emit::c_identifier(c.name));
    for (const char* command : {"exhaustive", "random"}) {
      std::optional<std::string> text = read_whole_file(fmt::format("{}/{}.json", dir, command));
      nlohmann::json report = text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json();
      if (!report.is_object()) continue;
      try {
        emit::add_command_report(page, command, report);
      } catch (const std::runtime_error&) {  // a report of another objgen's: its figures only
      }
    }
    page.results = c.results;  // each fault once in the project (one_class_per_finding), not as each report has it
    fs::path pages = fs::absolute(html_dir).lexically_normal();
    for (const std::string& suite : c.suites) page.suites.push_back(fs::path(o.out_dir + "/" + suite).lexically_relative(pages).string());
    page.coverage_summary = c.coverage_summary;
    if (!c.coverage_page.empty()) page.coverage = fs::path(c.coverage_page).lexically_relative(pages).string();
    site.classes.push_back(std::move(page));
  }
  return site;
}

}  // namespace objgen::project
