#include "cover/ir_coverage_map.hpp"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <regex>
#include <set>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include "cover/ir_text.hpp"

namespace objgen::cover {
namespace {

using namespace ir_text;

struct GuardArray {
  std::string name;
  uint32_t size = 0;
  std::string comdat;
};

struct RawBlock {
  std::string label;
  int guard = -1;  // slot in the function's guard array
  std::vector<std::string> successors;
  std::vector<bool> unwind;
  std::string landingpad;           // "", "cleanup", "catch"
  bool ends_exceptionally = false;  // resumes unwinding or calls std::terminate
  std::string dbg;
  std::string branch_cond, branch_true, branch_false;         // br i1 %c, label %T, label %F
  std::vector<std::pair<int64_t, std::string>> switch_cases;  // switch: value -> label
  std::string switch_default;
};

struct RawSite {
  size_t block;
  bool is_switch = false;
  bool is_const = false;
  uint8_t width = 32;
  std::string a, b;  // callback operands
  std::string icmp_result, icmp_pred, icmp_a, icmp_b;
  std::vector<int64_t> cases;
  std::string dbg;
};

class ModuleReader {
 public:
  ModuleReader(std::string& ir, uint32_t site_base) : ir_(ir), next_site_(site_base) {}

  ModuleCoverage run() {
    lines_ = split_lines(ir_);
    debug_ = read_debug_info(lines_);
    read_globals();
    std::unordered_map<std::string, CoveredFunction> by_array;
    for (size_t i = 0; i < lines_.size(); ++i)
      if (starts_with(lines_[i], "define ")) i = read_function(i, by_array);
    rewrite_declarations();
    std::unordered_map<std::string, uint32_t> index_of;
    for (const GuardArray& g : guard_arrays_) {
      auto it = by_array.find(g.name);
      if (it == by_array.end()) throw std::runtime_error("guard array " + g.name + " is used by no function");
      if (it->second.nodes.size() != g.size)
        throw std::runtime_error("guard array " + g.name + " has " + std::to_string(g.size) + " guards, its function " +
                                 std::to_string(it->second.nodes.size()) + " instrumented blocks");
      it->second.comdat = g.comdat;
      index_of[g.name] = static_cast<uint32_t>(out_.functions.size());
      out_.functions.push_back(std::move(it->second));
    }
    for (size_t i = 0; i < out_.sites.size(); ++i) out_.sites[i].function = index_of.at(site_array_[i]);
    std::sort(out_.constants.begin(), out_.constants.end());
    out_.constants.erase(std::unique(out_.constants.begin(), out_.constants.end()), out_.constants.end());
    std::string joined;
    for (size_t i = 0; i < lines_.size(); ++i) {
      if (i > 0) joined += '\n';
      joined += lines_[i];
    }
    ir_ = std::move(joined);
    return std::move(out_);
  }

 private:
  void read_globals() {
    static const std::regex guard(R"(^(@__sancov_gen_[\w.]*) = private global \[(\d+) x i32\])");
    static const std::regex values(R"(^(@__sancov_gen_cov_switch_values[\w.]*) = .*global \[\d+ x i64\] \[(.*)\])");
    std::smatch m;
    for (const std::string& l : lines_) {
      if (!starts_with(l, "@__sancov_gen_")) continue;
      if (std::regex_search(l, m, guard) && l.find("\"__sancov_guards\"") != std::string::npos)
        guard_arrays_.push_back({m[1], static_cast<uint32_t>(std::stoul(m[2])), comdat_of(l, m[1].str().substr(1))});
      else if (std::regex_search(l, m, values))
        switch_values_[m[1]] = parse_i64_list(m[2]);
    }
  }

  static std::string function_name(const std::string& define) {
    size_t at = define.find(" @");
    if (at == std::string::npos) return "";
    at += 2;
    if (define[at] == '"') return define.substr(at + 1, define.find('"', at + 1) - at - 1);
    return define.substr(at, define.find('(', at) - at);
  }

  // Reads one function body; returns the index of its closing line.
  size_t read_function(size_t begin, std::unordered_map<std::string, CoveredFunction>& by_array) {
    std::string name = function_name(lines_[begin]);
    std::string sub = dbg_ref(lines_[begin]);
    blocks_.clear();
    sites_.clear();
    blocks_.push_back({"entry"});
    function_constants_.clear();
    function_callees_.clear();
    std::string array;
    size_t i = begin + 1;
    for (; i < lines_.size() && lines_[i] != "}"; ++i) read_line(i, array);
    if (array.empty()) return i;  // not instrumented
    out_.constants.insert(out_.constants.end(), function_constants_.begin(), function_constants_.end());
    CoveredFunction f;
    f.mangled = name;
    f.name = demangle(name);
    std::string file;
    if (auto s = debug_.subprogram_file.find(sub); s != debug_.subprogram_file.end())
      if (auto fl = debug_.files.find(s->second); fl != debug_.files.end()) file = fl->second;
    f.file = file;
    f.callees.assign(function_callees_.begin(), function_callees_.end());
    build_nodes(f);
    build_sites(file, array);
    by_array[array] = std::move(f);
    return i;
  }

  void read_line(size_t i, std::string& array) {
    std::string& l = lines_[i];
    if (!l.empty() && l[0] != ' ' && l.back() != '{') {
      size_t colon = l.find(':');
      if (colon != std::string::npos && l.find(' ') > colon) {
        blocks_.push_back({"%" + l.substr(0, colon)});
        return;
      }
    }
    RawBlock& b = blocks_.back();
    if (l.find("@__sanitizer_cov_trace_pc_guard(") != std::string::npos) return read_guard(l, b, array);
    if (b.dbg.empty() && l.find(" = phi ") == std::string::npos) b.dbg = dbg_ref(l);
    if (starts_with(trimmed(l), "resume ") || l.find("@__clang_call_terminate(") != std::string::npos || fails_an_assertion(l))
      b.ends_exceptionally = true;
    if (l.find("= landingpad") != std::string::npos)
      b.landingpad = "cleanup";
    else if (!b.landingpad.empty() && (starts_with(trimmed(l), "catch ") || starts_with(trimmed(l), "filter ")))
      b.landingpad = "catch";
    if (l.find("@__sanitizer_cov_trace_") != std::string::npos) return read_trace_call(l);
    read_constants(l);
    read_callee(l);
    if (l.find(" = icmp ") != std::string::npos && !sites_.empty() && sites_.back().icmp_result.empty() &&
        sites_.back().block == blocks_.size() - 1 && !sites_.back().is_switch)
      return read_icmp(l, sites_.back());
    read_terminator(l, b);
  }

  void read_guard(const std::string& l, RawBlock& b, std::string& array) {
    static const std::regex name(R"(\* (@__sancov_gen_[\w.]*)[,) ])");
    static const std::regex offset(R"(to i64\), i64 (\d+)\))");
    std::smatch m;
    if (!std::regex_search(l, m, name)) throw std::runtime_error("unreadable guard call: " + l);
    if (array.empty()) array = m[1];
    if (array != m[1]) throw std::runtime_error("a function uses two guard arrays: " + l);
    b.guard = std::regex_search(l, m, offset) ? static_cast<int>(std::stoul(m[1]) / 4) : 0;
  }

  // Renames a trace-cmp/switch call to objgen's callback with a site id first.
  void read_trace_call(std::string& l) {
    static const std::regex cmp(R"(@__sanitizer_cov_trace_(const_)?cmp(\d)\((.*)\)(, !dbg|$))");
    static const std::regex sw(R"(@__sanitizer_cov_trace_switch\((.*)\)(, !dbg|$))");
    std::smatch m;
    RawSite s;
    s.block = blocks_.size() - 1;
    s.dbg = dbg_ref(l);
    uint32_t id = next_site_;
    if (std::regex_search(l, m, cmp)) {
      s.is_const = m[1].matched;
      s.width = static_cast<uint8_t>(std::stoi(m[2]) * 8);
      auto args = split_args(m[3]);
      if (args.size() != 2) throw std::runtime_error("unreadable trace-cmp call: " + l);
      s.a = last_token(args[0]);
      s.b = last_token(args[1]);
      std::string callee = std::string(kCmpCallbackPrefix) + std::to_string(s.width / 8);
      l.replace(m.position(0), m.length(0) - m.length(4), "@" + callee + "(i32 " + std::to_string(id) + ", " + m[3].str() + ")");
    } else if (std::regex_search(l, m, sw)) {
      s.is_switch = true;
      auto args = split_args(m[1]);
      static const std::regex arr(R"((@__sancov_gen_cov_switch_values[\w.]*))");
      std::smatch am;
      if (args.size() != 2 || !std::regex_search(args[1], am, arr)) throw std::runtime_error("unreadable trace-switch call: " + l);
      std::vector<int64_t> v = switch_values_[am[1]];
      if (v.size() < 2) throw std::runtime_error("switch values missing for " + am[1].str());
      s.width = static_cast<uint8_t>(v[1]);
      s.cases.assign(v.begin() + 2, v.end());
      l.replace(m.position(0), m.length(0) - m.length(2),
                std::string("@") + kSwitchCallback + "(i32 " + std::to_string(id) + ", " + m[1].str() + ")");
    } else {
      return;  // pc_indir and friends: not traced per site
    }
    ++next_site_;
    sites_.push_back(std::move(s));
  }

  // Integer constants the function computes with (word sizes, masks, shifts): with the compared
  // ones, the class's constants that test inputs start from.
  // "call void @_ZN3lib5table6insertEi(ptr %3, i32 %4)", "%5 = invoke ... @name(...)": a direct
  // call (not through a pointer, not sancov's callbacks or LLVM's intrinsics).
  void read_callee(const std::string& l) {
    std::string_view t = trimmed(l);
    if (starts_with(t, "%")) {
      size_t eq = t.find(" = ");
      if (eq == std::string_view::npos) return;
      t.remove_prefix(eq + 3);
    }
    for (std::string_view prefix : {"tail ", "musttail ", "notail "})
      if (starts_with(t, prefix)) t.remove_prefix(prefix.size());
    if (!starts_with(t, "call ") && !starts_with(t, "invoke ")) return;
    size_t at = t.find(" @");
    if (at == std::string_view::npos) return;
    // Through a pointer ("call void %5(ptr @x)"): a local value directly followed by the arguments'
    // parenthesis comes first. Types with locals' names ("{ %\"struct.node\"*, i8 }") do not count.
    for (size_t pc = t.find('%'); pc < at; pc = t.find('%', pc + 1)) {
      size_t end = t.find_first_of(" ,(*)}", pc + 1);
      if (pc + 1 < t.size() && t[pc + 1] == '"') end = t.find_first_of(" ,(*)}", t.find('"', pc + 2));
      if (end < at && t[end] == '(') return;
    }
    at += 2;
    bool quoted = at < t.size() && t[at] == '"';
    size_t end = quoted ? t.find('"', at + 1) : t.find('(', at);
    if (end == std::string_view::npos) return;
    std::string name(t.substr(at + quoted, end - at - quoted));
    if (starts_with(name, "llvm.") || starts_with(name, "__sanitizer_") || starts_with(name, "__objgen_")) return;
    function_callees_.insert(std::move(name));
  }

  void read_constants(const std::string& l) {
    static const std::regex arith(
        R"(= (?:add|sub|mul|shl|lshr|ashr|and|or|xor|sdiv|udiv|srem|urem)(?: nuw| nsw| exact)* i(?:8|16|32|64) ([^,]+), ([^,\s]+))");
    static const std::regex store(R"(^\s+store i(?:8|16|32|64) (-?\d+), )");
    std::smatch m;
    auto number = [&](const std::string& t) {
      if (!t.empty() && (std::isdigit(static_cast<unsigned char>(t[0])) || (t[0] == '-' && t.size() > 1)))
        function_constants_.push_back(std::stoll(t));
    };
    if (std::regex_search(l, m, arith)) {
      number(m[1]);
      number(m[2]);
    } else if (std::regex_search(l, m, store)) {
      number(m[1]);
    }
  }

  static void read_icmp(const std::string& l, RawSite& s) {
    static const std::regex icmp(R"((%[\w.]+) = icmp (\w+) i\d+ ([^,]+), ([^,]+?)(,|$))");
    std::smatch m;
    if (!std::regex_search(l, m, icmp)) return;
    s.icmp_result = m[1];
    s.icmp_pred = m[2];
    s.icmp_a = m[3];
    s.icmp_b = m[4];
  }

  static void read_terminator(const std::string& l, RawBlock& b) {
    static const std::regex br(R"(^\s+br i1 (%[\w.]+), label (%[\w.]+), label (%[\w.]+))");
    static const std::regex sw(R"(^\s+switch i\d+ [^,]+, label (%[\w.]+) \[)");
    static const std::regex swcase(R"(^\s+i\d+ (-?\d+), label (%[\w.]+))");
    static const std::regex lbl(R"((unwind )?label (%[\w.]+))");
    std::smatch m;
    if (std::regex_search(l, m, br)) {
      b.branch_cond = m[1];
      b.branch_true = m[2];
      b.branch_false = m[3];
    } else if (std::regex_search(l, m, sw)) {
      b.switch_default = m[1];
    } else if (!b.switch_default.empty() && std::regex_search(l, m, swcase)) {
      b.switch_cases.push_back({std::stoll(m[1]), m[2]});
    }
    if (l.find("label %") == std::string::npos || l.find("blockaddress") != std::string::npos) return;
    for (auto it = std::sregex_iterator(l.begin(), l.end(), lbl); it != std::sregex_iterator(); ++it) {
      b.successors.push_back((*it)[2]);
      b.unwind.push_back((*it)[1].matched);
    }
  }

  void build_nodes(CoveredFunction& f) {
    int slots = 0;
    for (const RawBlock& b : blocks_) slots = std::max(slots, b.guard + 1);
    f.nodes.resize(slots);
    slot_of_.clear();
    for (const RawBlock& b : blocks_)
      if (b.guard >= 0) slot_of_[b.label] = b.guard;
    std::vector<std::vector<uint32_t>> normal(slots);
    for (const RawBlock& b : blocks_) {
      if (b.guard < 0) continue;
      CfgNode& n = f.nodes[b.guard];
      n.label = b.label;
      if (auto l = debug_.locations.find(b.dbg); l != debug_.locations.end()) n.line = l->second.first;
      for (size_t k = 0; k < b.successors.size(); ++k) {
        auto s = slot_of_.find(b.successors[k]);
        if (s == slot_of_.end()) continue;  // an uninstrumented block: nothing but `unreachable`
        if (std::find(n.successors.begin(), n.successors.end(), s->second) == n.successors.end()) n.successors.push_back(s->second);
        if (!b.unwind[k] || landingpad_of(b.successors[k]) == "catch") normal[b.guard].push_back(s->second);
      }
    }
    mark_targets(f, normal);
  }

  std::string landingpad_of(const std::string& label) const {
    for (const RawBlock& b : blocks_)
      if (b.label == label) return b.landingpad;
    return "";
  }

  // Targets: reachable from the entry without entering a cleanup-only landing pad, and not on a
  // path that can only end by resuming the unwind or terminating (a catch-all pad of a noexcept
  // function, a catch dispatch's no-match edge): no input makes the method itself run those.
  void mark_targets(CoveredFunction& f, const std::vector<std::vector<uint32_t>>& normal) const {
    for (CfgNode& n : f.nodes) n.target = false;
    if (f.nodes.empty()) return;
    std::vector<bool> doomed = exceptional_only();
    std::vector<bool> doomed_node(f.nodes.size(), false);
    for (size_t i = 0; i < blocks_.size(); ++i)
      if (blocks_[i].guard >= 0) doomed_node[blocks_[i].guard] = doomed[i];
    std::vector<uint32_t> stack{0};
    f.nodes[0].target = !doomed_node[0];
    while (!stack.empty()) {
      uint32_t n = stack.back();
      stack.pop_back();
      for (uint32_t s : normal[n])
        if (!f.nodes[s].target && !doomed_node[s]) {
          f.nodes[s].target = true;
          stack.push_back(s);
        }
    }
  }

  // By block: every path from it ends by resuming the unwind, calling std::terminate or failing an assert.
  std::vector<bool> exceptional_only() const {
    std::unordered_map<std::string, size_t> index;
    for (size_t i = 0; i < blocks_.size(); ++i) index[blocks_[i].label] = i;
    std::vector<bool> doomed(blocks_.size(), false);
    for (size_t i = 0; i < blocks_.size(); ++i) doomed[i] = blocks_[i].ends_exceptionally;
    for (bool changed = true; changed;) {
      changed = false;
      for (size_t i = 0; i < blocks_.size(); ++i) {
        if (doomed[i] || blocks_[i].successors.empty()) continue;
        bool all = true;
        for (const std::string& s : blocks_[i].successors) {
          auto it = index.find(s);
          all = all && it != index.end() && doomed[it->second];
        }
        if (all) changed = doomed[i] = true;
      }
    }
    return doomed;
  }

  int32_t node_of(const std::string& label) const {
    auto s = slot_of_.find(label);
    return s == slot_of_.end() ? -1 : static_cast<int32_t>(s->second);
  }

  void build_sites(const std::string& file, const std::string& array) {
    for (RawSite& r : sites_) {
      const RawBlock& b = blocks_[r.block];
      CmpSite s;
      site_array_.push_back(array);  // its function's index is known once all are read
      s.node = b.guard >= 0 ? b.guard : 0;
      s.width = r.width;
      s.file = file;
      if (auto l = debug_.locations.find(r.dbg); l != debug_.locations.end()) {
        s.line = l->second.first;
        s.column = l->second.second;
      }
      if (r.is_switch)
        fill_switch(r, b, s);
      else
        fill_icmp(r, b, s);
      out_.sites.push_back(std::move(s));
    }
  }

  void fill_switch(const RawSite& r, const RawBlock& b, CmpSite& s) {
    s.predicate = Predicate::Switch;
    s.cases = r.cases;
    s.outcome_count = static_cast<uint32_t>(r.cases.size() + 1);
    uint64_t mask = width_mask(r.width);
    for (int64_t c : r.cases) {  // sancov stores cases zero-extended; the switch prints them signed
      int32_t node = -1;
      for (auto& [v, label] : b.switch_cases)
        if ((static_cast<uint64_t>(v) & mask) == (static_cast<uint64_t>(c) & mask)) node = node_of(label);
      s.outcome_nodes.push_back(node);
      out_.constants.push_back(sign_extended(static_cast<uint64_t>(c), r.width));
    }
    s.outcome_nodes.push_back(node_of(b.switch_default));
  }

  static uint64_t width_mask(uint8_t w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }
  static int64_t sign_extended(uint64_t v, uint8_t w) {
    if (w >= 64 || w == 0) return static_cast<int64_t>(v);
    uint64_t m = 1ull << (w - 1);
    v &= width_mask(w);
    return static_cast<int64_t>((v ^ m) - m);
  }

  void fill_icmp(const RawSite& r, const RawBlock& b, CmpSite& s) {
    if (r.icmp_pred.empty() || !parse_predicate(r.icmp_pred, s.predicate))
      throw std::runtime_error("trace-cmp call not followed by its icmp in block " + b.label);
    s.swapped = r.a != r.icmp_a;
    if (r.is_const) {
      const std::string& c = s.swapped ? r.icmp_b : r.icmp_a;
      if (!c.empty() && (std::isdigit(static_cast<unsigned char>(c[0])) || c[0] == '-')) out_.constants.push_back(std::stoll(c));
    }
    if (b.branch_cond == r.icmp_result) s.outcome_nodes = {node_of(b.branch_true), node_of(b.branch_false)};
  }

  void rewrite_declarations() {
    static const std::regex decl(R"(^declare void @__sanitizer_cov_trace_(const_)?cmp(\d)\((.*)\)$)");
    static const std::regex swdecl(R"(^declare void @__sanitizer_cov_trace_switch\((.*)\)$)");
    std::smatch m;
    std::set<std::string> declared;
    std::vector<std::string> added;
    for (std::string& l : lines_) {
      if (!starts_with(l, "declare void @__sanitizer_cov_trace_")) continue;
      if (std::regex_search(l, m, decl)) {
        std::string callee = std::string(kCmpCallbackPrefix) + m[2].str();
        if (declared.insert(callee).second) added.push_back("declare void @" + callee + "(i32, " + m[3].str() + ")");
      } else if (std::regex_search(l, m, swdecl)) {
        if (declared.insert(kSwitchCallback).second)
          added.push_back(std::string("declare void @") + kSwitchCallback + "(i32, " + m[1].str() + ")");
      }
    }
    lines_.insert(lines_.end(), added.begin(), added.end());
  }

  std::string& ir_;
  uint32_t next_site_;
  std::vector<std::string> lines_;
  DebugInfo debug_;
  std::vector<GuardArray> guard_arrays_;
  std::unordered_map<std::string, std::vector<int64_t>> switch_values_;
  std::vector<RawBlock> blocks_;
  std::vector<RawSite> sites_;
  std::vector<std::string> site_array_;
  std::vector<int64_t> function_constants_;
  std::set<std::string> function_callees_;  // of the function being read  // by site: its function's guard array
  std::unordered_map<std::string, uint32_t> slot_of_;
  ModuleCoverage out_;
};

}  // namespace

std::vector<std::string> coverage_ir_flags(const std::string& allowlist_path, const std::string& ignorelist_path) {
  std::vector<std::string> flags{"-O0",
                                 "-gline-tables-only",
                                 "-S",
                                 "-emit-llvm",
                                 "-fsanitize-coverage=bb,no-prune,trace-pc-guard,pc-table,trace-cmp",
                                 "-fsanitize-coverage-allowlist=" + allowlist_path};
  if (!ignorelist_path.empty()) flags.push_back("-fsanitize-coverage-ignorelist=" + ignorelist_path);
  return flags;
}

ModuleCoverage read_instrumented_ir(std::string& ir, uint32_t site_base) { return ModuleReader(ir, site_base).run(); }

CoverageMap link_coverage(std::vector<ModuleCoverage> modules) {
  CoverageMap map;
  std::set<std::string> kept_comdats;
  std::set<int64_t> constants;
  for (ModuleCoverage& m : modules) {
    std::vector<uint32_t> function_of_local(m.functions.size(), UINT32_MAX);
    for (size_t i = 0; i < m.functions.size(); ++i) {
      CoveredFunction& f = m.functions[i];
      if (!f.comdat.empty() && !kept_comdats.insert(f.comdat).second) continue;  // the linker drops it
      f.first_guard = map.guard_count;
      map.guard_count += static_cast<uint32_t>(f.nodes.size());
      function_of_local[i] = static_cast<uint32_t>(map.functions.size());
      map.functions.push_back(std::move(f));
    }
    for (CmpSite& s : m.sites) {
      s.function = s.function < function_of_local.size() ? function_of_local[s.function] : UINT32_MAX;
      s.outcome_begin = map.outcome_count;
      map.outcome_count += s.outcome_count;
      map.sites.push_back(std::move(s));
    }
    constants.insert(m.constants.begin(), m.constants.end());
  }
  for (uint32_t id = 0; id < map.sites.size(); ++id)
    if (map.sites[id].function != UINT32_MAX) map.functions[map.sites[id].function].sites.push_back(id);
  map.constants.assign(constants.begin(), constants.end());
  return map;
}

}  // namespace objgen::cover
