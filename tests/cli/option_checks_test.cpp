#include "cli/option_checks.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace option_checks_test {

// A command with the shared options, parsed as objgen parses them: the checks are attached after
// the subcommands are declared.
struct Parsed {
  CLI::App app{"objgen"};
  double call_timeout = 2;
  int workers = 1;
  std::string emit;
  Parsed() {
    auto* cmd = app.add_subcommand("run");
    cmd->add_option("--call-timeout", call_timeout);
    cmd->add_option("--runs", workers);
    cmd->add_option("--emit-gtest", emit);
    objgen::cli::add_option_checks(app);
  }
  // "" when the arguments parse; else CLI11's message.
  std::string parse(std::vector<std::string> args) {
    args.insert(args.begin(), "run");
    std::vector<std::string> reversed(args.rbegin(), args.rend());
    try {
      app.parse(reversed);
    } catch (const CLI::ParseError& e) {
      return e.what();
    }
    return "";
  }
};

TEST(OptionChecks, SecondsWithinAClockPass) {
  Parsed p;
  EXPECT_EQ(p.parse({"--call-timeout", "0.5"}), "");
  EXPECT_DOUBLE_EQ(p.call_timeout, 0.5);
}

TEST(OptionChecks, SecondsThatAreNotFiniteOrTooLargeAreRefusedNamingTheOption) {
  for (const char* bad : {"inf", "nan", "1e300"}) {
    Parsed p;
    std::string message = p.parse({"--call-timeout", bad});
    EXPECT_NE(message.find("--call-timeout"), std::string::npos) << bad << ": " << message;
  }
}

TEST(OptionChecks, ANegativeCountIsRefused) {
  Parsed p;
  EXPECT_NE(p.parse({"--runs", "-3"}).find("--runs"), std::string::npos);
}

TEST(OptionChecks, AnEmptyPathIsRefused) {
  Parsed p;
  EXPECT_NE(p.parse({"--emit-gtest", ""}).find("--emit-gtest"), std::string::npos);
}

}  // namespace option_checks_test
