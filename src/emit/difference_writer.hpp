// <name>_differences_test.cpp: one test per difference from the reference, on the user's class
// alone: the calls that lead to it, then the differing call checked against the reference's value
// (or that it does not throw). Each test fails while the class differs and passes once it
// behaves as the reference does.
#pragma once

#include <string>
#include <vector>

#include "emit/gtest_writer.hpp"
#include "gen/differential/differential.hpp"

namespace objgen::emit {

// Removes a stale file and returns "" when there are no differences; else the path written.
std::string write_differences_suite(const Api& api, const LiteralDomain& domain, const std::vector<differential::Difference>& differences,
                                    const GtestSuiteOptions& g, const std::string& dir, const std::string& reference);

}  // namespace objgen::emit
