// Builders files: what builder identification found, written as JSON and read back by
// `exhaustive --builders`, cached under a hash of the API so that a changed API is not given
// stale builders. (A first round trip on the red-black tree is in builders_test.cpp.)
#include "gen/builders/builders_file.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "io/atomic_file.hpp"
#include "io/file_error.hpp"
#include "objgen/objgen.hpp"

namespace builders_file_test {
class Counter {
 public:
  void inc() { ++n_; }
  void add(int v) { n_ += v; }
  int get() const { return n_; }
  int n_ = 0;
};
}  // namespace builders_file_test

OBJGEN_FIELDS(builders_file_test::Counter, n_)

namespace objgen::builders {
namespace {

using builders_file_test::Counter;

struct BuildersFileFixture {
  Api api;
  ClassId target = 0;
  uint32_t make = 0, inc = 0, add = 0, get = 0;
  BuildersFileFixture() {
    api.add_class<Counter>().constructor<>().method("inc", &Counter::inc).method("add", &Counter::add).method("get", &Counter::get);
    for (uint32_t i = 0; i < api.operations().size(); ++i) {
      const std::string& name = api.operations()[i].name;
      if (name == "Counter") make = i;
      if (name == "inc") inc = i;
      if (name == "add") add = i;
      if (name == "get") get = i;
    }
    target = api.operations()[make].result.cls;
  }
  std::string signature(uint32_t op) const { return api.operations()[op].signature(); }
};

std::string builders_file_path(const std::string& name) {
  std::string dir = ::testing::TempDir();
  if (dir.empty() || dir.back() != '/') dir += '/';
  return dir + "builders_file_test_" + std::to_string(getpid()) + "_" + name;
}

void builders_file_write(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
}

// The message of the std::invalid_argument that reading `path` throws ("" when none).
std::string builders_file_refusal(const std::string& path) {
  try {
    read_builders_file(path);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(BuildersFile, EveryFieldSurvivesTheRoundTrip) {
  BuildersFile f;
  f.cls = "builders_file_test::Counter";
  f.api_hash = "0123456789abcdef";
  f.algorithm = "ga";
  f.builders = {"Counter::Counter()", "Counter::add(int)"};
  f.observers = {"Counter::get() const"};
  f.seconds = 2.25;
  f.verdict = "proved";
  f.proven_scopes = {1, 2, 4};
  f.ruled_out = {{"Counter::inc()", "its states break copy-equal"}, {"Counter::reset()", "moved-from"}};
  std::string path = builders_file_path("full.json");
  write_builders_file(path, f);
  BuildersFile back = read_builders_file(path);
  EXPECT_EQ(back.cls, f.cls);
  EXPECT_EQ(back.api_hash, f.api_hash);
  EXPECT_EQ(back.algorithm, "ga");
  EXPECT_EQ(back.builders, f.builders);
  EXPECT_EQ(back.observers, f.observers);
  EXPECT_DOUBLE_EQ(back.seconds, 2.25);
  EXPECT_EQ(back.verdict, "proved");
  EXPECT_EQ(back.proven_scopes, (std::vector<uint32_t>{1, 2, 4}));
  EXPECT_EQ(back.ruled_out, f.ruled_out);
  // The format others read: ruled-out operations as objects naming the operation and why.
  nlohmann::json j = nlohmann::json::parse(*read_whole_file(path));
  EXPECT_EQ(j.at("ruled_out").at(1).at("operation"), "Counter::reset()");
  EXPECT_EQ(j.at("ruled_out").at(1).at("why"), "moved-from");
  EXPECT_EQ(j.at("class"), f.cls);
}

TEST(BuildersFile, OnlyTheClassAndTheBuildersAreRequired) {
  std::string path = builders_file_path("minimal.json");
  builders_file_write(path, R"json({"class": "C", "builders": ["C::C()"]})json");
  BuildersFile f = read_builders_file(path);
  EXPECT_EQ(f.cls, "C");
  EXPECT_EQ(f.builders, (std::vector<std::string>{"C::C()"}));
  EXPECT_EQ(f.api_hash, "");
  EXPECT_EQ(f.algorithm, "");
  EXPECT_TRUE(f.observers.empty());
  EXPECT_EQ(f.seconds, 0.0);
  EXPECT_EQ(f.verdict, "");
  EXPECT_TRUE(f.proven_scopes.empty());
  EXPECT_TRUE(f.ruled_out.empty());
}

TEST(BuildersFile, AMalformedFileIsRefusedNamingIt) {
  std::string path = builders_file_path("malformed.json");
  builders_file_write(path, R"json({"class": "C"})json");
  std::string no_builders = builders_file_refusal(path);
  EXPECT_EQ(no_builders.rfind("malformed builders file " + path + ": ", 0), 0u) << no_builders;
  builders_file_write(path, R"json({"class": "C", "builders": "C::C()"})json");
  EXPECT_NE(builders_file_refusal(path), "") << "builders must be a list";
  builders_file_write(path, R"json({"class": "C", "builders": [], "ruled_out": [{"operation": "C::f()"}]})json");
  EXPECT_NE(builders_file_refusal(path), "") << "a ruled-out operation needs its reason";
  builders_file_write(path, R"json({"class": 3, "builders": []})json");
  EXPECT_NE(builders_file_refusal(path), "");
}

TEST(BuildersFile, AMissingFileOrADirectoryIsRefused) {
  std::string missing = builders_file_path("does_not_exist.json");
  EXPECT_EQ(builders_file_refusal(missing), "cannot read builders file " + missing);
  std::string dir = builders_file_path("a_directory");
  std::filesystem::create_directories(dir);
  try {
    read_builders_file(dir);
    ADD_FAILURE() << "a directory was read as a builders file";
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find("not a regular file"), std::string::npos) << e.what();
  }
}

TEST(BuildersFile, SignaturesNameOperationsInTheirOrder) {
  BuildersFileFixture f;
  EXPECT_EQ(operations_by_signature(f.api, {f.signature(f.add), f.signature(f.make), f.signature(f.add)}),
            (std::vector<uint32_t>{f.add, f.make, f.add}));
  EXPECT_TRUE(operations_by_signature(f.api, {}).empty());
  try {
    operations_by_signature(f.api, {f.signature(f.inc), "Counter::sub(int)"});
    ADD_FAILURE() << "an unknown signature was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "the API has no operation Counter::sub(int)");
  }
  // Only the exact text: the name alone is no signature.
  EXPECT_THROW(operations_by_signature(f.api, {"add"}), std::invalid_argument);
}

TEST(BuildersFile, TheApiHashFollowsWhatIdentificationDependsOn) {
  BuildersFileFixture f;
  std::string h = api_hash(f.api, f.target, {f.make, f.inc, f.add}, "");
  ASSERT_EQ(h.size(), 16u);
  EXPECT_EQ(h.find_first_not_of("0123456789abcdef"), std::string::npos) << h;
  EXPECT_EQ(api_hash(f.api, f.target, {f.make, f.inc, f.add}, ""), h);
  EXPECT_NE(api_hash(f.api, f.target, {f.make, f.inc}, ""), h) << "an operation fewer";
  EXPECT_NE(api_hash(f.api, f.target, {f.make, f.add, f.inc}, ""), h) << "another order";
  EXPECT_NE(api_hash(f.api, f.target, {f.make, f.inc, f.add}, "n_"), h) << "a field omitted";
  // The same class registered again in another Api: the same hash.
  BuildersFileFixture again;
  EXPECT_EQ(api_hash(again.api, again.target, {again.make, again.inc, again.add}, ""), h);
}

TEST(BuildersFile, CachedFilesLiveInTheCacheDirectoryNamedByTheirHash) {
  const char* before = std::getenv("OBJGEN_CACHE_DIR");
  std::optional<std::string> saved = before ? std::optional<std::string>(before) : std::nullopt;
  std::string root = builders_file_path("cache");
  std::filesystem::remove_all(root);
  setenv("OBJGEN_CACHE_DIR", root.c_str(), 1);
  std::string path = builders_cache_path("00ff00ff00ff00ff");
  if (saved)
    setenv("OBJGEN_CACHE_DIR", saved->c_str(), 1);
  else
    unsetenv("OBJGEN_CACHE_DIR");
  EXPECT_EQ(path, root + "/builders/00ff00ff00ff00ff.json");
  struct stat st {};
  ASSERT_EQ(stat((root + "/builders").c_str(), &st), 0) << "the directory is made";
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

}  // namespace
}  // namespace objgen::builders
