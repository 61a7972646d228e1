#!/usr/bin/env bash
# objgen korat end to end: real objects of classes from headers, their harness built with
# trace-loads, and Korat's own counts (structures and explored candidates: the same field order,
# reads, backtracking and isomorphism breaking); then invariants that crash, throw, hang or read
# nothing, each a finding or a usage error, never a crash of objgen.
#   korat_test.sh OBJGEN SOURCE_DIR
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
inv=$src/examples/invariants
hostile=$src/tests/korat_inputs/hostile_invariants.hpp

counts() {  # counts JSON STRUCTURES EXPLORED
  [ "$(json "$1" "j['structures'], j['explored'], j['canonical_states']")" = "$2 $3 $2" ] ||
    { json "$1" "j['structures'], j['explored'], j['canonical_states']"; return 1; }
}

# Korat (bench/korat_bench.py, its BinomialHeap.java): 7,602 heaps in 12,416 candidates at 6;
# 107,416 in 168,368 at 7.
binheap() {
  "$objgen" korat --header "$inv/binomial_heap.hpp" --class invariants::BinomialHeap --scope "$1" --range "size=0..$1" \
    --report-json "$work/binheap$1.json" -q && counts "$work/binheap$1.json" "$2" "$3"
}
check "binomial heap 6: Korat's counts" binheap 6 7602 12416
check "binomial heap 7: Korat's counts" binheap 7 107416 168368
# Korat's own test of its BinaryTree example: 1,430 trees of 8 nodes, 54,418 candidates.
tree() {
  "$objgen" korat --header "$inv/binary_tree.hpp" --class invariants::BinaryTree --scope 8 --range size=8..8 \
    --report-json "$work/tree.json" --print 2 -q >"$work/tree.txt" && counts "$work/tree.json" 1430 54418 &&
    grep -q "BinaryTree.root=Node#0" "$work/tree.txt"
}
check "binary tree 8: Korat's counts" tree
# Rows of Korat's benchmark (the BEAPI artifact's classes and finitizations, ported with their
# reads in the same order): counts of Korat 1.0 run here on the artifact's Java (DLL 6 is Table 1's
# row of the BEAPI paper too).
row() {  # row HEADER CLASS SCOPE STRUCTURES EXPLORED OPTIONS...
  local header=$1 cls=$2 scope=$3 structures=$4 explored=$5; shift 5
  "$objgen" korat --header "$inv/$header" --class "invariants::$cls" --scope "$scope" "$@" \
    --report-json "$work/$cls.json" -q >/dev/null && counts "$work/$cls.json" "$structures" "$explored"
}
check "singly linked list 6: Korat's counts" row singly_linked_list.hpp SinglyLinkedList 6 9331 121000 --range size=0..6 --range element=-1..5
check "doubly linked list 6: Korat's counts" row doubly_linked_list.hpp DoublyLinkedList 6 55987 521904 --range size=0..6 --range element=-1..5
check "search tree 7: Korat's counts" row search_tree.hpp SearchTree 7 2950 471708 --range size=0..7
check "red-black tree 7: Korat's counts" row red_black_tree.hpp RedBlackTree 7 911 103164 --range size=0..7 --range color=0..1
check "Korat's binomial heap 6: Korat's counts" row korat_binomial_heap.hpp KoratBinomialHeap 6 7602 42815 --range size=0..6 --range degree=0..6
check "Fibonacci heap 5: Korat's counts" row fibonacci_heap.hpp FibonacciHeap 5 22355 62035 --range n=0..5

# std::vector fields are Korat's arrays: a length, then one field per element (Korat's own tests:
# HeapArray 13,139 / 64,533 at 6 and 117,562 / 519,968 at 7; DisjSet 914 / 7,915 at 4, 41,546 /
# 413,855 at 5, its array of records never null).
vectors=$src/tests/korat_inputs/vector_fields.hpp
vrow() {  # vrow CLASS SCOPE STRUCTURES EXPLORED OPTIONS...
  local cls=$1 scope=$2 structures=$3 explored=$4; shift 4
  "$objgen" korat --header "$vectors" --class "vectors::$cls" --scope "$scope" "$@" --report-json "$work/v$cls.json" -q >/dev/null &&
    counts "$work/v$cls.json" "$structures" "$explored"
}
check "vector of ints: Korat's HeapArray 6" vrow HeapArray 6 13139 64533 --range size=0..6 --range array=-1..6
check "vector of ints: Korat's HeapArray 7" vrow HeapArray 7 117562 519968 --range size=0..7 --range array=-1..7
check "vector of pointers: Korat's DisjSet 4" vrow DisjSet 4 914 7915 --range size=0..4 --not-null elements
check "vector of pointers: Korat's DisjSet 5" vrow DisjSet 5 41546 413855 --range size=0..5 --not-null elements
check "vector of pointers: the ordered trees of up to 3 nodes" vrow OrderedTree 3 5 10652 --range size=0..3
vector_api() {
  "$objgen" korat --header "$vectors" --class vectors::SortedSet --scope 3 --against-api --report-json "$work/vset.json" -q >/dev/null &&
    [ "$(json "$work/vset.json" "j['structures'], j['against_api']['both'], j['against_api']['invariant_only'], j['against_api']['api_only']")" = "8 8 0 0" ]
}
check "a vector's states against the API's: the 8 subsets of 0..2" vector_api
vector_bad_length() {
  ! "$objgen" korat --header "$vectors" --class vectors::SortedSet --range items_.size=0..300 -q >/dev/null 2>"$work/vlen.err" &&
    grep -q "items_.size must be within 0..255" "$work/vlen.err"
}
check "a vector length past 255: refused with the field's name" vector_bad_length
past_the_end() {  # 12 structures: lengths 2 and 3 (the others read past their end), for any --threads
  for t in 1 2; do
    "$objgen" korat --header "$vectors" --class vectors::PastTheEnd --scope 3 --range items.size=0..3 --range items=0..1 \
      --threads $t --report-json "$work/past$t.json" -q >"$work/past$t.txt" 2>&1 &&
      grep -q "finding: failure: the invariant read PastTheEnd.items\[0\], past the vector's length 0" "$work/past$t.txt" &&
      [ "$(json "$work/past$t.json" "j['structures']")" = 12 ] || { cat "$work/past$t.txt"; return 1; }
  done
  [ "$(json "$work/past1.json" "j['states_digest'], j['explored']")" = "$(json "$work/past2.json" "j['states_digest'], j['explored']")" ]
}
check "an invariant that reads past a vector's end: a finding naming the element" past_the_end

# Invariants that read their object inside the C library (==, std::equal, memcmp, strlen) find
# the structures of their twins written with loops (40: two equal vectors of 0..3 elements in
# 0..2; 7: chars 1..2 then one zero, 1..3 long); without the traced C library, 4 and 1.
libc=$src/tests/korat_inputs/libc_reads.hpp
libc_structures() {  # libc_structures CLASS OPTIONS...: prints the structures found
  "$objgen" korat --header "$libc" --class "libc_reads::$1" --scope 3 "${@:2}" --report-json "$work/libc-$1.json" -q >/dev/null &&
    json "$work/libc-$1.json" "j['structures']"
}
libc_reads() {
  local c n
  for c in SameByOperator SameByStdEqual SameByMemcmp SameByLoop; do
    n=$(libc_structures $c --range left=0..2 --range right=0..2) && [ "$n" = 40 ] || { echo "$c: $n structures, not 40"; return 1; }
  done
  for c in TextByStrlen TextByLoop; do
    n=$(libc_structures $c --range text=0..2) && [ "$n" = 7 ] || { echo "$c: $n structures, not 7"; return 1; }
  done
}
check "invariants reading through the C library: the structures of their loop twins" libc_reads
# An invariant that writes a field of its candidate, or reads past a vector's capacity: findings,
# and no structure rests on such an answer.
worthless_answers() {
  "$objgen" korat --header "$libc" --class libc_reads::CountsItsCalls --scope 2 --range calls=0..2 \
    --report-json "$work/writes.json" >"$work/writes.txt" 2>&1 &&
    grep -q "finding: failure: the invariant wrote CountsItsCalls.calls of the candidate it judges" "$work/writes.txt" &&
    [ "$(json "$work/writes.json" "j['structures']")" = 0 ] || { cat "$work/writes.txt"; return 1; }
  "$objgen" korat --header "$libc" --class libc_reads::PastTheCapacity --scope 2 --range items=0..1 \
    --report-json "$work/capacity.json" >"$work/capacity.txt" 2>&1 &&
    grep -q "finding: failure: the invariant read past the storage of PastTheCapacity.items (past its capacity" "$work/capacity.txt" &&
    [ "$(json "$work/capacity.json" "j['structures']")" = 0 ] || { cat "$work/capacity.txt"; return 1; }
}
check "an invariant that writes its candidate or reads past a vector's capacity: findings" worthless_answers

# A finitization file holds the same settings; the command line overrides it.
fin_file() {
  printf '# Korat binomial heap\nscope 6\nrange BinomialHeap::size=0..6   # nodes\n' >"$work/heap.fin"
  "$objgen" korat --header "$inv/binomial_heap.hpp" --class invariants::BinomialHeap --finitization "$work/heap.fin" \
    --report-json "$work/fin.json" -q >/dev/null && counts "$work/fin.json" 7602 12416 &&
  "$objgen" korat --header "$inv/binomial_heap.hpp" --class invariants::BinomialHeap --finitization "$work/heap.fin" \
    --scope 5 --range size=0..5 --report-json "$work/fin5.json" -q >/dev/null &&
    [ "$(json "$work/fin5.json" "j['scope']")" = 5 ] &&
  printf 'scope 3\nrange size 0..3\n' >"$work/bad.fin" &&
    expect_exit2 "bad.fin:2: write one setting and one value" "$objgen" korat --header "$inv/binomial_heap.hpp" \
      --class invariants::BinomialHeap --finitization "$work/bad.fin" -q
}
check "--finitization FILE: Korat's counts from a file; --scope and --range override it; a bad line named" fin_file

# Fields left out of the canonical form are still searched: heaps of 0..4 nodes, 5 shapes.
omitted() {
  "$objgen" korat --header "$inv/binomial_heap.hpp" --class invariants::BinomialHeap --scope 4 --range size=0..4 \
    --omit-fields key --report-json "$work/omit.json" -q >/dev/null &&
    [ "$(json "$work/omit.json" "j['structures'], j['explored'], j['canonical_states']")" = "120 318 5" ]
}
check "--omit-fields: searched, left out of the canonical states" omitted

# --against-api (BEAPI's RQ3): the invariant's states against the API's, as canonical forms.
diff_run() {  # diff_run CLASS BOTH INVARIANT_ONLY API_ONLY PATTERN
  "$objgen" korat --header "$src/tests/korat_inputs/diff_lists.hpp" --class "diffs::$1" --scope 2 --range size=0..2 \
    --range value=0..1 --against-api --report-json "$work/diff.json" -q >"$work/diff.txt" || return 1
  [ "$(json "$work/diff.json" "j['against_api']['both'], j['against_api']['invariant_only'], j['against_api']['api_only']")" = "$2 $3 $4" ] &&
    grep -q -- "$5" "$work/diff.txt" || { cat "$work/diff.txt"; return 1; }
}
check "an invariant too weak: states only it accepts, with a witness" diff_run WeakSortedList 6 1 0 "only the invariant accepts: WeakSortedList.head=Node#0 WeakSortedList.size=2 Node#0.next=Node#1 Node#0.value=1"
check "an invariant too strong: states only the API builds, with their calls" diff_run StrictSortedList 4 0 2 "v0->add(0); v0->add(0);"
witness_compiles() {  # the invariant-only witness as C++: it compiles, and the invariant accepts what it builds
  "$objgen" korat --header "$src/tests/korat_inputs/diff_lists.hpp" --class diffs::WeakSortedList --scope 2 --range size=0..2 \
    --range value=0..1 --against-api --report-json "$work/wit.json" -q >/dev/null || return 1
  { echo "#include \"$src/tests/korat_inputs/diff_lists.hpp\""; echo "int main() {"
    json "$work/wit.json" "'\\n'.join(j['against_api']['invariant_only_cpp'][0])"
    echo "return root->repOK() ? 0 : 1; }"; } >"$work/witness.cpp" &&
    c++ -std=c++20 -fno-access-control "$work/witness.cpp" -o "$work/witness" && "$work/witness" || { cat "$work/witness.cpp"; return 1; }
}
check "the invariant-only witness as C++ compiles and builds an object the invariant accepts" witness_compiles
exact() {
  "$objgen" korat --example binheap --scope 3 --range size=0..3 --against-api --report-json "$work/exact.json" -q >/dev/null &&
    [ "$(json "$work/exact.json" "j['against_api']['both'], j['against_api']['invariant_only'], j['against_api']['api_only']")" = "28 0 0" ]
}
check "the binomial heap example: its invariant and its API agree" exact
wider_api() {  # the invariant's states looked up one scope up; the API's own states still from --scope
  "$objgen" korat --example binheap --scope 3 --range size=0..3 --against-api --api-scope 4 --report-json "$work/wide.json" -q >/dev/null &&
    [ "$(json "$work/wide.json" "j['against_api']['both'], j['against_api']['invariant_only'], j['against_api']['api_only'], j['against_api']['api_states'], j['against_api']['api_scope']")" = "28 0 0 28 4" ]
}
check "--api-scope above --scope: only the API's states within --scope count as only the API's" wider_api

# --emit-gtest: the structures as a GoogleTest suite, built field by field; compiled with the command
# on its first line and run. The invariant accepts each structure; each mutating call that returns
# keeps it: true of the weak sorted list, false of the strict one (add(0) on [0] makes [0, 0]).
suite_run() {  # suite_run HEADER CLASS PASSES(0|1) PATTERN OPTIONS...
  local header=$1 cls=$2 passes=$3 pattern=$4 dir="$work/suite_${2//:/_}"; shift 4
  rm -rf "$dir" && mkdir -p "$dir" &&
    "$objgen" korat --header "$header" --class "$cls" "$@" --emit-gtest "$dir" -q >/dev/null || return 1
  local file; file=$(ls "$dir"/*_structures_test.cpp) || return 1
  (cd "$dir" && eval "$(head -1 "$file" | sed 's|^// Compile with: ||')") || { echo "the suite did not compile"; return 1; }
  local exe=${file%.cpp}
  if [ "$passes" = 1 ]; then "$exe" >"$dir/run.txt" 2>&1; else ! "$exe" >"$dir/run.txt" 2>&1; fi &&
    grep -q -- "$pattern" "$dir/run.txt" || { tail -20 "$dir/run.txt"; return 1; }
}
check "--emit-gtest: a suite of the weak list's 7 structures compiles and passes" suite_run "$src/tests/korat_inputs/diff_lists.hpp" \
  diffs::WeakSortedList 1 "PASSED.*2 tests" --scope 2 --range size=0..2 --range value=0..1
check "--emit-gtest: on the strict list, add(0) breaks the invariant: the suite fails and says after which call" suite_run \
  "$src/tests/korat_inputs/diff_lists.hpp" diffs::StrictSortedList 0 "after v0->add(0);" --scope 2 --range size=0..2 --range value=0..1
check "--emit-gtest: a class with no objects (every pointer to it null) still compiles" suite_run "$src/tests/korat_inputs/diff_lists.hpp" \
  diffs::WeakSortedList 1 "PASSED" --scope 2 --objects Node=0 --range size=0..0
check "--emit-gtest: vectors of pointers built element by element" suite_run "$vectors" vectors::DisjSet 1 "PASSED" \
  --scope 3 --range size=0..3 --not-null elements
check "--emit-gtest: const members set as the search set them" suite_run "$src/tests/korat_inputs/const_members.hpp" \
  constants::Budgeted 1 "PASSED" --scope 2 --range limit=0..2 --range used=0..2 --range weights=0..1

# The search split over workers (tasks handed back while another waits) finds the same structures
# in the same order: the report is the same but for the time and the number of tasks.
same_split() {
  for t in 1 2; do
    "$objgen" korat --header "$inv/binomial_heap.hpp" --class invariants::BinomialHeap --scope 7 --range size=0..7 \
      --threads $t --report-json "$work/t$t.json" -q >/dev/null || return 1
    json "$work/t$t.json" "j['structures'], j['explored'], j['states_digest'], j['findings']" >"$work/t$t.txt"
  done
  diff "$work/t1.txt" "$work/t2.txt" && [ "$(json "$work/t2.json" "j['jobs'] > 1")" = True ]
}
check "--threads 1 and 2: the same structures, explored and digest" same_split

# A crash, an exception and a hang are findings on the candidate that caused them; the search
# goes on and finds the lists around them (size 0..2, values 0..2, 3 cells).
hostile_run() {  # hostile_run CLASS KIND PATTERN
  "$objgen" korat --header "$hostile" --class "hostile::$1" --scope 3 --range size=0..2 --call-timeout 0.5 \
    --report-json "$work/$1.json" -q >"$work/$1.txt" || return 1
  [ "$(json "$work/$1.json" "len(j['findings'])")" -ge 1 ] || { cat "$work/$1.txt"; return 1; }
  [ "$(json "$work/$1.json" "j['findings'][0]['kind']")" = "$2" ] || { cat "$work/$1.txt"; return 1; }
  grep -q -- "$3" "$work/$1.txt" || { cat "$work/$1.txt"; return 1; }
  # still finds the lists its fault did not take: of 13 (size 0, 1 and 2, values 0..2, up to
  # isomorphism), at least the 9 whose head's value is not the one that throws
  [ "$(json "$work/$1.json" "j['structures'] >= 9")" = True ] || { cat "$work/$1.txt"; return 1; }
}
check "crashing invariant: a finding, the search goes on" hostile_run CrashingList crash "SIGSEGV"
check "throwing invariant: a finding, the search goes on" hostile_run ThrowingList failure "value 2 is not allowed"
check "hanging invariant: a finding, the search goes on" hostile_run HangingList timeout "timeout"
check "a default constructor that crashes in a search worker: exit 2" expect_exit2 "making the search's objects" \
  "$objgen" korat --header "$hostile" --class hostile::ConstructorBomb --scope 3 -q
check "an invariant that reads nothing: exit 2" expect_exit2 "read no field" \
  "$objgen" korat --header "$hostile" --class hostile::BlindList --scope 2 -q
check "a range naming no field: exit 2" expect_exit2 "names no integer" \
  "$objgen" korat --header "$hostile" --class hostile::CrashingList --range nosuch=0..1 -q
no_invariant() {  # said before the harness is compiled (the rebuild would say "compiling")
  expect_exit2 "hostile::Cell has no invariant: a const member" \
    "$objgen" korat --header "$hostile" --class hostile::Cell --rebuild-harness &&
    ! grep -q "compiling the harness" "$work/err.txt"
}
check "a class without an invariant: exit 2, said before the harness is compiled" no_invariant
exit "$fail"
