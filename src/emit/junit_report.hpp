// A JUnit XML file of runs' checks: what CI dashboards (GitLab, Jenkins, GitHub's test reporters)
// read. One <testsuite> per class, one <testcase> per check that ran; a check fails when it found
// a bug, each bug listed in the failure with its reproducer; likely preconditions and unconfirmed
// findings go to the case's <system-out>, not failing it.
#pragma once

#include <string>
#include <vector>

#include "emit/check_results.hpp"

namespace objgen::emit {

std::string junit_xml(const std::vector<CheckResults>& classes);

// `text` for XML character data and attribute values: markup escaped, characters XML 1.0 does
// not allow (most control characters) and bytes that are not UTF-8 replaced by U+FFFD.
std::string xml_text(const std::string& text);

}  // namespace objgen::emit
