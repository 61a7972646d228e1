// The option groups the commands share (cli/run_args): which options a command's wording
// registers, their defaults, the memory limits' defaults and the checks run before the subject loads.
#include "cli/run_args.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "example_api.hpp"
#include "exec/child_process.hpp"

namespace run_args_test {

using objgen::cli::UsageError;

// "" when the arguments parse; else CLI11's message.
std::string parse(CLI::App& app, std::vector<std::string> args) {
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  try {
    app.parse(reversed);
  } catch (const CLI::ParseError& e) {
    return e.what();
  }
  return "";
}

// A directory of its own under the system's temporary directory, removed with what it holds.
struct ScratchDir {
  std::filesystem::path path;
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "run_args_test.XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

TEST(RunArgs, ACommandGetsOnlyTheRunOptionsItWordsWithItsDefaults) {
  CLI::App app{"objgen"};
  objgen::cli::RunArgs run;
  objgen::cli::RunOptions options;
  options.call_timeout_default = 5.0;
  options.seed = "Random seed";
  options.seed_default = 7;
  objgen::cli::add_run_options(&app, run, options);
  EXPECT_EQ(parse(app, {}), "");
  EXPECT_DOUBLE_EQ(run.call_timeout, 5.0);
  EXPECT_EQ(run.seed, 7u);
  // Worded, the options are the command's; left without help, not.
  CLI::App all{"objgen"};
  objgen::cli::RunArgs worded;
  objgen::cli::RunOptions every = options;
  every.methods = "Operations to call";
  every.omit_fields = "Fields left out";
  every.threads = "Workers";
  every.isolation = true;
  every.misuse = true;
  every.literals = true;
  every.memory_limit = "objgen's memory";
  objgen::cli::add_run_options(&all, worded, every);
  ASSERT_EQ(parse(all, {"--methods", "a", "--omit-fields", "f", "--threads", "2", "--isolation", "none", "--misuse", "E", "--ints", "0..3",
                        "--memory-limit", "1G"}),
            "");
  EXPECT_EQ(worded.methods, "a");
  EXPECT_EQ(worded.threads, 2);
  EXPECT_EQ(worded.isolation, objgen::cli::Isolation::None);
  EXPECT_EQ(worded.literals.ints, "0..3");
  for (const char* absent : {"--methods", "--omit-fields", "--threads", "--isolation", "--misuse", "--ints", "--memory-limit"}) {
    CLI::App other{"objgen"};
    objgen::cli::RunArgs r;
    objgen::cli::add_run_options(&other, r, options);
    EXPECT_NE(parse(other, {absent, "x"}), "") << absent;
  }
}

TEST(RunArgs, OmitFieldsGivenEvenEmptyReplacesTheClassPattern) {
  objgen::testing::ExampleApi ncl("ncl");
  const objgen::ClassInfo& target = *ncl.api.find_class(ncl.target);
  ASSERT_EQ(target.omit_fields, "modCount");

  CLI::App app{"objgen"};
  objgen::cli::RunArgs run;
  objgen::cli::RunOptions options;
  options.omit_fields = "Fields left out of the state";
  objgen::cli::add_run_options(&app, run, options);
  ASSERT_EQ(parse(app, {}), "");
  EXPECT_EQ(run.omit_fields_of(target), "modCount");

  CLI::App given_app{"objgen"};
  objgen::cli::RunArgs given;
  objgen::cli::add_run_options(&given_app, given, options);
  ASSERT_EQ(parse(given_app, {"--omit-fields", ""}), "");
  EXPECT_TRUE(given.omit_given);
  EXPECT_EQ(given.omit_fields_of(target), "");
}

TEST(RunArgs, MemoryLimitsDefaultToHalfTheMachineForObjgenAndToObjgensLimitForWorkers) {
  objgen::cli::RunArgs run;
  size_t half = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGE_SIZE)) / 2;
  EXPECT_EQ(run.memory_limit_bytes(), half);
  EXPECT_EQ(run.worker_memory_limit_bytes(), 0u);  // not half the machine: no limit

  run.memory_limit = "512M";
  EXPECT_EQ(run.memory_limit_bytes(), 512u << 20);
  EXPECT_EQ(run.worker_memory_limit_bytes(), 512u << 20);

  run.worker_memory_limit = "64k";
  EXPECT_EQ(run.worker_memory_limit_bytes(), 64u << 10);
  EXPECT_EQ(run.memory_limit_bytes(), 512u << 20);
}

TEST(RunArgs, ApplyRunArgsRefusesIsolationNoneOutsideBundledExamplesAndBadLimits) {
  objgen::cli::RunArgs run;
  run.isolation = objgen::cli::Isolation::None;
  run.subject.example = "ncl";
  EXPECT_NO_THROW(objgen::cli::apply_run_args(run));
  EXPECT_FALSE(run.isolate());

  run.subject.coverage = true;  // a coverage build is a harness: never in objgen's process
  EXPECT_THROW(objgen::cli::apply_run_args(run), UsageError);

  objgen::cli::RunArgs header;
  header.isolation = objgen::cli::Isolation::None;
  header.subject.header = "list.hpp";
  EXPECT_THROW(objgen::cli::apply_run_args(header), UsageError);

  for (double bad : {0.0, -1.0, std::nan("")}) {
    objgen::cli::RunArgs timeout;
    timeout.call_timeout = bad;
    EXPECT_THROW(objgen::cli::apply_run_args(timeout), UsageError) << bad;
    objgen::cli::RunArgs load;
    load.load_timeout = bad;
    EXPECT_THROW(objgen::cli::apply_run_args(load), UsageError) << bad;
  }

  objgen::cli::RunArgs memory;
  memory.worker_memory_limit = "lots";
  try {
    objgen::cli::apply_run_args(memory);
    ADD_FAILURE() << "a malformed --worker-memory-limit passed";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--worker-memory-limit"), std::string::npos) << e.what();
  }
}

TEST(RunArgs, ApplyRunArgsSetsTheWorkersLoadLimitForTheProcess) {
  objgen::cli::RunArgs run;
  run.load_timeout = 3.5;
  objgen::cli::apply_run_args(run);
  EXPECT_EQ(objgen::worker_load_seconds(), 3.5);
  objgen::cli::apply_run_args(objgen::cli::RunArgs{});  // the default again, for the tests after
  EXPECT_EQ(objgen::worker_load_seconds(), objgen::kDefaultWorkerLoadSeconds);
}

TEST(RunArgs, MisuseReplacesTheDefaultsAlsoMisuseAddsAndValidationErrorsSwitchCreators) {
  objgen::testing::ExampleApi ncl("ncl");
  std::exception_ptr invalid = std::make_exception_ptr(std::invalid_argument("x"));
  ASSERT_TRUE(ncl.api.misuse().matches(invalid));

  objgen::cli::RunArgs run;
  run.misuse = {"my::BadState"};
  run.also_misuse = {"my::Other"};
  run.validation_errors = objgen::cli::ValidationErrors::Failure;
  objgen::cli::apply_misuse_options(run, ncl.api);
  EXPECT_EQ(ncl.api.misuse().names(), (std::vector<std::string>{"my::BadState", "my::Other"}));
  EXPECT_FALSE(ncl.api.misuse().matches(invalid));
  EXPECT_FALSE(ncl.api.misuse().creators_validate);

  objgen::testing::ExampleApi defaults("ncl");
  objgen::cli::RunArgs also;
  also.also_misuse = {"my::Other"};
  objgen::cli::apply_misuse_options(also, defaults.api);
  EXPECT_TRUE(defaults.api.misuse().matches(invalid));  // added to the defaults, replacing none
  EXPECT_TRUE(defaults.api.misuse().creators_validate);
}

TEST(RunArgs, OutputOptionsTakeTheStatesKnobsOnlyWithMaxStatesAndSuiteNamesMustBeIdentifiers) {
  CLI::App plain{"objgen"};
  objgen::cli::OutputArgs out;
  objgen::cli::add_output_options(&plain, out, {});
  EXPECT_NE(parse(plain, {"--suite-name", "lists"}), "");

  for (const char* bad : {"1list", "my-list", ""}) {
    CLI::App app{"objgen"};
    objgen::cli::OutputArgs o;
    objgen::cli::add_output_options(&app, o, {.emit_gtest = "Suites here", .gtest_max_states = "At most this many"});
    EXPECT_NE(parse(app, {"--suite-name", bad}).find("--suite-name"), std::string::npos) << bad;
  }

  CLI::App app{"objgen"};
  objgen::cli::OutputArgs o;
  objgen::cli::add_output_options(&app, o,
                                  {.emit_gtest = "Suites here", .gtest_max_states = "At most this many", .gtest_max_states_default = 50});
  ASSERT_EQ(parse(app, {"--suite-name", "my_list2", "--oracles", "off"}), "");
  EXPECT_EQ(o.suite_name, "my_list2");
  EXPECT_FALSE(o.oracles);
  EXPECT_EQ(o.gtest_max_states, 50u);
  EXPECT_EQ(o.gtest_inline_limit, 64u);
  EXPECT_EQ(o.oracle_states, 16u);
}

TEST(RunArgs, OutputsThatCannotBeWrittenAreUsageErrorsBeforeTheRun) {
  ScratchDir dir;
  std::string file = (dir.path / "a_file").string();
  std::ofstream(file) << "x";

  objgen::cli::OutputArgs fine;
  fine.report_json = (dir.path / "report.json").string();
  fine.html = (dir.path / "pages").string();
  EXPECT_NO_THROW(objgen::cli::require_writable_outputs(fine));
  EXPECT_FALSE(std::filesystem::exists(fine.report_json));  // checked, not created

  objgen::cli::OutputArgs in_missing_directories;  // made when the reports are written
  in_missing_directories.sarif = (dir.path / "no" / "such" / "x.sarif").string();
  EXPECT_NO_THROW(objgen::cli::require_writable_outputs(in_missing_directories));
  EXPECT_FALSE(std::filesystem::exists(dir.path / "no"));

  objgen::cli::OutputArgs under_a_file;
  under_a_file.junit = file + "/x.xml";
  EXPECT_THROW(objgen::cli::require_writable_outputs(under_a_file), UsageError);

  objgen::cli::OutputArgs report_is_a_directory;
  report_is_a_directory.report_json = dir.path.string();
  EXPECT_THROW(objgen::cli::require_writable_outputs(report_is_a_directory), UsageError);

  objgen::cli::OutputArgs suites_on_a_file;
  suites_on_a_file.emit_gtest = file;
  try {
    objgen::cli::require_writable_outputs(suites_on_a_file);
    ADD_FAILURE() << "a file taken as the suites' directory";
  } catch (const UsageError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--emit-gtest: ", 0), 0u) << e.what();
  }
}

TEST(RunArgs, ContractsListedInHelpParsedAndAnUnknownOneNamed) {
  CLI::App app{"objgen"};
  objgen::cli::FindingArgs findings;
  objgen::cli::add_finding_options(&app, findings);
  std::string help = app.help();
  for (const char* name : {"copy-equal", "eq-symmetric", "hash-eq", "assign-equal"}) EXPECT_NE(help.find(name), std::string::npos) << name;

  ASSERT_EQ(parse(app, {"--contracts", "all,-hash-eq", "--minimize", "off", "--emit-preconditions"}), "");
  objgen::contracts::ContractSet set = findings.enabled_contracts();
  EXPECT_FALSE(set.has(objgen::contracts::Contract::HashEq));
  EXPECT_TRUE(set.has(objgen::contracts::Contract::CopyEqual));
  EXPECT_FALSE(findings.minimize);
  EXPECT_TRUE(findings.emit_preconditions);

  objgen::cli::FindingArgs unknown;
  unknown.contracts = "copy-equal,bogus";
  try {
    unknown.enabled_contracts();
    ADD_FAILURE() << "an unknown contract passed";
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("bogus"), std::string::npos) << e.what();
  }
}

}  // namespace run_args_test
