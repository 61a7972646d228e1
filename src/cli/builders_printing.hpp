// What `objgen builders` (and `--builders auto`) print: the search's progress, the roles found,
// the findings met while searching with their likely-precondition evidence, and the proofs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gen/builders/builder_search.hpp"
#include "gen/builders/builders_file.hpp"
#include "gen/builders/identify.hpp"
#include "gen/builders/verify.hpp"

namespace objgen::cli {

// "A::f(), A::g(int)": the operations' signatures.
std::string signatures_of(const Api& api, const std::vector<uint32_t>& ops);
// "proved at scopes 3, 4" or "unknown (...)": one wording for `builders` and `--builders auto`.
std::string verdict_line(const builders::BuildersFile& f);
void print_ruled_out(const builders::BuildersFile& f);
// A line on stderr per climbing step, GA generation and proof (a long climbing step says what it tries).
builders::IdentifyProgress progress_printer(const Api& api);
void print_classification(const Api& api, const builders::Classification& c);
void print_program(const Api& api, const builders::Witness& w);
// The search's findings replayed alone, each in a fresh worker (id.finding_verdicts).
void confirm_identification_findings(const Api& api, const builders::BuilderSearchOptions& o, builders::Identification& id);
// Each finding with its sequence; one not confirmed says why, and one likely to be a precondition
// violation says so, judged on the states the API builds at the climbing scope.
void print_findings(const Api& api, const builders::BuilderSearchOptions& o, const builders::Identification& id);
void print_verification(const Api& api, const builders::Verification& v, const char* compared_with);

}  // namespace objgen::cli
