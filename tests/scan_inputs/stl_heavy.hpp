// Timing input: a class over the usual standard headers.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace heavy {

class Registry {
 public:
  Registry() = default;
  void put(const std::string& key, int value);
  bool erase(const std::string& key);
  int get(const std::string& key) const;
  std::size_t size() const { return byName_.size(); }
  bool repOK() const;

 private:
  struct Entry {
    std::string name;
    std::vector<int> history;
    std::unique_ptr<Entry> shadow;
  };
  std::map<std::string, std::shared_ptr<Entry>> byName_;
  std::unordered_map<int, std::weak_ptr<Entry>> byId_;
  std::vector<std::string> order_;
};

}  // namespace heavy
