// Whole-file writes: a file is written beside its target under a fresh name and renamed over it,
// so it appears whole or not at all, and nothing is left of a write that did not finish. Also
// whole-file reads and the checks that an output can be created before anything is written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "io/atomic_file.hpp"

namespace objgen {
namespace {
namespace fs = std::filesystem;

struct AtomicFileScratch {
  std::string path;
  AtomicFileScratch() {
    std::string pattern = ::testing::TempDir() + "atomic_file_test-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~AtomicFileScratch() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return path + "/" + name; }
  // The names in the directory: a temporary file left behind shows here.
  std::vector<std::string> names(const std::string& sub = "") const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(sub.empty() ? path : file(sub))) out.push_back(e.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
  }
};

std::string atomic_file_error(const std::function<void()>& write) {
  try {
    write();
  } catch (const FileError& e) {
    return e.what();
  }
  return "";
}

TEST(WriteFileAtomically, ReplacesAnExistingFileAndLeavesNoTemporaryFile) {
  AtomicFileScratch dir;
  std::ofstream(dir.file("out.txt")) << "an older, longer content";
  write_file_atomically(dir.file("out.txt"), "new");
  EXPECT_EQ(read_whole_file(dir.file("out.txt")), "new");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"out.txt"}));
}

TEST(WriteFileDurably, MakesTheMissingDirectoriesAndKeepsEveryByte) {
  AtomicFileScratch dir;
  const std::string bytes("a\0b\xFF\n", 5);
  write_file_durably(dir.file("x/y/z.bin"), bytes);
  EXPECT_EQ(read_whole_file(dir.file("x/y/z.bin")), bytes);
  EXPECT_EQ(dir.names("x/y"), (std::vector<std::string>{"z.bin"}));
}

TEST(DurableFileWriter, TheFileAppearsOnlyAtCommitWithEveryPieceInOrder) {
  AtomicFileScratch dir;
  DurableFileWriter out(dir.file("pieces.txt"));
  out.append("one ");
  out.append("");
  out.append("two");
  EXPECT_FALSE(fs::exists(dir.file("pieces.txt")));
  out.commit();
  EXPECT_EQ(read_whole_file(dir.file("pieces.txt")), "one two");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"pieces.txt"}));
}

TEST(DurableFileWriter, UnsyncedWritesAppearWholeToo) {
  AtomicFileScratch dir;
  DurableFileWriter out(dir.file("fast.txt"), false);
  out.append("quick");
  out.commit();
  EXPECT_EQ(read_whole_file(dir.file("fast.txt")), "quick");
}

// A write abandoned half way (a throw on the way) leaves the previous file as it was.
TEST(DurableFileWriter, AnUncommittedWriterLeavesTheOldFileUntouched) {
  AtomicFileScratch dir;
  std::ofstream(dir.file("keep.txt")) << "previous";
  {
    DurableFileWriter out(dir.file("keep.txt"));
    out.append("half of the new one");
  }
  EXPECT_EQ(read_whole_file(dir.file("keep.txt")), "previous");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"keep.txt"}));
}

TEST(DurableFileWriter, UseAfterCommitIsAProgrammingError) {
  AtomicFileScratch dir;
  DurableFileWriter out(dir.file("once.txt"));
  out.commit();
  EXPECT_EQ(read_whole_file(dir.file("once.txt")), "");
  EXPECT_THROW(out.append("more"), std::logic_error);
  EXPECT_THROW(out.commit(), std::logic_error);
}

TEST(DurableFileWriter, AParentThatIsAFileIsAWriteErrorNamingTheTarget) {
  AtomicFileScratch dir;
  std::ofstream(dir.file("plain")) << "x";
  std::string target = dir.file("plain/out.txt");
  EXPECT_EQ(atomic_file_error([&] { write_file_atomically(target, "x"); }), "cannot write " + target + ": Not a directory");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"plain"}));
}

TEST(ReadWholeFile, MissingIsNothingAndEmptyIsEmpty) {
  AtomicFileScratch dir;
  EXPECT_EQ(read_whole_file(dir.file("missing")), std::nullopt);
  std::ofstream(dir.file("empty")).close();
  ASSERT_TRUE(read_whole_file(dir.file("empty")).has_value());
  EXPECT_EQ(*read_whole_file(dir.file("empty")), "");
}

// Larger than the reader's 64 KiB buffer: every read is appended.
TEST(ReadWholeFile, ReadsPastItsBuffer) {
  AtomicFileScratch dir;
  std::string big;
  for (int i = 0; i < 30000; ++i) big += std::to_string(i % 10) + "abcdef";
  ASSERT_GT(big.size(), 1u << 17);
  write_file_atomically(dir.file("big"), big);
  EXPECT_EQ(read_whole_file(dir.file("big")), big);
}

TEST(EnsureWritableDirectory, AMissingDirectoryUnderAWritableOneIsFineAndNotMade) {
  AtomicFileScratch dir;
  EXPECT_NO_THROW(ensure_writable_directory(dir.file("a/b/c")));
  EXPECT_FALSE(fs::exists(dir.file("a")));
  EXPECT_TRUE(dir.names().empty()) << "the probe file is removed";
}

TEST(EnsureWritableDirectory, RefusesADirectoryUnderAFile) {
  AtomicFileScratch dir;
  std::ofstream(dir.file("plain")) << "x";
  std::string out = dir.file("plain/sub");
  EXPECT_EQ(atomic_file_error([&] { ensure_writable_directory(out); }),
            "cannot create output directory " + out + ": " + dir.file("plain") + " is not a directory");
}

TEST(EnsureWritableFile, RefusesADirectoryInTheFilesPlace) {
  AtomicFileScratch dir;
  fs::create_directory(dir.file("report.json"));
  EXPECT_EQ(atomic_file_error([&] { ensure_writable_file(dir.file("report.json")); }),
            dir.file("report.json") + " is a directory, not a regular file");
}

TEST(EnsureWritableFile, AcceptsANewOrExistingRegularFileWithoutCreatingIt) {
  AtomicFileScratch dir;
  std::ofstream(dir.file("old.json")) << "{}";
  EXPECT_NO_THROW(ensure_writable_file(dir.file("old.json")));
  EXPECT_NO_THROW(ensure_writable_file(dir.file("new/report.json")));
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"old.json"}));
}

}  // namespace
}  // namespace objgen
