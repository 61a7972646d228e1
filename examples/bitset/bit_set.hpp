// A growable set of bits with the behaviour of java.util.BitSet, written for objgen from the
// documented java.util semantics. The bits live in 64-bit words (bit i is bit i % 64 of word
// i / 64); words_in_use counts the words up to the last non-zero one, and every word past it is
// 0. Operations on ranges work a word at a time with masks, so they have the natural cases:
// a range within one word, or a first word, whole middle words and a last word; word-aligned
// or not.
//
// Java's exceptions map to: IndexOutOfBoundsException -> std::out_of_range (a negative index,
// or fromIndex > toIndex), NegativeArraySizeException -> std::invalid_argument (a negative
// nbits). Both count as misuse for objgen. `xor` is a C++ keyword: Java's xor is xorWith.
//
// Header-only: every member is defined in the class.
#pragma once

#include <algorithm>
#include <bit>
#include <climits>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace examples {

class BitSet {
 public:
  // An empty set with one word (64 bits) of storage.
  BitSet() : words(1, 0) {}

  // An empty set with storage for at least nbits bits (exactly ceil(nbits / 64) words);
  // std::invalid_argument when nbits is negative.
  explicit BitSet(int nbits) {
    if (nbits < 0) throw std::invalid_argument("nbits < 0: " + std::to_string(nbits));
    words.assign(static_cast<size_t>(wordIndex(nbits - 1) + 1), 0);
    size_is_sticky = true;
  }

  // Sets bit bitIndex.
  void set(int bitIndex) {
    checkIndex(bitIndex, "bitIndex");
    int wi = wordIndex(bitIndex);
    expandTo(wi);
    words[static_cast<size_t>(wi)] |= bit(bitIndex);
  }

  // Sets bit bitIndex to value.
  void set(int bitIndex, bool value) {
    if (value)
      set(bitIndex);
    else
      clear(bitIndex);
  }

  // Sets the bits [fromIndex, toIndex).
  void set(int fromIndex, int toIndex) {
    checkRange(fromIndex, toIndex);
    if (fromIndex == toIndex) return;
    int start = wordIndex(fromIndex);
    int end = wordIndex(toIndex - 1);
    expandTo(end);
    uint64_t first_mask = firstWordMask(fromIndex);
    uint64_t last_mask = lastWordMask(toIndex);
    if (start == end) {
      word(start) |= first_mask & last_mask;
    } else {
      word(start) |= first_mask;
      for (int i = start + 1; i < end; ++i) word(i) = kWordMask;
      word(end) |= last_mask;
    }
  }

  // Sets the bits [fromIndex, toIndex) to value.
  void set(int fromIndex, int toIndex, bool value) {
    if (value)
      set(fromIndex, toIndex);
    else
      clear(fromIndex, toIndex);
  }

  // Clears bit bitIndex.
  void clear(int bitIndex) {
    checkIndex(bitIndex, "bitIndex");
    int wi = wordIndex(bitIndex);
    if (wi >= words_in_use) return;
    word(wi) &= ~bit(bitIndex);
    recalculateWordsInUse();
  }

  // Clears the bits [fromIndex, toIndex).
  void clear(int fromIndex, int toIndex) {
    checkRange(fromIndex, toIndex);
    if (fromIndex == toIndex) return;
    int start = wordIndex(fromIndex);
    if (start >= words_in_use) return;
    int end = wordIndex(toIndex - 1);
    if (end >= words_in_use) {  // nothing is set past length(): stop there
      toIndex = length();
      end = words_in_use - 1;
    }
    uint64_t first_mask = firstWordMask(fromIndex);
    uint64_t last_mask = lastWordMask(toIndex);
    if (start == end) {
      word(start) &= ~(first_mask & last_mask);
    } else {
      word(start) &= ~first_mask;
      for (int i = start + 1; i < end; ++i) word(i) = 0;
      word(end) &= ~last_mask;
    }
    recalculateWordsInUse();
  }

  // Clears every bit (the storage stays).
  void clear() {
    while (words_in_use > 0) word(--words_in_use) = 0;
  }

  // Complements bit bitIndex.
  void flip(int bitIndex) {
    checkIndex(bitIndex, "bitIndex");
    int wi = wordIndex(bitIndex);
    expandTo(wi);
    word(wi) ^= bit(bitIndex);
    recalculateWordsInUse();
  }

  // Complements the bits [fromIndex, toIndex).
  void flip(int fromIndex, int toIndex) {
    checkRange(fromIndex, toIndex);
    if (fromIndex == toIndex) return;
    int start = wordIndex(fromIndex);
    int end = wordIndex(toIndex - 1);
    expandTo(end);
    uint64_t first_mask = firstWordMask(fromIndex);
    uint64_t last_mask = lastWordMask(toIndex);
    if (start == end) {
      word(start) ^= first_mask & last_mask;
    } else {
      word(start) ^= first_mask;
      for (int i = start + 1; i < end; ++i) word(i) ^= kWordMask;
      word(end) ^= last_mask;
    }
    recalculateWordsInUse();
  }

  // Whether bit bitIndex is set.
  bool get(int bitIndex) const {
    checkIndex(bitIndex, "bitIndex");
    int wi = wordIndex(bitIndex);
    return wi < words_in_use && (word(wi) & bit(bitIndex)) != 0;
  }

  // A new set holding the bits [fromIndex, toIndex) of this one, shifted down by fromIndex.
  BitSet get(int fromIndex, int toIndex) const {
    checkRange(fromIndex, toIndex);
    int len = length();
    if (len <= fromIndex || fromIndex == toIndex) return BitSet(0);
    if (toIndex > len) toIndex = len;
    BitSet result(toIndex - fromIndex);
    int target_words = wordIndex(toIndex - fromIndex - 1) + 1;
    int source = wordIndex(fromIndex);
    bool word_aligned = (fromIndex & kBitIndexMask) == 0;
    // All target words but the last take 64 bits, from one source word or two.
    for (int i = 0; i < target_words - 1; ++i, ++source)
      result.word(i) = word_aligned ? word(source)
                                    : (word(source) >> shift(fromIndex)) | (word(source + 1) << shift(-fromIndex));
    // The last target word: the bits up to toIndex, which may start in one source word and end
    // in the next.
    uint64_t last_mask = lastWordMask(toIndex);
    result.word(target_words - 1) =
        ((toIndex - 1) & kBitIndexMask) < (fromIndex & kBitIndexMask)
            ? (word(source) >> shift(fromIndex)) | ((word(source + 1) & last_mask) << shift(-fromIndex))
            : (word(source) & last_mask) >> shift(fromIndex);
    result.words_in_use = target_words;
    result.recalculateWordsInUse();
    return result;
  }

  // The index of the first set bit at or after fromIndex, or -1 when there is none.
  int nextSetBit(int fromIndex) const {
    checkIndex(fromIndex, "fromIndex");
    int u = wordIndex(fromIndex);
    if (u >= words_in_use) return -1;
    uint64_t w = word(u) & firstWordMask(fromIndex);
    while (true) {
      if (w != 0) return u * kBitsPerWord + std::countr_zero(w);
      if (++u == words_in_use) return -1;
      w = word(u);
    }
  }

  // One past the highest set bit; 0 when no bit is set.
  int length() const {
    if (words_in_use == 0) return 0;
    return kBitsPerWord * (words_in_use - 1) + (kBitsPerWord - std::countl_zero(word(words_in_use - 1)));
  }

  // The bits of storage (64 per word).
  int size() const { return static_cast<int>(words.size()) * kBitsPerWord; }

  // Whether no bit is set.
  bool isEmpty() const { return words_in_use == 0; }

  // The number of set bits.
  int cardinality() const {
    int sum = 0;
    for (int i = 0; i < words_in_use; ++i) sum += std::popcount(word(i));
    return sum;
  }

  // Whether some bit is set both here and in other.
  bool intersects(const BitSet& other) const {
    for (int i = std::min(words_in_use, other.words_in_use) - 1; i >= 0; --i)
      if ((word(i) & other.word(i)) != 0) return true;
    return false;
  }

  // Clears every bit that is set in other.
  void andNot(const BitSet& other) {
    for (int i = std::min(words_in_use, other.words_in_use) - 1; i >= 0; --i) word(i) &= ~other.word(i);
    recalculateWordsInUse();
  }

  // Java's xor: each bit becomes set iff it is set in exactly one of this and other.
  void xorWith(const BitSet& other) {
    int in_common = std::min(words_in_use, other.words_in_use);
    if (words_in_use < other.words_in_use) {
      ensureCapacity(other.words_in_use);
      words_in_use = other.words_in_use;
    }
    for (int i = 0; i < in_common; ++i) word(i) ^= other.word(i);
    // The words only other uses are copied as they are.
    for (int i = in_common; i < other.words_in_use; ++i) word(i) = other.word(i);
    recalculateWordsInUse();
  }

  // Java's BitSet.hashCode: 1234 xor each used word times its 1-based position, folded to 32
  // bits. Depends only on the set bits.
  int hashCode() const {
    uint64_t h = 1234;
    for (int i = words_in_use; --i >= 0;) h ^= word(i) * static_cast<uint64_t>(i + 1);
    return static_cast<int>(static_cast<uint32_t>((h >> 32) ^ h));
  }

  // The set bits in increasing order, as Java prints them: "{}", "{1, 5, 64}".
  std::string toString() const {
    std::string out = "{";
    // Word by word (not nextSetBit(i + 1), which would overflow after bit INT_MAX).
    for (int w = 0; w < words_in_use; ++w)
      for (uint64_t bits = word(w); bits != 0; bits &= bits - 1) {
        if (out.size() > 1) out += ", ";
        out += std::to_string(w * kBitsPerWord + __builtin_ctzll(bits));
      }
    return out + "}";
  }

  // Representation invariant: words_in_use is within the storage, the last word in use is not
  // 0 and every word past it is 0.
  bool repOK() const {
    if (words_in_use < 0 || words_in_use > static_cast<int>(words.size())) return false;
    if (words_in_use > 0 && word(words_in_use - 1) == 0) return false;
    for (size_t i = static_cast<size_t>(words_in_use); i < words.size(); ++i)
      if (words[i] != 0) return false;
    return true;
  }

 private:
  static constexpr int kAddressBitsPerWord = 6;
  static constexpr int kBitsPerWord = 1 << kAddressBitsPerWord;
  static constexpr int kBitIndexMask = kBitsPerWord - 1;
  static constexpr uint64_t kWordMask = ~uint64_t{0};

  // The word holding bit bitIndex (-1 for bitIndex -1).
  static int wordIndex(int bitIndex) { return bitIndex >> kAddressBitsPerWord; }
  // Java shifts a long by its count modulo 64.
  static int shift(int count) { return count & kBitIndexMask; }
  static uint64_t bit(int bitIndex) { return uint64_t{1} << shift(bitIndex); }
  // The bits of a range's first word from fromIndex up; of its last word below toIndex.
  static uint64_t firstWordMask(int fromIndex) { return kWordMask << shift(fromIndex); }
  static uint64_t lastWordMask(int toIndex) { return kWordMask >> shift(-toIndex); }

  uint64_t& word(int i) { return words[static_cast<size_t>(i)]; }
  uint64_t word(int i) const { return words[static_cast<size_t>(i)]; }

  static void checkIndex(int index, const char* what) {
    if (index < 0) throw std::out_of_range(std::string(what) + " < 0: " + std::to_string(index));
  }

  static void checkRange(int fromIndex, int toIndex) {
    if (fromIndex < 0) throw std::out_of_range("fromIndex < 0: " + std::to_string(fromIndex));
    if (toIndex < 0) throw std::out_of_range("toIndex < 0: " + std::to_string(toIndex));
    if (fromIndex > toIndex)
      throw std::out_of_range("fromIndex: " + std::to_string(fromIndex) +
                              " > toIndex: " + std::to_string(toIndex));
  }

  // Lowers words_in_use past the trailing zero words.
  void recalculateWordsInUse() {
    int i = words_in_use - 1;
    while (i >= 0 && word(i) == 0) --i;
    words_in_use = i + 1;
  }

  // Grows the storage to at least words_required words (at least doubling it); the size is no
  // longer the one the user asked for.
  void ensureCapacity(int words_required) {
    if (static_cast<int>(words.size()) < words_required) {
      size_t request = std::max(2 * words.size(), static_cast<size_t>(words_required));
      words.resize(request, 0);
      size_is_sticky = false;
    }
  }

  // Makes word word_index (and those before it) in use, growing the storage if needed.
  void expandTo(int word_index) {
    int words_required = word_index + 1;
    if (words_in_use < words_required) {
      ensureCapacity(words_required);
      words_in_use = words_required;
    }
  }

  std::vector<uint64_t> words;  // the storage; its length is size() / 64
  int words_in_use = 0;         // words up to the last non-zero one
  bool size_is_sticky = false;  // the storage size is the one the user asked for
};

}  // namespace examples
