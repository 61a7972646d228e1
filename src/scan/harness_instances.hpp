// The member template instances a written harness registers, named so that a failed compile of
// the harness can leave out those its errors point at (HarnessOptions::failed_instances).
#pragma once

#include <set>
#include <string>

#include "scan/model.hpp"

namespace objgen::scan {

// Names one member template instance of the scan (its class, member, arguments, position).
std::string instance_key(const Function& f);
// The instances (instance_key) registered on these lines of `harness`, which write_harness wrote
// for r (the target and its companions).
std::set<std::string> instances_on_lines(const ScanResult& r, const std::string& harness, const std::set<unsigned>& lines);

}  // namespace objgen::scan
