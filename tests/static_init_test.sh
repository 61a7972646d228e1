#!/usr/bin/env bash
# static_init_test.sh OBJGEN SRC CASE: a class whose header's static initializers (or static
# destructors) are hostile, one behaviour per CASE (tests/hostile_inputs/static_init.hpp), run
# through every command that runs code under test. objgen never loads the harness into its own
# process, so each run exits 0 with its report where it was asked for, readable; objgen's pid is
# never among the processes that ran the initializers; nothing is left running.
set -u
objgen=$(realpath "$1")
src=$(realpath "$2")
case_name=$3
. "$src/tests/check_lib.sh"
header="$src/tests/hostile_inputs/static_init.hpp"
cls=staticinit::Counter
declare -A flag=([logged]=-DSTATIC_LOG_ONLY [chdir_umask]=-DSTATIC_CHDIR_UMASK [fd_exhaust]=-DSTATIC_FD_EXHAUST
                 [dtor_aborts]=-DSTATIC_DTOR_ABORTS [unless_confined]=-DSTATIC_UNLESS_CONFINED)
[ -n "${flag[$case_name]:-}" ] || { echo "unknown case $case_name"; exit 2; }
# Workers write only beneath their scratch directory and OBJGEN_WORKER_WRITES: the log's directory.
mkdir -p "$work/logs"
export STATIC_INIT_LOG="$work/logs/initializers.log" STATIC_INIT_MARK="$work/logs/unconfined.mark" OBJGEN_WORKER_WRITES="$work/logs"

# run_command NAME ARGS...: runs objgen from its own output directory, with a relative report path
run_command() {
  local name=$1; shift
  local out="$work/$name"
  mkdir -p "$out"
  (cd "$out" && exec "$objgen" "$@" --header "$header" --class "$cls" -q --report-json report.json -- "${flag[$case_name]}" \
     >stdout 2>stderr) &
  local pid=$!
  wait "$pid"
  local rc=$?
  # A checked (UBSan) build cannot load where the initializers took every descriptor: its runtime
  # needs one. That is bad input, named as such (exit 2), never a crash of objgen.
  if [ "$rc" -eq 2 ] && [ "$case_name/$name" = fd_exhaust/params ] && grep -q 'static initializers' "$out/stderr"; then
    echo "ok   [$case_name $name]: refused ($(tail -1 "$out/stderr" | cut -c1-100)...)"; return
  fi
  [ "$rc" -eq 0 ] || { echo "FAIL [$name]: exit $rc"; tail -5 "$out/stderr"; fail=1; return; }
  [ -r "$out/report.json" ] && python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$out/report.json" ||
    { echo "FAIL [$name]: no readable report in $out"; ls -l "$out"; fail=1; return; }
  [ "$(stat -c %a "$out/report.json")" != 0 ] || { echo "FAIL [$name]: report written with mode 000"; fail=1; return; }
  if awk -v p="$pid" '$1 == p' "$STATIC_INIT_LOG" 2>/dev/null | grep -q .; then
    echo "FAIL [$name]: the static initializers ran in objgen's own process ($pid)"; fail=1; return
  fi
  [ ! -e "$STATIC_INIT_MARK" ] || { echo "FAIL [$name]: a static initializer ran unconfined"; fail=1; return; }
  local bytes=$(($(stat -c %s "$out/stdout") + $(stat -c %s "$out/stderr")))
  [ "$bytes" -lt 1048576 ] || { echo "FAIL [$name]: objgen wrote $bytes bytes"; fail=1; return; }
  no_process_left "-- ${flag[$case_name]}" || { echo "FAIL [$name]: processes left behind"; fail=1; return; }
  echo "ok   [$case_name $name]"
}

run_command exhaustive exhaustive --scope 3 --emit-gtest gtest
run_command random random --max-calls 200 --seed 1
run_command builders builders --scope 3
run_command params params --tries 4 --samples 2
run_command evolve evolve --generations 2

# The initializers did run, in children: the log shows them (and none was objgen itself).
[ -s "$STATIC_INIT_LOG" ] || { echo "FAIL: the static initializers never ran (the log is empty)"; fail=1; }
if [ "$case_name" = chdir_umask ]; then
  [ -s "$work/exhaustive/gtest/$(ls "$work/exhaustive/gtest" 2>/dev/null | head -1)" ] ||
    { echo "FAIL: the emitted suite is not in the directory asked for"; fail=1; }
fi
exit $fail
