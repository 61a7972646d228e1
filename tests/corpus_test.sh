#!/usr/bin/env bash
# corpus_test.sh OBJGEN SRC CXX TAG [PHASE]: one class of the real-code corpus (docs/CORPUS.md),
# from a library scripts/install-deps.sh installs from Debian, run through every command with
# default flags: scan, builders --verify, exhaustive --builders auto at scopes 3 and 4, random,
# params and (where the class has a branchy member) evolve. Every run exits 0; every emitted file
# compiles with -O0, the states suite also with -O2 -Wall, and passes at both levels; counts equal
# the closed form where one is known. The findings are printed for the corpus page, which labels each by hand.
#
# PHASE (default all) runs a part, so that CTest can spread a class over cases: builders (scan and
# builders --verify: builds the harness and caches the builders; with CORPUS_FRESH=1 it first
# empties $CORPUS_CACHE), exhaustive, random, params, evolve. The parts share the harness and the
# builders through $CORPUS_CACHE (objgen's cache directory).
set -u
objgen=$(realpath "$1")
src=$(realpath "$2")
cxx=$3
tag=$4
phase=${5:-all}
. "$src/tests/check_lib.sh"
if [ -n "${CORPUS_CACHE:-}" ]; then  # shared by the phases of one class, or reused between runs by hand
  [ "${CORPUS_FRESH:-0}" = 1 ] && [ "$phase" = builders ] && rm -rf "$CORPUS_CACHE"
  export OBJGEN_CACHE_DIR=$CORPUS_CACHE
fi
choose_part "$phase" builders exhaustive random params evolve

# TAG => header | class (then, after ';', classes it holds that objgen must describe) | compile and
# link flags after -- | states at scope 3 and 4 ("" when no closed form) | evolve's method ("" for none)
declare -A corpus=(
  # Insertion-ordered: a map of keys 0..2 to values 0..2 is a sequence of distinct keys, each with
  # a value: sum over k of 3!/(3-k)! * 3^k = 1 + 9 + 54 + 162 = 226 (scope 3).
  [tsl_ordered_map]="<tsl/ordered_map.h>|tsl::ordered_map<int, int>||226 |erase"
  # Sequences of distinct elements of 0..2: 1 + 3 + 6 + 6 = 16; of 0..3: 1 + 4 + 12 + 24 + 24 = 65.
  [tsl_ordered_set]="<tsl/ordered_set.h>|tsl::ordered_set<int>||16 65|erase"
  # Hash containers: contents only. Maps: sum_k C(3,k) 3^k = 4^3 = 64, 5^4 = 625; sets: 2^3, 2^4.
  [tsl_hopscotch_map]="<tsl/hopscotch_map.h>|tsl::hopscotch_map<int, int>||64 625|erase"
  [tsl_hopscotch_set]="<tsl/hopscotch_set.h>|tsl::hopscotch_set<int>||8 16|erase"
  # Json::Value's members are all in libjsoncpp.so: a coverage build of the header has nothing to
  # measure, so evolve is left out (issue 36: coverage of what a member calls).
  [jsoncpp_value]="<json/json.h>|Json::Value|-I/usr/include/jsoncpp -ljsoncpp|| "
  [gmpxx_mpz]="<gmpxx.h>|mpz_class|-lgmpxx -lgmp||operator+="
  [eigen_vector2i]="<Eigen/Dense>|Eigen::Vector2i|-I/usr/include/eigen3|| "
  # Sorted sets of 0..2 and 0..3.
  [boost_flat_set]="<boost/container/flat_set.hpp>|boost::container::flat_set<int>||8 16|erase"
  # Sequences of 0..2 of length <= 3: 1 + 3 + 9 + 27 = 40; of 0..3, length <= 4: 341.
  [boost_small_vector]="<boost/container/small_vector.hpp>|boost::container::small_vector<int, 4>||40 341|resize"
  [absl_inlined_vector]="<absl/container/inlined_vector.h>|absl::InlinedVector<int, 4>||40 341|resize"
  [std_forward_list]="<forward_list>|std::forward_list<int>||40 341|remove"
  # Needs set_empty_key before it reads (objgen finds the call): the sets of 0..2 and 0..3.
  [sparsehash_dense_hash_set]="<sparsehash/dense_hash_set>|google::dense_hash_set<int>||8 16|erase"
  # A JSON value: null, numbers, strings, arrays and objects nested up to the scope; no closed form.
  [nlohmann_json]="<nlohmann/json.hpp>|nlohmann::json|||erase"
  # A compressed bitmap whose members call its compiled C library: the sets of 0..2 and 0..3; the
  # C code has no coverage build, so evolve is left out (as jsoncpp).
  [roaring_bitmap]="<roaring/roaring.hh>|Roaring|-lroaring|8 16| "
  # Intervals joined where they touch: a state is a set of points, as its == says ({[0,0]} is {[0,1)}).
  # Its elements are intervals, a class objgen reads too (the message naming it says so).
  [boost_interval_set]="<boost/icl/interval_set.hpp>|boost::icl::interval_set<int>;boost::icl::discrete_interval<int, std::less>||8 16|erase"
  # A node of a graph of shared nodes (copies alias one graph); most members are in libyaml-cpp.
  [yaml_node]="<yaml-cpp/yaml.h>|YAML::Node|-lyaml-cpp||remove"
)
entry=${corpus[$tag]:-}
[ -n "$entry" ] || { echo "unknown corpus class $tag"; exit 2; }
IFS='|' read -r header cls flags counts evolve_method <<<"$entry"
read -r count3 count4 <<<"$counts"
subject=(--header "$header")
IFS=';' read -r -a classes <<<"$cls"  # the class, then any class it holds that objgen must read as well
for c in "${classes[@]}"; do subject+=(--class "$c"); done
after=()
[ -n "$flags" ] && read -r -a after <<<"$flags" && after=(-- "${after[@]}")

# compiles FILE [-O2]: with the command on its first line (what a user runs, in the suite's
# folder), at -O0 (kept as FILE.O0), and with -O2 also at -O2 -Wall (FILE.O2), for a suite that
# runs at both levels (the others would only repeat the parse).
compiles() {
  local f=$1 cmd
  case "$f" in *_benchmark*) return 0 ;; esac
  cmd=$(head -1 "$f" | sed -n 's|^// Compile with: ||p')
  check "$(basename "$f") has its compile command" [ -n "$cmd" ]
  check "$(basename "$f") compiles with -O0" bash -c "cd '$(dirname "$f")' && eval \"$cmd -O0 -o '$f.O0'\""
  [ "${2:-}" = -O2 ] || return 0
  check "$(basename "$f") compiles with -O2 -Wall" bash -c "cd '$(dirname "$f")' && eval \"$cmd -O2 -Wall -o '$f.O2'\""
}

# fails_every_test FILE: a failures suite (built as FILE.O0 by compiles) fails each of its tests:
# every finding it holds is true of the code as it is.
fails_every_test() {
  local bin="$1.O0" total failed
  case "$1" in *_failures_test.cpp) ;; *) return 0 ;; esac
  total=$("$bin" --gtest_list_tests | grep -c '^  ')
  "$bin" >"$bin.log" 2>&1
  failed=$(grep -c '^\[  FAILED  \] .* ([0-9]* ms)$' "$bin.log")
  echo "  [$tag] $(basename "$1"): $failed of $total tests fail"
  [ "$total" -gt 0 ] && [ "$failed" -eq "$total" ]
}
fails() {  # fails FILE: checked, for each failures suite
  case "$1" in *_failures_test.cpp) check "$(basename "$1"): every test fails" fails_every_test "$1" ;; esac
}

structures() { grep -o '^structures [0-9]*' "$1" | grep -o '[0-9]*'; }

run() {  # run NAME ARGS...: objgen ARGS with the subject, output in $work/NAME.out
  local name=$1; shift
  check "$name exits 0" bash -c '"$@" >"'"$work/$name.out"'" 2>&1' _ "$objgen" "$@" "${subject[@]}" "${after[@]}"
  grep -E '^  [a-z]+ in |^    why: |^likely precondition|^ruled out|^verdict|^builders \(' "$work/$name.out" |
    sed "s/^/  [$tag $name] /" | head -40
}

if wants builders; then
  check "scan lists the API" bash -c '"$@" | grep -q "("' _ "$objgen" scan --list "${subject[@]}" "${after[@]}"
  run builders builders --verify --report-json "$work/builders.json"
fi
if wants exhaustive; then
  for scope in 3 4; do
    run "exhaustive$scope" exhaustive --builders auto --scope "$scope" --emit-gtest "$work/ex$scope" --report-json "$work/ex$scope.json"
    echo "  [$tag exhaustive$scope] structures $(structures "$work/exhaustive$scope.out")"
    want=$([ "$scope" = 3 ] && echo "$count3" || echo "$count4")
    [ -n "$want" ] && check "scope $scope: $want states (closed form)" [ "$(structures "$work/exhaustive$scope.out")" = "$want" ]
  done
  states=$(ls "$work"/ex3/*_states_test.cpp 2>/dev/null | head -1)
  for f in "$work"/ex3/*_test.cpp "$work"/ex4/*_failures_test.cpp; do
    [ -e "$f" ] || continue
    compiles "$f" "$([ "$f" = "$states" ] && echo -O2)"
    fails "$f"
  done
  [ -n "$states" ] && check "the states suite passes" "$states.O2" && check "the states suite passes again" "$states.O0"
fi
if wants random; then
  run random random --time-limit "${CORPUS_RANDOM_SECONDS:-20}" --emit-gtest "$work/rnd"
  for f in "$work"/rnd/*_test.cpp; do
    compiles "$f"
    fails "$f"
  done
fi
if wants params; then
  run params params --emit-gtest "$work/params" --report-json "$work/params.json"
  for f in "$work"/params/*_test.cpp; do compiles "$f"; done
fi
if [ "$phase" = evolve ] && [ -z "${evolve_method// /}" ]; then
  echo "$tag has no member for evolve (the table above says why)"
  exit 77  # CTest: skipped
fi
if wants evolve && [ -n "${evolve_method// /}" ]; then
  run evolve evolve --method "$evolve_method" --budget "${CORPUS_EVOLVE_SECONDS:-10}" --emit-gtest "$work/evolve"
  # The searches of a member's overloads meet the same faults (their tests call every member): once each.
  if grep -q '^findings of the search:' "$work/evolve.out"; then
    check "each finding of the search is reported once" bash -c \
      "[ -z \"\$(sed -n '/^findings of the search:/,/^[^ ]/p' '$work/evolve.out' | grep '^  ' | sed 's/[0-9]\+//g' | sort | uniq -d)\" ]"
  else
    echo "  [$tag evolve] the search met no failure: nothing to report once"
  fi
  for f in "$work"/evolve/*_test.cpp; do
    compiles "$f"
    fails "$f"
  done
fi
exit $fail
