// Human (--list) and machine (--json) views of a scan result.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "scan/model.hpp"

namespace objgen::scan {

const char* kind_name(FunctionKind k);
const char* registration_name(Registration r);
const char* support_name(ParamSupport s);

std::string list_report(const ScanResult& r);
nlohmann::ordered_json to_json(const ScanResult& r);

}  // namespace objgen::scan
