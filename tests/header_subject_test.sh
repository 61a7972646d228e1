#!/usr/bin/env bash
# --header/--class end to end: every bundled example driven only through its header (objgen scans
# it, writes and compiles the harness, caches it) gives exactly the structures, explored counts and
# iterations of its hand-written harness at scopes 1..6; the second run reuses the cached harness.
set -u
objgen=$1
src=$2
max_scope=${3:-6}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OBJGEN_CACHE_DIR="$work/cache"
fail=0

counts() { grep -o '^structures [0-9]*  explored [0-9]*  iterations [0-9]*'; }

# example header class builders sources...
run_compare() {
  local ex=$1 header=$2 class=$3 methods=$4
  shift 4
  local scope hand scanned
  for scope in $(seq 1 "$max_scope"); do
    hand=$("$objgen" exhaustive --example "$ex" --scope "$scope" --methods "$methods" -q | counts)
    if ! scanned=$("$objgen" exhaustive --header "$src/examples/$header" --class "$class" --scope "$scope" \
        --methods "$methods" -q -- "$@" 2>"$work/$ex.err" | counts) || [ -z "$scanned" ]; then
      echo "FAIL [$ex scope $scope]: --header run failed"; cat "$work/$ex.err"; fail=1; return
    fi
    if [ "$hand" != "$scanned" ]; then
      echo "FAIL [$ex scope $scope]: hand harness '$hand', scanned '$scanned'"; fail=1; return
    fi
  done
  echo "ok   [$ex]: scopes 1..$max_scope identical ($hand at scope $max_scope)"
}

run_compare ncl ncl/node_caching_list.hpp examples::NodeCachingList NodeCachingList,addLast,removeIndex \
  "$src/examples/ncl/node_caching_list.cpp"
run_compare sll sll/singly_linked_list.hpp examples::SinglyLinkedList SinglyLinkedList,add \
  "$src/examples/sll/singly_linked_list.cpp"
run_compare dll dll/doubly_linked_list.hpp examples::DoublyLinkedList DoublyLinkedList,add \
  "$src/examples/dll/doubly_linked_list.cpp"
run_compare bintree bintree/bin_tree.hpp examples::BinTree BinTree,add "$src/examples/bintree/bin_tree.cpp"
run_compare avl avl/avl_tree.hpp examples::AvlTree AvlTree,insert "$src/examples/avl/avl_tree.cpp"
run_compare rbt rbt/red_black_tree.hpp examples::RedBlackTree RedBlackTree,add,remove \
  "$src/examples/rbt/red_black_tree.cpp"
run_compare binheap binheap/binomial_heap.hpp examples::BinomialHeap BinomialHeap,insert,extractMin \
  "$src/examples/binheap/binomial_heap.cpp"
run_compare fibheap fibheap/fibonacci_heap.hpp examples::FibonacciHeap FibonacciHeap,insert,removeMin \
  "$src/examples/fibheap/fibonacci_heap.cpp"
run_compare stdset stdset/std_set.hpp 'std::set<int>' 'set::set(),set::insert(const int&)'
run_compare stack stack/stack.hpp examples::Stack Stack,push,pop
run_compare bitset bitset/bit_set.hpp examples::BitSet BitSet,set

# -p: flags from a compile_commands.json, relative include paths resolved against its directory.
mkdir -p "$work/proj/include" "$work/proj/src"
printf 'namespace p { constexpr int kLimit = LIMIT; }\n' >"$work/proj/include/limits.hpp"
cat >"$work/proj/src/counter.hpp" <<'CPP'
#include "limits.hpp"
namespace p {
class Counter {
 public:
  void up() { if (n_ < kLimit) ++n_; }
 private:
  int n_ = 0;
};
}  // namespace p
CPP
printf '[{"directory": "%s", "file": "src/counter.cpp", "command": "c++ -Xclang -include-pch -Xclang x.pch -I include -DLIMIT=3 -c src/counter.cpp"}]\n' \
  "$work/proj" >"$work/proj/compile_commands.json"
if out=$("$objgen" exhaustive --header "$work/proj/src/counter.hpp" --class p::Counter -p "$work/proj" --scope 2 \
    --methods up -q 2>"$work/p.err") && echo "$out" | grep -q '^structures 4 '; then
  echo "ok   [-p]: flags from compile_commands.json (Counter up to LIMIT=3: 4 states)"
else
  echo "FAIL [-p]: $out"; cat "$work/p.err"; fail=1
fi
if "$objgen" exhaustive --header "$work/proj/src/counter.hpp" --class p::Counter --scope 2 -q 2>/dev/null >&2; then
  echo "FAIL [-p]: without -p the header should not parse"; fail=1
fi

exit $fail
