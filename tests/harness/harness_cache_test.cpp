// The harness cache: keys, content hashes, and the manifest that tells an edited header or a
// damaged built file from an unchanged one (files written in a temporary directory).
#include "harness/harness_cache.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "io/file_error.hpp"

namespace harness_cache_test {

namespace fs = std::filesystem;

class HarnessCache : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "objgen_harness_cache_XXXXXX").string();
    ASSERT_NE(mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
  }
  void TearDown() override { fs::remove_all(dir_); }

  // A file last written an hour ago: before any build that starts now.
  std::string old_file(const std::string& name, const std::string& text) const {
    std::string path = dir_ + "/" + name;
    std::ofstream(path) << text;
    fs::last_write_time(path, fs::file_time_type::clock::now() - std::chrono::hours(1));
    return path;
  }
  static void rewrite(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

  std::string dir_;
};

TEST_F(HarnessCache, AContentHashIsSixteenHexDigitsOfTheBytes) {
  std::string a = old_file("a.hpp", "struct A {};\n"), same = old_file("same.hpp", "struct A {};\n"),
              other = old_file("b.hpp", "struct B {};\n");
  std::string h = objgen::content_hash(a);
  EXPECT_EQ(h.size(), 16u);
  EXPECT_EQ(h.find_first_not_of("0123456789abcdef"), std::string::npos) << h;
  EXPECT_EQ(objgen::content_hash(same), h);  // the bytes, not the name
  EXPECT_NE(objgen::content_hash(other), h);
}

TEST_F(HarnessCache, WhatIsNotARegularFileHasNoHashAndDoesNotBlock) {
  EXPECT_EQ(objgen::content_hash(dir_ + "/missing.hpp"), "");
  EXPECT_EQ(objgen::content_hash(dir_), "");  // a directory
  std::string fifo = dir_ + "/fifo.hpp";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(objgen::content_hash(fifo), "");  // would hang if it were read
}

TEST_F(HarnessCache, TheKeyDependsOnThePartsAndTheirOrderAndBoundaries) {
  std::string key = objgen::harness_cache_key({"list.hpp", "List", "-O1"});
  EXPECT_EQ(key.size(), 16u);
  EXPECT_EQ(objgen::harness_cache_key({"list.hpp", "List", "-O1"}), key);  // the same objgen: the same key
  EXPECT_NE(objgen::harness_cache_key({"List", "list.hpp", "-O1"}), key);
  EXPECT_NE(objgen::harness_cache_key({"ab", "c"}), objgen::harness_cache_key({"a", "bc"}));
}

TEST_F(HarnessCache, TheCacheDirectoryIsMadePrivateUnderTheCacheRoot) {
  std::string cache = dir_ + "/cache";
  const char* before = std::getenv("OBJGEN_CACHE_DIR");
  std::optional<std::string> saved = before ? std::optional<std::string>(before) : std::nullopt;
  setenv("OBJGEN_CACHE_DIR", cache.c_str(), 1);
  std::string made = objgen::harness_cache_dir("0123456789abcdef");
  fs::create_directories(dir_ + "/open");
  fs::permissions(dir_ + "/open", fs::perms::all);  // writable by anyone: refused
  setenv("OBJGEN_CACHE_DIR", (dir_ + "/open").c_str(), 1);
  EXPECT_THROW(objgen::harness_cache_dir("0123456789abcdef"), objgen::FileError);
  if (saved)
    setenv("OBJGEN_CACHE_DIR", saved->c_str(), 1);
  else
    unsetenv("OBJGEN_CACHE_DIR");
  EXPECT_EQ(made, cache + "/harness/0123456789abcdef");
  EXPECT_TRUE(fs::is_directory(cache + "/harness"));
  EXPECT_EQ(fs::status(cache + "/harness").permissions() & fs::perms::all, fs::perms::owner_all);
}

TEST_F(HarnessCache, AnUnchangedOrOnlyTouchedFileKeepsTheManifestValid) {
  std::string header = old_file("list.hpp", "struct List {};\n");
  std::string manifest = dir_ + "/manifest.json";
  objgen::write_manifest(manifest, {header}, objgen::file_clock_now_ns(), {});
  EXPECT_EQ(objgen::manifest_changes(manifest), "");
  fs::last_write_time(header, fs::file_time_type::clock::now() - std::chrono::minutes(1));  // checked out again
  EXPECT_EQ(objgen::manifest_changes(manifest), "");
}

TEST_F(HarnessCache, AnEditedOrRemovedFileIsNamed) {
  std::string header = old_file("list.hpp", "struct List {};\n"), other = old_file("node.hpp", "struct Node {};\n");
  std::string manifest = dir_ + "/manifest.json";
  objgen::write_manifest(manifest, {header, other}, objgen::file_clock_now_ns(), {});
  rewrite(header, "struct List { int n; };\n");  // another size
  EXPECT_EQ(objgen::manifest_changes(manifest), header + " changed");
  rewrite(header, "struct List {};\n");
  rewrite(other, "struct Edge {};\n");  // the same size, other bytes
  EXPECT_EQ(objgen::manifest_changes(manifest), other + " changed");
  fs::remove(other);
  EXPECT_EQ(objgen::manifest_changes(manifest), other + " is gone");
}

TEST_F(HarnessCache, AFileWrittenDuringTheBuildCountsAsChanged) {
  long long build_start = objgen::file_clock_now_ns();
  std::string header = dir_ + "/list.hpp";
  rewrite(header, "struct List {};\n");  // while the compiler was reading it
  std::string manifest = dir_ + "/manifest.json";
  objgen::write_manifest(manifest, {header}, build_start, {});
  EXPECT_EQ(objgen::manifest_changes(manifest), header + " changed");
}

TEST_F(HarnessCache, AMissingOrDamagedManifestIsNeverValid) {
  EXPECT_EQ(objgen::manifest_changes(dir_ + "/none.json"), "no manifest");
  EXPECT_EQ(objgen::artefact_changes(dir_ + "/none.json"), "no manifest");
  rewrite(dir_ + "/bad.json", "{\"deps\": [");
  EXPECT_EQ(objgen::manifest_changes(dir_ + "/bad.json"), "corrupt manifest");
  rewrite(dir_ + "/bad.json", R"({"deps": [{"path": 3}]})");
  EXPECT_EQ(objgen::manifest_changes(dir_ + "/bad.json"), "corrupt manifest");
  EXPECT_EQ(objgen::artefact_changes(dir_ + "/bad.json"), "the manifest lists no built files");
  rewrite(dir_ + "/bad.json", R"({"deps": [], "artefacts": [{"name": "harness.so"}]})");
  EXPECT_EQ(objgen::artefact_changes(dir_ + "/bad.json"), "the manifest is damaged");
}

TEST_F(HarnessCache, ABuiltFileChangedAfterTheBuildIsNeverLoaded) {
  std::string so = dir_ + "/harness.so", manifest = dir_ + "/manifest.json";
  rewrite(so, "built bytes");
  objgen::write_manifest(manifest, {}, objgen::file_clock_now_ns(), {"harness.so"});
  EXPECT_EQ(objgen::artefact_changes(manifest), "");
  rewrite(so, "built bytez");  // damaged in place
  EXPECT_EQ(objgen::artefact_changes(manifest), "harness.so has other contents than the ones built");
  rewrite(so, "truncated");
  EXPECT_EQ(objgen::artefact_changes(manifest), "harness.so has another size than the one built");
  fs::remove(so);
  fs::create_symlink(dir_ + "/manifest.json", so);  // a link in its place is no built file
  EXPECT_EQ(objgen::artefact_changes(manifest), "harness.so is gone or not a regular file");
}

}  // namespace harness_cache_test
