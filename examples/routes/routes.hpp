// Deep-object subject (EvoObj): a query on a graph of nodes and edges whose branches need edges
// between nodes that exist, found by id. Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Graph {
 public:
  Graph() = default;
  // Node ids are kFirstId..kLastId.
  void addNode(int id) {
    if (id >= kFirstId && id <= kLastId && nodes_.size() < 8 && !hasNode(id)) nodes_.push_back(id);
  }
  static constexpr int kFirstId = 10;
  static constexpr int kLastId = 19;
  // An edge needs both ends to exist.
  void addEdge(int from, int to) {
    if (edges_.size() < 12 && hasNode(from) && hasNode(to) && !hasEdge(from, to)) edges_.push_back({from, to});
  }
  bool hasNode(int id) const {
    for (int n : nodes_)
      if (n == id) return true;
    return false;
  }
  bool hasEdge(int from, int to) const {
    for (const Edge& e : edges_)
      if (e.from == from && e.to == to) return true;
    return false;
  }
  int nodeCount() const { return static_cast<int>(nodes_.size()); }
  void removeEdge(int from, int to) {
    for (std::size_t i = 0; i < edges_.size(); ++i)
      if (edges_[i].from == from && edges_[i].to == to) {
        edges_.erase(edges_.begin() + static_cast<long>(i));
        return;
      }
  }
  void clear() {
    nodes_.clear();
    edges_.clear();
  }

  struct Edge {
    int from;
    int to;
  };
  const std::vector<Edge>& edges() const { return edges_; }

 private:
  std::vector<int> nodes_;
  std::vector<Edge> edges_;
};

class RouteFinder {
 public:
  RouteFinder() = default;

  // 3: a detour through one other node exists but no direct edge; 2: direct; 1: both ends exist
  // but are not connected within two hops; 0: an end is missing.
  int route(const Graph& g, int from, int to) const {
    if (!g.hasNode(from) || !g.hasNode(to) || from == to) return 0;
    if (g.hasEdge(from, to)) return 2;
    for (const Graph::Edge& e : g.edges())
      if (e.from == from && g.hasEdge(e.to, to)) return 3;
    return 1;
  }
};

}  // namespace examples
