// A handle to a node of a shared document, shaped like YAML::Node: copies are handles to the same
// node (a change through one shows through every copy), push_back links another handle's node (a
// node can hold itself: a cycle of shared pointers), and child(i) past the end gives an invalid
// handle whose size() and iteration throw, as a YAML "zombie" node does. Iterating yields Items,
// handles of their own type, so values nest in values with no bound but objgen's scope.
// None of that is a bug: objgen must read such objects without crash or nondeterminism findings
// (its copies are not deep: inputs are rebuilt, not copied).
#pragma once

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <vector>

namespace shapes {

class DocHandle {
  struct Node {
    int tag = 0;
    std::vector<std::shared_ptr<Node>> items;
  };

 public:
  class Item;
  class iterator {
   public:
    using value_type = Item;
    using difference_type = std::ptrdiff_t;
    iterator() = default;
    iterator(const std::vector<std::shared_ptr<Node>>* items, std::size_t at) : items_(items), at_(at) {}
    Item operator*() const;
    iterator& operator++() {
      ++at_;
      return *this;
    }
    iterator operator++(int) {
      iterator was = *this;
      ++at_;
      return was;
    }
    bool operator==(const iterator& o) const { return at_ == o.at_; }

   private:
    const std::vector<std::shared_ptr<Node>>* items_ = nullptr;
    std::size_t at_ = 0;
  };

  DocHandle() : node_(std::make_shared<Node>()) {}

  void push_back(const DocHandle& child) {
    check();
    child.check();
    node_->items.push_back(child.node_);
  }
  void set_tag(int tag) {
    check();
    node_->tag = tag;
  }
  DocHandle child(std::size_t i) const {
    check();
    return i < node_->items.size() ? DocHandle(node_->items[i]) : DocHandle(nullptr);
  }
  int tag() const {
    check();
    return node_->tag;
  }
  std::size_t size() const {
    check();
    return node_->items.size();
  }
  bool valid() const noexcept { return node_ != nullptr; }
  iterator begin() const {
    check();
    return {&node_->items, 0};
  }
  iterator end() const {
    check();
    return {&node_->items, node_->items.size()};
  }
  // Identity, as YAML's Node::is(): two handles are equal when they are handles to one node.
  bool operator==(const DocHandle& o) const { return node_ == o.node_; }

 protected:
  explicit DocHandle(std::shared_ptr<Node> node) : node_(std::move(node)) {}

 private:
  void check() const {
    if (!node_) throw std::runtime_error("invalid handle: a child that does not exist");
  }
  std::shared_ptr<Node> node_;
};

class DocHandle::Item : public DocHandle {
 public:
  explicit Item(std::shared_ptr<Node> node) : DocHandle(std::move(node)) {}
};

inline DocHandle::Item DocHandle::iterator::operator*() const { return Item((*items_)[at_]); }

}  // namespace shapes
