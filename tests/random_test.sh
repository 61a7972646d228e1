#!/usr/bin/env bash
# objgen random end to end: every buggy_* contract example is reported with a minimized,
# 1-minimal sequence and an error-revealing test that fails; correct examples break no contract;
# the regression suite compiles and passes twice; the same seed gives the same report for 1 and
# 2 workers; bad input exits 2 without writing anything.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"
examples="$src/examples"

declare -A contract=([buggy_copy]="contract copy-independent" [buggy_equals]="contract eq-symmetric"
                     [buggy_hash]="contract hash-eq" [buggy_move]="contract moved-from")
declare -A source=([buggy_copy]=buggy_copy/shared_tail_list.cpp [buggy_equals]=buggy_equals/int_bag.cpp
                   [buggy_hash]=buggy_hash/ratio.cpp [buggy_move]=buggy_move/movable_list.cpp)
for ex in buggy_copy buggy_equals buggy_hash buggy_move; do
  check "$ex: random run" "$objgen" random --example "$ex" --max-calls 100000 --seed 3 -q \
    --report-json "$work/$ex.json" --emit-gtest "$work/$ex"
  check "$ex: reported as '${contract[$ex]}', minimized, 1-minimal" bash -c \
    "[ \"\$(python3 -c \"import json; j=json.load(open('$work/$ex.json'))
f=[f for f in j['findings'] if f['operation'].startswith('${contract[$ex]}')]
print(len(f) > 0 and all(x['minimized']['reproduced'] and x['minimized']['one_minimal'] for x in f))\")\" = True ]"
  check "$ex: error-revealing suite compiles" "$cxx" -std=c++20 -I "$examples" "$work/$ex/${ex}_random_failures_test.cpp" \
    "$examples/${source[$ex]}" -lgtest -lgtest_main -pthread -o "$work/$ex/failures"
  check "$ex: every error-revealing test fails" bash -c \
    "'$work/$ex/failures' > '$work/$ex/out.txt' 2>&1; ! grep -q '^\[       OK \]' '$work/$ex/out.txt' && grep -q '^\[  FAILED  \]' '$work/$ex/out.txt'"
done

for ex in sll binheap bintree; do
  check "$ex: no contract breaks on a correct class" bash -c \
    "'$objgen' random --example $ex --max-calls 200000 -q --report-json '$work/$ex.json' --emit-gtest '$work/$ex' &&
     [ \"\$(python3 -c \"import json; print(len(json.load(open('$work/$ex.json'))['findings']))\")\" = 0 ]"
done
sources() { ls "$examples/$1"/*.cpp | grep -v harness.cpp; }
check "sll: regression suite compiles" "$cxx" -std=c++20 -I "$examples" "$work/sll/sll_random_states_test.cpp" \
  $(sources sll) -lgtest -lgtest_main -pthread -o "$work/sll/states"
check "sll: regression suite asserts observers" grep -q 'check_observers\|EXPECT_EQ(static_cast<long long>(v[0-9]*->getSize())' \
  "$work/sll/sll_random_states_test.cpp"
check "sll: regression suite passes" "$work/sll/states"
check "sll: regression suite passes again" "$work/sll/states"

without_timing() { python3 -c "import json,sys; j=json.load(open(sys.argv[1])); j.pop('timing'); print(json.dumps(j, sort_keys=True))" "$1"; }
check "same seed, 1 and 2 workers: same report" bash -c \
  "'$objgen' random --example buggy_equals --max-calls 50000 --seed 9 --threads 1 -q --report-json '$work/t1.json' &&
   '$objgen' random --example buggy_equals --max-calls 50000 --seed 9 --threads 2 -q --report-json '$work/t2.json' &&
   [ \"\$(python3 -c \"import json; j=json.load(open('$work/t1.json')); j.pop('timing'); print(json.dumps(j, sort_keys=True))\")\" = \
     \"\$(python3 -c \"import json; j=json.load(open('$work/t2.json')); j.pop('timing'); print(json.dumps(j, sort_keys=True))\")\" ]"
check "--contracts none: nothing reported" bash -c \
  "'$objgen' random --example buggy_equals --max-calls 50000 --contracts none -q --report-json '$work/none.json' &&
   [ \"\$(python3 -c \"import json; print(len(json.load(open('$work/none.json'))['findings']))\")\" = 0 ]"
check "--contracts all,-eq-symmetric: the asymmetric == is not reported" bash -c \
  "'$objgen' random --example buggy_equals --max-calls 50000 --contracts all,-eq-symmetric -q --report-json '$work/minus.json' &&
   ! grep -q 'eq-symmetric' '$work/minus.json'"
check "hostile: crashing, throwing and hanging members are findings, objgen finishes" bash -c \
  "'$objgen' random --example buggy_hang --max-calls 20000 --call-timeout 0.5 -q --report-json '$work/hang.json' &&
   grep -q '\"timeout\"' '$work/hang.json'"
check "exhaustive checks the contracts on its states: buggy_hash's hash-eq, minimized, in the failures suite" bash -c \
  "'$objgen' exhaustive --example buggy_hash --scope 3 -q --report-json '$work/ex_hash.json' --emit-gtest '$work/ex_hash' &&
   [ \"\$(python3 -c \"import json; f=json.load(open('$work/ex_hash.json'))['contracts']['findings']; print([x['operation'].split('(')[0] for x in f], all(x['minimized']['one_minimal'] for x in f))\")\" = \"['contract hash-eq'] True\" ] &&
   grep -q 'contract hash-eq' '$work/ex_hash/buggy_hash_failures_test.cpp'"
check "exhaustive on a correct class: no contract broken" bash -c \
  "'$objgen' exhaustive --example rbt --scope 4 -q --report-json '$work/ex_rbt.json' &&
   [ \"\$(python3 -c \"import json; print(len(json.load(open('$work/ex_rbt.json'))['contracts']['findings']))\")\" = 0 ]"
check "unknown contract: exit 2" expect_exit2 "unknown contract 'symmetric'" "$objgen" random --example sll --contracts symmetric
check "bad --runs: exit 2" expect_exit2 "runs" "$objgen" random --example sll --runs 0
check "unwritable report: exit 2, nothing written" expect_exit2 "/dev/null/r.json" "$objgen" random --example sll --max-calls 10 \
  --report-json /dev/null/r.json
exit $fail
