// What a run checked and what it found, in one shape for every command: the report's "results",
// and what the SARIF log, the JUnit file and (for `objgen project`) the merged reports are written
// from. Records are data in the report so that reports written by separate runs can be merged.
#pragma once

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "exec/sequence.hpp"
#include "model/literal_domain.hpp"
#include "objgen/api.hpp"

namespace objgen::emit {

// What objgen concluded about a finding. Only bugs fail a check: a precondition the caller broke
// and a finding its sequence alone did not show are told apart, as notes.
enum class Verdict : uint8_t { Bug, Precondition, Unconfirmed };
const char* verdict_name(Verdict v);

// One call of a finding's sequence: its statement and where the member it calls is declared.
struct CallSite {
  std::string statement;  // "v0->add(2);"
  std::string operation;  // "List::add(int)"
  SourceLine at;
};

struct ResultRecord {
  std::string check;      // check_of(): "calls", "invariant", "contract copy-equal", "reference"
  std::string kind;       // outcome_name(): "crash", "invariant", "contract", "difference", ...
  std::string operation;  // the failing call's signature
  SourceLine at;          // its member's declaration (unknown: the class's)
  std::string message;
  Verdict verdict = Verdict::Bug;
  std::string why;  // a precondition's or an unconfirmed finding's reason
  uint64_t hits = 1;
  std::vector<CallSite> calls;  // the sequence that shows it, in order
};

struct CheckResults {
  std::string command;  // "exhaustive", "random", ...
  std::string target;   // the class under test, as registered
  std::string header;   // its header, as the suites include it ("" when unknown)
  SourceLine class_at;
  std::vector<std::string> checks;  // every check that ran: one with no bug passed
  std::vector<ResultRecord> results;
  void add_check(const std::string& check);  // once each, in order
};

// The check a finding of `kind` in operation `op` belongs to: a contract's own name for a
// contract check's finding, "invariant", or "calls" (a call crashed, hung, threw or ran out).
std::string check_of(const Api& api, Outcome kind, uint32_t op);

// A failing call `op` at the end of `sequence` as a record of no check or kind yet: where its
// member is declared, its calls spelled as the suites spell them.
ResultRecord sequence_record(const Api& api, const LiteralDomain& domain, uint32_t op, const std::string& message, uint64_t hits,
                             const FlatSequence& sequence);
// A finding as a record, its check and kind set.
ResultRecord result_record(const Api& api, const LiteralDomain& domain, Outcome kind, uint32_t op, const std::string& message,
                           uint64_t hits, const FlatSequence& sequence);

// The classes' checks each ran (the target's invariant, when it has one, among them).
CheckResults check_results(const Api& api, const std::string& command, ClassId target, const std::string& header);

// What makes two records the same fault, whichever run or class found it: the check, the kind,
// where it is blamed (random checks an invariant through a check call after the member that broke
// it, exhaustive right after that member), the message without its numbers.
std::string finding_key(const ResultRecord& r);

nlohmann::json results_json(const CheckResults& r);
// Throws std::runtime_error naming what is missing or of the wrong type.
CheckResults results_from_json(const nlohmann::json& j);

}  // namespace objgen::emit
