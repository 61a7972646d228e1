// The io pieces around objgen: private temporary files, a trusted cache, whole-file writes that
// leave nothing behind, inputs that are never waited on.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "io/atomic_file.hpp"
#include "io/cache_dir.hpp"
#include "io/file_error.hpp"
#include "io/private_temp.hpp"
#include "io/utf8_text.hpp"

namespace objgen {
namespace {
namespace fs = std::filesystem;

unsigned mode_of(const std::string& path) {
  struct stat st {};
  stat(path.c_str(), &st);
  return st.st_mode & 07777;
}

TEST(PrivateTempDir, IsPrivateAndGoesAway) {
  std::string path;
  {
    PrivateTempDir dir("objgen-unit");
    path = dir.path();
    EXPECT_EQ(mode_of(path), 0700u);
    std::ofstream(dir.file("x")) << "x";
  }
  EXPECT_FALSE(fs::exists(path));
}

TEST(CreateNewFile, NeverOpensWhatExists) {
  PrivateTempDir dir("objgen-unit");
  NewFile a = create_new_file(dir.file("f."), 0640);
  NewFile b = create_new_file(dir.file("f."), 0640);
  EXPECT_NE(a.path, b.path);
  EXPECT_EQ(a.path.rfind(dir.file("f."), 0), 0u);
  close(a.fd);
  close(b.fd);
  EXPECT_THROW(create_new_file(dir.file("missing/f."), 0600), FileError);
}

TEST(AtomicFile, AnAbandonedFileLeavesNoDirectory) {
  PrivateTempDir dir("objgen-unit");
  {
    DurableFileWriter out(dir.file("a/b/file.txt"));
    out.append("half");
  }  // destroyed uncommitted
  EXPECT_FALSE(fs::exists(dir.file("a")));
  write_file_atomically(dir.file("a/b/file.txt"), "whole");
  EXPECT_EQ(read_whole_file(dir.file("a/b/file.txt")).value_or(""), "whole");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.file("a/b")), fs::directory_iterator()), 1);
}

TEST(AtomicFile, NonRegularFilesAreNeitherReadNorReplaced) {
  PrivateTempDir dir("objgen-unit");
  ASSERT_EQ(mkfifo(dir.file("fifo").c_str(), 0600), 0);
  EXPECT_FALSE(read_whole_file(dir.file("fifo")).has_value());  // at once: no writer is waited for
  EXPECT_FALSE(read_whole_file(dir.path()).has_value());
  EXPECT_THROW(refuse_non_regular_file(dir.file("fifo"), "--header"), FileError);
  EXPECT_THROW(ensure_writable_file(dir.file("fifo")), FileError);
  EXPECT_THROW(ensure_writable_file("/dev/null"), FileError);
}

TEST(WriteError, NamesAFullDisk) {
  EXPECT_STREQ(write_error("/x/r.json", ENOSPC).what(), "no space left on device while writing /x/r.json");
  EXPECT_TRUE(is_no_space(EDQUOT));
}

TEST(CacheTrust, PrivateDirectoriesOnly) {
  PrivateTempDir dir("objgen-unit");
  std::string cache = dir.file("c/objgen");
  make_private_directory(cache, "the cache directory");
  EXPECT_EQ(mode_of(dir.file("c")), 0700u);
  EXPECT_EQ(mode_of(cache), 0700u);
  EXPECT_EQ(untrusted_reason(cache), "");
  chmod(cache.c_str(), 0775);
  EXPECT_NE(untrusted_reason(cache).find("writable by its group or by others (mode 0775)"), std::string::npos);
  EXPECT_THROW(require_private_directory(cache, "the cache directory"), FileError);
  chmod(cache.c_str(), 0700);
  fs::create_symlink(cache, dir.file("link"));  // a link of one's own is followed
  EXPECT_EQ(untrusted_reason(dir.file("link")), "");
  std::ofstream(dir.file("plain")) << "x";
  EXPECT_THROW(require_private_directory(dir.file("plain"), "the cache directory"), FileError);
}

// GCC quotes names with ‘ ’ (three bytes each): a message cut for length must stay text.
TEST(Utf8Text, CutsBetweenCharacters) {
  std::string quoted = "error: \u2018Summary\u2019 is incomplete";  // ‘ at bytes 7..9
  for (size_t n = 0; n <= quoted.size(); ++n) {
    std::string cut = utf8_prefix(quoted, n);
    EXPECT_LE(cut.size(), n);
    EXPECT_EQ(quoted.compare(0, cut.size(), cut), 0);
    if (cut.size() < quoted.size()) {
      EXPECT_NE(static_cast<unsigned char>(quoted[cut.size()]) & 0xC0, 0x80u) << n;
    }
    EXPECT_GE(cut.size() + 3, std::min(n, quoted.size()));  // at most one character (3 bytes) dropped
  }
  EXPECT_EQ(utf8_prefix(quoted, 8), "error: ");
  EXPECT_EQ(utf8_prefix(quoted, 10), "error: \u2018");
  EXPECT_EQ(utf8_shorten("abc", 3), "abc");
  EXPECT_EQ(utf8_shorten("\u2018\u2019", 4, "..."), "\u2018...");
}

}  // namespace
}  // namespace objgen
