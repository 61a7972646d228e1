// Object construction graphs (src/analysis) of EvoObj's two motivating examples, from IR that
// Clang compiles here exactly as coverage builds do (-O0, line tables).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "analysis/ir_slicer.hpp"

namespace {

namespace fs = std::filesystem;
using objgen::analysis::AccessPath;
using objgen::analysis::IrProgram;
using objgen::analysis::ObjectGraph;

// The IR (-O0, as coverage builds make it) of a unit with this source.
std::string compile_unit(const std::string& name, const std::string& source, const std::string& flags = "") {
  // One folder per test process (CTest runs each test in one of its own), removed when it ends.
  struct SlicerUnits {
    fs::path dir = fs::temp_directory_path() / ("objgen_slicer_" + std::to_string(::getpid()));
    ~SlicerUnits() {
      std::error_code ignored;
      fs::remove_all(dir, ignored);
    }
  };
  static const SlicerUnits units;
  const fs::path& dir = units.dir;
  fs::create_directories(dir);
  std::ofstream(dir / (name + ".cpp")) << source;
  std::string ll = (dir / (name + ".ll")).string();
  std::string cmd = std::string(OBJGEN_COVERAGE_CXX) + " -std=c++20 -O0 -gline-tables-only " + flags + " -S -emit-llvm -I " +
                    OBJGEN_EXAMPLES_DIR + " " + (dir / (name + ".cpp")).string() + " -o " + ll;
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return ll;
}

// The IR of a unit that instantiates the examples' members.
std::string compile_examples() {
  return compile_unit(
      "unit",
      "#include \"thesis/thesis.hpp\"\n#include \"game/game.hpp\"\n"
      "bool worthy(const examples::Scholarship& s, const examples::Student& st) { return s.isWorthy(st); }\n"
      "bool rules(const examples::Rules& r, const examples::Action& a, const examples::Game& g) { return r.checkRules(a, g); }\n"
      "void build(examples::Supervisor& s, examples::CV& c, examples::Student& st, examples::Game& g) {\n"
      "  c.addAward(1); s.setCv(c); st.setSupervisor(s); g.addPlayer(examples::Player(1, 2)); }\n");
}

IrProgram& program() {
  static IrProgram p({compile_examples()});
  static bool named = [] {
    p.name_fields("examples::CV", {"awards_", "publications_"});
    p.name_fields("examples::Supervisor", {"id_", "cv_"});
    p.name_fields("examples::Student", {"supervisor_", "has_supervisor_", "credits_"});
    p.name_fields("examples::Scholarship", {"min_credits_"});
    p.name_fields("examples::Player", {"id_", "team_"});
    p.name_fields("examples::Game", {"players_"});
    p.name_fields("examples::Action", {"actor_", "target_"});
    p.name_fields("examples::Rules", {"friendly_fire_"});
    return true;
  }();
  (void)named;
  return p;
}

std::vector<std::string> leaves(const ObjectGraph& g) {
  std::vector<std::string> out;
  for (const AccessPath& p : g.leaves) out.push_back(p.str());
  std::sort(out.begin(), out.end());
  return out;
}

// The line of the first occurrence of `text` in an example's header.
uint32_t line_of(const char* header, const std::string& text) {
  std::ifstream in(std::string(OBJGEN_EXAMPLES_DIR) + "/" + header);
  std::string line;
  for (uint32_t n = 1; std::getline(in, line); ++n)
    if (line.find(text) != std::string::npos) return n;
  ADD_FAILURE() << text << " not in " << header;
  return 0;
}

// The first block starting at the line (the line's own condition), or the last one (the code a
// branch on that line leads to).
ObjectGraph graph_at(const char* mangled, uint32_t line, bool last = false) {
  std::vector<std::string> blocks = program().blocks_at_line(mangled, line);
  EXPECT_FALSE(blocks.empty()) << "no block at line " << line;
  return program().graph_for(mangled, blocks.empty() ? "entry" : last ? blocks.back() : blocks.front(), {});
}

const char* kIsWorthy = "_ZNK8examples11Scholarship8isWorthyERKNS_7StudentE";
const char* kCheckRules = "_ZNK8examples5Rules10checkRulesERKNS_6ActionERKNS_4GameE";

TEST(ObjectGraph, AwardCountThroughSupervisorAndCv) {
  // inside `if (cv.awardCount() > 5)`, before the credits test
  ObjectGraph g = graph_at(kIsWorthy, line_of("thesis/thesis.hpp", "return true;"));
  std::vector<std::string> want = {
      "input 1 . examples::Student::has_supervisor_",
      "input 1 . examples::Student::supervisor_ . examples::Supervisor::cv_ . examples::CV::awards_ . "
      "std::vector<int, std::allocator<int> >::size()",
  };
  EXPECT_EQ(leaves(g), want) << g.dot();
}

TEST(ObjectGraph, CreditsBranchAddsTheCreditsAndTheThreshold) {
  ObjectGraph g = graph_at(kIsWorthy, line_of("thesis/thesis.hpp", "return cv.publications() > 2;"),
                           true);  // `return cv.publications() > 2` runs when credits are short
  std::vector<std::string> l = leaves(g);
  EXPECT_NE(std::find(l.begin(), l.end(), "input 1 . examples::Student::credits_"), l.end()) << g.dot();
  EXPECT_NE(std::find(l.begin(), l.end(), "input 0 . examples::Scholarship::min_credits_"), l.end()) << g.dot();
}

TEST(ObjectGraph, CheckRulesReachesIdsPlayersAndTeams) {
  ObjectGraph g = graph_at(kCheckRules, line_of("game/game.hpp", "return friendly_fire_;"), true);  // same team: return friendly_fire_
  std::vector<std::string> l = leaves(g);
  for (const char* want : {"input 1 . examples::Action::actor_", "input 1 . examples::Action::target_",
                           "input 2 . examples::Game::players_ . ", "examples::Player::id_", "examples::Player::team_",
                           "input 2 . examples::Game::players_ . std::vector<examples::Player, "
                           "std::allocator<examples::Player> >::size()"}) {
    bool found = std::any_of(l.begin(), l.end(), [&](const std::string& s) { return s.find(want) != std::string::npos; });
    EXPECT_TRUE(found) << want << "\n" << g.dot();
  }
}

TEST(ObjectGraph, WritersOfAFieldAreTheMembersThatChangeIt) {
  auto names = [](const std::vector<objgen::analysis::FieldWriter>& ws) {
    std::vector<std::string> out;
    for (const auto& w : ws) out.push_back(w.function);
    return out;
  };
  auto has = [](const std::vector<std::string>& v, const std::string& part) {
    return std::any_of(v.begin(), v.end(), [&](const std::string& s) { return s.find(part) != std::string::npos; });
  };
  std::vector<std::string> awards = names(program().writers_of({"examples::CV", 0, "awards_"}, {}));
  EXPECT_TRUE(has(awards, "examples::CV::addAward(int)"));
  EXPECT_FALSE(has(awards, "awardCount"));
  std::vector<std::string> cv = names(program().writers_of({"examples::Supervisor", 1, "cv_"}, {}));
  EXPECT_TRUE(has(cv, "examples::Supervisor::setCv(examples::CV const&)"));
  std::vector<std::string> players = names(program().writers_of({"examples::Game", 0, "players_"}, {}));
  EXPECT_TRUE(has(players, "examples::Game::addPlayer(examples::Player const&)"));
}

TEST(ObjectGraph, UnknownFunctionOrBlockIsAnError) {
  EXPECT_THROW(program().graph_for("_Z7nothing", "entry", {}), std::invalid_argument);
  EXPECT_THROW(program().graph_for(kIsWorthy, "%9999", {}), std::invalid_argument);
}

// The constant pool: ints of any size, doubles and C strings the function compares with or
// passes on, and those of the functions of its namespace it calls; not those of other functions.
TEST(ConstantPool, IntsDoublesAndStringsOfTheFunctionAndItsCallees) {
  IrProgram p({compile_unit("pool", R"(
#include <cstring>
namespace pool {
int helper(int x) { return x == 777 ? 1 : 0; }
int unrelated(int x) { return x == 555; }
int check(int code, const char* s, double t) {
  int local[2];  // filled with 0xAA bytes by the pattern: not a constant of the code
  if (code == 48213) return 1;
  if (std::strcmp(s, "FRAGILE") != 0) return 2;
  if (t > 63.25) return 3;
  local[0] = code;
  return helper(local[0]);
}
}  // namespace pool
)",
                            "-ftrivial-auto-var-init=pattern")});
  objgen::analysis::ConstantPool pool = p.constants("_ZN4pool5checkEiPKcd", {});
  auto has_int = [&](int64_t v) { return std::count(pool.ints.begin(), pool.ints.end(), v) == 1; };
  EXPECT_TRUE(has_int(48213));
  EXPECT_TRUE(has_int(777));  // helper's
  EXPECT_FALSE(has_int(555));
  for (int64_t v : pool.ints) EXPECT_NE(v & 0xFF, 0xAA) << v;  // no fill pattern
  EXPECT_EQ(std::count(pool.doubles.begin(), pool.doubles.end(), 63.25), 1);
  EXPECT_EQ(std::count(pool.strings.begin(), pool.strings.end(), "FRAGILE"), 1);
  EXPECT_TRUE(std::is_sorted(pool.ints.begin(), pool.ints.end()));
  EXPECT_THROW(p.constants("_Z7nothing", {}), std::invalid_argument);
}

}  // namespace
