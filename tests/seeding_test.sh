#!/usr/bin/env bash
# EvoObj end to end (docs/SEEDING.md): classes registered beside the target, the object
# construction graph and a template for a branch, seeded searches covering what eCrash alone does
# not, the covering tests compiling and passing, hostile writers, and bad input.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
. "$(dirname "$0")/check_lib.sh"

line_of() { grep -n -- "$2" "$src/examples/$1" | head -1 | cut -d: -f1; }

# 1. scan registers the classes isWorthy reaches, says why, and takes --class again.
thesis="$src/examples/thesis/thesis.hpp"
check "scan: the classes the API reaches come in" sh -c \
  "'$objgen' scan --header '$thesis' --class examples::Scholarship --list | grep -q 'examples::CV  (examples::Supervisor::setCv takes it)'"
check "scan --class-depth 0: the parameter is skipped with a hint" sh -c \
  "'$objgen' scan --header '$thesis' --class examples::Scholarship --class-depth 0 --list | grep -q 'give --class examples::Student too'"
check "scan: --class again registers that class" sh -c \
  "'$objgen' scan --header '$thesis' --class examples::Scholarship --class examples::Student --class-depth 0 --json | python3 -c 'import json,sys; j=json.load(sys.stdin); assert [c[\"target\"] for c in j[\"companions\"]] == [\"examples::Student\"]'"

# 2. --show-graph: the award count through supervisor -> CV, its writers, a template building it.
line=$(line_of thesis/thesis.hpp "return true;")
check "show-graph: isWorthy:$line" sh -c "'$objgen' evolve --example thesis --show-graph isWorthy:$line -q >'$work/graph.txt' 2>&1"
check "show-graph: DOT" grep -q 'digraph object_construction_graph' "$work/graph.txt"
check "show-graph: the award count's path" \
  grep -q 'input 1 . examples::Student::supervisor_ . examples::Supervisor::cv_ . examples::CV::awards_ . std::vector<int, std::allocator<int> >::size()' "$work/graph.txt"
check "show-graph: setCv writes cv_" grep -q 'examples::Supervisor::cv_ written by: Supervisor::setCv' "$work/graph.txt"
check "show-graph: the template adds awards" grep -q 'addAward' "$work/graph.txt"

# 3. Seeded searches: isWorthy fully covered in every run, eCrash alone in none (same seeds,
#    same limits); the JSON says what seeding did per branch.
for seeding in evoobj off; do
  check "thesis: evolve --seeding $seeding" "$objgen" evolve --example thesis --method isWorthy --seeding "$seeding" \
    --runs 3 --generations 150 --max-depth 12 -q --report-json "$work/thesis-$seeding.json" --emit-gtest "$work/$seeding"
done
check "thesis: seeded runs all reach full coverage" \
  test "$(json "$work/thesis-evoobj.json" "j['methods'][0]['full_coverage_rate']")" = "1.0"
check "thesis: unseeded runs do not" \
  test "$(json "$work/thesis-off.json" "j['methods'][0]['full_coverage_rate']")" = "0.0"
check "thesis: per-branch graphs and templates reported" \
  test "$(json "$work/thesis-evoobj.json" "all(b['graph_nodes'] > 0 and b['graph_leaves'] > 0 for b in j['methods'][0]['seeded_branches']) and sum(b['templates'] for b in j['methods'][0]['seeded_branches']) > 0")" = "True"
check "thesis: the seeded covering tests compile" "$cxx" -std=c++20 -I "$src/examples" \
  "$work/evoobj/thesis_evolve_test.cpp" -lgtest -lgtest_main -pthread -o "$work/evoobj/tests"
check "thesis: and pass" "$work/evoobj/tests"
check "thesis: a covering test builds the CV through the public API" grep -q 'addAward' "$work/evoobj/thesis_evolve_test.cpp"

# 4. The same seed, the same seeded search; --fitness branch and --budget run end to end.
check "game: seeded run, seed 5" "$objgen" evolve --example game --seeding evoobj --runs 2 --seed 5 --generations 60 -q \
  --report-json "$work/g1.json"
check "game: again" "$objgen" evolve --example game --seeding evoobj --runs 2 --seed 5 --generations 60 -q \
  --report-json "$work/g2.json"
check "game: same seed, same runs" test \
  "$(json "$work/g1.json" "[(r['generations'], r['uncovered_nodes'], r['templates']) for r in j['methods'][0]['run_results']]")" \
  = "$(json "$work/g2.json" "[(r['generations'], r['uncovered_nodes'], r['templates']) for r in j['methods'][0]['run_results']]")"
check "game: --fitness branch --budget 2" "$objgen" evolve --example game --seeding evoobj --fitness branch --budget 2 -q \
  --report-json "$work/g3.json"
check "game: the budget bounds the run" \
  test "$(json "$work/g3.json" "all(r['seconds'] < 4 for r in j['methods'][0]['run_results'])")" = "True"

# 5. Hostile writers: templates call a setter that aborts and a mutator that hangs for
#    constants the analysis finds; both are findings and the search goes on.
check "hostile: seeded evolve survives" "$objgen" evolve --header "$src/tests/evolve_inputs/deep_hostile.hpp" \
  --class hostile::Probe --method look --seeding evoobj --generations 40 --call-timeout 0.3 -q \
  --report-json "$work/hostile.json"
check "hostile: the abort is a finding" grep -q '"kind": "crash"' "$work/hostile.json"
check "hostile: the search went on (all 40 generations, or every node covered)" \
  test "$(json "$work/hostile.json" "(lambda r: r['generations'] == 40 or r['full_coverage'])(j['methods'][0]['run_results'][0])")" = "True"

# 6. Parts reached by reference: league.team(i).addWin() is an operation of League for every
#    strategy; templates call it to give one team four wins; eCrash alone never does.
league="$src/tests/evolve_inputs/league.hpp"
check "league: exhaustive over calls through references" "$objgen" exhaustive --header "$league" --class sports::League \
  --methods all --scope 2 -q --emit-gtest "$work/league-states"
check "league: the states suite calls through the reference" grep -q 'p0->team(.*).addWin();' "$work/league-states/league_states_test.cpp"
check "league: and through the pointer" grep -q 'p0->find(.*)->setCoach(' "$work/league-states/league_states_test.cpp"
check "league: the states suite compiles" "$cxx" -std=c++20 -I "$src/tests/evolve_inputs" \
  "$work/league-states/league_states_test.cpp" -lgtest -lgtest_main -pthread -o "$work/league-states/tests"
check "league: and passes" "$work/league-states/tests"
line=$(grep -n 'return 2;' "$league" | head -1 | cut -d: -f1)
check "league: show-graph champion:$line" sh -c "'$objgen' evolve --header '$league' --class sports::League --show-graph champion:$line -q >'$work/league-graph.txt' 2>&1"
check "league: writers confirmed at run time" \
  grep -qE 'Team::wins_ written by: .*League::team\(int\)\.addWin\(\) \([0-9.]+, changed it in [1-9][0-9]*/' "$work/league-graph.txt"
check "league: a writer that never writes at run time is refuted" \
  grep -qE 'League::team\(int\)\.newSeason\(\) \(0\.0[0-9]+, changed it in 0/[0-9]+ calls\)' "$work/league-graph.txt"
for seeding in evoobj off; do
  check "league: evolve --seeding $seeding" "$objgen" evolve --header "$league" --class sports::League --method champion \
    --seeding "$seeding" --runs 5 --generations 2000 -q --report-json "$work/league-$seeding.json" --emit-gtest "$work/league-$seeding"
done
check "league: seeded runs reach the branch" \
  test "$(json "$work/league-evoobj.json" "j['methods'][0]['full_coverage_rate'] >= 0.4")" = "True"
check "league: more often than unseeded runs" \
  test "$(json "$work/league-off.json" "j['methods'][0]['full_coverage_rate'] < $(json "$work/league-evoobj.json" "j['methods'][0]['full_coverage_rate']")")" = "True"
check "league: the covering test writes through team(i)" grep -q 'team(.*)\.addWin()' "$work/league-evoobj/League_evolve_test.cpp"
check "league: the covering tests compile" "$cxx" -std=c++20 -I "$src/tests/evolve_inputs" \
  "$work/league-evoobj/League_evolve_test.cpp" -lgtest -lgtest_main -pthread -o "$work/league-evoobj/tests"
check "league: and pass" "$work/league-evoobj/tests"

# 7. Bad input: one clear line, exit 2.
check "show-graph: unknown method" expect_exit2 "nosuch" "$objgen" evolve --example thesis --show-graph nosuch:3 -q
check "show-graph: no block at the line" expect_exit2 "starts at line 1 " "$objgen" evolve --example thesis --show-graph isWorthy:1 -q
check "show-graph: no line" expect_exit2 "METHOD:LINE" "$objgen" evolve --example thesis --show-graph isWorthy -q
check "--p-app 2" expect_exit2 "p-app" "$objgen" evolve --example thesis --seeding evoobj --p-app 2 -q
check "--budget abc" expect_exit2 "budget" "$objgen" evolve --example thesis --budget abc -q
check "--seeding maybe" expect_exit2 "seeding" "$objgen" evolve --example thesis --seeding maybe -q
check "--fitness maybe" expect_exit2 "fitness" "$objgen" evolve --example thesis --fitness maybe -q
check "--class-depth -1" expect_exit2 "class-depth" "$objgen" scan --header "$thesis" --class examples::Scholarship --class-depth -1
exit "$fail"
