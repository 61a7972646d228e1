#include "analysis/ir_slicer.hpp"

#include <llvm/Analysis/PostDominators.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/Demangle/Demangle.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>
#include <llvm/IRReader/IRReader.h>
#include <llvm/Support/SourceMgr.h>
#include <llvm/Support/raw_ostream.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "analysis/ir_names.hpp"

namespace objgen::analysis {
namespace {

std::string without_percent(std::string s) { return !s.empty() && s[0] == '%' ? s.substr(1) : s; }

// Only casts: LLVM's stripPointerCasts also drops all-zero GEPs, which are reads of a class's first member.
llvm::Value* strip_casts(llvm::Value* v) {
  while (llvm::isa<llvm::BitCastOperator>(v) || llvm::isa<llvm::AddrSpaceCastOperator>(v)) v = llvm::cast<llvm::Operator>(v)->getOperand(0);
  return v;
}

struct Frame {
  llvm::Function* function;
  const llvm::CallBase* call = nullptr;  // the call site in the parent frame
  int parent = -1;
  uint32_t depth = 0;
};

}  // namespace

struct IrProgram::Impl {
  llvm::LLVMContext context;
  std::vector<std::unique_ptr<llvm::Module>> modules;
  std::map<std::string, llvm::Function*> by_name;  // defined functions, first definition wins
  std::map<llvm::Function*, std::map<std::string, llvm::BasicBlock*>> labels;
  std::set<llvm::Function*> promoted;
  std::map<llvm::Function*, std::unique_ptr<llvm::PostDominatorTree>> post_dominators;
  std::map<std::string, std::vector<std::string>> field_names;
  std::map<llvm::Function*, std::string> demangled;

  const std::string& demangle(llvm::Function* f) {
    auto it = demangled.find(f);
    if (it != demangled.end()) return it->second;
    return demangled[f] = llvm::demangle(f->getName().str());
  }

  // Block labels as the coverage map has them: taken before mem2reg renumbers the values.
  void prepare(llvm::Function* f) {
    if (!promoted.insert(f).second) return;
    auto& names = labels[f];
    for (llvm::BasicBlock& bb : *f) {
      std::string s;
      llvm::raw_string_ostream os(s);
      bb.printAsOperand(os, false);
      names[without_percent(os.str())] = &bb;
    }
    llvm::DominatorTree dt(*f);
    std::vector<llvm::AllocaInst*> allocas;
    for (llvm::Instruction& i : f->getEntryBlock())
      if (auto* a = llvm::dyn_cast<llvm::AllocaInst>(&i); a && llvm::isAllocaPromotable(a)) allocas.push_back(a);
    if (!allocas.empty()) llvm::PromoteMemToReg(allocas, dt);
    post_dominators[f] = std::make_unique<llvm::PostDominatorTree>(*f);
  }

  // Blocks whose conditional terminator decides whether `target` runs (transitively).
  std::vector<llvm::BasicBlock*> controlling_blocks(llvm::Function* f, llvm::BasicBlock* target) {
    llvm::PostDominatorTree& pdt = *post_dominators[f];
    std::vector<llvm::BasicBlock*> out, work{target};
    std::set<llvm::BasicBlock*> seen{target};
    while (!work.empty()) {
      llvm::BasicBlock* t = work.back();
      work.pop_back();
      for (llvm::BasicBlock& b : *f) {
        llvm::Instruction* term = b.getTerminator();
        if (!term || term->getNumSuccessors() < 2 || seen.count(&b)) continue;
        bool controls = false;
        for (unsigned k = 0; k < term->getNumSuccessors() && !controls; ++k)
          controls = pdt.dominates(t, term->getSuccessor(k)) && !pdt.properlyDominates(t, &b);
        if (!controls) continue;
        seen.insert(&b);
        out.push_back(&b);
        work.push_back(&b);
      }
    }
    return out;
  }

  bool transparent(llvm::Function* f, const std::string& home) {
    if (!f || f->isDeclaration() || f->isIntrinsic()) return false;
    std::string q = qualified_name(demangle(f));
    return !home.empty() && top_namespace(q) == home;
  }
};

namespace {

// One slicing run: frames per call site, nodes, leaves.
class Slicer {
 public:
  Slicer(IrProgram::Impl& p, const SliceOptions& o, std::string home) : p_(p), o_(o), home_(std::move(home)) {}

  ObjectGraph& graph() { return g_; }

  int root_frame(llvm::Function* f) {
    p_.prepare(f);
    frames_.push_back({f, nullptr, -1, 0});
    return static_cast<int>(frames_.size()) - 1;
  }

  // Nodes for the conditions that decide whether block b of frame `fr` runs.
  std::vector<uint32_t> guards_of(int fr, llvm::BasicBlock* b) {
    std::vector<uint32_t> out;
    for (llvm::BasicBlock* c : p_.controlling_blocks(frames_[fr].function, b)) {
      llvm::Instruction* term = c->getTerminator();
      llvm::Value* cond = nullptr;
      if (auto* br = llvm::dyn_cast<llvm::BranchInst>(term); br && br->isConditional()) cond = br->getCondition();
      if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(term)) cond = sw->getCondition();
      if (cond) append(out, collect(fr, cond));
    }
    return out;
  }

  // Whether control leaves block b along one edge or another: its own branch and its guards.
  std::vector<uint32_t> decisions_of(int fr, llvm::BasicBlock* b) {
    std::vector<uint32_t> out = guards_of(fr, b);
    llvm::Instruction* term = b->getTerminator();
    if (auto* br = llvm::dyn_cast<llvm::BranchInst>(term); br && br->isConditional()) append(out, collect(fr, br->getCondition()));
    if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(term)) append(out, collect(fr, sw->getCondition()));
    return out;
  }

  // The nodes value v of frame fr is computed from (none for constants).
  std::vector<uint32_t> collect(int fr, llvm::Value* v) {
    auto key = std::make_pair(fr, v);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    memo_[key] = {};  // cycles through phis end here
    std::vector<uint32_t> out = compute(fr, v);
    memo_[key] = out;
    return out;
  }

  std::optional<AccessPath> path_of(int fr, llvm::Value* v, int budget = 24) {
    if (budget <= 0 || !v) return std::nullopt;
    v = strip_casts(v);
    if (auto* a = llvm::dyn_cast<llvm::Argument>(v)) {
      const Frame& f = frames_[fr];
      if (f.parent < 0) return AccessPath{static_cast<int>(a->getArgNo()), {}};
      if (a->getArgNo() >= f.call->arg_size()) return std::nullopt;
      return path_of(f.parent, f.call->getArgOperand(a->getArgNo()), budget - 1);
    }
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(v)) return gep_path(fr, gep, budget);
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(v)) return path_of(fr, load->getPointerOperand(), budget - 1);
    if (auto* phi = llvm::dyn_cast<llvm::PHINode>(v)) {
      for (llvm::Value* in : phi->incoming_values())
        if (!llvm::isa<llvm::Constant>(in))
          if (auto p = path_of(fr, in, budget - 1)) return p;
      return std::nullopt;
    }
    if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(v)) return stored_into(fr, alloca, budget);
    if (auto* call = llvm::dyn_cast<llvm::CallBase>(v)) return call_path(fr, call, budget);
    return std::nullopt;
  }

 private:
  static void append(std::vector<uint32_t>& to, const std::vector<uint32_t>& from) {
    for (uint32_t n : from)
      if (std::find(to.begin(), to.end(), n) == to.end()) to.push_back(n);
  }

  uint32_t add_node(GraphNode::Kind kind, std::string label, std::vector<uint32_t> inputs, int fr) {
    GraphNode n;
    n.kind = kind;
    n.label = std::move(label);
    n.inputs = std::move(inputs);
    n.depth = frames_[fr].depth;
    g_.nodes.push_back(std::move(n));
    return static_cast<uint32_t>(g_.nodes.size() - 1);
  }

  uint32_t add_read(GraphNode::Kind kind, const AccessPath& path, std::vector<uint32_t> inputs, int fr) {
    int index = -1;
    for (size_t i = 0; i < g_.leaves.size(); ++i)
      if (g_.leaves[i] == path) index = static_cast<int>(i);
    if (index < 0) {
      g_.leaves.push_back(path);
      index = static_cast<int>(g_.leaves.size() - 1);
    }
    for (size_t i = 0; i < g_.nodes.size(); ++i)  // one node per path
      if (g_.nodes[i].path == index && g_.nodes[i].kind == kind) {
        append(g_.nodes[i].inputs, inputs);
        return static_cast<uint32_t>(i);
      }
    uint32_t n = add_node(kind, g_.leaves[index].str(), std::move(inputs), fr);
    g_.nodes[n].path = index;
    return n;
  }

  std::vector<uint32_t> compute(int fr, llvm::Value* v) {
    if (llvm::isa<llvm::Constant>(v) || llvm::isa<llvm::BasicBlock>(v) || llvm::isa<llvm::MetadataAsValue>(v)) return {};
    if (auto* a = llvm::dyn_cast<llvm::Argument>(v)) {
      const Frame& f = frames_[fr];
      if (f.parent >= 0)
        return a->getArgNo() < f.call->arg_size() ? collect(f.parent, f.call->getArgOperand(a->getArgNo())) : std::vector<uint32_t>{};
      if (a->getType()->isPointerTy()) return {};  // an object: what the branch reads of it are its members
      return {add_read(GraphNode::Kind::Input, AccessPath{static_cast<int>(a->getArgNo()), {}}, {}, fr)};
    }
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(v)) {
      llvm::Value* ptr = load->getPointerOperand();
      std::vector<uint32_t> inputs = address_inputs(fr, ptr);
      if (auto path = path_of(fr, ptr); path && !path->steps.empty()) return {add_read(GraphNode::Kind::FieldRead, *path, inputs, fr)};
      if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(strip_casts(ptr))) return stores_into(fr, alloca);
      return inputs;
    }
    if (auto* call = llvm::dyn_cast<llvm::CallBase>(v)) return call_nodes(fr, call);
    std::vector<uint32_t> out;
    if (auto* inst = llvm::dyn_cast<llvm::Instruction>(v)) {
      if (auto* phi = llvm::dyn_cast<llvm::PHINode>(inst)) {  // which value flows in is decided by branches
        for (unsigned k = 0; k < phi->getNumIncomingValues(); ++k) {
          append(out, collect(fr, phi->getIncomingValue(k)));
          append(out, decisions_of(fr, phi->getIncomingBlock(k)));
        }
        append(out, guards_of(fr, phi->getParent()));
        return out;
      }
      for (llvm::Value* op : inst->operands()) append(out, collect(fr, op));
    }
    return out;
  }

  // What an address is computed from: indices of element reads, the objects it starts at.
  std::vector<uint32_t> address_inputs(int fr, llvm::Value* ptr) {
    std::vector<uint32_t> out;
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(strip_casts(ptr)))
      for (auto it = gep->idx_begin(); it != gep->idx_end(); ++it) append(out, collect(fr, *it));
    return out;
  }

  std::vector<uint32_t> stores_into(int fr, llvm::AllocaInst* alloca) {
    std::vector<uint32_t> out;
    for (llvm::User* u : alloca->users()) {
      if (auto* st = llvm::dyn_cast<llvm::StoreInst>(u); st && strip_casts(st->getPointerOperand()) == alloca)
        append(out, collect(fr, st->getValueOperand()));
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(u); call && call->getCalledFunction() && !call->getCalledFunction()->isIntrinsic())
        append(out, collect(fr, call));
    }
    return out;
  }

  std::optional<AccessPath> stored_into(int fr, llvm::AllocaInst* alloca, int budget) {
    for (llvm::User* u : alloca->users()) {
      llvm::User* user = u;
      if (auto* cast = llvm::dyn_cast<llvm::Operator>(u); cast && (llvm::isa<llvm::BitCastOperator>(u) || llvm::isa<llvm::GEPOperator>(u)))
        for (llvm::User* uu : cast->users()) {
          if (auto* st = llvm::dyn_cast<llvm::StoreInst>(uu))
            if (auto p = path_of(fr, st->getValueOperand(), budget - 1)) return p;
        }
      if (auto* st = llvm::dyn_cast<llvm::StoreInst>(user); st && strip_casts(st->getPointerOperand()) == alloca)
        if (auto p = path_of(fr, st->getValueOperand(), budget - 1)) return p;
    }
    return std::nullopt;
  }

  std::optional<AccessPath> gep_path(int fr, llvm::GEPOperator* gep, int budget) {
    auto base = path_of(fr, gep->getPointerOperand(), budget - 1);
    if (!base) return std::nullopt;
    llvm::Type* t = gep->getSourceElementType();
    auto idx = gep->idx_begin();
    ++idx;  // the first index steps over whole objects (an array of them)
    for (; idx != gep->idx_end(); ++idx) {
      auto* st = llvm::dyn_cast<llvm::StructType>(t);
      if (!st) {
        if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) t = at->getElementType();
        continue;
      }
      auto* k = llvm::dyn_cast<llvm::ConstantInt>(idx->get());
      if (!k) return base;
      uint32_t element = static_cast<uint32_t>(k->getZExtValue());
      std::string cls = class_of_struct(st);
      base->steps.push_back({PathStep::Kind::Field, FieldRef{cls, element, field_name(st, cls, element)}, ""});
      t = st->getElementType(element);
    }
    return base;
  }

  std::string field_name(llvm::StructType* st, const std::string& cls, uint32_t element) const {
    auto it = p_.field_names.find(cls);
    return it == p_.field_names.end() ? "" : element_name(st, element, it->second);
  }

  std::optional<AccessPath> call_path(int fr, llvm::CallBase* call, int budget) {
    llvm::Function* callee = call->getCalledFunction();
    if (!callee || callee->isIntrinsic() || call->arg_size() == 0) return std::nullopt;
    if (p_.transparent(callee, home_) && frames_[fr].depth < static_cast<uint32_t>(o_.depth)) {
      int cf = frame_for(fr, call);
      for (llvm::BasicBlock& b : *callee)
        if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(b.getTerminator());
            ret && ret->getReturnValue() && !llvm::isa<llvm::Constant>(ret->getReturnValue()))
          if (auto p = path_of(cf, ret->getReturnValue(), budget - 1)) return p;
      return std::nullopt;
    }
    std::string q = qualified_name(p_.demangle(callee));
    if (!is_element_access(member_name(q))) return std::nullopt;
    auto base = path_of(fr, call->getArgOperand(0), budget - 1);
    if (!base) return std::nullopt;
    if (base->steps.empty() || base->steps.back().kind != PathStep::Kind::Element)  // it = begin(); *it: one element
      base->steps.push_back({PathStep::Kind::Element, {}, q});
    return base;
  }

  int frame_for(int fr, llvm::CallBase* call) {
    auto key = std::make_pair(fr, static_cast<llvm::Value*>(call));
    if (auto it = call_frames_.find(key); it != call_frames_.end()) return it->second;
    llvm::Function* callee = call->getCalledFunction();
    p_.prepare(callee);
    frames_.push_back({callee, call, fr, frames_[fr].depth + 1});
    return call_frames_[key] = static_cast<int>(frames_.size()) - 1;
  }

  std::vector<uint32_t> call_nodes(int fr, llvm::CallBase* call) {
    llvm::Function* callee = call->getCalledFunction();
    if (callee && callee->isIntrinsic()) return {};
    std::string name = callee ? p_.demangle(callee) : "indirect call";
    if (name.rfind("__objgen_cov", 0) == 0 || name.rfind("__sanitizer_cov", 0) == 0) return {};
    std::string q = qualified_name(name);
    if (callee && p_.transparent(callee, home_) && frames_[fr].depth < static_cast<uint32_t>(o_.depth)) {
      int cf = frame_for(fr, call);
      std::vector<uint32_t> inputs;
      for (llvm::BasicBlock& b : *callee)
        if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(b.getTerminator())) {
          if (ret->getReturnValue()) append(inputs, collect(cf, ret->getReturnValue()));
          append(inputs, guards_of(cf, &b));
        }
      return {add_node(GraphNode::Kind::Call, q, std::move(inputs), fr)};
    }
    std::vector<uint32_t> inputs;
    for (llvm::Value* arg : call->args()) append(inputs, collect(fr, arg));
    if (call->arg_size() > 0)
      if (auto base = path_of(fr, call->getArgOperand(0))) {
        AccessPath read = *base;
        bool element = is_element_access(member_name(q));
        if (!element || read.steps.empty() || read.steps.back().kind != PathStep::Kind::Element)
          read.steps.push_back({element ? PathStep::Kind::Element : PathStep::Kind::Call, {}, q});
        return {add_read(element ? GraphNode::Kind::ElementRead : GraphNode::Kind::Call, read, std::move(inputs), fr)};
      }
    return {add_node(GraphNode::Kind::Call, q, std::move(inputs), fr)};
  }

  IrProgram::Impl& p_;
  const SliceOptions& o_;
  std::string home_;
  ObjectGraph g_;
  std::vector<Frame> frames_;
  std::map<std::pair<int, llvm::Value*>, std::vector<uint32_t>> memo_;
  std::map<std::pair<int, llvm::Value*>, int> call_frames_;
};

uint32_t first_line(llvm::BasicBlock* b) {
  for (llvm::Instruction& i : *b)
    if (const llvm::DebugLoc& loc = i.getDebugLoc(); loc && loc.getLine()) return loc.getLine();
  return 0;
}

}  // namespace

IrProgram::IrProgram(const std::vector<std::string>& ir_files) : impl_(std::make_unique<Impl>()) {
  for (const std::string& file : ir_files) {
    llvm::SMDiagnostic err;
    std::unique_ptr<llvm::Module> m = llvm::parseIRFile(file, err, impl_->context);
    if (!m) throw std::runtime_error(file + ":" + std::to_string(err.getLineNo()) + ": " + err.getMessage().str());
    for (llvm::Function& f : *m)
      if (!f.isDeclaration()) impl_->by_name.emplace(f.getName().str(), &f);
    impl_->modules.push_back(std::move(m));
  }
}

IrProgram::~IrProgram() = default;

void IrProgram::name_fields(const std::string& cls, std::vector<std::string> names) { impl_->field_names[cls] = std::move(names); }

std::vector<std::string> IrProgram::defined_functions() const {
  std::vector<std::string> out;
  for (const auto& [name, f] : impl_->by_name) out.push_back(impl_->demangle(f));
  return out;
}

ObjectGraph IrProgram::graph_for(const std::string& mangled, const std::string& label, const SliceOptions& options) {
  auto it = impl_->by_name.find(mangled);
  if (it == impl_->by_name.end()) throw std::invalid_argument("no function " + mangled + " in the IR");
  llvm::Function* f = it->second;
  std::string home = top_namespace(qualified_name(impl_->demangle(f)));
  Slicer s(*impl_, options, home);
  int root = s.root_frame(f);
  auto block = impl_->labels[f].find(without_percent(label));
  if (block == impl_->labels[f].end()) throw std::invalid_argument("no block " + label + " in " + impl_->demangle(f));
  ObjectGraph& g = s.graph();
  g.function = impl_->demangle(f);
  g.block = label;
  g.line = first_line(block->second);
  g.nodes.push_back({GraphNode::Kind::Branch, "block " + label + (g.line ? " (line " + std::to_string(g.line) + ")" : ""), -1, {}, 0});
  std::vector<uint32_t> guards = s.guards_of(root, block->second);
  g.nodes[0].inputs = guards;
  return std::move(g);
}

namespace {
// A constant operand into the pool: an integer, a finite floating-point value, or a C string
// (a pointer into a constant array of characters, as a literal "FRAGILE" is).
void add_to_pool(ConstantPool& pool, llvm::Value* v) {
  constexpr size_t kLongestString = 256;
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
    unsigned width = c->getBitWidth();
    // 0xAA in every byte is -ftrivial-auto-var-init=pattern filling a local, not the code's value.
    bool fill = width % 8 == 0 && c->getValue() == llvm::APInt::getSplat(width, llvm::APInt(8, 0xAA));
    if (width > 1 && width <= 64 && !fill) pool.ints.push_back(c->getSExtValue());
  } else if (auto* f = llvm::dyn_cast<llvm::ConstantFP>(v)) {
    llvm::APFloat x = f->getValueAPF();
    bool lost = false;
    x.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    if (x.isFinite()) pool.doubles.push_back(x.convertToDouble());
  } else if (v->getType()->isPointerTy() && llvm::isa<llvm::Constant>(v)) {
    llvm::StringRef text;
    if (llvm::getConstantStringInfo(v, text) && !text.empty() && text.size() <= kLongestString) pool.strings.push_back(text.str());
  }
}
}  // namespace

ConstantPool IrProgram::constants(const std::string& name, const SliceOptions& options) {
  auto it = impl_->by_name.find(name);
  if (it == impl_->by_name.end())  // a demangled name (as defined_functions gives them)
    for (auto f = impl_->by_name.begin(); f != impl_->by_name.end() && it == impl_->by_name.end(); ++f)
      if (impl_->demangle(f->second) == name) it = f;
  if (it == impl_->by_name.end()) throw std::invalid_argument("no function " + name + " in the IR");
  std::string home = top_namespace(qualified_name(impl_->demangle(it->second)));
  ConstantPool pool;
  std::set<llvm::Function*> seen{it->second};
  std::vector<std::pair<llvm::Function*, int>> work{{it->second, 0}};
  while (!work.empty()) {
    auto [f, depth] = work.back();
    work.pop_back();
    for (llvm::BasicBlock& b : *f)
      for (llvm::Instruction& i : b) {
        if (llvm::isa<llvm::CmpInst>(&i)) {  // icmp and fcmp
          add_to_pool(pool, i.getOperand(0));
          add_to_pool(pool, i.getOperand(1));
        } else if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(&i)) {
          for (auto& c : sw->cases()) add_to_pool(pool, c.getCaseValue());
        } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
          add_to_pool(pool, store->getValueOperand());
        } else if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i); call && !llvm::isa<llvm::IntrinsicInst>(call)) {
          llvm::Function* callee = call->getCalledFunction();
          std::string name = callee ? impl_->demangle(callee) : "";
          if (name.rfind("__objgen_cov", 0) == 0 || name.rfind("__sanitizer_cov", 0) == 0) continue;
          for (llvm::Value* arg : call->args()) add_to_pool(pool, arg);
          if (callee && depth < options.depth && impl_->transparent(callee, home) && seen.insert(callee).second)
            work.push_back({callee, depth + 1});
        }
      }
  }
  pool.normalize();
  return pool;
}

std::vector<std::string> IrProgram::blocks_at_line(const std::string& mangled, uint32_t line) {
  auto it = impl_->by_name.find(mangled);
  if (it == impl_->by_name.end()) throw std::invalid_argument("no function " + mangled + " in the IR");
  impl_->prepare(it->second);
  std::vector<std::pair<llvm::BasicBlock*, std::string>> found;
  for (const auto& [label, block] : impl_->labels[it->second])
    if (first_line(block) == line) found.push_back({block, label});
  std::vector<std::string> out;
  for (llvm::BasicBlock& b : *it->second)
    for (const auto& [block, label] : found)
      if (block == &b) out.push_back(label == "entry" ? label : "%" + label);
  return out;
}

std::vector<FieldWriter> IrProgram::writers_of(const FieldRef& field, const SliceOptions& options) {
  std::vector<FieldWriter> out;
  for (const auto& [name, f] : impl_->by_name) {
    std::string q = qualified_name(impl_->demangle(f));
    if (q.rfind(field.cls + "::", 0) != 0 || f->arg_size() == 0) continue;  // members of the field's class
    const std::string& full = impl_->demangle(f);
    if (full.size() > 6 && full.compare(full.size() - 6, 6, " const") == 0) continue;  // cannot write (mutable aside)
    Slicer s(*impl_, options, top_namespace(q));
    int root = s.root_frame(f);
    for (llvm::BasicBlock& b : *f)
      for (llvm::Instruction& i : b) {
        llvm::Value* target = nullptr;
        std::string how;
        if (auto* st = llvm::dyn_cast<llvm::StoreInst>(&i)) {
          if (llvm::isa<llvm::AllocaInst>(llvm::getUnderlyingObject(st->getPointerOperand()))) continue;  // a local
          target = st->getPointerOperand();
          how = "store";
        } else if (auto* copy = llvm::dyn_cast<llvm::MemIntrinsic>(&i)) {  // a trivially copyable member assigned: card_ = card
          target = copy->getRawDest();                                     // getDest() would also strip a GEP to the first member
          how = "store";
        } else if (auto* call = llvm::dyn_cast<llvm::CallBase>(&i);
                   call && call->getCalledFunction() && call->arg_size() > 0 && !call->getCalledFunction()->isIntrinsic()) {
          std::string callee = impl_->demangle(call->getCalledFunction());
          bool is_const = callee.size() > 6 && callee.compare(callee.size() - 6, 6, " const") == 0;
          if (!is_mutating_library_call(member_name(qualified_name(callee)), is_const)) continue;
          target = call->getArgOperand(0);
          how = qualified_name(callee);
        }
        if (!target) continue;
        auto path = s.path_of(root, target);
        if (!path || path->input != 0 || path->steps.empty()) continue;
        auto is_field = [&](const AccessPath& p) {
          const PathStep& first = p.steps.front();
          return p.input == 0 && first.kind == PathStep::Kind::Field && first.field.cls == field.cls &&
                 (field.name.empty() ? first.field.element == field.element : first.field.name == field.name);
        };
        if (!is_field(*path)) continue;
        FieldWriter w{impl_->demangle(f), how, 0, 0, 0};
        w.guards = static_cast<uint32_t>(impl_->controlling_blocks(f, &b).size());
        for (uint32_t n : s.collect(root, &i)) {  // what the written value comes from
          const GraphNode& node = s.graph().nodes[n];
          if (node.kind == GraphNode::Kind::Input) ++w.inputs;
          if (node.kind == GraphNode::Kind::FieldRead && how == "store" && is_field(s.graph().leaves[node.path])) w.accumulates = true;
        }
        if (std::none_of(out.begin(), out.end(), [&](const FieldWriter& o) { return o.function == w.function; })) out.push_back(w);
      }
  }
  return out;
}

}  // namespace objgen::analysis
