// The errors of the files around objgen: messages for a failed write (a full disk named as
// such), names for kinds of file, and the refusal of a path that is not a regular file.
#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "io/file_error.hpp"

namespace objgen {
namespace {

// A fresh directory under GoogleTest's temporary directory, removed with what it holds.
struct FileErrorScratch {
  std::string path;
  FileErrorScratch() {
    std::string pattern = ::testing::TempDir() + "file_error_test-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = pattern;
  }
  ~FileErrorScratch() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::string file_error_message(const std::string& path, const std::string& what) {
  try {
    refuse_non_regular_file(path, what);
  } catch (const FileError& e) {
    return e.what();
  }
  return "";
}

TEST(WriteError, AQuotaExceededIsAFullDiskToo) {
  FileError e = write_error("/out/report.json", EDQUOT);
  EXPECT_STREQ(e.what(), "no space left on device while writing /out/report.json");
  EXPECT_EQ(e.code, EDQUOT);
}

TEST(WriteError, OtherErrorsGiveTheSystemsReason) {
  FileError e = write_error("/out/report.json", EACCES);
  EXPECT_STREQ(e.what(), "cannot write /out/report.json: Permission denied");
  EXPECT_EQ(e.code, EACCES);
}

TEST(IsNoSpace, OnlyAFullDiskOrQuota) {
  EXPECT_TRUE(is_no_space(ENOSPC));
  EXPECT_TRUE(is_no_space(EDQUOT));
  EXPECT_FALSE(is_no_space(EACCES));
  EXPECT_FALSE(is_no_space(0));
}

TEST(FileError, HasNoErrnoUnlessGivenOne) {
  EXPECT_EQ(FileError("x").code, 0);
  EXPECT_EQ(FileError("x", EIO).code, EIO);
}

TEST(FileKind, NamesEveryKindOfFile) {
  EXPECT_EQ(file_kind(S_IFDIR | 0755), "a directory");
  EXPECT_EQ(file_kind(S_IFIFO | 0600), "a FIFO (named pipe)");
  EXPECT_EQ(file_kind(S_IFCHR | 0666), "a character device");
  EXPECT_EQ(file_kind(S_IFBLK | 0660), "a block device");
  EXPECT_EQ(file_kind(S_IFSOCK | 0777), "a socket");
  EXPECT_EQ(file_kind(S_IFLNK | 0777), "a symbolic link");
  EXPECT_EQ(file_kind(S_IFREG | 0644), "a regular file");
  EXPECT_EQ(file_kind(0), "not a regular file");
}

TEST(RefuseNonRegularFile, ARegularFileOrAMissingPathPasses) {
  FileErrorScratch dir;
  std::ofstream(dir.path + "/plain.hpp") << "int x;";
  EXPECT_NO_THROW(refuse_non_regular_file(dir.path + "/plain.hpp", "--header"));
  EXPECT_NO_THROW(refuse_non_regular_file(dir.path + "/missing.hpp", "--header"));
}

TEST(RefuseNonRegularFile, NamesTheOptionThePathAndWhatItIs) {
  FileErrorScratch dir;
  EXPECT_EQ(file_error_message(dir.path, "--header"), "--header " + dir.path + " is a directory, not a regular file");
  EXPECT_EQ(file_error_message("/dev/null", "--seeds"), "--seeds /dev/null is a character device, not a regular file");
}

// A symbolic link is followed: one to a regular file is that file, one to a directory is refused.
TEST(RefuseNonRegularFile, FollowsSymbolicLinks) {
  FileErrorScratch dir;
  std::ofstream(dir.path + "/plain.hpp") << "int x;";
  std::filesystem::create_symlink(dir.path + "/plain.hpp", dir.path + "/to_file");
  std::filesystem::create_directory(dir.path + "/sub");
  std::filesystem::create_symlink(dir.path + "/sub", dir.path + "/to_dir");
  EXPECT_NO_THROW(refuse_non_regular_file(dir.path + "/to_file", "--header"));
  EXPECT_EQ(file_error_message(dir.path + "/to_dir", "--header"), "--header " + dir.path + "/to_dir is a directory, not a regular file");
}

TEST(RefuseNonRegularFile, ASocketIsRefused) {
  FileErrorScratch dir;
  std::string path = dir.path + "/s";
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  ASSERT_GE(fd, 0);
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  ASSERT_LT(path.size(), sizeof addr.sun_path);
  path.copy(addr.sun_path, path.size());
  ASSERT_EQ(bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr), 0);
  EXPECT_EQ(file_error_message(path, "--corpus"), "--corpus " + path + " is a socket, not a regular file");
  close(fd);
}

}  // namespace
}  // namespace objgen
