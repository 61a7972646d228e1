// `objgen project --html DIR`: the project's classes as static pages (emit/html_report), each
// class's from the reports its exhaustive and random runs wrote under OUT/<class>/.
#pragma once

#include "emit/html_report.hpp"
#include "project/project_runs.hpp"

namespace objgen::project {

// The pages' data: every class (skipped ones with why), its figures, findings, sampled states and
// suites (linked relative to `html_dir`).
emit::HtmlSite project_site(const ProjectOptions& options, const ProjectOutcome& outcome, const std::string& html_dir);

}  // namespace objgen::project
