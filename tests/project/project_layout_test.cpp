// What `objgen project` reads of a build directory: the project's sources and own headers from a
// compile_commands.json written here, the CMake target of an entry, and the path helpers.
#include "project/project_layout.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <string>
#include <vector>

namespace project_layout_test {

namespace fs = std::filesystem;
using objgen::project::ProjectError;

// A project tree under a fresh temporary directory, removed at the end.
class ProjectLayout : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_project_layout_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    top_ = fs::path(pattern);
    root_ = (top_ / "shelf").string();
    build_ = root_ + "/build";
    for (const char* f : {"include/shelf/shelf.hpp", "src/shelf.cpp", "src/detail.hpp", "src/notes.txt", "src/legacy.c", "tools/tool.cpp",
                          "tools/tool_helpers.hh", "third/vendored.hpp", "build/generated/config.hpp", "build/gen/made.cpp"})
      write(root_ + "/" + f, "// " + std::string(f) + "\n");
    write(top_.string() + "/elsewhere/other.cpp", "int x;\n");
    write(top_.string() + "/elsewhere/other.hpp", "int y;\n");
  }
  void TearDown() override { fs::remove_all(top_); }

  static void write(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
  }
  void write_cache() const { write(build_ + "/CMakeCache.txt", "# cache\nCMAKE_HOME_DIRECTORY:INTERNAL=" + root_ + "\n"); }

  // An entry as CMake's Ninja generator writes it (the object in "output"), or without "output"
  // (the object only after -o) when `with_output` is false.
  nlohmann::json entry(const std::string& file, const std::string& target, std::vector<std::string> extra_flags,
                       bool with_output = true) const {
    std::string object = "CMakeFiles/" + target + ".dir/" + fs::path(file).filename().string() + ".o";
    std::vector<std::string> args{"/usr/bin/c++"};
    args.insert(args.end(), extra_flags.begin(), extra_flags.end());
    args.insert(args.end(), {"-o", object, "-c", file});
    nlohmann::json e{{"directory", build_}, {"file", file}, {"arguments", args}};
    if (with_output) e["output"] = object;
    return e;
  }

  // The whole project: a library target (own -I relative to the build directory, a vendored
  // -isystem folder, a generated folder in the build directory), a tool target, a C file, a
  // source outside the project and one generated in the build directory.
  void write_database() const {
    nlohmann::json db = nlohmann::json::array();
    db.push_back(entry(root_ + "/src/shelf.cpp", "shelf",
                       {"-I../include", "-isystem", root_ + "/third", "-I" + build_ + "/generated", "-DSHELF=1"}));
    db.push_back(entry(root_ + "/src/legacy.c", "shelf", {}));
    db.push_back(entry(root_ + "/tools/tool.cpp", "tool", {"-I", root_ + "/include"}, false));
    db.push_back(entry(top_.string() + "/elsewhere/other.cpp", "other", {}));
    db.push_back(entry(build_ + "/gen/made.cpp", "shelf", {}));
    write(build_ + "/compile_commands.json", db.dump(1));
  }

  std::vector<std::string> source_files(const objgen::project::ProjectLayout& layout) const {
    std::vector<std::string> files;
    for (const auto& e : layout.sources) files.push_back(e.file);
    return files;
  }

  fs::path top_;
  std::string root_, build_;
};

TEST_F(ProjectLayout, SourcesAreTheCxxUnitsUnderTheRootOutsideTheBuildDirectory) {
  write_cache();
  write_database();
  objgen::project::ProjectLayout layout = objgen::project::read_project(build_);
  EXPECT_EQ(layout.build_dir, build_);
  EXPECT_EQ(layout.source_root, root_);
  // Not the C file, not the one outside the root, not the one generated in the build directory.
  EXPECT_EQ(source_files(layout), (std::vector<std::string>{root_ + "/src/shelf.cpp", root_ + "/tools/tool.cpp"}));
}

TEST_F(ProjectLayout, OwnHeadersComeFromIncludeDirectoriesAndSourceFoldersButNotSystemOrBuildOnes) {
  write_cache();
  write_database();
  objgen::project::ProjectLayout layout = objgen::project::read_project(build_);
  // Sorted; no -isystem header, nothing from the build directory, no non-header file.
  EXPECT_EQ(layout.headers,
            (std::vector<std::string>{root_ + "/include/shelf/shelf.hpp", root_ + "/src/detail.hpp", root_ + "/tools/tool_helpers.hh"}));
}

TEST_F(ProjectLayout, ATargetKeepsOnlyItsOwnSourcesAndTheHeadersTheySee) {
  write_cache();
  write_database();
  objgen::project::ProjectLayout layout = objgen::project::read_project(build_, "shelf");
  EXPECT_EQ(source_files(layout), std::vector<std::string>{root_ + "/src/shelf.cpp"});
  EXPECT_EQ(layout.headers, (std::vector<std::string>{root_ + "/include/shelf/shelf.hpp", root_ + "/src/detail.hpp"}));
}

TEST_F(ProjectLayout, AnUnknownTargetIsAnErrorListingTheTargetsThereAre) {
  write_cache();
  write_database();
  try {
    objgen::project::read_project(build_, "shelve");
    FAIL() << "no error for an unknown target";
  } catch (const ProjectError& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("--target shelve"), std::string::npos) << what;
    EXPECT_NE(what.find("shelf, tool"), std::string::npos) << what;
  }
}

TEST_F(ProjectLayout, WithoutACMakeCacheTheRootIsTheSourcesCommonFolder) {
  nlohmann::json db = nlohmann::json::array();
  db.push_back(entry(root_ + "/src/shelf.cpp", "shelf", {}));
  db.push_back(entry(root_ + "/tools/tool.cpp", "tool", {}));
  write(build_ + "/compile_commands.json", db.dump());
  objgen::project::ProjectLayout layout = objgen::project::read_project(build_);
  EXPECT_EQ(layout.source_root, root_);
  EXPECT_EQ(layout.sources.size(), 2u);
}

TEST_F(ProjectLayout, AMissingDatabaseSaysHowToMakeOne) {
  fs::create_directories(build_);
  try {
    objgen::project::read_project(build_);
    FAIL() << "no error without compile_commands.json";
  } catch (const ProjectError& e) {
    EXPECT_NE(std::string(e.what()).find("-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"), std::string::npos) << e.what();
  }
}

TEST_F(ProjectLayout, ADatabaseWithNoSourceOfTheProjectIsAnError) {
  write_cache();
  nlohmann::json db = nlohmann::json::array();
  db.push_back(entry(top_.string() + "/elsewhere/other.cpp", "other", {}));
  db.push_back(entry(root_ + "/src/legacy.c", "shelf", {}));
  write(build_ + "/compile_commands.json", db.dump());
  try {
    objgen::project::read_project(build_);
    FAIL() << "no error for a database without project sources";
  } catch (const ProjectError& e) {
    EXPECT_NE(std::string(e.what()).find("holds no C++ source under " + root_), std::string::npos) << e.what();
  }
}

// `-Inative` is an include directory like any other (a joined -I whose directory starts with 'n'
// was once dropped).
TEST_F(ProjectLayout, AJoinedIncludeDirectoryStartingWithNIsTheProjects) {
  write_cache();
  write(root_ + "/native/api.hpp", "// api\n");
  // Relative to the command's directory, the project root (an absolute -I/... starts with '/').
  nlohmann::json e = entry(root_ + "/src/shelf.cpp", "shelf", {"-Inative"});
  e["directory"] = root_;
  write(build_ + "/compile_commands.json", nlohmann::json::array({e}).dump());
  objgen::project::ProjectLayout layout = objgen::project::read_project(build_);
  EXPECT_NE(std::find(layout.headers.begin(), layout.headers.end(), root_ + "/native/api.hpp"), layout.headers.end());
}

TEST_F(ProjectLayout, TheCMakeTargetIsReadFromTheObjectPath) {
  objgen::scan::CompileEntry e;
  e.output = "CMakeFiles/shelf.dir/src/shelf.cpp.o";
  EXPECT_EQ(objgen::project::cmake_target_of(e), "shelf");
  e.output = "lib/CMakeFiles/shelf_core.dir/a/b.cpp.o";  // a subdirectory's target
  EXPECT_EQ(objgen::project::cmake_target_of(e), "shelf_core");
  // Makefile generators give no "output": the command's -o says it.
  e.output = "";
  e.command = {"c++", "-c", "x.cpp", "-o", "CMakeFiles/tool.dir/x.cpp.o"};
  EXPECT_EQ(objgen::project::cmake_target_of(e), "tool");
  // Another build system's objects name no target.
  e.command = {"c++", "-c", "x.cpp", "-o", "obj/x.o"};
  EXPECT_EQ(objgen::project::cmake_target_of(e), "");
  e.command = {"c++", "-c", "x.cpp", "-o", "CMakeFiles/x.o"};
  EXPECT_EQ(objgen::project::cmake_target_of(e), "");
}

TEST_F(ProjectLayout, ARegexLiteralMatchesExactlyItsText) {
  const std::string text = R"(ns::Box<int*>[3]{a|b}(c)+d?e^f$g.h\i)";
  std::regex literal(objgen::project::regex_literal(text));
  EXPECT_TRUE(std::regex_match(text, literal));
  EXPECT_FALSE(std::regex_match(std::string(R"(ns::Box<intt>[3]{a|b}(c)+d?e^f$g.h\i)"), literal));
  EXPECT_FALSE(std::regex_match(std::string(R"(ns::Box<int*>[3]{a|b}(c)+d?e^f$gXh\i)"), literal));  // '.' is no wildcard
  EXPECT_EQ(objgen::project::regex_literal("plain_name"), "plain_name");
}

TEST_F(ProjectLayout, IsWithinTellsAPathBelowAFolderFromOneBesideIt) {
  EXPECT_TRUE(objgen::project::is_within("/p/src/a.cpp", "/p"));
  EXPECT_TRUE(objgen::project::is_within("/p/src/a.cpp", "/p/src"));
  EXPECT_FALSE(objgen::project::is_within("/p2/a.cpp", "/p"));  // a sibling sharing the prefix
  EXPECT_FALSE(objgen::project::is_within("/a.cpp", "/p"));
  EXPECT_FALSE(objgen::project::is_within("/p/a.cpp", ""));
}

// A folder whose name starts with two dots ("..cache") lies in its parent like any other: only a
// first component ".." climbs out of the folder.
TEST_F(ProjectLayout, AFolderNamedWithTwoLeadingDotsIsWithinItsParent) {
  EXPECT_TRUE(objgen::project::is_within("/p/..cache/x.hpp", "/p"));
}

}  // namespace project_layout_test
