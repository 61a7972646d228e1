// A node-caching doubly linked list (after the ROOPS/Apache Commons design): a circular list
// with a header node, plus a singly linked cache of removed nodes that insertions reuse.
#pragma once

#include <optional>
#include <stdexcept>

namespace examples {

class NodeCachingList {
 public:
  static constexpr int kDefaultMaximumCacheSize = 20;

  NodeCachingList();
  NodeCachingList(const NodeCachingList& other);
  NodeCachingList& operator=(const NodeCachingList& other);
  ~NodeCachingList();

  void addLast(int value);
  void addFirst(int value);
  // ROOPS semantics: the index is ignored and the first element is removed.
  void removeIndex(int index);
  void removeFirst();
  void removeLast();
  void clear();
  bool contains(int value) const;
  int get(int index) const;
  int getSize() const { return size; }
  bool isEmpty() const { return size == 0; }
  bool repOK() const;

 private:
  struct Node {
    std::optional<int> value;
    Node* next = nullptr;
    Node* previous = nullptr;
  };

  Node* takeNode(int value);
  void linkBefore(Node* position, int value);
  void unlink(Node* node);
  void recycle(Node* node);
  void destroyAll();
  void copyFrom(const NodeCachingList& other);

  Node* header;
  int size = 0;
  int cacheSize = 0;
  Node* firstCachedNode = nullptr;
  int maximumCacheSize = kDefaultMaximumCacheSize;
  int modCount = 0;
};

}  // namespace examples
