#!/usr/bin/env bash
# objgen params end to end: a real library class through its header on the checked build
# (assertions + UBSan), heuristics against the uniform-random baseline, repairs by cause, the
# smoke suite compiling and passing, the same report for the same seed, hostile methods that
# crash, abort and hang, and bad input.
#
#   params_test.sh OBJGEN SRC [CXX] [PART]: PART (default all) runs one part, so that CTest can
#   spread them: bitset, asan, hostile, blame, benchmarks.
set -u
objgen=$1
src=$2
cxx=${3:-g++}
part=${4:-all}
. "$(dirname "$0")/check_lib.sh"
choose_part "$part" bitset asan hostile blame benchmarks

if wants bitset; then
# boost::dynamic_bitset<>: indices into the bitset, sizes, empty bitsets.
check "dynamic_bitset: params --baseline" "$objgen" params --header '<boost/dynamic_bitset.hpp>' \
  --class 'boost::dynamic_bitset<>' --baseline --samples 2 -q --report-json "$work/bitset.json" --emit-gtest "$work/bitset"
check "dynamic_bitset: --samples 2: a second input that ran for most members, in the smoke suite too" \
  test "$(json "$work/bitset.json" "sum(len(m.get('samples', [])) == 1 for m in j['methods']) >= 40")" = "True"
check "dynamic_bitset: at least 85% of the methods ran" \
  test "$(json "$work/bitset.json" "j['summary']['ran_percent'] >= 85")" = "True"
check "dynamic_bitset: 15 points above the baseline" \
  test "$(json "$work/bitset.json" "j['summary']['ran_percent'] - j['baseline']['ran_percent'] >= 15")" = "True"
check "dynamic_bitset: some failures repaired" \
  test "$(json "$work/bitset.json" "j['summary']['failures_handled'] > 0 and any(m['status'] == 'repaired' for m in j['methods'])")" = "True"
check "dynamic_bitset: an index failure seen under the checked build" \
  test "$(json "$work/bitset.json" "'index' in j['summary']['causes']")" = "True"
check "dynamic_bitset: smoke suite compiles" "$cxx" -std=c++20 "$work/bitset/dynamic_bitset_params_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/bitset/tests"
check "dynamic_bitset: smoke suite passes" "$work/bitset/tests"

# The same seed gives the same report (wall-clock times aside).
for i in 1 2; do
  check "stack: seeded run $i" "$objgen" params --example stack --checks off --seed 5 --repository none -q \
    --report-json "$work/det$i.json"
done
check "same seed, same report" test "$(json "$work/det1.json" "json.dumps({k: v for k, v in j.items() if k != 'timing'})")" \
  = "$(json "$work/det2.json" "json.dumps({k: v for k, v in j.items() if k != 'timing'})")"
# --threads 2: two methods searched at once; the same seed and --threads give the same report.
for i in 1 2; do
  check "bitset: seeded run $i with --threads 2" "$objgen" params --header '<boost/dynamic_bitset.hpp>' --class 'boost::dynamic_bitset<>' \
    --checks ubsan --threads 2 --seed 5 --repository none -q --report-json "$work/threads$i.json"
done
check "--threads 2: same seed, same report" test "$(json "$work/threads1.json" "json.dumps({k: v for k, v in j.items() if k != 'timing'})")" \
  = "$(json "$work/threads2.json" "json.dumps({k: v for k, v in j.items() if k != 'timing'})")"
check "--threads 2: at least 85% of the methods ran" test "$(json "$work/threads1.json" "j['summary']['ran_percent'] >= 85")" = "True"
check "stack: repeated calls: pop() runs as often as the stack has elements, push() always" \
  test "$(json "$work/det1.json" "[(m['method'], m['repeated_calls']['ran'] == m['repeated_calls']['of']) for m in j['methods'] if m['method'] in ('Stack::pop()', 'Stack::push(int)')] + [m['repeated_calls']['ran'] >= 1 for m in j['methods'] if m['method'] == 'Stack::pop()']")" \
  = "[('Stack::push(int)', True), ('Stack::pop()', False), True]"
check "stack: pop and peek need a non-empty stack, and get one" \
  test "$(json "$work/det1.json" "all(m['status'] in ('normal', 'repaired') for m in j['methods'])")" = "True"

# The learning repository: a warm run re-runs what worked instead of searching.
check "dynamic_bitset: warm run" "$objgen" params --header '<boost/dynamic_bitset.hpp>' --class 'boost::dynamic_bitset<>' \
  -q --report-json "$work/warm.json"
check "dynamic_bitset: the warm run reuses every method that ran" \
  test "$(json "$work/warm.json" "[m['status'] for m in j['methods']].count('reused')")" = "$(json "$work/bitset.json" "j['summary']['ran']")"
check "dynamic_bitset: the warm run needs fewer executions" \
  test "$(json "$work/warm.json" "j['summary']['executions']")" -lt "$(json "$work/bitset.json" "j['summary']['executions']")"
check "show-repository lists the class" sh -c "'$objgen' params --show-repository | grep -q 'dynamic_bitset.*methods with inputs that ran'"
check "unwritable repository" expect_exit2 "repository" "$objgen" params --example stack --checks off --repository /proc/x/r.sqlite

fi

if wants asan; then
# AddressSanitizer (objgen-asan-worker): circular_buffer(capacity, n, item) with n > capacity
# writes past its buffer, which Boost does not check; ASan names it, the search goes on.
check "circular_buffer: constructors under ASan" "$objgen" params --header '<boost/circular_buffer.hpp>' \
  --class 'boost::circular_buffer<int>' --methods circular_buffer --repository none -q --report-json "$work/cb.json"
check "circular_buffer: a heap-buffer-overflow reported by AddressSanitizer" \
  test "$(json "$work/cb.json" "any('AddressSanitizer: heap-buffer-overflow' in a.get('message', '') for m in j['methods'] for a in m['attempts'])")" = "True"
check "circular_buffer: every constructor ran in the end" \
  test "$(json "$work/cb.json" "all(m['status'] in ('normal', 'repaired') for m in j['methods'])")" = "True"

fi

if wants hostile; then
# Hostile methods: crashes, aborts, division by zero and hangs are causes; the run goes on to
# every method, and the baseline (no repair) sees them too.
check "hostile: params --baseline survives crashes and hangs" "$objgen" params \
  --header "$src/tests/params_inputs/fragile.hpp" --class hostile::Fragile --call-timeout 0.3 --baseline -q \
  --report-json "$work/fragile.json" --emit-gtest "$work/fragile"
check "hostile: every method but stall() ran" \
  test "$(json "$work/fragile.json" "sorted(m['method'] for m in j['methods'] if m['status'] not in ('normal', 'repaired'))")" \
  = "['Fragile::stall()']"
check "hostile: stall() given up on as a hang" \
  test "$(json "$work/fragile.json" "[m['why'][:4] for m in j['methods'] if m['method'] == 'Fragile::stall()']")" = "['hang']"
check "hostile: ratio(0)'s division by zero named by UBSan and repaired" \
  test "$(json "$work/fragile.json" "[(m['status'], [a['cause'] for a in m['attempts']][:1]) for m in j['methods'] if m['method'] == 'Fragile::ratio(int) const']")" \
  = "[('repaired', ['divide-by-zero'])]"
check "hostile: the baseline (empty receivers, no repair) gives up on at() and first()" \
  test "$(json "$work/fragile.json" "sorted(m['method'] for m in j['baseline']['methods_status'] if m['status'] == 'gave up')")" \
  = "['Fragile::at(int) const', 'Fragile::first() const', 'Fragile::last() const', 'Fragile::stall()']"
check "hostile: smoke suite compiles" "$cxx" -std=c++20 -I "$src/tests/params_inputs" "$work/fragile/Fragile_params_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/fragile/tests"
check "hostile: smoke suite passes" "$work/fragile/tests"

fi

if wants blame; then
# Blame: mark(count, pos) asserts on pos and throws naming count; each repair changes the
# parameter its failure named. The repository keeps values per parameter: a third parameter
# added to mark() (ruler_v2.hpp) leaves count and pos with what ran before.
check "ruler: params" "$objgen" params --header "$src/tests/params_inputs/ruler.hpp" --class hostile::Ruler \
  --repository "$work/ruler.sqlite" -q --report-json "$work/ruler.json"
check "ruler: the assertion blames pos, the exception count" \
  test "$(json "$work/ruler.json" "sorted({(a['cause'], tuple(a.get('blamed', []))) for m in j['methods'] for a in m['attempts'] if m['method'] == 'Ruler::mark(int, int)' and not a['in_setup'] and a['cause'] != 'none'})")" \
  = "[('index', ('pos',)), ('value', ('count',))]"
check "ruler: mark() ran" test "$(json "$work/ruler.json" "[m['status'] for m in j['methods'] if m['method'] == 'Ruler::mark(int, int)']")" = "['repaired']"
check "ruler v2: a changed signature, the repository warm" "$objgen" params --header "$src/tests/params_inputs/ruler_v2.hpp" \
  --class hostile::Ruler --repository "$work/ruler.sqlite" -q --report-json "$work/ruler2.json"
check "ruler v2: the first try that reached mark(int, int, bool) ran, with the stored count and pos" \
  test "$(json "$work/ruler2.json" "[[a['cause'] for a in m['attempts'] if not a['in_setup']][0] for m in j['methods'] if m['method'] == 'Ruler::mark(int, int, bool)']")" = "['none']"
check "show-repository: parameters blamed" sh -c "'$objgen' params --repository '$work/ruler.sqlite' --show-repository | grep -q 'parameters blamed.*pos (index'"

# Base-class parameters: Canvas takes Shapes (abstract); the scan registers Square and Rect, and
# the search builds a Shape from one of them.
check "shapes: params" "$objgen" params --header "$src/tests/params_inputs/shapes.hpp" --class shapes::Canvas \
  --repository none -q --report-json "$work/shapes.json" --emit-gtest "$work/shapes"
check "shapes: every member of Canvas ran, Shapes made from a subclass" \
  test "$(json "$work/shapes.json" "[(m['status'] in ('normal', 'repaired'), 'std::shared_ptr<shapes::Shape>' in m['inputs']) for m in j['methods'] if m['method'].startswith(('Canvas::add', 'Canvas::total'))]")" \
  = "[(True, True), (True, True)]"
check "shapes: smoke suite compiles" "$cxx" -std=c++20 -I "$src/tests/params_inputs" "$work/shapes/Canvas_params_test.cpp" \
  -lgtest -lgtest_main -pthread -o "$work/shapes/tests"
check "shapes: smoke suite passes" "$work/shapes/tests"
check "shapes: an abstract class's members, on its subclasses" "$objgen" params --header "$src/tests/params_inputs/shapes.hpp" \
  --class shapes::Shape --repository none -q --report-json "$work/shape.json"
check "shapes: Shape::area() ran; the upcasts are not searched as members" \
  test "$(json "$work/shape.json" "[(m['method'], m['status'] in ('normal', 'repaired')) for m in j['methods']]")" = "[('Shape::area() const', True)]"

check "shapes: a subclass as the target takes itself as its base" "$objgen" params \
  --header "$src/tests/params_inputs/shapes.hpp" --class shapes::Square --repository none -q --report-json "$work/square.json"
check "shapes: Square::bigger(const Shape&) ran" \
  test "$(json "$work/square.json" "[m['status'] in ('normal', 'repaired') for m in j['methods'] if m['method'].startswith('Square::bigger')]")" = "[True]"
check "shapes: a class holding unique_ptrs to an abstract class" "$objgen" params \
  --header "$src/tests/params_inputs/shapes.hpp" --class shapes::Tray --repository none -q --report-json "$work/tray.json"
check "shapes: Tray's members ran but put(unique_ptr<Shape>), which is skipped" \
  test "$(json "$work/tray.json" "sorted((m['method'], m['status'] in ('normal', 'repaired')) for m in j['methods'])")" \
  = "[('Tray::Tray()', True), ('Tray::weigh(const shapes::Shape&)', True), ('Tray::weight() const', True)]"

fi

if wants benchmarks; then
# Benchmarks: the suite builds and runs; a const search is linear in the size, push is constant.
check "stack: params --run-benchmarks with two sweeps" sh -c '"$@" >"$0"' "$work/bench.out" "$objgen" params --example stack \
  --checks off --repository none -q --emit-benchmark "$work/bench" --sweep search:n=10..100000 --sweep push:n=10..100000 \
  --run-benchmarks --html "$work/bench_html"
check "stack: every benchmark ran" grep -q "benchmarks ran, 0 skipped" "$work/bench.out"
# (O(N) on a quiet machine; beside other tests a noisy last point can tip the fit to NlgN; O(1) or lgN would mean no scan)
check "stack: search grows linearly" grep -Eq "^sweep Stack::search\(int\) const +O\((N|NlgN)\)" "$work/bench.out"
# (O(1) exactly on a quiet machine, bench/params_sweeps.sh; beside other tests the fit may say lgN,
# and under a heavy load once in a few runs N: a fit of timings, so one more sweep decides)
push_sublinear() {
  grep -Eq "^sweep Stack::push\(int\) +O\((\(1\)|lgN)\)" "$work/bench.out" && return 0
  "$objgen" params --example stack --checks off --repository none -q --emit-benchmark "$work/bench_again" \
    --sweep push:n=10..100000 --run-benchmarks >"$work/bench_again.out" || return 1
  grep -Eq "^sweep Stack::push\(int\) +O\((\(1\)|lgN)\)" "$work/bench_again.out"
}
check "stack: push is sublinear" push_sublinear
check "stack: sweeps plotted" grep -q "<polyline" "$work/bench/sweeps.svg"
check "stack: the sweeps' plot on the class's page" sh -c 'grep -q "<h2 id=plots>" "$0"/*Stack*.html && grep -q "<polyline" "$0"/*Stack*.html' \
  "$work/bench_html"

# Bad input: one line, exit 2.
check "bad --tries" expect_exit2 "--tries" "$objgen" params --example stack --checks off --tries 0
check "unknown method" expect_exit2 "nosuch" "$objgen" params --example stack --checks off --methods nosuch
check "unwritable report" expect_exit2 "/proc" "$objgen" params --example stack --checks off --report-json /proc/x/r.json
check "bad --checks" expect_exit2 "--checks" "$objgen" params --example stack --checks maybe
check "a --harness library with checks" expect_exit2 "--checks off" "$objgen" params --harness /nonexistent.so
check "malformed --sweep" expect_exit2 "METHOD:n=LO..HI" "$objgen" params --example stack --checks off \
  --emit-benchmark "$work/b2" --sweep 'push:n=10-100'
check "--sweep of an unknown method" expect_exit2 "nosuch" "$objgen" params --example stack --checks off \
  --emit-benchmark "$work/b2" --sweep 'nosuch:n=1..10'
check "--run-benchmarks without a directory" expect_exit2 "--emit-benchmark" "$objgen" params --example stack --checks off \
  --run-benchmarks
fi
exit $fail
