// Canonical linearization of the heap reachable from one root object (BEAPI's `linearize`).
//
// Objects are numbered per class in breadth-first discovery order; a pointer is written as
// 0 (null) or 1 + the per-class number of its target; primitives are written as their value;
// strings, optionals, variants and standard containers by their contents. Two roots have equal
// linearizations iff their reachable heaps are isomorphic (same shape, same values). Scope: at
// most `scope` objects of each class (the root included) and containers of at most `scope`
// elements; beyond that the linearization stops and reports out-of-scope.
//
// The field types it dispatches on are told apart by objgen/detail/linearize_traits.hpp; a
// described class's visit reaches it through the class's vtable (objgen/detail/class_vtable.hpp).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <concepts>
#include <cstring>
#include <functional>
#include <iterator>
#include <memory>
#include <optional>
#include <regex>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <typeinfo>
#include <utility>
#include <variant>
#include <vector>

#include "objgen/class_registry.hpp"
#include "objgen/detail/linearize_traits.hpp"
#include "objgen/fields.hpp"
#include "objgen/range_order.hpp"

namespace objgen {

struct Fingerprint {
  uint64_t lo = 0, hi = 0;
  friend bool operator==(const Fingerprint&, const Fingerprint&) = default;
};

// Receives how each class's field is split out of the linearization; used for field extensions
// and for printing states. Off the hot path.
struct FieldEvent {
  ClassId cls;
  uint32_t object;      // per-class number of the object holding the field
  const char* name;     // field name as described
  uint32_t begin, end;  // word range of the value in words()
  bool is_pointer;
  ClassId target_class;  // for pointers
};

class Linearizer {
 public:
  // Words standing for contents not read as such: a class whose iteration refused (put_contents),
  // an element that is the value itself (put_self).
  static constexpr uint64_t kContentsRefused = 0x7ffe'c0de'0000'0001ull;
  static constexpr uint64_t kSelfElement = 0x7ffe'c0de'0000'0002ull;
  // omit: names ("field") and qualified names ("Class.field") matching it are skipped.
  Linearizer(uint32_t scope, std::shared_ptr<const std::regex> omit);

  // Linearizes the heap reachable from `root` (an object of class `cls`).
  // Returns false when it is out of scope or broken.
  bool run(ClassId cls, const void* root);
  // Why the last run found the object inconsistent with its own API (a standard container whose
  // iteration does not yield size() elements), or empty. Such an object has no canonical form.
  const std::string& broken() const { return broken_; }
  std::span<const uint64_t> words() const { return {out_.data(), n_}; }
  Fingerprint fingerprint(ClassId cls) const;
  // Object counts per class of the last run (index = ClassId).
  const std::vector<uint32_t>& class_counts() const { return count_; }

  void record_fields(bool on) { record_ = on; }
  const std::vector<FieldEvent>& field_events() const { return events_; }
  uint32_t scope() const { return scope_; }
  const std::shared_ptr<const std::regex>& omit() const { return omit_; }
  // Addresses of every object reached by the last run (for copy-independence checks).
  std::vector<const void*> reached_addresses() const;

  // ---- visitor interface used by Fields<T>::visit ----
  // Words written after the scope is exceeded are harmless (the result is discarded), so the
  // hot path does not test for it; traversal stops at the next object.
  template <class T>
  [[gnu::always_inline]] void field(const char* name, const T& value) {
    uint32_t idx = frame_.next_field++;
    if (omit_ && omitted(frame_.cls, idx, name)) return;
    if (!record_) {
      put(value);
      return;
    }
    uint32_t begin = static_cast<uint32_t>(n_);
    last_pointer_class_ = kNoClass;
    put(value);
    record(frame_, name, begin);
  }
  template <class C>
  void contents(const char* name, const C& c) {
    uint32_t idx = frame_.next_field++;
    if (omit_ && omitted(frame_.cls, idx, name)) return;
    uint32_t begin = static_cast<uint32_t>(n_);
    last_pointer_class_ = kNoClass;
    put_contents(c);
    if (record_) record(frame_, name, begin);
  }
  // Whether the last run read something it cannot see into: a pointer to an undescribed type
  // (only its null-ness, or its value through a smart pointer), or a class through its own
  // iteration (OBJGEN_VALUE_TYPE), which may share memory its copies also hold. A copy of such an object is not proved deep by
  // comparing addresses (exec/object_copy).
  bool saw_opaque() const { return opaque_; }
  // Visits the queued objects of class T from `next` on, up to the first of another class.
  template <class T>
  size_t visit_queued(size_t next) {
    const ClassId cls = queue_[next].cls;
    if (__builtin_expect(record_ || !omit_mask_known(cls), 0)) return visit_queued_field_by_field<T>(next);
    if (!omit_) return visit_queued_plain<T, Plain<true>>(next, cls);
    return visit_queued_plain<T, Plain<false>>(next, cls);
  }
  template <class B>
  void base(const B& b) {
    static_assert(is_described_v<B>, "objgen: base class has no objgen::Fields<> description");
    Fields<B>::visit(*this, b);
  }

 private:
  template <class T, class V>
  size_t visit_queued_plain(size_t next, ClassId cls) {
    V v{*this, cls, omit_mask(cls), omit_mask_fields(cls), 0, out_.data() + n_, out_.data() + capacity_};
    do {
      const Pending p = queue_[next];  // visiting may grow (move) the queue
      frame_.cls = cls;                // names the class when a container of it is broken
      v.next_field = 0;
      Fields<T>::visit(v, *static_cast<const T*>(p.ptr));
    } while (++next < queued_ && !stop_ && queue_[next].cls == cls);
    v.store();
    return next;
  }
  // The visitor of the hot path: no field events to record, and which fields are omitted is
  // known per class as a mask (learnt from one visit field by field), so a field costs its words
  // and no test of names, flags or frames. It writes words through a cursor of its own, which the
  // compiler keeps in a register: the linearizer's word count, a member, was reloaded after every
  // store that might alias it (object counts, the queue). The words are the same as field() writes.
  // kEveryField: the linearizer omits nothing (no omit pattern), so no field is tested at all.
  template <bool kEveryField>
  struct Plain {
    Linearizer& l;
    ClassId cls;
    uint32_t omitted;  // bit i: the class's field i is left out...
    uint32_t known;    // ...for i < known; a visit with more fields than the one learnt from asks
    uint32_t next_field;
    uint64_t* out;  // the next word, and the end of the linearizer's words; l.n_ is stale until
    uint64_t* end;  // store()
    [[gnu::always_inline]] bool kept(const char* name) {
      if constexpr (kEveryField) return true;
      uint32_t i = next_field++;
      return i < known ? !(omitted >> i & 1) : !l.omitted(cls, i, name);
    }
    [[gnu::always_inline]] void emit(uint64_t w) {
      if (__builtin_expect(out == end, 0)) {
        Cursor c = l.grow_output_at(out);
        out = c.out;
        end = c.end;
      }
      *out++ = w;
    }
    void store() { l.n_ = static_cast<uint32_t>(out - l.out_.data()); }
    void reload() {
      out = l.out_.data() + l.n_;
      end = l.out_.data() + l.capacity_;
    }
    template <class T>
    [[gnu::always_inline]] void field(const char* name, const T& value) {
      if (!kept(name)) return;
      using U = std::remove_cv_t<T>;
      if constexpr (is_scalar_word<U>) {
        emit(scalar_word(value));
      } else if constexpr (std::is_pointer_v<U>) {
        emit(l.pointer_word(value));
      } else if constexpr ((detail::is_unique_ptr<U>::value || detail::is_shared_ptr<U>::value) && !detail::reads_pointee<U>()) {
        emit(l.pointer_word(value.get()));
      } else {  // words of their own (strings, containers, nested structs): through the linearizer
        store();
        l.put(value);
        reload();
      }
    }
    template <class C>
    void contents(const char* name, const C& c) {
      if (!kept(name)) return;
      store();
      l.put_contents(c);
      reload();
    }
    template <class B>
    void base(const B& b) {
      static_assert(is_described_v<B>, "objgen: base class has no objgen::Fields<> description");
      Fields<B>::visit(*this, b);  // a base's fields are numbered on from the class's own
    }
  };
  struct Cursor {
    uint64_t* out;
    uint64_t* end;
  };
  Cursor grow_output_at(uint64_t* out);
  template <class U>
  static constexpr bool is_scalar_word =
      std::is_same_v<U, bool> || std::is_integral_v<U> || std::is_enum_v<U> || std::is_floating_point_v<U>;
  template <class U>
  [[gnu::always_inline]] static uint64_t scalar_word(const U& v) {
    if constexpr (std::is_enum_v<U>) {
      return static_cast<uint64_t>(static_cast<std::underlying_type_t<U>>(v));
    } else if constexpr (std::is_floating_point_v<U>) {
      double d = static_cast<double>(v);
      uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return bits;
    } else {
      return static_cast<uint64_t>(static_cast<int64_t>(v));
    }
  }
  template <class T>
  size_t visit_queued_field_by_field(size_t next) {
    const ClassId cls = queue_[next].cls;
    do {
      const Pending p = queue_[next];
      frame_ = {cls, p.object, 0};
      Fields<T>::visit(*this, *static_cast<const T*>(p.ptr));
      if (omit_) learn_omit_mask(cls, frame_.next_field);
    } while (++next < queued_ && !stop_ && queue_[next].cls == cls);
    return next;
  }
  bool omit_mask_known(ClassId cls) const { return !omit_ || (cls < omit_bits_.size() && omit_bits_[cls].complete); }
  uint32_t omit_mask(ClassId cls) const { return omit_ ? omit_bits_[cls].omitted : 0; }
  uint32_t omit_mask_fields(ClassId cls) const { return omit_ ? omit_bits_[cls].fields : kOmitStride; }
  // After a visit field by field, every field of cls has its decision cached (when it has at most
  // kOmitStride fields).
  void learn_omit_mask(ClassId cls, uint32_t fields);
  static constexpr ClassId kNoClass = 0xffff;
  struct Frame {
    ClassId cls;
    uint32_t object;
    uint32_t next_field;
  };
  struct Pending {
    ClassId cls;
    uint32_t object;
    const void* ptr;
  };

  // Several times per object: inlined, with the rare growth out of line.
  [[gnu::always_inline]] void emit(uint64_t w) {
    if (__builtin_expect(n_ == capacity_, 0)) grow_output();
    out_[n_++] = w;
  }
  void grow_output();
  void out_of_scope() {
    stop_ = true;
    oos_ = true;
  }
  // Marks a range's size word when its iteration's length follows its elements.
  static constexpr uint64_t kLengthDiffers = uint64_t{1} << 63;
  static constexpr uint32_t kOmitStride = 32;  // fields per class with a cached decision
  bool omitted(ClassId cls, uint32_t idx, const char* name) {
    if (!omit_) return false;
    if (idx < kOmitStride && cls < omit_bits_.size()) {
      const OmitBits& b = omit_bits_[cls];
      if (b.decided >> idx & 1) return b.omitted >> idx & 1;
    }
    return decide_omitted(cls, idx, name);
  }
  bool decide_omitted(ClassId cls, uint32_t idx, const char* name);
  void record(const Frame& f, const char* name, uint32_t begin);
  // Returns the per-class number of ptr, enqueuing it when first seen. Small heaps (the common
  // case within a scope) are searched linearly; larger ones through an address table.
  static constexpr size_t kLinearLimit = 24;
  // A pointer to an object not seen yet (every `next` of a list) would scan the whole queue;
  // a 64-bit filter of the queued addresses answers most of those at once.
  // An object seen before (every `previous` of a list) is usually the last one queued with the
  // same 6-bit address hash: one compare instead of the scan.
  [[gnu::always_inline]] uint32_t identify(ClassId cls, const void* ptr) {
    if (!hashed_) {
      unsigned h = address_hash(ptr);
      uint64_t bit = uint64_t{1} << h;
      if (queued_bits_ & bit) {
        const Pending& last = queue_[latest_[h]];
        if (last.ptr == ptr && last.cls == cls) return last.object;
        for (uint32_t i = 0; i < queued_; ++i)
          if (queue_[i].ptr == ptr && queue_[i].cls == cls) return queue_[i].object;
      }
      queued_bits_ |= bit;
      latest_[h] = static_cast<uint8_t>(queued_);  // where add_object puts it
      return add_object(cls, ptr);
    }
    return identify_hashed(cls, ptr);
  }
  static unsigned address_hash(const void* ptr) {
    return static_cast<unsigned>((reinterpret_cast<uintptr_t>(ptr) * 0x9E3779B97F4A7C15ull) >> 58);
  }
  // Once per object: inlined, with the rare parts (a new class, the switch to the address
  // table) out of line.
  [[gnu::always_inline]] uint32_t add_object(ClassId cls, const void* ptr) {
    if (__builtin_expect(cls >= count_size_, 0)) grow_counts(cls);
    uint32_t number = count_[cls]++;
    if (number >= scope_) out_of_scope();
    if (__builtin_expect(queued_ == queue_capacity_, 0)) grow_queue();
    queue_[queued_++] = {cls, number, ptr};
    if (__builtin_expect(queued_ >= index_from_, 0)) index_queued();
    return number;
  }
  void grow_counts(ClassId cls);
  void grow_queue();
  void index_queued();
  uint32_t identify_hashed(ClassId cls, const void* ptr);
  void index_address(const Pending& p);
  // Sorts the encodings of the elements that start at starts_[outer...], the last one ending at
  // n_, and writes them back from first_word on.
  void sort_elements(uint32_t first_word, size_t outer);
  const ClassVTable& class_vtable_cache(ClassId cls);

  // Inlined into the visit of each class: three pointers of a tree node made three calls.
  // 0 (null), 1 + the target's per-class number, or for an opaque pointee only null-ness.
  template <class T>
  [[gnu::always_inline]] uint64_t pointer_word(const T* p) {
    using U = std::remove_cv_t<T>;
    if constexpr (std::is_void_v<U> || !is_described_v<U>) {
      opaque_ = true;
      return p ? 1 : 0;
    } else {
      if (!p) return 0;
      return uint64_t{identify(class_id<U>(), p)} + 1;
    }
  }
  template <class T>
  [[gnu::always_inline]] void put_pointer(const T* p) {
    using U = std::remove_cv_t<T>;
    if constexpr (!std::is_void_v<U> && is_described_v<U>)
      if (record_ && p) last_pointer_class_ = class_id<U>();
    emit(pointer_word(p));
  }

  template <class T>
  [[gnu::always_inline]] void put(const T& v) {
    using U = std::remove_cv_t<T>;
    if constexpr (is_scalar_word<U>) {
      emit(scalar_word(v));
    } else if constexpr (std::is_pointer_v<U>) {
      put_pointer(v);
    } else if constexpr (detail::is_unique_ptr<U>::value || detail::is_shared_ptr<U>::value) {
      if constexpr (detail::reads_pointee<U>())
        put_pointee(v.get());
      else
        put_pointer(v.get());
    } else if constexpr (detail::is_weak_ptr<U>::value) {
      if constexpr (detail::reads_pointee<U>())
        put_pointee(v.lock().get());  // the lock holds it for the read
      else
        put_pointer(v.lock().get());
    } else if constexpr (detail::is_optional<U>::value) {
      emit(v.has_value());
      if (v) put(*v);
    } else if constexpr (detail::is_variant<U>::value) {
      emit(v.index());
      std::visit([this](const auto& alt) { put(alt); }, v);
    } else if constexpr (detail::is_pair_like<U>::value) {
      std::apply([this](const auto&... e) { (put(e), ...); }, v);
    } else if constexpr (is_described_v<U>) {
      // A nested struct held by value: part of the enclosing object, not a separate object. But a
      // value of the class it is nested in (a JSON value's elements, a tree node's children in a
      // vector) counts against the scope as an object of it: each range within the scope alone
      // would leave the nesting without a bound.
      // (Stopping here, not at the next element: a value that holds itself would recurse first.)
      if (class_id<U>() == frame_.cls && ++nested_values_ >= scope_) {
        out_of_scope();
        return;
      }
      Frame outer = frame_;
      frame_ = {class_id<U>(), outer.object, 0};
      Fields<U>::visit(*this, v);
      frame_ = outer;
    } else if constexpr (detail::StringLike<U>) {
      put_string(std::string_view(v));
    } else if constexpr (std::is_array_v<U> || detail::is_std_array<U>::value) {
      for (const auto& e : v) put(e);  // fixed length: part of the type, not bounded by scope
    } else if constexpr (detail::Range<U>) {
      // A range whose elements are ranges of their own type (a YAML node's iteration values) can
      // nest without end: each such value counts against the scope, as a nested described value.
      if constexpr (detail::SelfNesting<U>)
        if (++nested_values_ >= scope_) {
          out_of_scope();
          return;
        }
      put_range(v);
    } else {
      static_assert(sizeof(U) == 0,
                    "objgen: this field type cannot be canonicalized; describe it with "
                    "OBJGEN_FIELDS or omit the field");
    }
  }

  void put_string(std::string_view s);

  // What a smart pointer owns or shares, of a type no description covers (a pimpl's string, a
  // copy-on-write std::vector), is read through it: 0 (null), 1 and the value where this run
  // meets it first, 2 + the order of that first meeting after, so that two pointers to one value
  // read as shared. Raw pointers to such types stay null or not: one may point into an array or
  // at freed memory. A copy that shares the value is not told apart by it (saw_opaque).
  template <class T>
  void put_pointee(const T* p) {
    opaque_ = true;
    if (!p) return emit(0);
    for (size_t i = 0; i < pointees_.size(); ++i)
      if (pointees_[i] == p) return emit(2 + i);
    pointees_.push_back(p);
    emit(1);
    put(*p);
  }

  // A class read through its own iteration runs the class's code, which may refuse (a handle to
  // nothing throws from begin(): YAML::Node's "invalid node"). That is the object's state, one
  // word in place of its contents, not a crash of the class nor of objgen.
  template <class C>
  void put_contents(const C& c);
  // A value whose iteration yields the value itself (a JSON value holding a number or a string:
  // nlohmann::json) is a leaf: one word, then its text where it prints (<<), else nothing more
  // (its contents unseen: saw_opaque says so). Read as an element again it would nest until the
  // scope cut it off, and no such value would ever be in scope.
  template <class C>
  void put_self(const C& c);
  template <class C, class E>
  void put_element(const C& c, const E& e);
  template <class C>
  void put_range(const C& c);
  // kSort: the elements' encodings are sorted afterwards, so equal contents give equal words.
  template <bool kSort, class C>
  void put_elements(const C& c, size_t n);
  // A set of pointers iterates in address order, and objects are numbered as they are met: read
  // in that order, equal heaps would read differently. The pointees are met in the order of their
  // own contents instead (each read apart, its pointer ranges left in address order), so the
  // state no longer depends on where the allocator put them. False when the iteration's length
  // is not size(): the plain reading reports that.
  template <class Keyed, class C>
  bool put_by_content(const C& c, size_t n);
  template <class T>
  Fingerprint content_key(const void* p);
  // Counting stops past the scope: beyond it the exact length does not matter, and a range
  // whose iteration never ends must still be out of scope rather than a hang.
  template <class C>
  size_t bounded_distance(const C& c) const;

  void size_mismatch(bool more);

  uint32_t scope_;
  std::shared_ptr<const std::regex> omit_;
  std::vector<uint64_t> out_;
  std::vector<uint32_t> count_;  // objects per class
  // The sizes add_object tests, as members of their own: a vector's size is two loads and a
  // subtraction, once per object.
  uint32_t count_size_ = 0;             // count_.size()
  uint32_t queue_capacity_ = 0;         // queue_.size()
  uint32_t index_from_ = kLinearLimit;  // from this many queued objects on, the address table indexes them
  Frame frame_{};                       // the object whose fields are being visited
  uint32_t nested_values_ = 0;          // values held inside a value of their own class, this run
  uint32_t n_ = 0;                      // words written to out_
  uint32_t capacity_ = 0;               // out_.size(), beside n_: emit's check is one compare
  // Objects found, in order; the first queued_ slots are this run's (a vector's push_back was a
  // call per object).
  std::vector<Pending> queue_;
  uint32_t queued_ = 0;
  struct OmitBits {
    uint32_t decided = 0;   // bit i: field i of the class was matched against omit_
    uint32_t omitted = 0;   // ...and is left out
    bool complete = false;  // every field is decided: visits may use Plain
    uint32_t fields = 0;    // how many a visit field by field met (at most kOmitStride)
  };
  std::vector<OmitBits> omit_bits_;  // per class, for its first kOmitStride fields
  // Open-addressed address -> (class, number) map, cleared by bumping a generation stamp.
  struct Slot {
    const void* ptr;
    uint32_t generation;
    ClassId cls;
    uint32_t number;
  };
  std::vector<Slot> ids_;
  uint32_t generation_ = 0;
  uint32_t used_ = 0;
  uint64_t queued_bits_ = 0;  // bit address_hash() of every queued object (while not hashed_)
  uint8_t latest_[64] = {};   // [address_hash()]: the queue index of the last object queued with it
  bool hashed_ = false;
  std::vector<FieldEvent> events_;
  // Where each element of the ranges being sorted starts (a stack: ranges nest), and the words
  // being reordered; kept between runs, so sorting allocates nothing once they have grown.
  std::vector<uint32_t> starts_;
  std::vector<uint64_t> sorted_;
  std::vector<const ClassVTable*> vtables_;  // avoids the registry lock per object
  ClassId last_pointer_class_ = kNoClass;
  bool opaque_ = false;
  bool order_by_content_ = true;
  std::unique_ptr<Linearizer> by_content_;  // reads the pointees of an address-ordered set
  std::vector<const void*> pointees_;       // the values put_pointee met this run, in order
  bool record_ = false;
  bool stop_ = false;
  bool oos_ = false;
  std::string broken_;
};

}  // namespace objgen

#include "objgen/detail/linearizer_ranges.hpp"  // the member templates that read ranges
