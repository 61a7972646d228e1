// Which classes `objgen project` tests (Clang lists a small project's headers, templates replaced
// by the instances its sources use), what a class's results depend on (the compiler's -MM), and
// the files a git work tree changed since a revision.
#include "project/project_classes.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

namespace project_classes_test {

namespace fs = std::filesystem;
using objgen::project::ClassTarget;

// Runs git in `dir` quietly, as a user with a name (commits need one).
int git(const std::string& dir, const std::string& args) {
  std::string command =
      "git -C '" + dir + "' -c user.name=objgen -c user.email=objgen@example.invalid -c commit.gpgsign=false " + args + " >/dev/null 2>&1";
  return std::system(command.c_str());
}

class ProjectClasses : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_project_classes_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    scratch_ = root_ + "/scratch";
    fs::create_directories(scratch_);
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories(fs::path(root_ + "/" + relative).parent_path());
    std::ofstream(root_ + "/" + relative) << text;
  }

  // A project of two headers (one that does not parse) and a source using a template, with its
  // compile database.
  objgen::project::ProjectLayout small_project() const {
    write("include/lib.hpp", R"(#pragma once
#include <exception>
namespace lib {
template <class T>
class Box {
 public:
  void set(T v) { v_ = v; }
  T get() const { return v_; }
 private:
  T v_{};
};
template <class T>
class Unused {
 public:
  void touch() {}
};
class Counter {
 public:
  void add() { ++n_; }
  int count() const { return n_; }
 private:
  int n_ = 0;
};
class Refused : public std::exception {
 public:
  const char* what() const noexcept override { return "refused"; }
};
}  // namespace lib
)");
    write("include/broken.hpp", "#pragma once\nnamespace lib { class Broken { int x = ; }; }\n");
    write("src/use.cpp", "#include \"lib.hpp\"\nlib::Box<int> kept;\n");
    nlohmann::json db = nlohmann::json::array();
    db.push_back({{"directory", root_ + "/build"},
                  {"file", root_ + "/src/use.cpp"},
                  {"arguments", {"c++", "-std=c++20", "-I" + root_ + "/include", "-c", root_ + "/src/use.cpp"}}});
    write("build/compile_commands.json", db.dump());
    objgen::project::ProjectLayout layout;
    layout.build_dir = root_ + "/build";
    layout.source_root = root_;
    layout.sources = {{root_ + "/src/use.cpp", root_ + "/build", db[0]["arguments"].get<std::vector<std::string>>(), ""}};
    layout.headers = {root_ + "/include/broken.hpp", root_ + "/include/lib.hpp"};
    return layout;
  }

  std::vector<ClassTarget> find(const std::string& wanted) {
    notes_.clear();
    said_.clear();
    refusals_.clear();
    return objgen::project::find_project_classes(
        small_project(), std::regex(wanted), notes_, [this](const std::string& s) { said_.push_back(s); }, refusals_);
  }

  static std::vector<std::string> names(const std::vector<ClassTarget>& classes) {
    std::vector<std::string> out;
    for (const ClassTarget& c : classes) out.push_back(c.name);
    return out;
  }

  std::string root_, scratch_;
  std::vector<std::string> notes_, said_, refusals_;
};

TEST_F(ProjectClasses, EveryClassOfTheHeadersWithTemplatesAsTheProjectInstantiatesThem) {
  std::vector<ClassTarget> classes = find(".*");
  std::vector<std::string> found = names(classes);
  // Box as the source uses it, not the template; Unused, which no source instantiates, kept (marked).
  EXPECT_NE(std::find(found.begin(), found.end(), "lib::Box<int>"), found.end()) << ::testing::PrintToString(found);
  EXPECT_EQ(std::find(found.begin(), found.end(), "lib::Box"), found.end()) << ::testing::PrintToString(found);
  EXPECT_NE(std::find(found.begin(), found.end(), "lib::Counter"), found.end());
  for (const ClassTarget& c : classes) {
    EXPECT_EQ(c.header, root_ + "/include/lib.hpp") << c.name;
    EXPECT_NE(std::find(c.flags.begin(), c.flags.end(), "-I" + root_ + "/include"), c.flags.end()) << c.name;  // the database's
    EXPECT_EQ(c.is_template, c.name == "lib::Unused") << c.name;
  }
  EXPECT_EQ(refusals_, std::vector<std::string>{"lib::Refused"});
  EXPECT_NE(std::find(said_.begin(), said_.end(), "lib::Box: instantiated by the project as lib::Box<int>"), said_.end())
      << ::testing::PrintToString(said_);
}

TEST_F(ProjectClasses, AHeaderThatDoesNotParseIsANoteNotTheEnd) {
  std::vector<ClassTarget> classes = find("Counter");
  ASSERT_EQ(notes_.size(), 1u) << ::testing::PrintToString(notes_);
  EXPECT_EQ(notes_[0].rfind("include/broken.hpp: ", 0), 0u) << notes_[0];
  EXPECT_EQ(names(classes), std::vector<std::string>{"lib::Counter"});
}

TEST_F(ProjectClasses, AnInstanceIsChosenByItsOwnNameAndRefusalsAreKeptWhateverIsWanted) {
  EXPECT_EQ(names(find("Box<int>")), std::vector<std::string>{"lib::Box<int>"});
  EXPECT_EQ(refusals_, std::vector<std::string>{"lib::Refused"});  // not wanted, still a refusal of the library
}

TEST_F(ProjectClasses, TheDependenciesAreTheHeaderAndTheProjectHeadersItIncludes) {
  write("include/a.hpp", "#pragma once\n#include <vector>\n#include \"b.hpp\"\nstruct A { B b; };\n");
  write("include/b.hpp", "#pragma once\nstruct B { int x; };\n");
  ClassTarget target{.name = "A", .header = root_ + "/include/a.hpp", .flags = {"-I" + root_ + "/include"}};
  objgen::project::HeaderDependencies before = objgen::project::header_dependencies(target, scratch_);
  EXPECT_EQ(before.files, (std::vector<std::string>{root_ + "/include/a.hpp", root_ + "/include/b.hpp"}));  // no <vector>
  EXPECT_EQ(before.digest.size(), 16u);
  EXPECT_EQ(objgen::project::header_dependencies(target, scratch_).digest, before.digest);  // the same files: the same digest
  write("include/b.hpp", "#pragma once\nstruct B { long x; };\n");                          // an included header edited
  EXPECT_NE(objgen::project::header_dependencies(target, scratch_).digest, before.digest);
}

TEST_F(ProjectClasses, AHeaderTheCompilerCannotListHasNoDigest) {
  write("include/lost.hpp", "#include \"missing.hpp\"\n");
  ClassTarget target{.name = "Lost", .header = root_ + "/include/lost.hpp"};
  objgen::project::HeaderDependencies d = objgen::project::header_dependencies(target, scratch_);
  EXPECT_EQ(d.digest, "");
  EXPECT_TRUE(d.files.empty());
}

// A work tree with a file committed then edited, one never added and one ignored; returns its path.
std::string edited_work_tree(const std::string& root) {
  std::string repo = root + "/repo";
  fs::create_directories(repo + "/src");
  std::ofstream(repo + "/src/kept.hpp") << "// kept\n";
  std::ofstream(repo + "/src/edited.hpp") << "// first\n";
  std::ofstream(repo + "/.gitignore") << "*.log\n";
  EXPECT_EQ(git(repo, "init -q"), 0);
  EXPECT_EQ(git(repo, "add -A"), 0);
  EXPECT_EQ(git(repo, "commit -q -m first"), 0);
  std::ofstream(repo + "/src/edited.hpp") << "// second\n";
  std::ofstream(repo + "/src/new.hpp") << "// new\n";
  std::ofstream(repo + "/src/build.log") << "ignored\n";
  return repo;
}

TEST_F(ProjectClasses, ChangedFilesAreTheDiffAndTheUntrackedOnesAbsolute) {
  std::string repo = edited_work_tree(root_);
  std::vector<std::string> changed = objgen::project::changed_since(repo, "HEAD", scratch_);
  std::sort(changed.begin(), changed.end());
  EXPECT_EQ(changed, (std::vector<std::string>{repo + "/src/edited.hpp", repo + "/src/new.hpp"}));
}

// A project whose source root is a folder of the work tree (a monorepo's): both git lists name
// files from the work tree's top (git ls-files --others alone would name them from the folder).
TEST_F(ProjectClasses, UntrackedFilesOfASubfolderAreNamedByTheirOwnPaths) {
  std::string repo = edited_work_tree(root_);
  std::vector<std::string> changed = objgen::project::changed_since(repo + "/src", "HEAD", scratch_);
  std::sort(changed.begin(), changed.end());
  EXPECT_EQ(changed, (std::vector<std::string>{repo + "/src/edited.hpp", repo + "/src/new.hpp"}));
}

TEST_F(ProjectClasses, AnUnknownRevisionOrNoRepositoryIsAProjectError) {
  std::string repo = root_ + "/repo";
  fs::create_directories(repo);
  std::ofstream(repo + "/a.hpp") << "// a\n";
  // Not yet a repository (the temporary directory is in none).
  EXPECT_THROW(objgen::project::changed_since(repo, "HEAD", scratch_), objgen::project::ProjectError);
  ASSERT_EQ(git(repo, "init -q"), 0);
  ASSERT_EQ(git(repo, "add -A"), 0);
  ASSERT_EQ(git(repo, "commit -q -m first"), 0);
  try {
    objgen::project::changed_since(repo, "no-such-revision", scratch_);
    FAIL() << "no error for an unknown revision";
  } catch (const objgen::project::ProjectError& e) {
    EXPECT_NE(std::string(e.what()).find("--changed-since no-such-revision: git cannot compare with it"), std::string::npos) << e.what();
  }
}

}  // namespace project_classes_test
