// FAJITA's node caching linked list (the BEAPI artifact's 3_fajita cList.NodeCachingLinkedList,
// from Commons Collections), for the repOK-versus-API study (BEAPI paper, RQ3). A circular doubly
// linked list around a header node, plus a singly linked cache of removed nodes (previous and
// value cleared). The Java value is an Object that may be null; here an int where -1 stands for
// null. modCount (outside the finitization) is left out; DEFAULT_MAXIMUM_CACHE_SIZE and
// maximumCacheSize are not in the Korat finitization either (Korat leaves them at the
// constructor's 20): give them --range ...=20..20.
//
// repOK as the Java's ("diferent to ROOPS" in its comments): every node of the main list, the
// header included, and every cached node must hold a non-null value.
//
//   objgen korat --header examples/invariants/rq3/fajita/node_caching_linked_list.hpp
//       --class rq3::fajita::NodeCachingLinkedList --scope 6 --range size=0..6 --range cacheSize=0..6
//       --range DEFAULT_MAXIMUM_CACHE_SIZE=20..20 --range maximumCacheSize=20..20 --range value=-1..5
//       --against-api --methods addLast,removeIndex
#pragma once

#include <stdexcept>

#include "../../visited_set.hpp"

namespace rq3::fajita {

struct CachingListNode {
  CachingListNode* previous = nullptr;
  CachingListNode* next = nullptr;
  int value = -1;  // -1: null
};

class NodeCachingLinkedList {
 public:
  NodeCachingLinkedList() {
    header = createHeaderNode();
    size = 0;
    cacheSize = 0;
    firstCachedNode = nullptr;
    DEFAULT_MAXIMUM_CACHE_SIZE = 20;
    maximumCacheSize = DEFAULT_MAXIMUM_CACHE_SIZE;
  }
  NodeCachingLinkedList(const NodeCachingLinkedList& other)
      : size(other.size),
        DEFAULT_MAXIMUM_CACHE_SIZE(other.DEFAULT_MAXIMUM_CACHE_SIZE),
        cacheSize(other.cacheSize),
        maximumCacheSize(other.maximumCacheSize) {
    header = new CachingListNode;
    header->value = other.header->value;
    CachingListNode* last = header;
    for (const CachingListNode* n = other.header->next; n != other.header; n = n->next) {
      CachingListNode* c = new CachingListNode;
      c->value = n->value;
      c->previous = last;
      last->next = c;
      last = c;
    }
    last->next = header;
    header->previous = last;
    CachingListNode** tail = &firstCachedNode;
    for (const CachingListNode* n = other.firstCachedNode; n != nullptr; n = n->next) {
      *tail = new CachingListNode{nullptr, nullptr, n->value};  // a cached node has no previous
      tail = &(*tail)->next;
    }
  }
  NodeCachingLinkedList& operator=(const NodeCachingLinkedList&) = delete;
  ~NodeCachingLinkedList() {
    CachingListNode* n = header->next;
    while (n != header) {
      CachingListNode* next = n->next;
      delete n;
      n = next;
    }
    delete header;
    while (firstCachedNode != nullptr) {
      CachingListNode* next = firstCachedNode->next;
      delete firstCachedNode;
      firstCachedNode = next;
    }
  }

  bool addLast(int o) {
    addNodeBefore(header, o);
    return true;
  }

  // Removes the element at index (std::out_of_range where the Java throws) and returns it.
  int removeIndex(int index) {
    CachingListNode* node = getNode(index, false);
    int oldValue = node->value;
    removeNode(node);
    return oldValue;
  }

  bool repOK() const {
    if (header == nullptr) return false;
    if (header->next == nullptr) return false;
    if (header->previous == nullptr) return false;
    if (cacheSize > maximumCacheSize) return false;
    if (DEFAULT_MAXIMUM_CACHE_SIZE != 20) return false;
    if (size < 0) return false;

    int cyclicSize = 0;
    const CachingListNode* n = header;
    do {
      ++cyclicSize;
      if (n->value == -1) return false;  // "diferent to ROOPS"
      if (n->previous == nullptr) return false;
      if (n->previous->next != n) return false;
      if (n->next == nullptr) return false;
      if (n->next->previous != n) return false;
      if (n != nullptr) n = n->next;
    } while (n != header && n != nullptr);
    if (n == nullptr) return false;
    if (size != cyclicSize - 1) return false;

    int acyclicSize = 0;
    const CachingListNode* m = firstCachedNode;
    invariants::VisitedSet<CachingListNode> visited;
    visited.insert(firstCachedNode);  // null too, as Java's HashSet takes it
    while (m != nullptr) {
      ++acyclicSize;
      if (m->previous != nullptr) return false;
      if (m->value == -1) return false;  // "diferent to ROOPS"
      m = m->next;
      if (!visited.insert(m)) return false;
    }
    if (cacheSize != acyclicSize) return false;
    return true;
  }

 private:
  static CachingListNode* createHeaderNode() {
    CachingListNode* h = new CachingListNode;  // previous and next: itself, value null
    h->previous = h;
    h->next = h;
    return h;
  }

  CachingListNode* getNodeFromCache() {
    if (cacheSize == 0) return nullptr;
    CachingListNode* cachedNode = firstCachedNode;
    firstCachedNode = cachedNode->next;
    cachedNode->next = nullptr;
    --cacheSize;
    return cachedNode;
  }

  bool isCacheFull() const { return cacheSize >= maximumCacheSize; }

  void addNodeToCache(CachingListNode* node) {
    if (isCacheFull()) {
      delete node;  // not cached (the Java leaves it to the garbage collector)
      return;
    }
    CachingListNode* nextCachedNode = firstCachedNode;
    node->previous = nullptr;
    node->next = nextCachedNode;
    node->value = -1;
    firstCachedNode = node;
    ++cacheSize;
  }

  CachingListNode* createNode(int value) {
    CachingListNode* cachedNode = getNodeFromCache();
    if (cachedNode == nullptr) {
      CachingListNode* fresh = new CachingListNode;
      fresh->value = value;
      return fresh;
    }
    cachedNode->value = value;
    return cachedNode;
  }

  void superRemoveNode(CachingListNode* node) {
    node->previous->next = node->next;
    node->next->previous = node->previous;
    --size;
  }

  void removeNode(CachingListNode* node) {
    superRemoveNode(node);
    addNodeToCache(node);
  }

  void addNodeBefore(CachingListNode* node, int value) {
    CachingListNode* fresh = createNode(value);
    addNode(fresh, node);
  }

  void addNode(CachingListNode* nodeToInsert, CachingListNode* insertBeforeNode) {
    nodeToInsert->next = insertBeforeNode;
    nodeToInsert->previous = insertBeforeNode->previous;
    insertBeforeNode->previous->next = nodeToInsert;
    insertBeforeNode->previous = nodeToInsert;
    ++size;
  }

  CachingListNode* getNode(int index, bool endMarkerAllowed) const {
    if (index < 0) throw std::out_of_range("index < 0");
    if (!endMarkerAllowed && index == size) throw std::out_of_range("index == size");
    if (index > size) throw std::out_of_range("index > size");
    CachingListNode* node;
    if (index < size / 2) {
      node = header->next;
      for (int currentIndex = 0; currentIndex < index; ++currentIndex) node = node->next;
    } else {
      node = header;
      for (int currentIndex = size; currentIndex > index; --currentIndex) node = node->previous;
    }
    return node;
  }

  CachingListNode* header = nullptr;
  int size = 0;
  int DEFAULT_MAXIMUM_CACHE_SIZE = 20;
  CachingListNode* firstCachedNode = nullptr;
  int cacheSize = 0;
  int maximumCacheSize = 20;
};

}  // namespace rq3::fajita
