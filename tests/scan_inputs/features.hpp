// Test input for objgen scan: one class using most of what the extractor must recognise.
#pragma once

#include <array>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace demo {

struct Item {
  int weight = 0;
  std::string label;
};

struct Counter {  // a stateful base
  long ticks = 0;
};

struct Tag {};  // a stateless base

class Shelf : public Counter, private Tag {
 public:
  enum Mode { Compact = 1, Wide = 4 };
  static constexpr int kSlots = 8;
  static const char* const kName;

  Shelf();
  explicit Shelf(int capacity, Mode mode = Compact);
  Shelf(const char* name);                      // C string: unsupported
  Shelf(const Shelf&) = default;
  Shelf(Shelf&&) noexcept = default;
  Shelf& operator=(const Shelf&) = default;
  ~Shelf();

  void add(int weight);
  void add(int weight, const std::string& label);
  void add(const Item& item) = delete;
  bool remove(int weight) &;
  Shelf take() &&;                              // rvalue-only
  template <class It> void addAll(It first, It last);
  void merge(const Shelf& other);
  void steal(Shelf* other);
  void adopt(std::unique_ptr<Shelf> other);
  void fill(int n, std::vector<int>::iterator hint = {});  // trailing parameter unsupported
  void resize(int n, Item* spare = nullptr);
  int* data();                                  // result only: fine
  void weigh(int& out) const;                   // out parameter: unsupported
  int size() const noexcept;
  bool empty() const;
  bool repOK() const;
  int operator()(int slot) const;
  bool operator<(const Shelf& other) const;
  static std::unique_ptr<Shelf> make(int n);
  static Shelf parse(const std::string& text);
  static int version();

  friend bool operator==(const Shelf& a, const Shelf& b) { return a.count_ == b.count_; }

 private:
  struct Slot {
    Item item;
    std::shared_ptr<Slot> overflow;
    Slot* prev = nullptr;
  };
  enum class State : unsigned char { Idle, Busy };

  std::vector<Slot> slots_;
  std::map<int, std::shared_ptr<Item>> byWeight_;  // unique_ptr here would make the defaulted copy ill-formed
  std::array<int, 3> recent_{};
  int counts_[2] = {0, 0};
  std::optional<Item> last_;
  State state_ = State::Idle;
  int count_ = 0;
  int modCount = 0;
  std::less<int> order_;                        // stateless: left out
  void* cookie_ = nullptr;                      // opaque
};

std::ostream& operator<<(std::ostream& out, const Shelf& s);
Shelf combine(const Shelf& a, const Shelf& b);
std::shared_ptr<Shelf> share(int n);
void rotate(Shelf& s, int by);
int unrelated(int x);

template <class K, class V>
struct Pair {
  K key{};
  V value{};
  void set(K k, V v) { key = k; value = v; }
};

}  // namespace demo
