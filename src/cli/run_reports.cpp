#include "cli/run_reports.hpp"

#include <filesystem>
#include <vector>

#include "emit/html_report.hpp"
#include "emit/junit_report.hpp"
#include "emit/sarif_log.hpp"
#include "io/atomic_file.hpp"
#include "objgen/version.hpp"

namespace objgen::cli {

namespace {

// One class's page and the index, from the report the run just wrote.
void write_html(const std::string& dir, const nlohmann::json& report, const emit::CheckResults& results,
                const std::vector<std::string>& plots) {
  emit::HtmlClass c{.name = results.target, .header = results.class_at.file, .line = results.class_at.line};
  if (c.header.empty()) c.header = results.header;
  if (report.contains("seconds") && report["seconds"].is_number()) c.seconds = report["seconds"].get<double>();
  emit::add_command_report(c, results.command, report);
  c.plots = plots;
  std::error_code ec;
  emit::HtmlSite site{.title = "objgen " + results.command + ": " + results.target,
                      .source_root = std::filesystem::current_path(ec).string(),
                      .classes = {c}};
  for (const emit::HtmlFile& f : emit::html_pages(site)) write_file_atomically(dir + "/" + f.path, f.content);
}

}  // namespace

void write_run_reports(const OutputArgs& out, nlohmann::json& report, const emit::CheckResults& results,
                       const std::vector<std::string>& plots) {
  // Text from the code under test (messages, thrown what()s) may not be UTF-8: replaced, not thrown.
  constexpr auto kReplace = nlohmann::json::error_handler_t::replace;
  report["results"] = emit::results_json(results);
  if (!out.report_json.empty()) write_file_atomically(out.report_json, report.dump(2, ' ', false, kReplace) + "\n");
  std::vector<emit::CheckResults> classes{results};
  if (!out.sarif.empty()) {
    std::error_code ec;
    std::string root = std::filesystem::current_path(ec).string();
    nlohmann::json log = emit::sarif_log(classes, {.source_root = root, .tool_version = OBJGEN_VERSION_STRING});
    write_file_atomically(out.sarif, log.dump(2, ' ', false, kReplace) + "\n");
  }
  if (!out.junit.empty()) write_file_atomically(out.junit, emit::junit_xml(classes));
  write_html_report(out, report, results, plots);
}

void write_html_report(const OutputArgs& out, const nlohmann::json& report, const emit::CheckResults& results,
                       const std::vector<std::string>& plots) {
  if (!out.html.empty()) write_html(out.html, report, results, plots);
}

}  // namespace objgen::cli
