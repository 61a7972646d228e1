// The HTML pages of a run or of a whole project (--html DIR): an index of the classes, and a page
// per class with its figures, its bugs with their reproducers (a copy button), its likely
// preconditions apart, a sample of its states drawn as objects (the calls that build each and what
// its observers return), params' legal inputs per member, the checks that ran, plots, the suites. Static files that fetch
// nothing: every style and script is inline, every link relative.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "emit/check_results.hpp"

namespace objgen::emit {

struct HtmlSample {
  std::vector<std::string> calls;                              // C++ statements
  std::vector<std::pair<std::string, std::string>> observers;  // ("v2->size()", "2")
};

// A member as params found it: whether it ran with legal inputs, and the calls that make them.
struct HtmlMember {
  std::string signature;
  std::string status;  // params' statuses: normal, repaired, failed, ...
  uint64_t tries = 0;
  std::string inputs;  // C++ statements
};

struct HtmlClass {
  std::string name;    // qualified
  std::string header;  // as the user knows it (relative to the project, or as given)
  unsigned line = 0;
  std::string status = "tested";  // objgen project's statuses: tested, reused, skipped, failed, ...
  std::string why;                // a skipped or failed class's reason
  double seconds = 0;
  std::vector<std::pair<std::string, std::string>> figures;  // ("exhaustive: states at scope 3", "78")
  std::vector<CheckResults> results;                         // one per command run
  std::vector<HtmlSample> samples;
  std::vector<std::string> suites;  // links relative to the pages' directory
  std::string coverage;             // link to the coverage page ("" none)
  std::string coverage_summary;     // "lines 92.0 % (34 of 37), branches 75.0 % (6 of 8)"
  std::vector<std::string> plots;   // SVG documents objgen drew (evolve's CFG nodes left per generation)
  std::vector<HtmlMember> members;  // params' legal inputs per member
};

// A command's --report-json (its "results", "state_samples" and headline figures) added to a class.
void add_command_report(HtmlClass& c, const std::string& command, const nlohmann::json& report);

struct HtmlSite {
  std::string title;        // "objgen project: /home/me/shelf"
  std::string source_root;  // files under it are named relative to it ("" keeps them as they are)
  std::vector<HtmlClass> classes;
  std::vector<std::string> notes;
};

struct HtmlFile {
  std::string path;  // relative to the pages' directory
  std::string content;
};

// index.html and one page per class (<C identifier>.html).
std::vector<HtmlFile> html_pages(const HtmlSite& site);
// A class's page file name.
std::string html_page_name(const std::string& class_name);

}  // namespace objgen::emit
