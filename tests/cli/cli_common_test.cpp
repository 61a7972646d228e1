// What every subcommand shares (cli/cli_common): lists and sizes parsed, the bundled examples
// found, operations selected, and each malformed input turned into a usage error naming it.
#include "cli/cli_common.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "example_api.hpp"
#include "io/file_error.hpp"

namespace cli_common_test {

using objgen::cli::UsageError;
using Strings = std::vector<std::string>;

// The message of what `f` threw as a UsageError ("" when it threw nothing).
template <class F>
std::string usage_error_of(F&& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

struct ScratchDir {
  std::filesystem::path path;
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "cli_common_test.XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

TEST(CliCommon, SplitListTrimsDropsCommentsAndKeepsSignaturesWhole) {
  EXPECT_EQ(objgen::cli::split_list("a, b,c"), (Strings{"a", "b", "c"}));
  EXPECT_EQ(objgen::cli::split_list("add\n  # a comment\nremove , \n\n"), (Strings{"add", "remove"}));
  EXPECT_EQ(objgen::cli::split_list("put(int, const std::string&), get(int)"), (Strings{"put(int, const std::string&)", "get(int)"}));
  EXPECT_EQ(objgen::cli::split_list(""), Strings{});
  // An unclosed parenthesis does not swallow the next line.
  EXPECT_EQ(objgen::cli::split_list("f(int\ng"), (Strings{"f(int", "g"}));
}

TEST(CliCommon, MethodListFromAFileOrAUsageError) {
  ScratchDir dir;
  std::string list = (dir.path / "methods.txt").string();
  std::ofstream(list) << "# the builders\naddLast\nremoveIndex, clear\n";
  EXPECT_EQ(objgen::cli::read_method_list("@" + list), (Strings{"addLast", "removeIndex", "clear"}));
  EXPECT_EQ(objgen::cli::read_method_list("addLast,clear"), (Strings{"addLast", "clear"}));

  std::string missing = usage_error_of([&] { objgen::cli::read_method_list("@" + (dir.path / "none.txt").string()); });
  EXPECT_NE(missing.find("cannot read methods file"), std::string::npos) << missing;
  EXPECT_THROW(objgen::cli::read_method_list("@" + dir.path.string()), objgen::FileError);  // a directory
}

TEST(CliCommon, OmitPatternEmptyIsNoneAndAMalformedOneIsNamed) {
  EXPECT_EQ(objgen::cli::build_omit(""), nullptr);
  auto omit = objgen::cli::build_omit("mod.*|cache");
  ASSERT_NE(omit, nullptr);
  EXPECT_TRUE(std::regex_match("modCount", *omit));
  EXPECT_FALSE(std::regex_match("size", *omit));
  std::string message = usage_error_of([] { objgen::cli::build_omit("(size"); });
  EXPECT_NE(message.find("'(size'"), std::string::npos) << message;
}

TEST(CliCommon, ParseSizeReadsUnitsAndRefusesWhatIsNotASize) {
  EXPECT_EQ(objgen::cli::parse_size("", "--m"), 0u);
  EXPECT_EQ(objgen::cli::parse_size("0", "--m"), 0u);
  EXPECT_EQ(objgen::cli::parse_size("100", "--m"), 100u);
  EXPECT_EQ(objgen::cli::parse_size("100B", "--m"), 100u);
  EXPECT_EQ(objgen::cli::parse_size("64k", "--m"), 64u << 10);
  EXPECT_EQ(objgen::cli::parse_size("64KiB", "--m"), 64u << 10);
  EXPECT_EQ(objgen::cli::parse_size("512M", "--m"), 512u << 20);
  EXPECT_EQ(objgen::cli::parse_size("2G", "--m"), size_t{2} << 30);
  EXPECT_EQ(objgen::cli::parse_size("1.5G", "--m"), size_t{3} << 29);
  EXPECT_EQ(objgen::cli::parse_size("1T", "--m"), size_t{1} << 40);
  for (const char* bad : {"G", "2X", "2 G", "-1", "nan", "1e300", "5000T", "lots"}) {
    std::string message = usage_error_of([&] { objgen::cli::parse_size(bad, "--memory-limit"); });
    EXPECT_NE(message.find("--memory-limit"), std::string::npos) << bad << ": " << message;
  }
}

TEST(CliCommon, WorkersDefaultToTheCoresAndTooManyNeedForce) {
  int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  EXPECT_GE(objgen::cli::default_workers(0), 1);
  EXPECT_LE(objgen::cli::default_workers(0), cores);
  EXPECT_EQ(objgen::cli::default_workers(1), 1);
  EXPECT_EQ(objgen::cli::default_workers(4 * cores), std::min(4 * cores, 256));
  EXPECT_NE(usage_error_of([] { objgen::cli::default_workers(-1); }).find("--threads"), std::string::npos);
  EXPECT_NE(usage_error_of([&] { objgen::cli::default_workers(4 * cores + 1); }).find("--force"), std::string::npos);
  EXPECT_EQ(objgen::cli::default_workers(100000, true), 256);
}

TEST(CliCommon, ExamplesAreFoundByNameOrListed) {
  const objgen::Example& ncl = objgen::cli::require_example("ncl");
  EXPECT_EQ(ncl.name, "ncl");
  objgen::Api api;
  const objgen::ClassInfo& target = objgen::cli::register_example(ncl, api);
  EXPECT_EQ(target.name, ncl.target);

  std::string message = usage_error_of([] { objgen::cli::require_example("no_such_example"); });
  EXPECT_NE(message.find("'no_such_example'"), std::string::npos) << message;
  EXPECT_NE(message.find("ncl"), std::string::npos) << message;
  EXPECT_NE(message.find("buggy_throw"), std::string::npos) << message;
}

TEST(CliCommon, SelectedOperationsMustExistAndOneMustCreateTheTarget) {
  objgen::testing::ExampleApi ncl("ncl");
  std::vector<uint32_t> ops = objgen::cli::select_methods(ncl.api, ncl.target, {"addLast"});
  EXPECT_NE(std::find(ops.begin(), ops.end(), ncl.op("addLast")), ops.end());
  EXPECT_NE(std::find(ops.begin(), ops.end(), ncl.op("NodeCachingList")), ops.end());  // its constructor added
  EXPECT_NO_THROW(objgen::cli::require_constructible(ncl.api, ncl.target, ops));
  EXPECT_THROW(objgen::cli::select_methods(ncl.api, ncl.target, {"noSuchMember"}), UsageError);

  std::string message = usage_error_of([&] {
    objgen::cli::require_constructible(ncl.api, ncl.target, {ncl.op("addLast"), ncl.op("clear")});
  });
  EXPECT_NE(message.find("none of the selected operations creates"), std::string::npos) << message;
}

TEST(CliCommon, SmallChecksAndLiteralsNameTheirOption) {
  EXPECT_NO_THROW(objgen::cli::require_non_negative(0, "--budget"));
  EXPECT_NE(usage_error_of([] { objgen::cli::require_non_negative(-1, "--budget"); }).find("--budget"), std::string::npos);
  EXPECT_THROW(objgen::cli::require_non_negative(std::nan(""), "--budget"), UsageError);

  ScratchDir dir;
  std::string file = (dir.path / "plain").string();
  std::ofstream(file) << "x";
  EXPECT_NO_THROW(objgen::cli::require_writable_directory("--html", ""));
  EXPECT_EQ(usage_error_of([&] { objgen::cli::require_writable_directory("--html", file + "/pages"); }).rfind("--html: ", 0), 0u);
  EXPECT_THROW(objgen::cli::require_writable_file(dir.path.string()), UsageError);

  objgen::testing::ExampleApi ncl("ncl");
  objgen::LiteralSpec spec;
  spec.ints = "5..7";
  EXPECT_EQ(objgen::cli::literal_domain(3, ncl.api, spec).of(objgen::LiteralKind::Int).size(), 3u);
  spec.ints = "seven";
  EXPECT_THROW(objgen::cli::literal_domain(3, ncl.api, spec), UsageError);

  // No names keep the default misuse exceptions; names replace them.
  std::exception_ptr invalid = std::make_exception_ptr(std::invalid_argument("x"));
  objgen::cli::set_misuse(ncl.api, {});
  EXPECT_TRUE(ncl.api.misuse().matches(invalid));
  objgen::cli::set_misuse(ncl.api, {"my::Rejected"});
  EXPECT_FALSE(ncl.api.misuse().matches(invalid));
  EXPECT_EQ(ncl.api.misuse().names(), Strings{"my::Rejected"});
}

}  // namespace cli_common_test
