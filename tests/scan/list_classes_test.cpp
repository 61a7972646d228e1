// The classes a header declares, as `objgen project` lists them, and the instances of its class
// templates that a translation unit makes or names: parsed by Clang from files written here.
#include "scan/list_classes.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>

namespace objgen::scan {
namespace {

namespace fs = std::filesystem;

class ListClasses : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("objgen_list_classes_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    write("lib.hpp", R"(#pragma once
#include <stdexcept>
namespace lib {
template <class T>
class Box {
 public:
  void set(T v) { v_ = v; }
  T get() const { return v_; }
 private:
  T v_{};
};
template <class T>
class Unused {
 public:
  void touch() {}
};
template <class T>
class Holder {  // holds a Box<T>: no instance of Box until T is known
 public:
  void put(T v) { inner_.set(v); }
 private:
  Box<T> inner_;
};
template <class T, unsigned long N>
class Slots {
 public:
  T at(unsigned long i) const { return i < N ? items_[i] : T{}; }
 private:
  T items_[N]{};
};
class Shape {
 public:
  virtual ~Shape() = default;
  virtual int area() const = 0;
};
class Refused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  int code() const { return 1; }
};
class Counter {
 public:
  void add() { ++n_; }
 private:
  int n_ = 0;
};
}  // namespace lib
)");
    write("use.cpp", R"(#include "lib.hpp"
lib::Box<int> kept;
lib::Slots<char, sizeof(int)> slots;
lib::Box<lib::Box<char>>* named = nullptr;
template <class T>
int read(const lib::Box<T>& b) { return static_cast<int>(b.get()); }
)");
  }
  void TearDown() override { fs::remove_all(dir_); }
  void write(const std::string& name, const std::string& text) { std::ofstream(dir_ / name) << text; }
  std::vector<std::string> flags() const { return {"-std=c++20", "-I" + dir_.string()}; }

  fs::path dir_;
};

TEST_F(ListClasses, TemplatesAreMarkedAndOtherClassesSkippedWithWhy) {
  ClassListing listing = list_classes((dir_ / "lib.hpp").string(), flags());
  ASSERT_TRUE(listing.ok) << listing.message;
  std::map<std::string, DeclaredClass> by_name;
  for (const DeclaredClass& c : listing.classes) by_name[c.name] = c;
  ASSERT_EQ(by_name.size(), 7u);
  for (const char* t : {"lib::Box", "lib::Unused", "lib::Holder", "lib::Slots"}) {
    EXPECT_TRUE(by_name[t].is_template) << t;
    EXPECT_NE(by_name[t].skip_reason.find("never instantiates"), std::string::npos) << t;
  }
  EXPECT_NE(by_name["lib::Shape"].skip_reason.find("abstract"), std::string::npos);
  EXPECT_EQ(by_name["lib::Refused"].exception_type, "lib::Refused");
  EXPECT_EQ(by_name["lib::Counter"].skip_reason, "");
  EXPECT_FALSE(by_name["lib::Counter"].is_template);
}

TEST_F(ListClasses, TheInstancesATranslationUnitMakesOrNamesWithEveryArgumentKnown) {
  InstanceListing listing = list_template_instances((dir_ / "use.cpp").string(), flags(), {"lib::Box", "lib::Unused", "lib::Holder"});
  ASSERT_TRUE(listing.ok) << listing.message;
  std::vector<std::string> names;
  for (const ClassTemplateInstance& i : listing.instances) {
    EXPECT_EQ(i.template_name, "lib::Box") << i.name;  // Unused and Holder: never instantiated; Slots: not asked for
    EXPECT_EQ(i.skip_reason, "") << i.name;
    names.push_back(i.name);
  }
  EXPECT_NE(std::find(names.begin(), names.end(), "lib::Box<int>"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "lib::Box<char>"), names.end());      // an argument of the pointer's type
  for (const std::string& n : names) EXPECT_EQ(n.find("<T>"), std::string::npos) << n;  // read<T>'s own: not an instance
}

TEST_F(ListClasses, AnIntegralArgumentIsSpelledByItsValue) {
  InstanceListing listing = list_template_instances((dir_ / "use.cpp").string(), flags(), {"lib::Slots"});
  ASSERT_TRUE(listing.ok) << listing.message;
  ASSERT_EQ(listing.instances.size(), 1u);
  EXPECT_EQ(listing.instances[0].name, "lib::Slots<char, 4>");  // not sizeof(int), nor Clang's canonical 4UL
}

TEST_F(ListClasses, ASourceThatDoesNotParseSaysWhy) {
  write("broken.cpp", "#include \"lib.hpp\"\nlib::Box<int> b = 1 +;\n");
  InstanceListing listing = list_template_instances((dir_ / "broken.cpp").string(), flags(), {"lib::Box"});
  EXPECT_FALSE(listing.ok);
  EXPECT_NE(listing.message.find("error(s) while parsing"), std::string::npos) << listing.message;
}

}  // namespace
}  // namespace objgen::scan
