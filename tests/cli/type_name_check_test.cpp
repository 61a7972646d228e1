// --class and --header are pasted into generated C++: what passes and what does not.
#include <gtest/gtest.h>

#include "cli/type_name_check.hpp"

namespace objgen::cli {
namespace {

TEST(TypeNameCheck, AcceptsTypeNames) {
  for (const char* ok : {"my::List", "::List", "std::map<int, std::pair<long, unsigned char*>>", "boost::dynamic_bitset<>",
                         "std::array<int, 3>", "const Foo", "std::function<void(int&)>", "X<(2 > 1)>", "X<-1, 1.5>"})
    EXPECT_EQ(type_name_problem(ok), "") << ok;
}

TEST(TypeNameCheck, RefusesWhatWouldInjectCode) {
  for (const char* bad : {"", "A; int x", "A{}", "#define X", "a\"b", "a'b", "a\\b", "A\nB", "A // x", "A /* x */", "std::vector<int",
                          "std::vector<int>>", "f(int", "a:b", "A)", "1A", "A[2"})
    EXPECT_NE(type_name_problem(bad), "") << bad;
}

TEST(TypeNameCheck, HeaderNames) {
  EXPECT_EQ(header_name_problem("<boost/circular_buffer.hpp>"), "");
  EXPECT_EQ(header_name_problem("include/my list.hpp"), "");
  EXPECT_NE(header_name_problem("a.hpp\n#include </etc/passwd>"), "");
  EXPECT_NE(header_name_problem("a\".hpp"), "");
  EXPECT_NE(header_name_problem("<a> <b>"), "");
}

}  // namespace
}  // namespace objgen::cli
