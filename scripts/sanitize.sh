#!/usr/bin/env bash
# objgen's own code under the sanitizers (CI runs it after scripts/test.sh and scripts/tidy.sh):
#   build-asan: AddressSanitizer + UndefinedBehaviorSanitizer (UBSan stops at its first report):
#               the unit tests, then real command lines on bundled examples: exhaustive with
#               forked workers and with --isolation none, random, builders, params (with its
#               ASan worker), korat, a --header subject (a harness compiled without sanitizers,
#               loaded into the sanitized workers), a checkpoint killed and resumed.
#   build-tsan: ThreadSanitizer: the unit tests that run workers as threads (objgen_threads_tests):
#               every well-behaved bundled example in two threads, builders' batches, isolation cases.
# Fails on any sanitizer report. Reports go to files (the runtimes' log_path) rather than stderr:
# a forked worker's stderr is read by objgen, which would turn a report into a finding.
# The checked heap is left out of these builds (CMakeLists.txt, OBJGEN_SANITIZE).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
reports=$(mktemp -d /tmp/objgen-sanitize.XXXXXX)
trap 'rm -rf "$reports"' EXIT
work=$reports/work
mkdir -p "$work"
export OBJGEN_CACHE_DIR="$work/cache"
passed=0
failed=0

configure_and_build() {  # DIR SANITIZERS "TARGETS" [CMAKE OPTIONS...]
  local dir=$1 sanitize=$2 targets=$3
  shift 3
  echo "== $dir: -fsanitize=$sanitize"
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DOBJGEN_SANITIZE="$sanitize" -DOBJGEN_BUILD_BENCH=OFF "$@" \
    >"$reports/$(basename "$dir").cmake.log" 2>&1 || { cat "$reports/$(basename "$dir").cmake.log"; exit 1; }
  # The log only on failure: GCC at -O1 warns about LLVM's and Clang's own headers by the page.
  local log="$reports/$(basename "$dir").build.log" start=$SECONDS
  # shellcheck disable=SC2086  # a list of targets
  if ! ninja -C "$dir" $targets >"$log" 2>&1; then
    grep -E -B2 -A12 'error:|FAILED' "$log" | head -150
    echo "== $dir: the build failed"
    exit 1
  fi
  echo "== $dir: built in $((SECONDS - start)) s"
}

# Any report file the runtimes wrote (log_path=$reports/report: report.<pid>) fails the step, and
# so does a report in the step's output: GCC 12's UBSan prints to stderr when it aborts, whatever
# log_path says, and objgen repeats a worker's last lines in the finding it makes of its death.
sanitizer_says='runtime error:|ERROR: AddressSanitizer|ERROR: LeakSanitizer|WARNING: ThreadSanitizer|ERROR: ThreadSanitizer'
check_reports() {  # STEP
  local found
  if grep -E -q "$sanitizer_says" "$work/last.log"; then
    echo "FAIL $1: a sanitizer report in its output:"
    grep -E -A30 "$sanitizer_says" "$work/last.log" | head -60
    return 1
  fi
  found=$(find "$reports" -maxdepth 1 -name 'report.*' | sort)
  [ -z "$found" ] && return 0
  echo "FAIL $1: sanitizer report(s):"
  for f in $found; do  # names without spaces (mktemp's)
    echo "--- $f"
    head -60 "$f"
    mv "$f" "$f.seen"
  done
  return 1
}

run() {  # STEP COMMAND...: the command succeeds and no sanitizer speaks
  local step=$1 start=$SECONDS ok=1
  shift
  if ! "$@" >"$work/last.log" 2>&1; then
    echo "FAIL $step (exit $?)"
    tail -30 "$work/last.log"
    ok=0
  fi
  check_reports "$step" || ok=0
  if [ "$ok" -eq 1 ]; then
    echo "ok   $step  [$((SECONDS - start)) s]"
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
  fi
}

# ---------------------------------------------------------------------------------------------
# AddressSanitizer + UndefinedBehaviorSanitizer.
asan_tests="objgen_tests objgen_cli_tests objgen_harness_tests objgen_surroundings_tests objgen_suite_preamble_tests"
configure_and_build build-asan address,undefined "objgen objgen-asan-worker objgen_harness_pch $asan_tests" \
  -DOBJGEN_REQUIRE_SCAN=ON
# Leaks are not checked: objgen leaves some pools to the end on purpose (random's worker pool) and
# LeakSanitizer's ptrace is not allowed in confined workers. As objgen asks of code under test
# (exec/sanitizer_options.hpp): a crash stays a signal objgen reads (some unit tests crash forked
# workers on purpose), and a huge allocation returns null (a memory limit's finding).
export ASAN_OPTIONS="log_path=$reports/report:detect_leaks=0:abort_on_error=1:handle_abort=0:handle_segv=0:handle_sigbus=0:handle_sigfpe=0:allocator_may_return_null=1"
export UBSAN_OPTIONS="log_path=$reports/report:print_stacktrace=1:halt_on_error=1:abort_on_error=1"
objgen=$root/build-asan/objgen
# A test binary in two shards side by side (GoogleTest's sharding): each test runs in one of them,
# and the step fails when either does. Most tests wait on workers or run one core.
in_two_shards() {  # BINARY ARGS...
  local pids=() i rc=0
  for i in 0 1; do
    GTEST_TOTAL_SHARDS=2 GTEST_SHARD_INDEX=$i "$@" >"$work/shard$i.log" 2>&1 &
    pids+=($!)
  done
  for i in 0 1; do wait "${pids[$i]}" || rc=1; done
  cat "$work/shard0.log" "$work/shard1.log"
  return $rc
}
# Left out under the sanitizers (at -O0 they took 210 of the unit tests' 375 s): the tests whose
# size is their point, whose code runs here in smaller tests and in the steps below: the largest
# published counts (ncl and sll at scope 7), a checkpoint round trip of ncl at scope 7 run five
# times (the CLI step "checkpoint resumed" below), the genetic search repeated per worker count.
big_tests='-*PublishedCounts.Match/*scope7:CheckpointRoundTrip.AStoppedRunResumesToTheResultOfARunNeverStopped'
big_tests+=':Genetic.SameSeedSameResultForAnyWorkerCount'
for t in $asan_tests; do
  run "asan: $t" in_two_shards "build-asan/tests/$t" --gtest_brief=1 --gtest_filter="$big_tests"
done
for ex in ncl sll dll bintree avl rbt binheap fibheap stdset stack bitset; do
  run "asan: exhaustive $ex (forked workers)" "$objgen" exhaustive --example "$ex" --scope 4 --threads 2 --call-timeout 30 -q \
    --emit-gtest "$work/$ex" --report-json "$work/$ex.json"
done
for ex in ncl bintree rbt; do
  run "asan: exhaustive $ex (--isolation none)" "$objgen" exhaustive --example "$ex" --scope 5 --threads 2 --isolation none --call-timeout 30 -q
done
run "asan: random sll" "$objgen" random --example sll --max-calls 20000 --seed 3 --threads 2 --call-timeout 30 -q --emit-gtest "$work/random"
run "asan: random buggy_equals (contracts)" "$objgen" random --example buggy_equals --max-calls 20000 --seed 9 --threads 2 --call-timeout 30 -q
run "asan: builders rbt" "$objgen" builders --example rbt --call-timeout 30 --verify --verify-scopes 4 -q -o "$work/rbt_builders.json"
run "asan: params stack" "$objgen" params --example stack --checks off --repository none -q --emit-gtest "$work/params"
run "asan: params --header (ASan harness, objgen-asan-worker)" "$objgen" params --header "$root/examples/stack/stack.hpp" \
  --class examples::Stack --repository none -q
run "asan: exhaustive --header (plain harness)" "$objgen" exhaustive --header "$root/examples/sll/singly_linked_list.hpp" \
  --class examples::SinglyLinkedList --scope 4 -q -- "$root/examples/sll/singly_linked_list.cpp"
run "asan: korat binomial heap (forked workers, shared search memory)" "$objgen" korat \
  --header "$root/examples/invariants/binomial_heap.hpp" --class invariants::BinomialHeap --scope 5 --range size=0..5 -q

# A checkpointed run killed between iterations, then resumed.
ck=(exhaustive --example ncl --scope 7 --threads 2 -q --checkpoint "$work/ck")
"$objgen" "${ck[@]}" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 1200); do
  [ "$(sed -n 's/^iteration //p' "$work/ck/manifest" 2>/dev/null || echo 0)" -ge 5 ] && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
done
kill -9 $pid 2>/dev/null || true
wait $pid 2>/dev/null || true
rm -f "$reports"/report.*  # the killed objgen's workers may have been stopped mid-report
run "asan: checkpoint resumed" "$objgen" "${ck[@]}" --report-json "$work/resumed.json"
run "asan: checkpoint resumed (from iteration > 0)" python3 -c \
  "import json,sys; sys.exit(json.load(open('$work/resumed.json'))['resumed_after_iteration'] < 1)"

# ---------------------------------------------------------------------------------------------
# ThreadSanitizer: the threads mode, through the unit tests that run workers as threads (every
# bundled example's states and counts with 1, 2 and 4 threads, builders' random batches, the
# isolation cases). Only their binary is built (objgen_threads_tests, tests/CMakeLists.txt): the
# command-line program under TSan doubled the step's build and runs the same engine.
unset ASAN_OPTIONS UBSAN_OPTIONS
configure_and_build build-tsan thread "objgen_threads_tests" -DOBJGEN_LLVM_ROOT=/nonexistent
# A crash of the code under test stays a signal that objgen reads (as exec/sanitizer_options.hpp
# asks of ASan): some unit tests crash forked workers on purpose.
export TSAN_OPTIONS="log_path=$reports/report:halt_on_error=0:second_deadlock_stack=1:handle_segv=0:handle_sigbus=0:handle_sigfpe=0"
# Not PublishedCounts: the same engine as Determinism's runs (one worker against two threads), on 63 larger
# scopes (215 of the step's 253 s here); the counts are checked in the main build's tests.
run "tsan: unit tests with threads" build-tsan/tests/objgen_threads_tests --gtest_brief=1 \
  --gtest_filter='*Determinism.*:RangeOrder.*:BoundedExhaustive.*:RandomBatch.*:Isolation.UnexpectedException*:Isolation.Misuse*'

echo "sanitize: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
