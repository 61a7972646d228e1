#!/usr/bin/env bash
# BEAPI's RQ3 on our twins of the benchmark classes, at small scopes: the flaws of Table 3 come out
# of `objgen korat --against-api` (states only the invariant accepts, only the API builds), and the
# artifact's fixed repOKs close them. The full study at larger scopes: bench/rq3_study.py.
#   rq3_test.sh OBJGEN SOURCE_DIR PART   (PART: korat kiasan roops fajita all)
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
choose_part "${3:-all}" korat kiasan roops fajita
inv=$src/examples/invariants

diff_counts() {  # diff_counts BOTH INVARIANT_ONLY API_ONLY KORAT-OPTIONS...
  local expected="$1 $2 $3"; shift 3
  "$objgen" korat "$@" --against-api --report-json "$work/d.json" -q >"$work/d.txt" || { cat "$work/d.txt"; return 1; }
  local got; got=$(json "$work/d.json" "j['against_api']['both'], j['against_api']['invariant_only'], j['against_api']['api_only']")
  [ "$got" = "$expected" ] || { echo "got $got, expected $expected"; cat "$work/d.txt"; return 1; }
}

if wants korat; then
  rbt=(--header "$inv/red_black_tree.hpp" --scope 4 --range size=0..4 --range color=0..1)
  check "Korat's RBTree: 12 red-rooted trees only the invariant accepts (under)" diff_counts 29 12 0 --class invariants::RedBlackTree "${rbt[@]}"
  check "Korat's RBTree, fixed (root black): no difference" diff_counts 29 0 0 --class invariants::FixedRedBlackTree "${rbt[@]}"
fi
if wants kiasan; then
  check "Kiasan's DisjSetsFast: roots whose rank no union makes (under)" diff_counts 14 103 0 \
    --header "$inv/rq3/kiasan/disj_sets.hpp" --class rq3::kiasan::DisjSetsFast --scope 4 --range s.size=1..3 --range s=-3..3 \
    --methods 'DisjSetsFast(int),union_,Find'
fi
if wants roops; then
  ncl=(--header "$inv/rq3/roops/node_caching_linked_list.hpp" --scope 3 --range size=0..3 --range cacheSize=0..3 --range value=-1..2
       --range maximumCacheSize=20..20 --range DEFAULT_MAXIMUM_CACHE_SIZE=20..20 --methods addLast,removeIndex)
  check "ROOPS' NCL: values in the header and the cache never checked (under)" diff_counts 18 210 0 --class rq3::roops::NodeCachingLinkedList "${ncl[@]}"
  check "ROOPS' NCL, fixed: no difference" diff_counts 18 0 0 --class rq3::roops::NodeCachingLinkedListFix "${ncl[@]}"
fi
if wants fajita; then
  avl=(--header "$inv/rq3/fajita/avl_tree.hpp" --scope 4 --range size=0..4 --methods insert)
  check "FAJITA's AVL: leaves' height off by one, every non-empty tree on both sides (error)" diff_counts 1 24 24 --class rq3::fajita::AvlTree "${avl[@]}"
  check "FAJITA's AVL, fixed: no difference" diff_counts 25 0 0 --class rq3::fajita::AvlTree_fix "${avl[@]}"
fi
exit "$fail"
