#!/usr/bin/env bash
# --checkpoint: a run killed with SIGKILL between iterations resumes from its last checkpoint and
# ends with the same states, sequences and counts as a run never interrupted; a checkpoint of
# another run, a damaged one, or a directory that cannot be written is a clear error (exit 2).
set -u
objgen=$1
tmp=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
fail=0
say() { echo "$@"; }
check() { if eval "$2"; then say "ok   [$1]"; else say "FAIL [$1]"; fail=1; fi; }
field() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d[sys.argv[2]])" "$1" "$2"; }
same_run() {  # states, explored and the digest of every state's sequence agree
  local a=$1 b=$2
  for f in states explored states_digest structures complete; do
    [ "$(field "$a" $f)" = "$(field "$b" $f)" ] || { say "  $f: $(field "$a" $f) vs $(field "$b" $f)"; return 1; }
  done
}
# The iteration of the last checkpoint in $1 (0: none yet).
checkpointed() { sed -n 's/^iteration //p' "$1/manifest" 2>/dev/null || echo 0; }

run=(exhaustive --example ncl --scope 8 --threads 2 -q)
"$objgen" "${run[@]}" --report-json "$tmp/whole.json" >/dev/null || { say "FAIL: the uninterrupted run"; exit 1; }

# Killed after iteration 10 of 16, resumed.
"$objgen" "${run[@]}" --checkpoint "$tmp/ck" --report-json "$tmp/killed.json" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 600); do
  [ "$(checkpointed "$tmp/ck")" -ge 10 ] 2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
at=$(checkpointed "$tmp/ck")
check "killed between iterations (checkpoint of iteration $at)" '[ "$at" -ge 10 ] && [ "$at" -lt 16 ] && [ ! -e "$tmp/killed.json" ]'
"$objgen" "${run[@]}" --checkpoint "$tmp/ck" --report-json "$tmp/resumed.json" >/dev/null 2>"$tmp/err"
rc=$?
check "resumed run exits 0" '[ $rc -eq 0 ]'
check "resumed from iteration $at" '[ "$(field "$tmp/resumed.json" resumed_after_iteration)" = "$at" ]'
check "resumed run = uninterrupted run" 'same_run "$tmp/whole.json" "$tmp/resumed.json"'
# The finished run's checkpoint gives its result again at once.
"$objgen" "${run[@]}" --checkpoint "$tmp/ck" --report-json "$tmp/again.json" >/dev/null 2>&1
check "finished checkpoint gives the same result" 'same_run "$tmp/whole.json" "$tmp/again.json"'

expect_usage_error() {
  local what=$1 pattern=$2
  shift 2
  local err rc
  err=$("$objgen" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ $rc -ne 2 ] || ! grep -q -- "$pattern" <<<"$err"; then
    say "FAIL [$what]: exit $rc, expected 2 and '$pattern': $err"; fail=1
  else
    say "ok   [$what]: $(head -1 <<<"$err")"
  fi
}
expect_usage_error "checkpoint of another scope" "made by another run (scope is 8 there and 7 here)" \
  exhaustive --example ncl --scope 7 -q --checkpoint "$tmp/ck"
expect_usage_error "checkpoint of another API" "made by another run (target is" \
  exhaustive --example sll --scope 8 -q --checkpoint "$tmp/ck"
expect_usage_error "unwritable checkpoint directory" "checkpoint" \
  exhaustive --example ncl --scope 3 -q --checkpoint /proc/objgen-test/ck
state=$(ls "$tmp/ck"/state-*.bin)
head -c 1000 "$state" > "$tmp/cut" && mv "$tmp/cut" "$state"
expect_usage_error "damaged checkpoint" "is damaged" exhaustive --example ncl --scope 8 -q --checkpoint "$tmp/ck"
exit $fail
