// Members a harness can name but not use as they are: the header that defines a class only
// declared (searched in files written here), and, through a Clang scan of a small header, the
// members skipped over an incomplete type and the symbols a declared-only member links to.
#include "scan/declared_only.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "scan/extract.hpp"

namespace declared_only_test {

namespace fs = std::filesystem;

class DeclaredOnly : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_declared_only_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string write(const std::string& relative, const std::string& text) const {
    std::string path = dir_ + "/" + relative;
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
    return path;
  }
  std::string defining(const std::string& name) const { return objgen::scan::header_defining(name, {dir_}); }

  // A member skipped over `type`, as check_declared_only leaves it.
  static objgen::scan::Function skipped_over(const std::string& type) {
    objgen::scan::Function f;
    f.name = "summary";
    f.incomplete_type = type;
    f.skip_reason = "returns " + type + ", which the scanned headers only declare (an incomplete type)";
    return f;
  }

  std::string dir_;
};

TEST_F(DeclaredOnly, AClassIsDefinedWhereItsNameIsFollowedByABody) {
  write("a/plain.hpp", "namespace tally {\nstruct Summary\n{\n  int total;\n};\n}\n");
  EXPECT_EQ(defining("tally::Summary"), dir_ + "/a/plain.hpp");  // by its leaf name
  write("b/final.hpp", "class Sealed final { };\n");
  EXPECT_EQ(defining("Sealed"), dir_ + "/b/final.hpp");
  write("c/derived.hpp", "class Derived : public ns::Base<int> { };\n");
  EXPECT_EQ(defining("Derived"), dir_ + "/c/derived.hpp");
  write("d/instance.hpp", "template <class T> class Box final : Base { T v; };\n");
  EXPECT_EQ(defining("lib::Box<int>"), dir_ + "/d/instance.hpp");  // an instance: its template's header
}

TEST_F(DeclaredOnly, DeclarationsAndOtherUsesOfTheNameDefineNothing) {
  write("uses.hpp",
        "class Summary;\n"                           // a forward declaration
        "template <class Summary> struct Holder;\n"  // a template parameter
        "struct Report { Summary* last; };\n"        // a use
        "class SummaryView { };\n"                   // a longer name
        "friend class Summary;\n"                    // a friend declaration
        "class Summary::Part { };\n"                 // a nested class of it
        "class Other : Summary::Base, Summary;\n");  // no body after the base clause
  EXPECT_EQ(defining("Summary"), "");
  EXPECT_EQ(defining(""), "");
  EXPECT_EQ(defining("ns::"), "");
}

TEST_F(DeclaredOnly, OnlyHeadersAreReadTheFirstFolderFirst) {
  write("src/summary.cpp", "struct Summary { };\n");
  write("docs/summary.txt", "struct Summary { };\n");
  EXPECT_EQ(defining("Summary"), "");
  write("second/summary.inl", "struct Summary { };\n");
  write("first/deep/er/summary.h", "struct Summary { };\n");
  EXPECT_EQ(objgen::scan::header_defining("Summary", {dir_ + "/first", dir_ + "/second"}), dir_ + "/first/deep/er/summary.h");
  EXPECT_EQ(objgen::scan::header_defining("Summary", {dir_ + "/second", dir_ + "/first"}), dir_ + "/second/summary.inl");
  EXPECT_EQ(objgen::scan::header_defining("Summary", {dir_ + "/missing"}), "");
}

TEST_F(DeclaredOnly, AHeaderLargerThanTwoMebibytesIsNotRead) {
  write("huge.hpp", "struct Summary { };\n" + std::string(2u << 20, ' '));
  EXPECT_EQ(defining("Summary"), "");
}

// `enum class Summary { ... }` defines an enumeration, not the class the scan lacks: its header
// is not the one that would complete the class.
TEST_F(DeclaredOnly, AnEnumerationIsNoClassDefinition) {
  write("colour.hpp", "enum class Summary { brief, full };\n");
  EXPECT_EQ(defining("Summary"), "");
}

TEST_F(DeclaredOnly, CompletingHeadersAreSearchedUnderTheFlagsFoldersAndNamedInTheSkipReason) {
  write("scanned/counter.hpp", "struct Counter;\n");
  std::string inc = write("inc/tally/summary.hpp", "namespace tally { struct Summary { }; }\n");
  std::string sys = write("sys/ledger.hpp", "struct Ledger { };\n");
  objgen::scan::ScanResult r;
  r.functions = {skipped_over("tally::Summary"), skipped_over("Missing")};
  objgen::scan::Function known = skipped_over("Ledger");
  known.completing_header = "already/found.hpp";  // found before: left as it is
  r.functions.push_back(known);
  objgen::scan::ScanResult companion;
  companion.functions = {skipped_over("Ledger")};
  r.companions = {companion};
  objgen::scan::find_completing_headers(r, {"-I" + dir_ + "/inc", "-isystem", dir_ + "/sys"}, dir_ + "/scanned/counter.hpp");
  EXPECT_EQ(r.functions[0].completing_header, inc);
  EXPECT_EQ(r.functions[0].skip_reason, "returns tally::Summary, which the scanned headers only declare (an incomplete type); " + inc +
                                            " defines it: add -include " + inc + " after -- to register it");
  EXPECT_EQ(r.functions[1].completing_header, "");  // defined nowhere: the reason unchanged
  EXPECT_EQ(r.functions[1].skip_reason, skipped_over("Missing").skip_reason);
  EXPECT_EQ(r.functions[2].completing_header, "already/found.hpp");
  EXPECT_EQ(r.companions[0].functions[0].completing_header, sys);
}

TEST_F(DeclaredOnly, TheScannedHeadersOwnFolderIsSearchedToo) {
  std::string summary = write("lib/summary.hpp", "struct Summary { };\n");
  objgen::scan::ScanResult r;
  r.functions = {skipped_over("Summary")};
  objgen::scan::find_completing_headers(r, {}, dir_ + "/lib/counter.hpp");
  EXPECT_EQ(r.functions[0].completing_header, summary);
  r.functions = {skipped_over("Summary")};
  objgen::scan::find_completing_headers(r, {}, "<counter.hpp>");  // found on the include path: no folder of its own
  EXPECT_EQ(r.functions[0].completing_header, "");
}

const objgen::scan::Function* function_named(const objgen::scan::ScanResult& r, const std::string& name) {
  auto it = std::find_if(r.functions.begin(), r.functions.end(), [&](const objgen::scan::Function& f) { return f.name == name; });
  return it == r.functions.end() ? nullptr : &*it;
}

TEST_F(DeclaredOnly, AScanSkipsMembersOverIncompleteTypesAndRecordsTheSymbolsOfDeclaredOnesWithClang) {
  std::string header = write("tally/counter.hpp", R"(#pragma once
namespace tally {
class Summary;
class Counter {
 public:
  Counter() = default;
  explicit Counter(int start);
  Summary summary() const;
  void merge(int weight, const Summary& other);
  void add(int n);
  int count() const { return n_; }
 private:
  int n_ = 0;
};
}  // namespace tally
)");
  std::string defines = write("tally/summary.hpp", "namespace tally { class Summary { int total_; }; }\n");
  objgen::scan::ScanRequest request;
  request.header = header;
  request.class_name = "tally::Counter";
  request.flags = {"-std=c++20"};
  objgen::scan::ScanOutcome outcome = objgen::scan::scan_header(request);
  ASSERT_EQ(outcome.status, objgen::scan::ScanStatus::Ok) << outcome.message;
  const objgen::scan::ScanResult& r = outcome.result;

  const objgen::scan::Function* summary = function_named(r, "summary");
  ASSERT_NE(summary, nullptr);
  EXPECT_EQ(summary->registration, objgen::scan::Registration::Skip);
  EXPECT_EQ(summary->incomplete_type, "tally::Summary");
  EXPECT_EQ(summary->skip_reason.rfind("returns tally::Summary, which the scanned headers only declare", 0), 0u) << summary->skip_reason;
  EXPECT_EQ(summary->completing_header, defines);  // beside the scanned header
  EXPECT_TRUE(summary->arities.empty());

  const objgen::scan::Function* merge = function_named(r, "merge");
  ASSERT_NE(merge, nullptr);
  EXPECT_EQ(merge->registration, objgen::scan::Registration::Skip);
  EXPECT_EQ(merge->skip_reason.rfind("parameter 2 takes tally::Summary", 0), 0u) << merge->skip_reason;

  const objgen::scan::Function* add = function_named(r, "add");
  ASSERT_NE(add, nullptr);
  EXPECT_NE(add->registration, objgen::scan::Registration::Skip) << add->skip_reason;
  EXPECT_EQ(add->link_symbols, std::vector<std::string>{"_ZN5tally7Counter3addEi"});
  const objgen::scan::Function* count = function_named(r, "count");
  ASSERT_NE(count, nullptr);
  EXPECT_TRUE(count->link_symbols.empty());  // defined in the header: nothing to link

  // The declared constructor links to both of its symbols; the defaulted one to none.
  bool declared_constructor = false;
  for (const objgen::scan::Function& f : r.functions) {
    if (f.kind != objgen::scan::FunctionKind::Constructor || f.registration == objgen::scan::Registration::Skip) continue;
    if (f.params.size() == 1) {
      declared_constructor = true;
      EXPECT_EQ(f.link_symbols, (std::vector<std::string>{"_ZN5tally7CounterC1Ei", "_ZN5tally7CounterC2Ei"}));
    } else if (f.params.empty()) {
      EXPECT_TRUE(f.link_symbols.empty());
    }
  }
  EXPECT_TRUE(declared_constructor);
}

}  // namespace declared_only_test
