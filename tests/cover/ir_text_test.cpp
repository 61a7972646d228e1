// Reading LLVM's textual IR line by line for the coverage map: names demangled, `!dbg`
// references and the debug metadata they point at, comdat groups, call arguments, and the calls
// that fail an assertion.
#include "cover/ir_text.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace objgen::cover::ir_text {
namespace {

TEST(IrText, DemanglesWhatItCanAndKeepsTheRest) {
  EXPECT_EQ(demangle("_ZN3cov5Probe6branchEi"), "cov::Probe::branch(int)");
  EXPECT_EQ(demangle("main"), "main");
  EXPECT_EQ(demangle("_Zbroken"), "_Zbroken");
}

TEST(IrText, TrimsLeadingSpacesOnly) {
  EXPECT_EQ(trimmed("   %5 = add i32 %3, 1  "), "%5 = add i32 %3, 1  ");
  EXPECT_EQ(trimmed("    "), "");
  EXPECT_EQ(trimmed(""), "");
  EXPECT_EQ(trimmed("\tx"), "\tx");
}

TEST(IrText, SplitsLinesKeepingTheLastEmptyOne) {
  EXPECT_EQ(split_lines("a\nb"), (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(split_lines("a\n\nb\n"), (std::vector<std::string>{"a", "", "b", ""}));
  EXPECT_EQ(split_lines(""), (std::vector<std::string>{""}));
}

TEST(IrText, TheDbgReferenceOfALine) {
  EXPECT_EQ(dbg_ref("  ret i32 %7, !dbg !17"), "!17");
  EXPECT_EQ(dbg_ref("  br i1 %4, label %5, label %6, !dbg !203, !prof !9"), "!203");
  EXPECT_EQ(dbg_ref("  ret void"), "");
}

TEST(IrText, ReadsLocationsFilesAndSubprograms) {
  DebugInfo d = read_debug_info({
      "define i32 @f() !dbg !10 {",
      "  ret i32 0, !dbg !17",
      "!3 = !DIFile(filename: \"probe.cpp\", directory: \"/src\")",
      "!4 = !DIFile(filename: \"/abs/x.hpp\", directory: \"/src\")",
      "!10 = distinct !DISubprogram(name: \"f\", scope: !3, file: !4, line: 3, type: !11)",
      "!17 = !DILocation(line: 12, column: 5, scope: !10)",
      "!18 = !DILocation(line: 0, column: 0, scope: !10)",
      "!19 = !{!\"clang\"}",
      "",
  });
  ASSERT_EQ(d.locations.size(), 2u);
  EXPECT_EQ(d.locations.at("!17"), (std::pair<uint32_t, uint32_t>{12, 5}));
  EXPECT_EQ(d.locations.at("!18"), (std::pair<uint32_t, uint32_t>{0, 0}));
  EXPECT_EQ(d.files.at("!3"), "/src/probe.cpp");
  EXPECT_EQ(d.files.at("!4"), "/abs/x.hpp");
  EXPECT_EQ(d.files.size(), 2u);
  EXPECT_EQ(d.subprogram_file.at("!10"), "!4");
  EXPECT_EQ(d.subprogram_file.size(), 1u);
}

TEST(IrText, ComdatGroups) {
  EXPECT_EQ(comdat_of("@_ZN1A1xE = linkonce_odr global i32 0, comdat($_ZN1A1xE_group), align 4", "_ZN1A1xE"), "_ZN1A1xE_group");
  EXPECT_EQ(comdat_of("define linkonce_odr i32 @_Z1fv() #0 comdat !dbg !7 {", "_Z1fv"), "_Z1fv");
  EXPECT_EQ(comdat_of("define i32 @_Z1gv() #0 !dbg !9 {", "_Z1gv"), "");
}

TEST(IrText, I64ValuesInOrder) {
  EXPECT_EQ(parse_i64_list("switch i64 %3, label %9 [ i64 1, label %4  i64 -5, label %5  i32 7, label %6 i64 12, label %7 ]"),
            (std::vector<int64_t>{1, -5, 12}));
  EXPECT_TRUE(parse_i64_list("i32 3, i8 4").empty());
}

TEST(IrText, ArgumentsSplitAtTopLevelCommas) {
  EXPECT_EQ(split_args("i32 10, i32 %6"), (std::vector<std::string>{"i32 10", " i32 %6"}));
  EXPECT_EQ(split_args("ptr getelementptr (i8, ptr @x, i64 1), i32 2"),
            (std::vector<std::string>{"ptr getelementptr (i8, ptr @x, i64 1)", " i32 2"}));
  EXPECT_EQ(split_args("<2 x i32> <i32 1, i32 2>, { i8, i8 } %s"),
            (std::vector<std::string>{"<2 x i32> <i32 1, i32 2>", " { i8, i8 } %s"}));
  EXPECT_TRUE(split_args("").empty());
}

TEST(IrText, TheLastTokenOfAnArgument) {
  EXPECT_EQ(last_token("i32 %6"), "%6");
  EXPECT_EQ(last_token(" i64 noundef 42  "), "42");
  EXPECT_EQ(last_token("%6"), "%6");
}

TEST(IrText, CallsThatFailAnAssertion) {
  EXPECT_TRUE(fails_an_assertion("  call void @__assert_fail(ptr noundef @.str, ptr noundef @.str.1, i32 noundef 7, ptr @f) #5"));
  EXPECT_TRUE(fails_an_assertion("  call void @__assert_perror_fail(i32 %1, ptr @a, i32 3, ptr @b)"));
  EXPECT_TRUE(fails_an_assertion("  call void @_ZSt21__glibcxx_assert_failPKciS0_S0_(ptr @.str, i32 1130, ptr @f, ptr @c) #9"));
  EXPECT_TRUE(fails_an_assertion("  call void @_ZSt16__replacement_assertPKciS0_S0_(ptr @.str, i32 9, ptr @f, ptr @c)"));
  EXPECT_FALSE(fails_an_assertion("  call void @abort() #8"));
}

}  // namespace
}  // namespace objgen::cover::ir_text
