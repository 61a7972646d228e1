// After a harness is linked: the symbols nothing defines (ldd -r on tiny C libraries built here),
// the libraries that define them, and the members dropped for them.
#include "harness/link_check.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

namespace link_check_test {

namespace fs = std::filesystem;

// objgen::demangle(const std::string&), which this test program exports to the libraries it loads
// (as objgen exports its runtime to harnesses).
constexpr const char* kExportedByThisProgram = "_ZN6objgen8demangleERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE";

class LinkCheck : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_link_check_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // <folder>/lib<name>.so (folder: dir_ when empty) from C source `code`, linked with `link`
  // (undefined symbols allowed, as in a harness).
  std::string shared_library(const std::string& name, const std::string& code, const std::string& link = "",
                             std::string folder = "") const {
    if (folder.empty()) folder = dir_;
    std::string source = folder + "/" + name + ".c", library = folder + "/lib" + name + ".so";
    std::ofstream(source) << code;
    std::string command = "cc -shared -fPIC -o '" + library + "' '" + source + "' " + link + " 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << command;
    return library;
  }

  static objgen::UnresolvedSymbol symbol(const std::string& name) { return {name, objgen::demangle(name), ""}; }

  std::string dir_;
};

TEST_F(LinkCheck, DemanglingNamesForPeopleKeepsWhatIsNotMangled) {
  EXPECT_EQ(objgen::demangle("_ZN5tally7Counter3addEi"), "tally::Counter::add(int)");
  EXPECT_EQ(objgen::demangle("puts"), "puts");            // extern "C"
  EXPECT_EQ(objgen::demangle("_Z_broken"), "_Z_broken");  // not a valid mangling
}

TEST_F(LinkCheck, TheAdviceNamesThePackageWhenThereIsOne) {
  objgen::DefiningLibrary plain{"/usr/lib/libtally.so", "-ltally", ""};
  EXPECT_EQ(plain.advice(), "-ltally");
  objgen::DefiningLibrary packaged{"/usr/lib/libabsl_hash.so", "-labsl_hash", "absl_hash"};
  EXPECT_EQ(packaged.advice(), "-labsl_hash (or $(pkg-config --libs absl_hash))");
}

TEST_F(LinkCheck, OnlySymbolsNeitherTheLibrariesNorThisProcessDefineAreUnresolved) {
  std::string library = shared_library("needs", std::string(R"(#include <stdio.h>
extern int objgen_link_check_nowhere(int);
extern void exported(void) __asm__(")") + kExportedByThisProgram +
                                                    R"(");
int use(void) {
  puts("x");
  exported();
  return objgen_link_check_nowhere(1) + objgen_link_check_nowhere(2);
}
)");
  objgen::LinkCheck check = objgen::check_link(library, dir_);
  ASSERT_TRUE(check.ran);
  ASSERT_EQ(check.unresolved.size(), 1u);  // once, though called twice; not puts, not this program's
  EXPECT_EQ(check.unresolved[0].name, "objgen_link_check_nowhere");
  EXPECT_EQ(check.unresolved[0].demangled, "objgen_link_check_nowhere");
  EXPECT_EQ(check.unresolved[0].needed_by, library);
  EXPECT_TRUE(check.missing_libraries.empty());
  EXPECT_FALSE(fs::exists(dir_ + "/tool-output.txt"));  // the scratch directory left as it was
}

TEST_F(LinkCheck, ALibraryTheLoaderWouldNotFindIsMissing) {
  std::string dependency = shared_library("objgen_lc_gone", "int gone(void) { return 1; }\n");
  std::string library = shared_library("user", "int gone(void);\nint use(void) { return gone(); }\n", "-L'" + dir_ + "' -lobjgen_lc_gone");
  fs::remove(dependency);
  objgen::LinkCheck check = objgen::check_link(library, dir_);
  ASSERT_TRUE(check.ran);
  EXPECT_EQ(check.missing_libraries, std::vector<std::string>{"libobjgen_lc_gone.so"});
}

TEST_F(LinkCheck, TheLibraryThatAloneDefinesASymbolIsTheOneToLink) {
  fs::create_directories(dir_ + "/libs");
  shared_library("lcone", "int lc_only_here(void) { return 1; }\nint lc_twice(void) { return 2; }\n", "", dir_ + "/libs");
  shared_library("lctwo", "int lc_twice(void) { return 3; }\n", "", dir_ + "/libs");
  objgen::LibraryLookup both =
      objgen::find_defining_libraries({symbol("lc_only_here"), symbol("lc_twice")}, {"-L" + dir_ + "/libs"}, "cc", dir_);
  ASSERT_EQ(both.definers["lc_only_here"].size(), 1u);
  EXPECT_EQ(both.definers["lc_twice"].size(), 2u);
  ASSERT_EQ(both.unambiguous.size(), 1u);  // it defines lc_twice too: the choice is made
  EXPECT_EQ(both.unambiguous[0].file, dir_ + "/libs/liblcone.so");
  EXPECT_EQ(both.unambiguous[0].flag, "-llcone");
  objgen::LibraryLookup either = objgen::find_defining_libraries({symbol("lc_twice")}, {"-L", dir_ + "/libs"}, "cc", dir_);
  EXPECT_EQ(either.definers["lc_twice"].size(), 2u);
  EXPECT_TRUE(either.unambiguous.empty());  // two candidates: the user's choice
  objgen::LibraryLookup none = objgen::find_defining_libraries({symbol("lc_nowhere")}, {"-L" + dir_ + "/libs"}, "cc", dir_);
  EXPECT_TRUE(none.definers["lc_nowhere"].empty());
  EXPECT_TRUE(none.unambiguous.empty());
}

objgen::scan::Function member(const std::string& name, objgen::scan::Registration how, std::vector<std::string> symbols) {
  objgen::scan::Function f;
  f.name = name;
  f.qualified_name = "tally::Counter::" + name;
  f.registration = how;
  f.link_symbols = std::move(symbols);
  f.arities = {0};
  f.pos = {"/src/tally/counter.hpp", 14, 3};
  return f;
}

TEST_F(LinkCheck, TheRegisteredMembersNeedingAMissingSymbolAreDroppedWithANote) {
  const std::string missing = "_ZN5tally7Counter3addEv";
  objgen::scan::ScanResult r;
  r.functions = {member("add", objgen::scan::Registration::Method, {missing}),
                 member("skipped", objgen::scan::Registration::Skip, {missing}),  // not registered anyway
                 member("count", objgen::scan::Registration::Method, {"_ZNK5tally7Counter5countEv"})};
  objgen::scan::ScanResult companion;
  companion.functions = {member("total", objgen::scan::Registration::Function, {"_ZN5tally5totalEv", missing})};
  r.companions = {companion};
  std::set<std::string> gone{missing};
  std::vector<objgen::scan::Function*> needing = objgen::members_needing(r, gone);
  ASSERT_EQ(needing.size(), 2u);
  EXPECT_EQ(needing[0], &r.functions[0]);
  EXPECT_EQ(needing[1], &r.companions[0].functions[0]);
  std::vector<std::string> notes = objgen::drop_members(needing, gone);
  EXPECT_EQ(r.functions[0].registration, objgen::scan::Registration::Skip);
  EXPECT_TRUE(r.functions[0].arities.empty());
  EXPECT_EQ(r.functions[0].skip_reason, "declared, but no source or library given defines it (undefined symbol tally::Counter::add())");
  EXPECT_EQ(r.functions[2].registration, objgen::scan::Registration::Method);  // it needs nothing missing
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_EQ(notes[0],
            "tally::Counter::add() (counter.hpp:14) is declared but defined in none of the sources and libraries given "
            "(undefined symbol tally::Counter::add()): not registered");
}

}  // namespace link_check_test
