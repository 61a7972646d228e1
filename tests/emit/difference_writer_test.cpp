// The suite of differences from a reference: one test per difference, its calls on the class
// alone and the differing call checked against the reference's value (or that it returns), so
// that each test fails while the class differs.
#include "emit/difference_writer.hpp"

#include <gtest/gtest.h>

#include <stdlib.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "emit/code_writer.hpp"
#include "objgen/objgen.hpp"

namespace difference_writer_test {
struct Tally {
  int n = 0;
  void add(int v) { n += v; }
  int count() const { return n; }
};
}  // namespace difference_writer_test
OBJGEN_FIELDS(difference_writer_test::Tally, n)

namespace difference_writer_test {

// Tally's members, and a fresh directory the suite is written to (removed with it).
struct Written {
  objgen::Api api;
  objgen::LiteralDomain domain = objgen::LiteralDomain::defaults(3);  // ints 0, 1, 2
  objgen::emit::GtestSuiteOptions g;
  std::string dir;
  Written() {
    api.add_class<Tally>().constructor<>().method("add", &Tally::add).method("count", &Tally::count).method("reset", [](Tally& t) {
      t.n = 0;
    });
    g.name = "tally";
    g.include = "tally.hpp";
    std::string pattern = (std::filesystem::temp_directory_path() / "objgen-difference-writer-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp");
    dir = pattern;
  }
  ~Written() { std::filesystem::remove_all(dir); }
  uint32_t op(const std::string& name) const {
    for (uint32_t i = 0; i < api.operations().size(); ++i)
      if (api.operations()[i].name == name) return i;
    throw std::logic_error("no operation " + name);
  }
  // Tally(); add(1); then `last` on it.
  objgen::differential::Difference after_adding_one(const std::string& last) const {
    objgen::differential::Difference d;
    d.sequence.calls.push_back({op("Tally"), {}});
    d.sequence.calls.push_back({op("add"), {0, -2}});
    d.sequence.calls.push_back({op(last), last == "add" ? std::vector<int64_t>{0, -3} : std::vector<int64_t>{0}});
    d.sequence.result_value = 0;
    d.op = op(last);
    d.message = last + "(): 1, reference 2";
    return d;
  }
  std::string write(const std::vector<objgen::differential::Difference>& differences) const {
    return objgen::emit::write_differences_suite(api, domain, differences, g, dir, "std::multiset");
  }
};

inline std::string read_difference_suite(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace difference_writer_test

namespace objgen {
namespace {

TEST(DifferenceWriter, ADifferingValueIsExpectedToBeTheReferences) {
  difference_writer_test::Written w;
  differential::Difference d = w.after_adding_one("count");
  d.expected = Literal{LiteralKind::Int, 2};
  std::string path = w.write({d});
  EXPECT_EQ(path, w.dir + "/tally_differences_test.cpp");
  std::string text = difference_writer_test::read_difference_suite(path);
  std::string test = "// " + w.api.operations()[w.op("count")].signature() + " differs from std::multiset: count(): 1, reference 2\n" +
                     "TEST(TallyDifferences, Difference0_count) {\n"
                     "  auto v0 = std::make_shared<difference_writer_test::Tally>();\n"
                     "  v0->add(1);\n"
                     "  EXPECT_EQ(static_cast<long long>(v0->count()), 2);\n"
                     "}\n";
  EXPECT_NE(text.find(test), std::string::npos) << text;
  EXPECT_NE(text.find("#include \"tally.hpp\""), std::string::npos) << text;
}

TEST(DifferenceWriter, ACallThatThrewWhereTheReferenceReturnedMustNotThrow) {
  difference_writer_test::Written w;
  differential::Difference d = w.after_adding_one("add");
  d.threw = true;
  std::string text = difference_writer_test::read_difference_suite(w.write({d}));
  EXPECT_NE(text.find("  v0->add(1);\n  EXPECT_NO_THROW(([&] { v0->add(2); }()));\n}\n"), std::string::npos) << text;
}

TEST(DifferenceWriter, ACallWithNeitherValueNorThrowIsJustCalled) {
  difference_writer_test::Written w;
  std::string text = difference_writer_test::read_difference_suite(w.write({w.after_adding_one("add")}));
  EXPECT_NE(text.find("  v0->add(1);\n  v0->add(2);\n}\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("EXPECT_"), std::string::npos) << text;
}

TEST(DifferenceWriter, HitsAndMinimizationAreSaidAboveTheTest) {
  difference_writer_test::Written w;
  differential::Difference minimized = w.after_adding_one("add");
  minimized.hits = 3;
  minimized.original_calls = 7;
  minimized.one_minimal = true;
  differential::Difference seen_twice = w.after_adding_one("add");
  seen_twice.hits = 2;
  differential::Difference once = w.after_adding_one("add");
  std::string text = difference_writer_test::read_difference_suite(w.write({minimized, seen_twice, once}));
  EXPECT_NE(
      text.find("reference 2\n// 3 probes showed it; minimized from 7 to 3 calls, 1-minimal.\nTEST(TallyDifferences, Difference0_add)"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("reference 2\n// 2 probes showed it; 3 calls.\nTEST(TallyDifferences, Difference1_add)"), std::string::npos) << text;
  EXPECT_NE(text.find("reference 2\nTEST(TallyDifferences, Difference2_add)"), std::string::npos) << text;
}

TEST(DifferenceWriter, ACallWithoutCppIsSkippedWithItsLinesAsComments) {
  difference_writer_test::Written w;
  differential::Difference d = w.after_adding_one("reset");
  d.expected = Literal{LiteralKind::Int, 0};
  std::string text = difference_writer_test::read_difference_suite(w.write({d}));
  size_t test = text.find("TEST(TallyDifferences, Difference0_reset) {\n");
  ASSERT_NE(test, std::string::npos) << text;
  EXPECT_EQ(text.substr(test).find("TEST(TallyDifferences, Difference0_reset) {\n"
                                   "  GTEST_SKIP() << \"uses an operation registered as a lambda without a cpp_call\";\n"
                                   "  // auto v0 = std::make_shared<difference_writer_test::Tally>();\n"
                                   "  // v0->add(1);\n"
                                   "  // "),
            0u)
      << text;
}

TEST(DifferenceWriter, NoDifferencesRemoveAStaleSuiteAndWriteNothing) {
  difference_writer_test::Written w;
  std::string stale = w.dir + "/tally_differences_test.cpp";
  std::ofstream(stale) << "old";
  EXPECT_EQ(w.write({}), "");
  EXPECT_FALSE(std::filesystem::exists(stale));
}

}  // namespace
}  // namespace objgen
