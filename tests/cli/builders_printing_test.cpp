// What `objgen builders` prints (cli/builders_printing): signatures and verdicts in one wording,
// progress lines on stderr, the roles table, the findings met while searching and the proofs'
// witnesses on stdout.
#include "cli/builders_printing.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emit/builders_report.hpp"
#include "emit/code_writer.hpp"
#include "example_api.hpp"

namespace builders_printing_test {

using objgen::FlatCall;
using objgen::FlatSequence;
using ::testing::internal::CaptureStderr;
using ::testing::internal::CaptureStdout;
using ::testing::internal::GetCapturedStderr;
using ::testing::internal::GetCapturedStdout;

// The target built, then `values` (literal indices) passed one by one to `add` on it.
FlatSequence built_with(uint32_t make, uint32_t add, const std::vector<int>& values) {
  FlatSequence s;
  s.calls.push_back(FlatCall{make, {}, {0}});
  for (int v : values) s.calls.push_back(FlatCall{add, {0, -1 - v}, {0, -1, -1}});
  s.result_value = 0;
  return s;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(BuildersPrinting, SignaturesAreJoinedInTheGivenOrder) {
  objgen::testing::ExampleApi ncl("ncl");
  uint32_t add = ncl.op("addLast"), remove = ncl.op("removeIndex");
  EXPECT_EQ(objgen::cli::signatures_of(ncl.api, {remove, add}),
            ncl.api.operations()[remove].signature() + ", " + ncl.api.operations()[add].signature());
  EXPECT_EQ(objgen::cli::signatures_of(ncl.api, {}), "");
}

TEST(BuildersPrinting, VerdictLineNamesTheScopesItReached) {
  objgen::builders::BuildersFile f;
  EXPECT_EQ(objgen::cli::verdict_line(f), "not proven (no proof was run)");
  f.verdict = "unknown (the budget ran out)";
  EXPECT_EQ(objgen::cli::verdict_line(f), "unknown (the budget ran out)");
  f.verdict = "proved";
  f.proven_scopes = {3};
  EXPECT_EQ(objgen::cli::verdict_line(f), "proved at scope 3");
  f.proven_scopes = {3, 4, 5};
  EXPECT_EQ(objgen::cli::verdict_line(f), "proved at scopes 3, 4, 5");
}

TEST(BuildersPrinting, RuledOutOperationsAreSaidOnStderrWithWhy) {
  objgen::builders::BuildersFile f;
  f.ruled_out = {{"List::reverse()", "its states break copy-equal"}, {"List::splice(List&)", "a crash"}};
  CaptureStderr();
  objgen::cli::print_ruled_out(f);
  std::string err = GetCapturedStderr();
  EXPECT_EQ(err,
            "objgen: ruled out of the builders: List::reverse(): its states break copy-equal\n"
            "objgen: ruled out of the builders: List::splice(List&): a crash\n");
}

TEST(BuildersPrinting, ProgressLinesGoToStderrAndAShortClimbingStepSaysNothing) {
  objgen::testing::ExampleApi ncl("ncl");
  uint32_t add = ncl.op("addLast");
  std::string add_signature = ncl.api.operations()[add].signature();
  objgen::builders::IdentifyProgress p = objgen::cli::progress_printer(ncl.api);
  CaptureStderr();
  p.on_classified(objgen::builders::Classification{{}, {}, 1.25});
  p.on_climb_step(objgen::builders::ClimbStep{{add}, 12, 3, 1.5});
  p.on_climb_try(add, 0, 4);  // within 3 s of the start: silent
  p.on_proof(objgen::builders::ScopeProof{.scope = 4, .sufficient = false, .minimal = true, .seconds = 2.0});
  p.on_generation(objgen::builders::GenerationRecord{3, 0.5, 42, {add}, 17, 0.75});
  std::string err = GetCapturedStderr();
  EXPECT_TRUE(contains(err, "objgen: observers found in 1.2 s\n")) << err;  // %.1f of 1.25
  EXPECT_TRUE(contains(err, "  climb: 12 structures with " + add_signature + "  (3 runs, 1.5 s)\n")) << err;
  EXPECT_FALSE(contains(err, "trying")) << err;
  EXPECT_TRUE(contains(err, "  scope 4: a state is missing, minimal (2.0 s)\n")) << err;
  EXPECT_TRUE(contains(err, "  generation  3: best 0.5000 (42 field values) " + add_signature + "  (17 evaluated, 0.8 s)\n")) << err;
}

TEST(BuildersPrinting, ClassificationIsATableOfRoles) {
  objgen::testing::ExampleApi ncl("ncl");
  uint32_t add = ncl.op("addLast"), size = ncl.op("getSize");
  objgen::builders::Classification c;
  c.operations = {{add, objgen::builders::OperationRole::Builder, false, 10, "changed the state"},
                  {size, objgen::builders::OperationRole::Observer, true, 10, "never changed a state"}};
  CaptureStdout();
  objgen::cli::print_classification(ncl.api, c);
  std::string out = GetCapturedStdout();
  std::vector<std::string> lines;
  for (size_t b = 0, e; (e = out.find('\n', b)) != std::string::npos; b = e + 1) lines.push_back(out.substr(b, e - b));
  ASSERT_EQ(lines.size(), 3u) << out;
  EXPECT_EQ(lines[0].rfind("method", 0), 0u);
  EXPECT_TRUE(contains(lines[0], "role") && contains(lines[0], "evidence")) << lines[0];
  EXPECT_EQ(lines[1].rfind(ncl.api.operations()[add].signature(), 0), 0u) << lines[1];
  EXPECT_TRUE(contains(lines[1], "builder candidate") && contains(lines[1], " no ") && contains(lines[1], "changed the state")) << lines[1];
  EXPECT_TRUE(contains(lines[2], "observer") && contains(lines[2], " yes ") && contains(lines[2], "never changed a state")) << lines[2];
}

TEST(BuildersPrinting, ProofsPrintTheirWitnessesAndAnUnfinishedScopeProvesNothing) {
  objgen::testing::ExampleApi ncl("ncl");
  uint32_t make = ncl.op("NodeCachingList"), add = ncl.op("addLast");
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(2);
  objgen::builders::Witness missing{"", built_with(make, add, {1}), domain};
  objgen::builders::Witness needed{"addLast", built_with(make, add, {0}), domain};
  objgen::builders::Verification v;
  v.scopes.push_back(objgen::builders::ScopeProof{.scope = 2,
                                                  .builder_states = 3,
                                                  .api_states = 4,
                                                  .sufficient = false,
                                                  .minimal = false,
                                                  .missing = {missing},
                                                  .needed = {needed},
                                                  .redundant = {"NodeCachingList::clear()"}});
  v.scopes.push_back(objgen::builders::ScopeProof{.scope = 3, .builder_states = 5, .api_states = 9, .complete = false});
  CaptureStdout();
  objgen::cli::print_verification(ncl.api, v, "the whole API");
  std::string out = GetCapturedStdout();
  EXPECT_TRUE(contains(out, "scope 2: builders build 3 states, the whole API 4\n")) << out;
  EXPECT_TRUE(contains(out, "  sufficient: NO\n    a state only the whole API builds:\n")) << out;
  for (const std::string& line : objgen::emit::write_statements(ncl.api, domain, missing.sequence, "o"))
    EXPECT_TRUE(contains(out, "      " + line + "\n")) << line;
  EXPECT_TRUE(contains(out, "  minimal: NO\n    without addLast this state is lost:\n")) << out;
  EXPECT_TRUE(contains(out, "    NodeCachingList::clear() is redundant: nothing is lost without it\n")) << out;
  EXPECT_TRUE(contains(out, "scope 3: builders build 5 states, the whole API 9\n  sufficient: unknown")) << out;
  EXPECT_TRUE(contains(out, "  minimal: unknown\n")) << out;
}

TEST(BuildersPrinting, FindingsOfTheSearchArePrintedWithTheirCalls) {
  objgen::testing::ExampleApi list("buggy_throw");
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(2);
  uint32_t add = list.op("add");
  objgen::SequenceFinding thrown{objgen::Outcome::Failure, add, "std::runtime_error: BuggyThrowList: internal buffer exhausted",
                                 built_with(list.op("BuggyThrowList"), add, {0, 0, 1}), domain};
  objgen::builders::Identification id;
  id.classification.findings = {thrown};
  id.climb.findings = {thrown};  // the same fault met twice is printed once
  objgen::builders::BuilderSearchOptions o;
  o.target = list.target;
  o.call_timeout_seconds = 1.0;
  CaptureStdout();
  objgen::cli::print_findings(list.api, o, id);
  std::string out = GetCapturedStdout();
  std::string heading = std::string("  ") + objgen::outcome_name(objgen::Outcome::Failure) + " in " +
                        objgen::emit::finding_method(list.api, thrown) + ": " + thrown.message + "\n";
  EXPECT_TRUE(contains(out, heading)) << out;
  EXPECT_EQ(out.find(heading), out.rfind(heading)) << out;
  EXPECT_FALSE(contains(out, "likely a precondition violation")) << out;
  for (const std::string& line : objgen::emit::write_statements(list.api, domain, thrown.sequence))
    EXPECT_TRUE(contains(out, "      " + line + "\n")) << line;

  CaptureStdout();
  objgen::cli::print_findings(list.api, o, objgen::builders::Identification{});
  EXPECT_EQ(GetCapturedStdout(), "");
}

}  // namespace builders_printing_test
