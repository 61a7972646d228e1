// Where scan's Clang finds its own headers: a requested resource directory kept as given, the
// found one holding stddef.h, the driver's program name, and the flags every parse starts with.
#include "scan/toolchain.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace toolchain_test {

namespace fs = std::filesystem;

TEST(Toolchain, ARequestedResourceDirectoryIsTakenAsGiven) {
  EXPECT_EQ(objgen::scan::find_resource_dir("/opt/clang/lib/clang/14"), "/opt/clang/lib/clang/14");
  EXPECT_EQ(objgen::scan::find_resource_dir("none"), "none");  // no -resource-dir at all
}

TEST(Toolchain, TheFoundResourceDirectoryHoldsClangsOwnHeaders) {
  // objgen scan is built only with Clang 14's files present: one is always found here.
  std::string dir = objgen::scan::find_resource_dir("");
  ASSERT_FALSE(dir.empty());
  EXPECT_TRUE(fs::exists(fs::path(dir) / "include" / "stddef.h")) << dir;
}

TEST(Toolchain, TheDriverIsTheInstalledClangOrAPlainName) {
  std::string program = objgen::scan::driver_program();
  if (program != "objgen") {
    EXPECT_EQ(fs::path(program).filename(), "clang") << program;
    EXPECT_TRUE(fs::exists(program)) << program;
  }
}

TEST(Toolchain, EveryParseIsCxx20WithoutAccessChecksAndTheResourceDirectoryWhenThereIsOne) {
  const std::vector<std::string> base{"-xc++", "-std=c++20", "-fno-access-control", "-fsyntax-only"};
  EXPECT_EQ(objgen::scan::base_arguments(""), base);
  EXPECT_EQ(objgen::scan::base_arguments("none"), base);
  std::vector<std::string> with_dir = base;
  with_dir.insert(with_dir.end(), {"-resource-dir", "/usr/lib/llvm-14/lib/clang/14.0.0"});
  EXPECT_EQ(objgen::scan::base_arguments("/usr/lib/llvm-14/lib/clang/14.0.0"), with_dir);
}

}  // namespace toolchain_test
