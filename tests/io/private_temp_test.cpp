// Temporary files no other user can plant: files created only under a fresh random name (never
// opened when the name exists), and a directory of the process's own that goes away with all it
// holds.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "io/file_error.hpp"
#include "io/private_temp.hpp"

namespace objgen {
namespace {
namespace fs = std::filesystem;

// Sets $TMPDIR for one test, and puts back what it was.
class PrivateTempTmpdir {
 public:
  explicit PrivateTempTmpdir(const std::string& value) {
    if (const char* old = std::getenv("TMPDIR")) old_ = old;
    setenv("TMPDIR", value.c_str(), 1);
  }
  ~PrivateTempTmpdir() {
    if (old_)
      setenv("TMPDIR", old_->c_str(), 1);
    else
      unsetenv("TMPDIR");
  }

 private:
  std::optional<std::string> old_;
};

// Sets the umask for one test, and puts back what it was.
class PrivateTempUmask {
 public:
  explicit PrivateTempUmask(mode_t mask) : old_(umask(mask)) {}
  ~PrivateTempUmask() { umask(old_); }

 private:
  mode_t old_;
};

unsigned private_temp_mode(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0) return 0;
  return st.st_mode & 07777;
}

TEST(PrivateTempDir, IsMadeUnderTmpdirNamedForItsPurpose) {
  PrivateTempDir outer("private_temp_test");
  PrivateTempTmpdir tmpdir(outer.path());
  PrivateTempDir dir("harness");
  std::string prefix = outer.path() + "/harness-";
  ASSERT_EQ(dir.path().rfind(prefix, 0), 0u) << dir.path();
  EXPECT_EQ(dir.path().size(), prefix.size() + 6);
  EXPECT_EQ(dir.file("a.cpp"), dir.path() + "/a.cpp");
  EXPECT_EQ(private_temp_mode(dir.path()), 0700u);
}

// A relative $TMPDIR would name a place that moves with the working directory: /tmp instead.
TEST(PrivateTempDir, ARelativeOrEmptyTmpdirMeansTmp) {
  {
    PrivateTempTmpdir tmpdir("relative/dir");
    PrivateTempDir dir("private_temp_test");
    EXPECT_EQ(dir.path().rfind("/tmp/private_temp_test-", 0), 0u) << dir.path();
  }
  {
    PrivateTempTmpdir tmpdir("");
    PrivateTempDir dir("private_temp_test");
    EXPECT_EQ(dir.path().rfind("/tmp/private_temp_test-", 0), 0u) << dir.path();
  }
}

TEST(PrivateTempDir, RemovesNestedDirectoriesAndFiles) {
  std::string path;
  {
    PrivateTempDir dir("private_temp_test");
    path = dir.path();
    fs::create_directories(dir.file("a/b/c"));
    std::ofstream(dir.file("a/b/c/deep.txt")) << "x";
    std::ofstream(dir.file("top.txt")) << "y";
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(PrivateTempDir, AMissingTmpdirIsAFileErrorNamingWhereItTried) {
  PrivateTempDir outer("private_temp_test");
  std::string missing = outer.file("no/such");
  PrivateTempTmpdir tmpdir(missing);
  try {
    PrivateTempDir dir("objgen");
    FAIL() << "made " << dir.path();
  } catch (const FileError& e) {
    // mkdtemp has filled in the pattern's X's by the time it fails: the name is one it tried.
    std::string message = e.what(), head = "cannot write " + missing + "/objgen-", tail = ": No such file or directory";
    EXPECT_EQ(message.size(), head.size() + 6 + tail.size()) << message;
    EXPECT_EQ(message.rfind(head, 0), 0u) << message;
    EXPECT_EQ(message.substr(message.size() - tail.size()), tail);
    EXPECT_EQ(e.code, ENOENT);
  }
}

TEST(CreateNewFile, KeepsTheModeLessTheUmask) {
  PrivateTempUmask mask(022);
  PrivateTempDir dir("private_temp_test");
  NewFile group_readable = create_new_file(dir.file("r."), 0640);
  NewFile masked = create_new_file(dir.file("w."), 0666);
  close(group_readable.fd);
  close(masked.fd);
  EXPECT_EQ(private_temp_mode(group_readable.path), 0640u);
  EXPECT_EQ(private_temp_mode(masked.path), 0644u);
}

TEST(CreateNewFile, AddsSixLettersOrDigitsToThePrefix) {
  PrivateTempDir dir("private_temp_test");
  NewFile f = create_new_file(dir.file("out.json.tmp."), 0600);
  close(f.fd);
  std::string prefix = dir.file("out.json.tmp.");
  ASSERT_EQ(f.path.size(), prefix.size() + 6);
  EXPECT_EQ(f.path.compare(0, prefix.size(), prefix), 0);
  for (size_t i = prefix.size(); i < f.path.size(); ++i) EXPECT_TRUE(std::isalnum(static_cast<unsigned char>(f.path[i]))) << f.path;
  EXPECT_TRUE(fs::is_regular_file(f.path));
}

TEST(CreateNewFile, TheDescriptorWritesTheFile) {
  PrivateTempDir dir("private_temp_test");
  NewFile f = create_new_file(dir.file("w."), 0600);
  ASSERT_EQ(write(f.fd, "hello", 5), 5);
  close(f.fd);
  std::ifstream in(f.path);
  std::string text;
  std::getline(in, text);
  EXPECT_EQ(text, "hello");
}

TEST(CreateNewFile, AnUncreatableNameIsAWriteErrorNamingThePattern) {
  PrivateTempDir dir("private_temp_test");
  try {
    create_new_file(dir.file("missing/f."), 0600);
    FAIL() << "created a file in a missing directory";
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write " + dir.file("missing/f.") + "*: No such file or directory");
  }
}

}  // namespace
}  // namespace objgen
