// Canonical forms: isomorphic heaps give equal words, different ones do not; scope and omission.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <set>
#include <unordered_set>

#include "objgen/objgen.hpp"

namespace lin_test {
struct Node {
  int value = 0;
  Node* next = nullptr;
  Node* other = nullptr;
};
struct Holder {
  Node* head = nullptr;
  int size = 0;
  int counter = 0;
  std::vector<int> items;
  std::optional<std::string> label;
  std::unordered_set<int> bag;
  std::map<int, std::string> names;
  std::unique_ptr<Node> owned;
};
// A ring whose iteration never reaches end(), as in a boost::circular_buffer built with a
// capacity smaller than its size; `sized` says whether it also claims a size().
template <bool sized>
struct Ring {
  int cells[2] = {1, 2};
  struct iterator {
    const int* at;
    const int* first;
    const int& operator*() const { return *at; }
    iterator& operator++() {
      at = at + 1 == first + 2 ? first : at + 1;
      return *this;
    }
    bool operator==(const iterator& o) const { return at == o.at; }
  };
  iterator begin() const { return {cells, cells}; }
  iterator end() const { return {nullptr, cells}; }
  size_t size() const requires sized { return 2; }
};
struct Rings {
  Ring<true> sized;
  Ring<false> unsized;
};
// Children held by value in a vector: a recursion only the scope can bound (jsoncpp's values).
struct Tree {
  int value = 0;
  std::vector<Tree> children;
};
// A range whose size() is its own count, not its iteration's length (jsoncpp's arrays).
struct Sparse {
  std::vector<int> entries;
  size_t claimed = 0;
  auto begin() const { return entries.begin(); }
  auto end() const { return entries.end(); }
  size_t size() const { return claimed; }
};
struct SparseHolder {
  Sparse s;
};
// Two classes whose objects linearize to the same words.
struct Celsius {
  int degrees = 0;
};
struct Fahrenheit {
  int degrees = 0;
};
// A base, a nested struct and a list, each with a field a test omits.
struct Inner {
  int x = 0;
  int hidden_x = 0;
};
struct Base {
  int b = 0;
  int hidden_b = 0;
};
struct Derived : Base {
  int d = 0;
  Inner inner;
  Node* head = nullptr;
};
// Every kind of field a plain visit writes itself (scalars, pointers) or hands on (strings,
// containers, a nested struct).
enum class Color : unsigned char { kRed = 1, kBlue = 200 };
struct Mixed {
  Color color = Color::kRed;
  double ratio = 0;
  bool flag = false;
  short small = 0;
  Holder holder;
  Node* tail = nullptr;
  std::string name;
};
// Entries kept in a set ordered by their addresses (yaml-cpp's node sets).
struct Entry {
  int value = 0;
};
struct Pool {
  std::set<Entry*> entries;
};
// A value read through its own iteration, whose items are values of their own type that may hold
// themselves (a YAML node), and whose invalid handles refuse to be iterated.
struct Doc {
  std::vector<Doc>* items = nullptr;  // null: an invalid handle
  bool valid = true;
  struct iterator {
    const std::vector<Doc>* items;
    size_t at;
    const Doc& operator*() const { return (*items)[at]; }
    iterator& operator++() {
      ++at;
      return *this;
    }
    bool operator==(const iterator& o) const { return at == o.at; }
  };
  iterator begin() const {
    if (!valid) throw std::runtime_error("invalid handle");
    return {items, 0};
  }
  iterator end() const {
    if (!valid) throw std::runtime_error("invalid handle");
    return {items, items ? items->size() : 0};
  }
};
struct DocHolder {
  int before = 7;
  Doc doc;
  int after = 8;
};
// A hand-written description whose field count depends on the object.
// Values no description covers, held through smart pointers: a copy-on-write buffer, a pimpl's
// name, an owned array.
struct Cow {
  std::shared_ptr<std::vector<int>> items;
  std::shared_ptr<std::vector<int>> saved;
  std::unique_ptr<std::string> name;
  std::unique_ptr<int[]> buffer;
  std::weak_ptr<std::vector<int>> watched;
};
struct Bag {
  int n = 0;
  int items[4] = {};
};
}  // namespace lin_test

template <>
struct objgen::Fields<lin_test::Bag> {
  static constexpr const char* name = "lin_test::Bag";
  template <class V>
  static void visit(V& v, const lin_test::Bag& bag) {
    v.field("n", bag.n);
    for (int i = 0; i < bag.n; ++i) v.field("item", bag.items[i]);
  }
};
OBJGEN_FIELDS(lin_test::Cow, items, saved, name, buffer, watched)
OBJGEN_FIELDS(lin_test::Entry, value)
OBJGEN_FIELDS(lin_test::Pool, entries)
OBJGEN_VALUE_TYPE(lin_test::Doc)
OBJGEN_FIELDS(lin_test::DocHolder, before, doc, after)
OBJGEN_FIELDS(lin_test::Inner, x, hidden_x)
OBJGEN_FIELDS(lin_test::Base, b, hidden_b)
OBJGEN_FIELDS_WITH_BASE(lin_test::Derived, lin_test::Base, d, inner, head)
OBJGEN_FIELDS(lin_test::Celsius, degrees)
OBJGEN_FIELDS(lin_test::Fahrenheit, degrees)

OBJGEN_FIELDS(lin_test::Rings, sized, unsized)
OBJGEN_FIELDS(lin_test::Tree, value, children)
OBJGEN_FIELDS(lin_test::SparseHolder, s)
OBJGEN_FIELDS(lin_test::Node, value, next, other)
OBJGEN_FIELDS(lin_test::Holder, head, size, counter, items, label, bag, names, owned)
OBJGEN_FIELDS(lin_test::Mixed, color, ratio, flag, small, holder, tail, name)

namespace {
using lin_test::Holder;
using lin_test::Node;

std::vector<uint64_t> words(const Holder& h, uint32_t scope = 10, const char* omit = nullptr) {
  objgen::Linearizer lin(scope, omit ? std::make_shared<const std::regex>(omit) : nullptr);
  EXPECT_TRUE(lin.run(objgen::class_id<Holder>(), &h));
  auto w = lin.words();
  return {w.begin(), w.end()};
}

TEST(Linearizer, IsomorphicHeapsAtDifferentAddressesAreEqual) {
  Node a1{1}, a2{2};
  a1.next = &a2;
  a2.other = &a1;  // a cycle
  Node b1{1}, b2{2};
  b1.next = &b2;
  b2.other = &b1;
  Holder x, y;
  x.head = &a1;
  y.head = &b1;
  EXPECT_EQ(words(x), words(y));
}

TEST(Linearizer, SharingIsPartOfTheState) {
  Node n1{1}, n2{1}, shared{1};
  Holder x, y;
  n1.next = &shared;
  n1.other = &shared;  // both fields point to one node
  Node m1{1}, m2{1}, m3{1};
  m1.next = &m2;
  m1.other = &m3;  // two distinct but equal nodes
  x.head = &n1;
  y.head = &m1;
  EXPECT_NE(words(x), words(y));
  (void)n2;
}

TEST(Linearizer, ValuesDistinguishStates) {
  Node a{1}, b{2};
  Holder x, y;
  x.head = &a;
  y.head = &b;
  EXPECT_NE(words(x), words(y));
}

// Fingerprints of all classes share one store: equal words of two classes must differ there,
// in both halves (a cache of fingerprints picks its slot from the high half).
TEST(Linearizer, EqualWordsOfTwoClassesHaveDifferentFingerprints) {
  lin_test::Celsius c{21};
  lin_test::Fahrenheit f{21};
  objgen::Linearizer lin(3, nullptr);
  ASSERT_TRUE(lin.run(objgen::class_id<lin_test::Celsius>(), &c));
  std::vector<uint64_t> celsius_words(lin.words().begin(), lin.words().end());
  objgen::Fingerprint celsius = lin.fingerprint(objgen::class_id<lin_test::Celsius>());
  ASSERT_TRUE(lin.run(objgen::class_id<lin_test::Fahrenheit>(), &f));
  std::vector<uint64_t> fahrenheit_words(lin.words().begin(), lin.words().end());
  objgen::Fingerprint fahrenheit = lin.fingerprint(objgen::class_id<lin_test::Fahrenheit>());
  EXPECT_EQ(celsius_words, fahrenheit_words);
  EXPECT_NE(celsius.lo, fahrenheit.lo);
  EXPECT_NE(celsius.hi, fahrenheit.hi);
}

TEST(Linearizer, OmittedFieldsDoNotCount) {
  Holder x, y;
  x.counter = 1;
  y.counter = 2;
  EXPECT_NE(words(x), words(y));
  EXPECT_EQ(words(x, 10, "counter"), words(y, 10, "counter"));
  EXPECT_EQ(words(x, 10, "lin_test::Holder\\.counter"), words(y, 10, "lin_test::Holder\\.counter"));
}

// The first object of a class is visited field by field (its omitted fields learnt by name),
// later ones through a mask: both, and a visit recording field events, must write the same words.
TEST(Linearizer, OmittedFieldsAreTheSameOnEveryVisitAndWithFieldEvents) {
  auto omit = std::make_shared<const std::regex>("hidden_.*|lin_test::Node\\.other");
  Node x_nodes[3], y_nodes[3];
  lin_test::Derived x, y;
  for (lin_test::Derived* o : {&x, &y}) {
    Node* nodes = o == &x ? x_nodes : y_nodes;
    for (int i = 0; i < 3; ++i) {
      nodes[i].value = i;
      nodes[i].next = i < 2 ? &nodes[i + 1] : nullptr;
    }
    o->b = 1, o->d = 2, o->inner.x = 3, o->head = nodes;
  }
  x.hidden_b = 5, x.inner.hidden_x = 6, x_nodes[1].other = &x_nodes[0];  // all omitted
  auto run = [&](objgen::Linearizer& lin, const lin_test::Derived& o) {
    EXPECT_TRUE(lin.run(objgen::class_id<lin_test::Derived>(), &o));
    auto w = lin.words();
    return std::vector<uint64_t>(w.begin(), w.end());
  };
  objgen::Linearizer plain(10, omit), recording(10, omit);
  recording.record_fields(true);
  std::vector<uint64_t> first = run(plain, x);
  EXPECT_EQ(run(plain, x), first);
  EXPECT_EQ(run(plain, y), first);
  EXPECT_EQ(run(recording, x), first);
  EXPECT_EQ(run(recording, y), first);
  y_nodes[2].value = 9;  // not omitted: a third node, visited through the mask
  EXPECT_NE(run(plain, y), first);
  y_nodes[2].value = 2;
  y.b = 7;  // a base's field
  EXPECT_NE(run(plain, y), first);
  y.b = 1;
  y.inner.x = 8;  // a nested struct's field
  EXPECT_NE(run(plain, y), first);
  y.inner.x = 3;
  objgen::Linearizer unomitted(10, nullptr);  // only the omitted fields differ
  EXPECT_NE(run(unomitted, x), run(unomitted, y));
}

// Learnt from a visit with fewer fields, the mask does not answer for the later ones: they are
// matched by name as a first visit would.
TEST(Linearizer, AVisitWithMoreFieldsThanTheLearntOneMatchesTheRestByName) {
  auto omit = std::make_shared<const std::regex>("item");
  lin_test::Bag small{1, {5}}, big{3, {5, 6, 7}};
  objgen::Linearizer warm(10, omit), fresh(10, omit);
  ASSERT_TRUE(warm.run(objgen::class_id<lin_test::Bag>(), &small));
  ASSERT_TRUE(warm.run(objgen::class_id<lin_test::Bag>(), &big));  // through the mask of 2 fields
  ASSERT_TRUE(fresh.run(objgen::class_id<lin_test::Bag>(), &big));
  EXPECT_EQ(std::vector<uint64_t>(warm.words().begin(), warm.words().end()),
            std::vector<uint64_t>(fresh.words().begin(), fresh.words().end()));
  EXPECT_EQ(warm.words().size(), 1u);  // n only
}

TEST(Linearizer, ScopeCountsObjectsPerClassIncludingTheRoot) {
  Node n[4];
  for (int i = 0; i < 3; ++i) n[i].next = &n[i + 1];
  Holder h;
  h.head = &n[0];
  objgen::Linearizer within(4, nullptr), beyond(3, nullptr);
  EXPECT_TRUE(within.run(objgen::class_id<Holder>(), &h));
  EXPECT_FALSE(beyond.run(objgen::class_id<Holder>(), &h));
  EXPECT_EQ(within.class_counts()[objgen::class_id<Node>()], 4u);
}

TEST(Linearizer, ContainerLengthIsBoundedByScope) {
  Holder h;
  h.items = {1, 2, 3, 4};
  objgen::Linearizer lin(3, nullptr);
  EXPECT_FALSE(lin.run(objgen::class_id<Holder>(), &h));
}

// A value of a class held inside a value of the same class is one more object of it: the root and
// its nested values together are at most the scope, however they nest. Values of another class
// in a range stay parts, bounded per range.
TEST(Linearizer, ValuesNestedInTheirOwnClassCountAgainstTheScope) {
  using lin_test::Tree;
  auto in_scope = [](const Tree& t, uint32_t scope) {
    objgen::Linearizer lin(scope, nullptr);
    return lin.run(objgen::class_id<Tree>(), &t);
  };
  Tree chain;
  chain.children.push_back(Tree{1, {Tree{2, {}}}});  // three trees, nested three deep
  EXPECT_TRUE(in_scope(chain, 3));
  EXPECT_FALSE(in_scope(chain, 2));
  Tree wide;
  wide.children = {Tree{1, {}}, Tree{2, {}}, Tree{3, {}}};  // four trees, each range within 3
  EXPECT_FALSE(in_scope(wide, 3));
  EXPECT_TRUE(in_scope(wide, 4));
  lin_test::Mixed m;  // holds a Holder by value: another class, a part as before
  EXPECT_TRUE(objgen::Linearizer(1, nullptr).run(objgen::class_id<lin_test::Mixed>(), &m));
}

// Not a standard container: its size() may count something else, so iterating past it is read on
// to the scope (then out of scope), never a hang and never a finding.
// Whatever order the allocator gave the entries, equal pools read the same words.
TEST(Linearizer, PointersOrderedByAddressAreReadInTheOrderOfTheirContents) {
  using lin_test::Entry;
  using lin_test::Pool;
  Entry low[2] = {{1}, {2}};  // ascending addresses
  Pool first, second;
  first.entries = {&low[0], &low[1]};  // the entry holding 1 comes first
  Entry swapped[2] = {{2}, {1}};
  second.entries = {&swapped[0], &swapped[1]};  // the entry holding 2 comes first
  auto read = [](const Pool& p) {
    objgen::Linearizer lin(4, nullptr);
    EXPECT_TRUE(lin.run(objgen::class_id<Pool>(), &p));
    return std::vector<uint64_t>(lin.words().begin(), lin.words().end());
  };
  EXPECT_EQ(read(first), read(second));
  Entry other[2] = {{1}, {3}};
  Pool third;
  third.entries = {&other[0], &other[1]};
  EXPECT_NE(read(first), read(third));
}

TEST(Linearizer, ContentsThatRefuseToBeReadAreAStateOfTheirOwn) {
  lin_test::DocHolder invalid, empty;
  invalid.doc.valid = false;
  objgen::Linearizer lin(4, nullptr);
  ASSERT_TRUE(lin.run(objgen::class_id<lin_test::DocHolder>(), &invalid));  // no exception escapes
  std::vector<uint64_t> refused(lin.words().begin(), lin.words().end());
  EXPECT_EQ(refused.front(), 7u);  // the fields around the contents are read as ever
  EXPECT_EQ(refused.back(), 8u);
  ASSERT_TRUE(lin.run(objgen::class_id<lin_test::DocHolder>(), &empty));
  EXPECT_NE(refused, std::vector<uint64_t>(lin.words().begin(), lin.words().end()));
}

// A value whose iteration yields the value itself (a JSON number) is a leaf; values nesting in
// each other without end are out of scope. Neither recurses without end.
TEST(Linearizer, ValuesThatHoldThemselvesEndNotARecursionWithoutEnd) {
  std::vector<lin_test::Doc> items(1);
  lin_test::Doc self{&items};
  items[0] = self;  // a handle to the same list: its one element is itself
  objgen::Linearizer lin(3, nullptr);
  ASSERT_TRUE(lin.run(objgen::class_id<lin_test::Doc>(), &items[0]));
  EXPECT_EQ(lin.words().back(), objgen::Linearizer::kSelfElement);
  EXPECT_TRUE(lin.saw_opaque());
  std::vector<lin_test::Doc> first(1), second(1);
  first[0] = lin_test::Doc{&second};  // two lists, each holding a handle to the other
  second[0] = lin_test::Doc{&first};
  lin_test::Doc cycle{&first};
  EXPECT_FALSE(lin.run(objgen::class_id<lin_test::Doc>(), &cycle));
}

TEST(Linearizer, ContainerWhoseIterationPassesItsSizeIsOutOfScopeNotAHang) {
  lin_test::Rings r;
  objgen::Linearizer lin(3, std::make_shared<const std::regex>("unsized"));
  EXPECT_FALSE(lin.run(objgen::class_id<lin_test::Rings>(), &r));
  EXPECT_EQ(lin.broken(), "");  // false for being out of scope
}

// jsoncpp's shape: an array's size() is its last index + 1, its iteration visits the entries set.
// Both lengths are state; no finding.
TEST(Linearizer, SizeThatCountsSomethingElseIsStateNotAFinding) {
  lin_test::Sparse three_entries{{7}, 3}, one_entry{{7}, 1}, counted{{7}, 1};
  std::vector<uint64_t> a, b, c;
  for (auto [sparse, words] : {std::pair{&three_entries, &a}, {&one_entry, &b}, {&counted, &c}}) {
    objgen::Linearizer lin(4, nullptr);
    ASSERT_TRUE(lin.run(objgen::class_id<lin_test::SparseHolder>(), sparse)) << lin.broken();
    *words = std::vector<uint64_t>(lin.words().begin(), lin.words().end());
  }
  EXPECT_NE(a, b);
  EXPECT_EQ(b, c);
}

TEST(Linearizer, EndlessRangeWithoutSizeIsOutOfScope) {
  lin_test::Rings r;
  objgen::Linearizer lin(3, std::make_shared<const std::regex>("sized"));
  EXPECT_FALSE(lin.run(objgen::class_id<lin_test::Rings>(), &r));
  EXPECT_EQ(lin.broken(), "");
  Holder h;
  EXPECT_TRUE(lin.run(objgen::class_id<Holder>(), &h));  // a later run starts clean
}

TEST(Linearizer, UnorderedContainersAreCanonicalWhateverTheirOrder) {
  Holder x, y;
  for (int i = 0; i < 8; ++i) x.bag.insert(i);
  y.bag.reserve(64);
  for (int i = 7; i >= 0; --i) y.bag.insert(i);
  EXPECT_EQ(words(x), words(y));
  y.bag.erase(3);
  EXPECT_NE(words(x), words(y));
}

TEST(Linearizer, OptionalsStringsMapsAndOwnedPointers) {
  Holder x, y;
  x.label = "a";
  EXPECT_NE(words(x), words(y));
  y.label = "a";
  EXPECT_EQ(words(x), words(y));
  x.names[1] = "one";
  y.names[1] = "uno";
  EXPECT_NE(words(x), words(y));
  y.names[1] = "one";
  x.owned = std::make_unique<Node>();
  EXPECT_NE(words(x), words(y));
  y.owned = std::make_unique<Node>();
  EXPECT_EQ(words(x), words(y));
}

// What a smart pointer holds of a type no description covers is read through it, and two pointers
// to one value read apart from two equal values; an owned array stays null or not. A plain visit
// and a recording one read the same words.
TEST(Linearizer, SmartPointersToValuesReadTheValueAndItsSharing) {
  using lin_test::Cow;
  auto read = [](const Cow& c, bool record = false) {
    objgen::Linearizer lin(4, nullptr);
    lin.record_fields(record);
    EXPECT_TRUE(lin.run(objgen::class_id<Cow>(), &c));
    EXPECT_TRUE(lin.saw_opaque());
    return std::vector<uint64_t>(lin.words().begin(), lin.words().end());
  };
  Cow a, b;
  EXPECT_EQ(read(a), read(b));
  a.items = std::make_shared<std::vector<int>>(std::vector<int>{1, 2});
  b.items = std::make_shared<std::vector<int>>(std::vector<int>{1, 3});
  EXPECT_NE(read(a), read(b));
  b.items->back() = 2;
  EXPECT_EQ(read(a), read(b));
  a.saved = a.items;                                       // shared
  b.saved = std::make_shared<std::vector<int>>(*b.items);  // an equal copy
  EXPECT_NE(read(a), read(b));
  b.saved = b.items;
  EXPECT_EQ(read(a), read(b));
  a.watched = a.items;
  EXPECT_NE(read(a), read(b));
  b.watched = b.items;
  EXPECT_EQ(read(a), read(b));
  a.name = std::make_unique<std::string>();
  EXPECT_NE(read(a), read(b));
  b.name = std::make_unique<std::string>("x");
  EXPECT_NE(read(a), read(b));
  *b.name = "";
  EXPECT_EQ(read(a), read(b));
  a.buffer = std::make_unique<int[]>(3);
  EXPECT_NE(read(a), read(b));
  b.buffer = std::make_unique<int[]>(2);
  b.buffer[0] = 7;
  EXPECT_EQ(read(a), read(b));
  EXPECT_EQ(read(a), read(a, true));
}

// The plain visitor writes words through a cursor of its own and hands strings, containers and
// nested structs to the linearizer in between: its words are a recording visit's, also when the
// output grows in the middle of an object.
TEST(Linearizer, PlainVisitsWriteTheWordsOfARecordingVisitForEveryFieldKind) {
  Node nodes[3];
  for (int i = 0; i < 3; ++i) {
    nodes[i].value = 10 + i;
    nodes[i].next = i < 2 ? &nodes[i + 1] : nullptr;
    nodes[i].other = &nodes[0];
  }
  lin_test::Mixed m;
  m.color = lin_test::Color::kBlue, m.ratio = 2.5, m.flag = true, m.small = -3, m.tail = &nodes[2];
  m.holder.head = nodes, m.holder.size = 3, m.holder.counter = -1;
  for (int i = 0; i < 100; ++i) m.holder.items.push_back(i * 7);
  m.holder.label = std::string(3000, 'x');  // past the initial output capacity
  m.holder.bag = {4, 1, 9};
  m.holder.names = {{1, "one"}, {2, "two"}};
  m.holder.owned = std::make_unique<Node>(Node{5});
  m.name = "tail";
  auto run = [&](bool record) {
    objgen::Linearizer lin(200, nullptr);
    lin.record_fields(record);
    EXPECT_TRUE(lin.run(objgen::class_id<lin_test::Mixed>(), &m));
    return std::vector<uint64_t>(lin.words().begin(), lin.words().end());
  };
  std::vector<uint64_t> plain = run(false);
  EXPECT_EQ(plain, run(true));
  EXPECT_GT(plain.size(), 400u);
  EXPECT_EQ(plain[0], 200u);  // the enum's value, then the double's bits
  double ratio;
  std::memcpy(&ratio, &plain[1], sizeof ratio);
  EXPECT_EQ(ratio, 2.5);
  EXPECT_EQ(plain[3], static_cast<uint64_t>(int64_t{-3}));
}

TEST(Linearizer, FieldEventsNameEachValue) {
  Node a{7};
  Holder h;
  h.head = &a;
  objgen::Linearizer lin(10, nullptr);
  lin.record_fields(true);
  ASSERT_TRUE(lin.run(objgen::class_id<Holder>(), &h));
  bool saw_value = false;
  for (const auto& e : lin.field_events())
    if (std::string(e.name) == "value") {
      saw_value = true;
      EXPECT_EQ(lin.words()[e.begin], 7u);
      EXPECT_EQ(e.cls, objgen::class_id<Node>());
    }
  EXPECT_TRUE(saw_value);
}

}  // namespace

#include "heap/field_extensions.hpp"

namespace {

TEST(FieldExtensions, CountDistinctFieldValuesPerObjectNumber) {
  lin_test::Node a{1}, b{2};
  lin_test::Holder h1, h2, h3;
  h1.head = &a;  // Holder.head -> Node 0; Node 0 value 1
  h2.head = &b;  // Node 0 value 2: one new triple (Node.value, 0, 2)
  h3.head = &a;  // nothing new
  objgen::FieldExtensions ext(10, nullptr);
  ASSERT_TRUE(ext.add(objgen::class_id<lin_test::Holder>(), &h1));
  size_t first = ext.size();
  ASSERT_TRUE(ext.add(objgen::class_id<lin_test::Holder>(), &h2));
  EXPECT_EQ(ext.size(), first + 1);
  ASSERT_TRUE(ext.add(objgen::class_id<lin_test::Holder>(), &h3));
  EXPECT_EQ(ext.size(), first + 1);
}

}  // namespace
