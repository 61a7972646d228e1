// Kiasan's binary heap (the BEAPI artifact's 1_kiasan binaryheap.BinaryHeap, after Weiss) and the
// paper's fixed repOK (BinaryHeap_fix): a min-heap in array[1..currentSize]; array[0] is an unused
// dummy slot, and slots past currentSize keep whatever deleteMin left there. The Java int[] is a
// std::vector<int> here (never null: the Java repOK's `array == null` test has no twin). The repOK
// asks 0 <= currentSize < array.length and that no parent in 1..currentSize-1 be greater than a
// child within currentSize. It does not look at array[0], though no use of the API ever writes it
// (a fresh Java array holds 0 there): the flaw the BEAPI paper reports. BinaryHeap_fix adds
// `array.length > 0 && array[0] != 0` -> false, first thing.
// BEAPI's builders: the constructor BinaryHeap(int capacity) (array of capacity + 1), insert(int) and
// deleteMin(). insert on a full heap throws Java's Overflow; here std::length_error (objgen's misuse,
// the sequence is dropped). The Java default constructor (capacity 100) is kept as the default
// constructor the search needs; name the int constructor in --methods so the API search leaves it out.
//
// Korat's finitization finBinaryHeap(N): array length 1..N, elements and currentSize 0..N-1; the
// API's capacities 0..N-1 give the same lengths.
//
//   objgen korat --header examples/invariants/rq3/kiasan/binary_heap.hpp --class rq3::kiasan::BinaryHeap
//       --scope 5 --range array.size=1..5 --range array=0..4 --range currentSize=0..4
//       --against-api --methods 'BinaryHeap(int),insert,deleteMin'
//   (BinaryHeap_fix: the same with --methods 'BinaryHeap_fix(int),insert,deleteMin')
#pragma once

#include <stdexcept>
#include <vector>

namespace rq3::kiasan {

template <bool Fixed>
class BinaryHeapT {
 public:
  static constexpr int DEFAULT_CAPACITY = 100;

  BinaryHeapT() : BinaryHeapT(DEFAULT_CAPACITY) {}
  explicit BinaryHeapT(int capacity) : currentSize(0), array(static_cast<std::size_t>(capacity + 1), 0) {}

  // Inserts x, percolating it up from the new last slot; duplicates allowed.
  void insert(int x) {
    if (isFull()) throw std::length_error("BinaryHeap::insert: overflow");
    int hole = ++currentSize;
    for (; hole > 1 && x < array[hole / 2]; hole /= 2) array[hole] = array[hole / 2];
    array[hole] = x;
  }

  // Removes and returns the smallest item, or -1 when empty (the Java's answer).
  int deleteMin() {
    if (isEmpty()) return -1;
    int minItem = findMin();
    array[1] = array[currentSize--];
    percolateDown(1);
    return minItem;
  }

  int findMin() const { return isEmpty() ? -1 : array[1]; }
  bool isEmpty() const { return currentSize == 0; }
  bool isFull() const { return currentSize == static_cast<int>(array.size()) - 1; }

  bool repOK() const { return wellFormed(); }

 private:
  bool wellFormed() const {
    const int length = static_cast<int>(array.size());
    if constexpr (Fixed) {
      if (length > 0 && array[0] != 0) return false;  // the dummy slot is never written
    }
    if (currentSize < 0 || currentSize >= length) return false;
    for (int i = 1; i < currentSize; ++i) {
      if (i * 2 <= currentSize && array[i] > array[2 * i]) return false;
      if (i * 2 + 1 <= currentSize && array[i] > array[2 * i + 1]) return false;
    }
    return true;
  }

  void percolateDown(int hole) {
    int child;
    int tmp = array[hole];
    for (; hole * 2 <= currentSize; hole = child) {
      child = hole * 2;
      if (child != currentSize && array[child + 1] < array[child]) ++child;
      if (array[child] < tmp)
        array[hole] = array[child];
      else
        break;
    }
    array[hole] = tmp;
  }

  int currentSize = 0;     // number of elements in the heap
  std::vector<int> array;  // the heap, from index 1
};

using BinaryHeap = BinaryHeapT<false>;
using BinaryHeap_fix = BinaryHeapT<true>;

}  // namespace rq3::kiasan
