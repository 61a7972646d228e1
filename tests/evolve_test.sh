#!/usr/bin/env bash
# objgen evolve end to end: coverage builds of the Java subjects, the input-domain reduction
# with and without purity, the search (Stack: every method fully covered in every run),
# determinism for a seed, the emitted covering test set compiling and passing, a hostile
# method that crashes and hangs, a real library type (boost::dynamic_bitset<>), and bad input.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"

# Stack, 20 runs per method, with and without purity: all of them reach full node coverage.
check "stack: evolve --runs 20 --purity both" "$objgen" evolve --example stack --runs 20 --purity both --coverage-scope class -q \
  --report-json "$work/stack.json" --plot "$work/stack.svg" --emit-gtest "$work/stack" --html "$work/stack-html"
check "stack: every run of every method reaches full coverage" \
  test "$(json "$work/stack.json" "min(m['full_coverage_rate'] for m in j['methods'])")" = "1.0"
check "stack: five methods x two settings" test "$(json "$work/stack.json" "len(j['methods'])")" = "12"
check "stack: purity shrinks the function set" \
  test "$(json "$work/stack.json" "j['input_domain']['with_purity']['function_set_entries'] < j['input_domain']['without_purity']['function_set_entries'] and j['input_domain']['with_purity']['emcdg_edges'] < j['input_domain']['without_purity']['emcdg_edges']")" = "True"
check "stack: the const members are the ones purity removes" \
  test "$(json "$work/stack.json" "sorted(p['member'] for p in j['input_domain']['parameters'] if p['purity'] != 'read/write')")" \
  = "['Stack::empty() const', 'Stack::peek() const', 'Stack::search(int) const', 'Stack::size() const']"
check "stack: plot written" grep -q '<polyline' "$work/stack.svg"
check "stack: its --html page shows the plot, and renders" bash -c \
  "grep -q '<polyline' '$work'/stack-html/*Stack*.html && python3 '$src/tests/html_check.py' '$work/stack-html'"
check "stack: emitted test set compiles" "$cxx" -std=c++20 -I "$src/examples" "$work/stack/stack_evolve_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/stack/tests"
check "stack: emitted test set passes" "$work/stack/tests"

# BitSet with the paper's budget (population 10, <= 100 generations), 3 runs per method.
check "bitset: evolve --runs 3" "$objgen" evolve --example bitset --runs 3 --coverage-scope class -q --report-json "$work/bitset.json" \
  --emit-gtest "$work/bitset"
check "bitset: at least 85% of runs reach full coverage" \
  test "$(json "$work/bitset.json" "j['summary']['with_purity']['full_coverage_rate'] >= 0.85")" = "True"
check "bitset: emitted test set compiles" "$cxx" -std=c++20 -I "$src/examples" "$work/bitset/bitset_evolve_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/bitset/tests"
check "bitset: emitted test set passes" "$work/bitset/tests"

# The same seed gives the same search.
for i in 1 2; do
  check "bitset: seeded run $i" "$objgen" evolve --example bitset --method 'nextSetBit,xorWith' --runs 2 --seed 7 --coverage-scope class -q \
    --report-json "$work/det$i.json"
done
check "same seed, same runs" test \
  "$(json "$work/det1.json" "[(r['generations'], r['uncovered_nodes'], r['test_set']) for m in j['methods'] for r in m['run_results']]")" \
  = "$(json "$work/det2.json" "[(r['generations'], r['uncovered_nodes'], r['test_set']) for m in j['methods'] for r in m['run_results']]")"

# --threads 2: methods in waves of two, each from the terminals as its wave began; the values the
# local searches and the dynamic pool kept are merged after each wave, so the same seed gives the
# same search again, and the test set (renumbered into the merged terminals) compiles and passes.
for i in 1 2; do
  check "rbt --threads 2: seeded run $i" "$objgen" evolve --example rbt --methods all --threads 2 --seed 3 --generations 30 \
    --fitness branch -q --report-json "$work/thr$i.json" --emit-gtest "$work/thr$i"
done
check "--threads 2: same seed, same runs" test \
  "$(json "$work/thr1.json" "[(m['method'], r['generations'], r['uncovered_nodes'], r['test_set']) for m in j['methods'] for r in m['run_results']]")" \
  = "$(json "$work/thr2.json" "[(m['method'], r['generations'], r['uncovered_nodes'], r['test_set']) for m in j['methods'] for r in m['run_results']]")"
check "--threads 2: the values the searches kept were merged" \
  test "$(json "$work/thr1.json" "sum(r['dynamic_constants'] for m in j['methods'] for r in m['run_results']) > 0")" = True
check "--threads 2: its test set compiles" "$cxx" -std=c++20 -O0 -I "$src/examples" "$work/thr1/rbt_evolve_test.cpp" \
  "$src/examples/rbt/red_black_tree.cpp" -lgtest -lgtest_main -pthread -o "$work/thr1/tests"
check "--threads 2: its test set passes" "$work/thr1/tests"

# A method that crashes for one input and hangs for another: both reported, the search goes on.
check "hostile: evolve survives a crash and a hang" "$objgen" evolve --header "$src/tests/evolve_inputs/gadget.hpp" \
  --class hostile::Gadget --method poke --generations 30 --call-timeout 0.3 -q --report-json "$work/gadget.json"
check "hostile: the crash is reported" grep -q '"kind": "crash"' "$work/gadget.json"
check "hostile: the hang is reported" grep -q '"kind": "timeout"' "$work/gadget.json"
check "hostile: every generation ran" test "$(json "$work/gadget.json" "j['methods'][0]['run_results'][0]['generations']")" = "30"
check "hostile: the other nodes are covered" \
  test "$(json "$work/gadget.json" "j['methods'][0]['nodes'] - len(j['methods'][0]['run_results'][0]['uncovered_nodes']) >= 6")" = "True"

# A worker killed from another thread at any moment (in a later call, between test cases or
# batches): every run still goes through all its generations.
check "saboteur: evolve survives workers dying at any moment" "$objgen" evolve \
  --header "$src/tests/evolve_inputs/gadget.hpp" --class hostile::Saboteur --method check --runs 3 --generations 30 -q \
  --report-json "$work/saboteur.json"
check "saboteur: all runs complete" test "$(json "$work/saboteur.json" "[r['generations'] for r in j['methods'][0]['run_results']]")" = "[30, 30, 30]"
check "saboteur: its crash is reported" grep -q '"kind": "crash"' "$work/saboteur.json"

# A real library type compiled with coverage.
check "dynamic_bitset: evolve" "$objgen" evolve --header '<boost/dynamic_bitset.hpp>' --class 'boost::dynamic_bitset<>' \
  --method 'find_next,operator>>=,all' --runs 2 --coverage-scope class -q --report-json "$work/dbs.json"
check "dynamic_bitset: find_next fully covered" \
  test "$(json "$work/dbs.json" "[m['full_coverage_rate'] for m in j['methods'] if m['method'].startswith('dynamic_bitset::find_next')][0]")" = "1.0"

# A const member named by its signature, with or without " const".
check "signature without const" "$objgen" evolve --example bitset --method 'BitSet::get(int, int)' --generations 2 -q
check "signature with const" "$objgen" evolve --example bitset --method 'BitSet::get(int, int) const' --generations 2 -q

# Bad input.
check "unknown method: exit 2" expect_exit2 "nosuch" "$objgen" evolve --example stack --method nosuch -q
check "bad --purity: exit 2" expect_exit2 "purity" "$objgen" evolve --example stack --purity maybe -q
check "bad probabilities: exit 2" expect_exit2 "sum to 1" "$objgen" evolve --example stack --mutation 0.9 -q
exit "$fail"
