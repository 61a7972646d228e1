// The subject a command works on (cli/subject): options parsed, the one subject required, a
// bundled example resolved without building anything, an example seen as its header and sources,
// and the flags code built elsewhere needs. No harness is compiled here.
#include "cli/subject.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "io/file_error.hpp"

namespace subject_test {

namespace fs = std::filesystem;
using objgen::cli::SubjectArgs;
using objgen::cli::UsageError;
using Strings = std::vector<std::string>;

struct ScratchDir {
  fs::path path;
  ScratchDir() {
    std::string pattern = (fs::temp_directory_path() / "subject_test.XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
};

// The message of the UsageError resolve_subject threw ("" when it threw none).
std::string refusal(SubjectArgs s) {
  try {
    objgen::cli::resolve_subject(s, true);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

bool has(const Strings& list, const std::string& item) { return std::find(list.begin(), list.end(), item) != list.end(); }

TEST(Subject, OptionsTakeTheFirstClassAsTargetAndTheOthersBesideIt) {
  CLI::App app{"objgen"};
  SubjectArgs s;
  objgen::cli::add_subject_options(&app, s);
  std::vector<std::string> args{"--header", "list.hpp", "--class", "my::List", "--class", "my::Node", "--", "-DX", "list.cpp"};
  std::reverse(args.begin(), args.end());
  app.parse(args);
  EXPECT_EQ(s.header, "list.hpp");
  EXPECT_EQ(s.class_name, "my::List");
  EXPECT_EQ(s.extra_classes, Strings{"my::Node"});
  EXPECT_EQ(s.flags, (Strings{"-DX", "list.cpp"}));
  EXPECT_EQ(s.class_depth, 3);
  EXPECT_EQ(s.state, "auto");
}

TEST(Subject, ExactlyOneSubjectWithItsOwnOptions) {
  EXPECT_NE(refusal({}).find("name a subject"), std::string::npos);
  EXPECT_NE(refusal({.example = "ncl", .header = "list.hpp"}).find("only one of"), std::string::npos);
  EXPECT_NE(refusal({.example = "ncl", .harness = "h.so"}).find("only one of"), std::string::npos);
  EXPECT_NE(refusal({.example = "ncl", .class_name = "my::List"}).find("go with --header"), std::string::npos);
  EXPECT_NE(refusal({.example = "ncl", .flags = {"-DX"}}).find("go with --header"), std::string::npos);
  EXPECT_NE(refusal({.header = "list.hpp"}).find("--header needs --class"), std::string::npos);
  std::string unknown = refusal({.example = "no_such_example"});
  EXPECT_NE(unknown.find("unknown example 'no_such_example'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("ncl"), std::string::npos) << unknown;
}

TEST(Subject, ABundledExampleResolvesWithoutABuildAndWithItsSuitesBuild) {
  SubjectArgs s{.example = "ncl"};
  objgen::cli::Subject subject = objgen::cli::resolve_subject(s, true);
  EXPECT_EQ(subject.example.name, "ncl");
  EXPECT_EQ(subject.example.target, "examples::NodeCachingList");
  ASSERT_TRUE(static_cast<bool>(subject.example.register_api));
  EXPECT_EQ(subject.coverage, nullptr);
  EXPECT_EQ(subject.build_directory, "");
  EXPECT_TRUE(subject.added_libraries.empty());
  EXPECT_TRUE(s.initialising_call.empty());

  const objgen::emit::SuiteBuild& b = subject.suites;
  EXPECT_TRUE(b.known);
  EXPECT_TRUE(has(b.compile_flags, "-std=c++20"));
  auto source = std::find_if(b.link_args.begin(), b.link_args.end(),
                             [](const std::string& a) { return fs::path(a).filename() == "node_caching_list.cpp"; });
  ASSERT_NE(source, b.link_args.end());
  EXPECT_TRUE(fs::path(*source).is_absolute());
  EXPECT_TRUE(fs::exists(*source));
  for (const std::string& a : b.link_args) EXPECT_NE(fs::path(a).filename(), "harness.cpp");  // the class's code, not its harness
}

TEST(Subject, AnExampleAsAHeaderNamesItsClassIncludeDirectoryAndSources) {
  SubjectArgs s{.example = "ncl", .flags = {"-DEXTRA"}};
  SubjectArgs h = objgen::cli::from_header(s);
  EXPECT_EQ(h.example, "");
  EXPECT_EQ(h.class_name, "examples::NodeCachingList");
  fs::path header(h.header);
  EXPECT_EQ(header.filename(), "node_caching_list.hpp");
  EXPECT_EQ(header.parent_path().filename(), "ncl");
  EXPECT_TRUE(fs::exists(header));
  ASSERT_GE(h.flags.size(), 3u);
  EXPECT_EQ(h.flags[0], "-I" + header.parent_path().parent_path().string());  // the examples, as CMake builds them
  EXPECT_EQ(h.flags[1], "-DEXTRA");
  EXPECT_TRUE(
      std::any_of(h.flags.begin(), h.flags.end(), [](const std::string& f) { return fs::path(f).filename() == "node_caching_list.cpp"; }));
  EXPECT_FALSE(std::any_of(h.flags.begin(), h.flags.end(), [](const std::string& f) { return fs::path(f).filename() == "harness.cpp"; }));

  SubjectArgs plain{.header = "list.hpp", .class_name = "List"};
  EXPECT_EQ(objgen::cli::from_header(plain).header, "list.hpp");
  EXPECT_EQ(objgen::cli::from_header(plain).flags, Strings{});
}

TEST(Subject, BuildFlagsAreAbsoluteAndEmptyForAHarness) {
  EXPECT_EQ(objgen::cli::subject_build_flags({.harness = "h.so"}), Strings{});
  std::string cwd = fs::current_path().string();
  Strings flags = objgen::cli::subject_build_flags({.header = "inc/list.hpp", .class_name = "List", .flags = {"-Iinc", "-I/opt/x", "-DX"}});
  EXPECT_EQ(flags, (Strings{"-I" + cwd + "/inc", "-I" + cwd + "/inc", "-I/opt/x", "-DX"}));
  // A header from the include path gives no directory of its own.
  EXPECT_EQ(objgen::cli::subject_build_flags({.header = "<lib/list.hpp>", .class_name = "List", .flags = {"-DX"}}), Strings{"-DX"});

  Strings example = objgen::cli::subject_build_flags({.example = "ncl"});
  ASSERT_GE(example.size(), 2u);
  EXPECT_EQ(fs::path(example[0].substr(2)).filename(), "ncl");
  EXPECT_EQ(example[1], "-I" + fs::path(example[0].substr(2)).parent_path().string());
}

TEST(Subject, AHarnessThatIsNotASharedObjectIsSaidPlainly) {
  ScratchDir dir;
  std::string source = (dir.path / "harness.cpp").string();
  std::ofstream(source) << "int main() {}\n";
  std::string message = refusal({.harness = source});
  EXPECT_NE(message.find("is not a shared object"), std::string::npos) << message;
  SubjectArgs directory{.harness = dir.path.string()};
  EXPECT_THROW(objgen::cli::resolve_subject(directory, true), objgen::FileError);
}

}  // namespace subject_test
