// Compile databases: the parsing flags kept from a command line, every entry read as written, a
// header's flags inferred from the sources beside it, and the databases that cannot be used.
#include "scan/compile_db.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace compile_db_test {

namespace fs = std::filesystem;
using objgen::scan::CompileDbError;

class CompileDb : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_compile_db_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories(fs::path(dir_ + "/" + relative).parent_path());
    std::ofstream(dir_ + "/" + relative) << text;
  }

  // The message of the CompileDbError `read` throws ("" when none).
  template <class Read>
  static std::string db_error(Read read) {
    try {
      read();
    } catch (const CompileDbError& e) {
      return e.what();
    }
    return "";
  }

  std::string dir_;
};

TEST_F(CompileDb, OnlyTheFlagsThatChangeParsingAreKeptWithPathsMadeAbsolute) {
  std::vector<std::string> command{"/usr/bin/c++", "-Iinc", "-I",         "../other",   "-isystem", "sys",   "-isystem/opt/sys2",
                                   "-iquote",      "q",     "-idirafter", "/after",     "-include", "pre.h", "-DA=1",
                                   "-D",           "B",     "-UC",        "-std=c++17", "-O2",      "-Wall", "-o",
                                   "x.o",          "-c",    "x.cpp"};
  EXPECT_EQ(
      objgen::scan::parsing_flags(command, "/b/build"),
      (std::vector<std::string>{"-I/b/build/inc", "-I/b/other", "-isystem", "/b/build/sys", "-isystem", "/opt/sys2", "-iquote",
                                "/b/build/q", "-idirafter", "/after", "-include", "/b/build/pre.h", "-DA=1", "-DB", "-UC", "-std=c++17"}));
}

TEST_F(CompileDb, FrontEndOptionsAndPrecompiledHeadersAreLeftOut) {
  // -include-pch is no -include; -Xclang's argument is not the user's flag, whatever it looks like.
  std::vector<std::string> command{"clang++", "-include-pch", "cmake_pch.hxx.pch", "-Xclang", "-include", "-Xclang", "-DHIDDEN", "-Iinc"};
  EXPECT_EQ(objgen::scan::parsing_flags(command, "/b"), (std::vector<std::string>{"-I/b/inc"}));
  EXPECT_TRUE(objgen::scan::parsing_flags({"c++"}, "/b").empty());  // the compiler alone
}

TEST_F(CompileDb, EveryEntryIsReadInOrderWithRelativeFilesResolved) {
  write("build/compile_commands.json", R"([
  {"directory": ")" + dir_ + R"(/build", "file": "../src/a.cpp",
   "command": "c++ -I../include -o CMakeFiles/a.dir/a.cpp.o -c ../src/a.cpp", "output": "CMakeFiles/a.dir/a.cpp.o"},
  {"directory": ")" + dir_ + R"(/build", "file": ")" +
                                           dir_ + R"(/src/b.cpp",
   "arguments": ["c++", "-DB", "-c", ")" + dir_ +
                                           R"(/src/b.cpp"]}
])");
  std::vector<objgen::scan::CompileEntry> entries = objgen::scan::all_compile_commands(dir_ + "/build");
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].file, dir_ + "/src/a.cpp");
  EXPECT_EQ(entries[0].directory, dir_ + "/build");
  EXPECT_EQ(entries[0].output, "CMakeFiles/a.dir/a.cpp.o");
  ASSERT_FALSE(entries[0].command.empty());
  EXPECT_EQ(entries[0].command.front(), "c++");
  EXPECT_NE(std::find(entries[0].command.begin(), entries[0].command.end(), "-I../include"), entries[0].command.end());
  EXPECT_EQ(entries[1].file, dir_ + "/src/b.cpp");
  EXPECT_EQ(entries[1].output, "");  // the database does not say
  // The file itself may be given instead of its directory.
  EXPECT_EQ(objgen::scan::all_compile_commands(dir_ + "/build/compile_commands.json").size(), 2u);
}

TEST_F(CompileDb, AHeadersFlagsAreThoseOfTheSourceBesideIt) {
  write("src/list.cpp", "#include \"list.hpp\"\n");
  write("src/list.hpp", "struct List {};\n");
  write("build/compile_commands.json", R"([{"directory": ")" + dir_ + R"(/build", "file": ")" + dir_ + R"(/src/list.cpp",
    "arguments": ["c++", "-std=c++17", "-I../include", "-DLIST_CHECKED", "-O2", "-c", ")" +
                                           dir_ + R"(/src/list.cpp"]}])");
  std::vector<std::string> flags = objgen::scan::flags_from_compile_db(dir_ + "/build", dir_ + "/src/list.hpp");
  for (const std::string& expected : {std::string("-std=c++17"), "-I" + dir_ + "/include", std::string("-DLIST_CHECKED")})
    EXPECT_NE(std::find(flags.begin(), flags.end(), expected), flags.end()) << expected << " in " << ::testing::PrintToString(flags);
  EXPECT_EQ(std::find(flags.begin(), flags.end(), "-O2"), flags.end());
  // A header named as an #include would name it: the database's nearest command still applies.
  std::vector<std::string> system_form = objgen::scan::flags_from_compile_db(dir_ + "/build", "<list.hpp>");
  EXPECT_NE(std::find(system_form.begin(), system_form.end(), "-DLIST_CHECKED"), system_form.end());
}

TEST_F(CompileDb, AMissingUnreadableOrEmptyDatabaseIsAnError) {
  fs::create_directories(dir_ + "/none");
  EXPECT_EQ(
      db_error([&] { objgen::scan::all_compile_commands(dir_ + "/none"); }).rfind("cannot read " + dir_ + "/none/compile_commands.json", 0),
      0u);
  write("bad/compile_commands.json", "[{\"directory\": ");
  EXPECT_EQ(db_error([&] { objgen::scan::flags_from_compile_db(dir_ + "/bad", dir_ + "/x.hpp"); }).rfind("cannot read ", 0), 0u);
  write("empty/compile_commands.json", "[]");
  EXPECT_EQ(db_error([&] { objgen::scan::all_compile_commands(dir_ + "/empty"); }), dir_ + "/empty/compile_commands.json has no entries");
}

TEST_F(CompileDb, AFifoInTheDatabasesPlaceIsRefusedWithoutBlocking) {
  fs::create_directories(dir_ + "/fifo");
  ASSERT_EQ(mkfifo((dir_ + "/fifo/compile_commands.json").c_str(), 0600), 0);
  std::string why = db_error([&] { objgen::scan::all_compile_commands(dir_ + "/fifo"); });
  EXPECT_NE(why.find("is not a regular file"), std::string::npos) << why;
}

}  // namespace compile_db_test
