// Where objgen keeps what it reuses between runs, and whether that place can be trusted: the
// cache directory and each level made in it must be this user's and writable by no one else.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <string>

#include "io/cache_dir.hpp"
#include "io/file_error.hpp"

namespace objgen {
namespace {
namespace fs = std::filesystem;

// The variables cache_root() reads, set (or unset, for nullopt) for one test and put back after.
class CacheDirEnvironment {
 public:
  CacheDirEnvironment(std::optional<std::string> cache, std::optional<std::string> xdg, std::optional<std::string> home) {
    set("OBJGEN_CACHE_DIR", cache);
    set("XDG_CACHE_HOME", xdg);
    set("HOME", home);
  }
  ~CacheDirEnvironment() {
    for (const auto& [name, value] : saved_)
      if (value)
        setenv(name.c_str(), value->c_str(), 1);
      else
        unsetenv(name.c_str());
  }

 private:
  void set(const std::string& name, const std::optional<std::string>& value) {
    const char* old = std::getenv(name.c_str());
    saved_[name] = old ? std::optional<std::string>(old) : std::nullopt;
    if (value)
      setenv(name.c_str(), value->c_str(), 1);
    else
      unsetenv(name.c_str());
  }
  std::map<std::string, std::optional<std::string>> saved_;
};

struct CacheDirScratch {
  std::string path;
  CacheDirScratch() {
    std::string pattern = ::testing::TempDir() + "cache_dir_test-XXXXXX";
    if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
    path = fs::path(pattern).lexically_normal().string();
  }
  ~CacheDirScratch() {
    std::error_code ec;
    fs::remove_all(path, ec);
  }
  std::string file(const std::string& name) const { return path + "/" + name; }
};

unsigned cache_dir_mode(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return 0;
  return st.st_mode & 07777;
}

std::string cache_dir_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const FileError& e) {
    return e.what();
  }
  return "";
}

TEST(CacheRoot, ObjgenCacheDirComesFirst) {
  CacheDirEnvironment env("/srv/cache/objgen", "/xdg", "/home/me");
  EXPECT_EQ(cache_root(), "/srv/cache/objgen");
}

TEST(CacheRoot, ThenXdgCacheHome) {
  CacheDirEnvironment env(std::nullopt, "/xdg", "/home/me");
  EXPECT_EQ(cache_root(), "/xdg/objgen");
}

TEST(CacheRoot, ThenTheHomeDirectorysCache) {
  CacheDirEnvironment env("", "", "/home/me");
  EXPECT_EQ(cache_root(), "/home/me/.cache/objgen");
}

TEST(CacheRoot, LastADirectoryInTheWorkingDirectory) {
  CacheDirEnvironment env(std::nullopt, std::nullopt, std::nullopt);
  EXPECT_EQ(cache_root(), (fs::current_path() / ".objgen-cache").lexically_normal().string());
}

// Compilers' dependency lists name files absolutely: the root is compared with them.
TEST(CacheRoot, IsAbsoluteAndNormal) {
  {
    CacheDirEnvironment env("/srv/./a/../cache", std::nullopt, std::nullopt);
    EXPECT_EQ(cache_root(), "/srv/cache");
  }
  CacheDirEnvironment env("rel/cache", std::nullopt, std::nullopt);
  EXPECT_EQ(cache_root(), (fs::current_path() / "rel/cache").lexically_normal().string());
}

TEST(UntrustedReason, AMissingPathCannotBeExamined) {
  CacheDirScratch dir;
  EXPECT_EQ(untrusted_reason(dir.file("missing")), "cannot be examined (No such file or directory)");
}

TEST(UntrustedReason, OwnAndNotGroupWritableIsTrusted) {
  CacheDirScratch dir;
  fs::create_directory(dir.file("d"));
  chmod(dir.file("d").c_str(), 0755);
  EXPECT_EQ(untrusted_reason(dir.file("d")), "");
  chmod(dir.file("d").c_str(), 0757);
  EXPECT_EQ(untrusted_reason(dir.file("d")), "is writable by its group or by others (mode 0757)");
  chmod(dir.file("d").c_str(), 01777);
  EXPECT_EQ(untrusted_reason(dir.file("d")), "is writable by its group or by others (mode 1777)");
}

// Only root can give a directory away; elsewhere there is nothing to check.
TEST(UntrustedReason, NamesAnotherOwner) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to chown";
  CacheDirScratch dir;
  fs::create_directory(dir.file("theirs"));
  ASSERT_EQ(chown(dir.file("theirs").c_str(), 4321, 4321), 0);
  EXPECT_EQ(untrusted_reason(dir.file("theirs")), "is owned by another user (uid 4321, you are uid 0)");
}

// Another user could point their link elsewhere after the check, whatever it points at now.
TEST(UntrustedReason, ALinkOwnedByAnotherUserIsNotFollowed) {
  if (geteuid() != 0) GTEST_SKIP() << "needs root to chown";
  CacheDirScratch dir;
  fs::create_directory(dir.file("mine"));
  chmod(dir.file("mine").c_str(), 0700);
  fs::create_directory_symlink(dir.file("mine"), dir.file("link"));
  ASSERT_EQ(lchown(dir.file("link").c_str(), 4321, 4321), 0);
  EXPECT_EQ(untrusted_reason(dir.file("link")), "is a symbolic link owned by another user (uid 4321)");
}

TEST(RequirePrivateDirectory, ExplainsWhatToDo) {
  CacheDirScratch dir;
  fs::create_directory(dir.file("open"));
  chmod(dir.file("open").c_str(), 0777);
  std::string d = dir.file("open");
  EXPECT_EQ(cache_dir_error([&] { require_private_directory(d, "the cache directory"); }),
            "the cache directory " + d +
                " is writable by its group or by others (mode 0777): another user could plant code there that objgen would run. "
                "Use a directory of your own (chown it, `chmod 700 " +
                d + "`, or set OBJGEN_CACHE_DIR elsewhere)");
}

TEST(RequirePrivateDirectory, RefusesAPrivateFileThatIsNoDirectory) {
  CacheDirScratch dir;
  std::ofstream(dir.file("plain")) << "x";
  chmod(dir.file("plain").c_str(), 0600);
  EXPECT_EQ(cache_dir_error([&] { require_private_directory(dir.file("plain"), "the cache directory"); }),
            "the cache directory " + dir.file("plain") + " is a regular file, not a directory (set OBJGEN_CACHE_DIR?)");
}

TEST(MakePrivateDirectory, LeavesTheModeOfAnExistingDirectoryAlone) {
  CacheDirScratch dir;
  fs::create_directory(dir.file("shared"));
  chmod(dir.file("shared").c_str(), 0755);
  make_private_directory(dir.file("shared"), "the cache directory");
  EXPECT_EQ(cache_dir_mode(dir.file("shared")), 0755u);
}

TEST(MakePrivateDirectory, ADirectoryThatCannotBeMadeSaysWhyAndWhatToDo) {
  CacheDirScratch dir;
  std::ofstream(dir.file("plain")) << "x";
  std::string d = dir.file("plain/cache");
  try {
    make_private_directory(d, "the cache directory");
    FAIL() << "made " << d;
  } catch (const FileError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cannot create the cache directory " + d + " (Not a directory): set OBJGEN_CACHE_DIR to a writable directory");
    EXPECT_EQ(e.code, ENOTDIR);
  }
}

TEST(TrustedCacheDir, MakesTheRootAndTheLevelPrivate) {
  CacheDirScratch dir;
  CacheDirEnvironment env(dir.file("cache/objgen"), std::nullopt, std::nullopt);
  EXPECT_EQ(trusted_cache_root(), dir.file("cache/objgen"));
  EXPECT_EQ(trusted_cache_dir("harnesses"), dir.file("cache/objgen/harnesses"));
  EXPECT_EQ(cache_dir_mode(dir.file("cache")), 0700u);
  EXPECT_EQ(cache_dir_mode(dir.file("cache/objgen")), 0700u);
  EXPECT_EQ(cache_dir_mode(dir.file("cache/objgen/harnesses")), 0700u);
}

TEST(TrustedCacheDir, RefusesARootOthersCanWrite) {
  CacheDirScratch dir;
  fs::create_directory(dir.file("open"));
  chmod(dir.file("open").c_str(), 0775);
  CacheDirEnvironment env(dir.file("open"), std::nullopt, std::nullopt);
  EXPECT_THROW(trusted_cache_dir("harnesses"), FileError);
  EXPECT_FALSE(fs::exists(dir.file("open/harnesses"))) << "nothing is made in an untrusted root";
}

}  // namespace
}  // namespace objgen
