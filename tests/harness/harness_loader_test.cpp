// Loading a harness without building one: missing files, shared objects that are no harness, and
// the answers a describing program may give (a shell script stands in for it) turned into errors.
#include "harness/harness_loader.hpp"

#include <dlfcn.h>
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace harness_loader_test {

namespace fs = std::filesystem;

// The C library this process runs with: a real shared object, and no objgen harness.
std::string c_library() {
  Dl_info info{};
  if (dladdr(reinterpret_cast<void*>(&std::fputs), &info) == 0 || !info.dli_fname) return "";
  return fs::absolute(info.dli_fname).string();
}

// The message of the HarnessLoadError `load` throws ("" when it throws none).
template <class Load>
std::string load_error(Load load) {
  try {
    load();
  } catch (const objgen::HarnessLoadError& e) {
    return e.what();
  }
  return "";
}

class HarnessLoader : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_harness_loader_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    text_file_ = dir_ + "/harness.so";
    std::ofstream(text_file_) << "not an ELF file\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  // The describing program as a script that writes `answer` into the descriptor it is given
  // (--harness FILE --describe-fd N follow the program's words) and exits with `status`.
  std::string describe_with_script(const std::string& answer, int status) const {
    std::vector<std::string> program{"/bin/bash", "-c", "printf '%s' \"$0\" >&\"$4\"; exit " + std::to_string(status), answer};
    return load_error([&] { objgen::describe_harness_in_program(c_library(), program); });
  }

  std::string dir_, text_file_;
};

TEST_F(HarnessLoader, AMissingFileOrADirectoryIsNotFound) {
  EXPECT_EQ(load_error([&] { objgen::load_harness(dir_ + "/none.so"); }), "harness not found: " + dir_ + "/none.so");
  EXPECT_EQ(load_error([&] { objgen::load_harness(dir_); }), "harness not found: " + dir_);
  EXPECT_EQ(load_error([&] { objgen::describe_harness_in_program(dir_ + "/none.so", {"/bin/true"}); }),
            "harness not found: " + dir_ + "/none.so");
}

TEST_F(HarnessLoader, ASharedObjectWithoutTheEntryIsNoHarness) {
  std::string libc = c_library();
  ASSERT_FALSE(libc.empty());
  std::string why = load_error([&] { objgen::load_harness_in_this_process(libc); });
  EXPECT_NE(why.find(libc + " is not an objgen harness"), std::string::npos) << why;
}

TEST_F(HarnessLoader, AFileTheLoaderRefusesSaysWhy) {
  std::string why = load_error([&] { objgen::load_harness_in_this_process(text_file_); });
  EXPECT_EQ(why.rfind("cannot load harness: ", 0), 0u) << why;
}

TEST_F(HarnessLoader, TheDescribingChildReportsAFileThatIsNoHarness) {
  // Loaded in a supervised child, never here: its answer is the error.
  std::string why = load_error([&] { objgen::load_harness(text_file_); });
  EXPECT_EQ(why.rfind("cannot load harness: ", 0), 0u) << why;
  why = load_error([&] { objgen::load_harness(c_library()); });
  EXPECT_NE(why.find("is not an objgen harness"), std::string::npos) << why;
}

TEST_F(HarnessLoader, AProgramThatEndsWithoutDescribingIsAFailureEvenOnExitZero) {
  std::string why = load_error([&] { objgen::describe_harness_in_program(c_library(), {"/bin/true"}); });
  EXPECT_NE(why.find("in a test process failed"), std::string::npos) << why;
  why = load_error([&] { objgen::describe_harness_in_program(c_library(), {dir_ + "/no-such-program"}); });
  EXPECT_NE(why.find("in a test process failed"), std::string::npos) << why;
  EXPECT_NE(why.find("cannot start " + dir_ + "/no-such-program"), std::string::npos) << why;
}

TEST_F(HarnessLoader, TheProgramsAnswerIsTheErrorItGivesOrAProblem) {
  constexpr int kDescribed = 0x4c;  // the exit status of a program that described (harness_loader.cpp)
  EXPECT_EQ(describe_with_script("Ethe class's static initializer threw", kDescribed), "the class's static initializer threw");
  EXPECT_NE(describe_with_script("Xwhatever", kDescribed).find("gave no usable answer"), std::string::npos);
  EXPECT_NE(describe_with_script("", kDescribed).find("gave no usable answer"), std::string::npos);
  std::string damaged = describe_with_script("D{not a description", kDescribed);
  EXPECT_NE(damaged.find("from its test process is damaged"), std::string::npos) << damaged;
}

}  // namespace harness_loader_test
