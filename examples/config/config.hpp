// Deep-object subject (EvoObj): a validator reads an entry of a section of a configuration, each
// found by id through a getter, three objects below its input. Written for objgen.
//
// Header-only: every member is defined in its class.
#pragma once

#include <cstddef>
#include <vector>

namespace examples {

class Entry {
 public:
  Entry() = default;
  Entry(int key, int value) : key_(key), value_(value) {}
  int key() const { return key_; }
  int value() const { return value_; }
  void setValue(int value) { value_ = value; }

 private:
  int key_ = 0;
  int value_ = 0;
};

class Section {
 public:
  Section() = default;
  explicit Section(int id) : id_(id) {}
  int id() const { return id_; }
  // A key already present keeps its first value; a section holds at most eight entries.
  void put(const Entry& e) {
    if (entries_.size() < 8 && entry(e.key()) == nullptr) entries_.push_back(e);
  }
  const Entry* entry(int key) const {
    for (const Entry& e : entries_)
      if (e.key() == key) return &e;
    return nullptr;
  }
  int size() const { return static_cast<int>(entries_.size()); }
  void remove(int key) {
    for (std::size_t i = 0; i < entries_.size(); ++i)
      if (entries_[i].key() == key) {
        entries_.erase(entries_.begin() + static_cast<long>(i));
        return;
      }
  }
  void clear() { entries_.clear(); }

 private:
  int id_ = 0;
  std::vector<Entry> entries_;
};

class Config {
 public:
  Config() = default;
  void add(const Section& s) {
    if (sections_.size() < 8 && section(s.id()) == nullptr) sections_.push_back(s);
  }
  const Section* section(int id) const {
    for (const Section& s : sections_)
      if (s.id() == id) return &s;
    return nullptr;
  }
  int sectionCount() const { return static_cast<int>(sections_.size()); }
  void clear() { sections_.clear(); }

 private:
  std::vector<Section> sections_;
};

class ConfigValidator {
 public:
  ConfigValidator() = default;
  explicit ConfigValidator(int max_timeout) : max_timeout_(max_timeout) {}

  // 0: valid; 1: no network section; 2: no timeout entry; 3: timeout too long; 4: retries
  // without a timeout of at least 2.
  int validate(const Config& config) const {
    const Section* network = config.section(kNetwork);
    if (network == nullptr) return 1;
    const Entry* timeout = network->entry(kTimeout);
    if (timeout == nullptr) return 2;
    if (timeout->value() > max_timeout_) return 3;
    const Entry* retries = network->entry(kRetries);
    if (retries != nullptr && retries->value() > 0 && timeout->value() < 2) return 4;
    return 0;
  }

  static constexpr int kNetwork = 3;
  static constexpr int kTimeout = 7;
  static constexpr int kRetries = 8;

 private:
  int max_timeout_ = 30;
};

}  // namespace examples
