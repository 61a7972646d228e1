#!/usr/bin/env bash
# objgen stopped from outside: SIGTERM ends a run with a partial report (exit 130) and SIGKILL
# leaves no worker behind within 1 s; SIGTERM during a harness compile leaves no temporary
# directory in the cache. Bad numeric options and classes nothing can build: exit 2, one line,
# nothing created.
set -u
objgen=$(readlink -f "$1")
src=$2
. "$src/tests/check_lib.sh"


# A run long enough to be stopped in the middle (ncl 8 takes tens of seconds).
long_run() { "$objgen" exhaustive --example ncl --scope 8 -q --report-json "$1" >/dev/null 2>&1 & }

long_run "$work/term.json"; pid=$!
sleep 1.5; kill -TERM "$pid"; wait "$pid"; rc=$?
if [ "$rc" -eq 130 ] && grep -q '"stopped_by": "interrupted"' "$work/term.json" && no_process_left "$work/term.json"; then
  echo "ok   [SIGTERM]: exit 130, partial report, no process left"
else
  echo "FAIL [SIGTERM]: exit $rc"; fail=1
fi

long_run "$work/kill.json"; pid=$!
sleep 1.5; kill -KILL "$pid"; wait "$pid" 2>/dev/null
if no_process_left "$work/kill.json"; then echo "ok   [SIGKILL]: no worker outlives objgen"; else echo "FAIL [SIGKILL]: workers left"; fail=1; fi

# SIGTERM while the harness compiles: the build's temporary directory goes.
export OBJGEN_CACHE_DIR="$work/compile-cache"
"$objgen" exhaustive --header "$src/tests/hostile_inputs/hostile.hpp" --class hostile::Spinner -q >/dev/null 2>&1 &
pid=$!
for i in $(seq 1 400); do
  compgen -G "$OBJGEN_CACHE_DIR/harness/*.tmp-*" >/dev/null && break
  sleep 0.01
done
kill -TERM "$pid"; wait "$pid"; rc=$?
left=$(compgen -G "$OBJGEN_CACHE_DIR/harness/*.tmp-*")
if [ -z "$left" ] && [ "$rc" -ne 0 ] && no_process_left "hostile::Spinner"; then
  echo "ok   [SIGTERM while compiling]: exit $rc, no temporary directory left"
else
  echo "FAIL [SIGTERM while compiling]: exit $rc, left: $left"; fail=1
fi

check "--threads 0" expect_exit2 "--threads" "$objgen" exhaustive --example ncl --threads 0
check "--threads 10000" expect_exit2 "more than 4 x" "$objgen" exhaustive --example ncl --threads 10000
check "builders --threads 10000" expect_exit2 "more than 4 x" "$objgen" builders --example ncl --threads 10000
check "--time-limit -1" expect_exit2 "--time-limit must be >= 0" "$objgen" exhaustive --example ncl --time-limit -1
check "--max-iterations -5" expect_exit2 "--max-iterations" "$objgen" exhaustive --example ncl --max-iterations -5
check "--run-time-limit -1" expect_exit2 "--run-time-limit must be >= 0" "$objgen" builders --example ncl --run-time-limit -1
for cls in Shape Hidden; do
  check "unusable $cls" expect_exit2 "has no public constructor or static factory" \
    "$objgen" exhaustive --header "$src/tests/hostile_inputs/unusable.hpp" --class "unusable::$cls" \
    --emit-gtest "$work/out-$cls" --report-json "$work/out-$cls/r.json"
  [ ! -e "$work/out-$cls" ] || { echo "FAIL [unusable $cls]: output directory created"; fail=1; }
done
# A harness whose loading crashes or starts a thread is refused before objgen loads it.
for what in CRASH THREAD; do
  check "static initializers: $what" expect_exit2 "static initializers of the code under test" \
    "$objgen" exhaustive --header "$src/tests/hostile_inputs/bad_static.hpp" --class badstatic::Counter -q -- \
    "-DBAD_STATIC_$what"
done
# One whose loads go well until a call leaves a mark, and every later one, in a worker, crashes or
# hangs: exit 2 with the reason, within seconds (a hang: twice the --load-timeout a load may take,
# 20 s unless told), never a loop. The first batch's workers run (and leave the mark); the next
# batch's cannot load.
for what in LATER_CRASH LATER_HANG; do
  for command in exhaustive random; do
    mkdir -p "$work/marks"
    rm -f "$work/marks/mark"
    export BAD_STATIC_MARK="$work/marks/mark" OBJGEN_WORKER_WRITES="$work/marks"  # workers may write there
    start=$SECONDS
    check "static initializers: $what in every worker ($command)" expect_exit2 "the code under test cannot run: .*while they load it" \
      timeout 120 "$objgen" "$command" --header "$src/tests/hostile_inputs/bad_static.hpp" --class badstatic::Counter -q \
      --time-limit 100 --load-timeout 3 -- "-DBAD_STATIC_$what"
    unset BAD_STATIC_MARK OBJGEN_WORKER_WRITES
    [ $((SECONDS - start)) -le 30 ] || { echo "FAIL [$what $command]: took $((SECONDS - start)) s"; fail=1; }
  done
done

# --memory-limit: a run that would pass it stops with a valid partial report and says so.
if "$objgen" exhaustive --example ncl --scope 8 --memory-limit 120M -q --report-json "$work/mem.json" \
    >/dev/null 2>"$work/mem.err" &&
    python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert not r["complete"] and r["stopped_by"] == "memory limit"' \
      "$work/mem.json" && grep -q "stopped at --memory-limit 120M" "$work/mem.err"; then
  echo "ok   [--memory-limit]: partial report, stopped by the memory limit"
else
  echo "FAIL [--memory-limit]"; cat "$work/mem.err"; fail=1
fi
# A states suite is capped: an even sample of --gtest-max-states states, said in the report.
if "$objgen" exhaustive --example ncl --scope 6 -q --emit-gtest "$work/cap" --gtest-max-states 100 \
    --report-json "$work/cap.json" >/dev/null 2>&1 &&
    [ "$(grep -o 'kTargets\[\] = {[0-9,]*' "$work/cap/ncl_states_test.cpp" | tr -cd ',' | wc -c)" -eq 100 ] &&
    python3 -c 'import json,sys; g=json.load(open(sys.argv[1]))["gtest"]; assert g["states"] == 100 and g["of"] == 11196' \
      "$work/cap.json"; then
  echo "ok   [--gtest-max-states]: 100 of 11196 states emitted, in the report"
else
  echo "FAIL [--gtest-max-states]"; fail=1
fi
# Relative output paths whose directories do not exist yet (as scripts/demo.sh writes out/ncl/).
mkdir -p "$work/rel"
if (cd "$work/rel" && "$objgen" exhaustive --example ncl --scope 3 -q --report-json out/ncl/report.json \
      --emit-gtest out/ncl >/dev/null 2>&1) && [ -f "$work/rel/out/ncl/report.json" ] &&
    [ -f "$work/rel/out/ncl/ncl_states_test.cpp" ]; then
  echo "ok   [relative new directories]: created with their first file"
else
  echo "FAIL [relative new directories]"; fail=1
fi
check "bad --memory-limit" expect_exit2 "bad --memory-limit" "$objgen" exhaustive --example ncl --memory-limit lots
exit $fail
