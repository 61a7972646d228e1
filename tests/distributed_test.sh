#!/usr/bin/env bash
# Distributed exhaustive generation (mpirun, oversubscribed on a small machine): every bundled
# subject gives the same states, sequences and explored counts with 1 rank at scope 3 and with 2
# and 4 ranks at scope 4 as alone (a run too small to split over the ranks is exit 2 with that message instead; one
# process with one or two forked workers or two threads agree as well: the unit test
# Determinism.*, also run under ThreadSanitizer); faulty subjects give the same findings; a job whose rank is
# killed resumes from its checkpoint with the same result, its records split over the ranks or not.
#
#   distributed_test.sh OBJGEN [MPIRUN] [PART]: PART (default all) runs one part, so that CTest can
#   spread them: equal-0, equal-1, equal-2 (every third bundled subject), deep, faulty, split,
#   refusals, resume (a killed rank), resume-split (records split over the ranks).
set -u
objgen=$1
mpirun=${2:-mpirun}
part=${3:-all}
case " all equal-0 equal-1 equal-2 deep faulty split refusals resume resume-split " in *" $part "*) ;;
  *) echo "unknown part $part"; exit 2 ;;
esac
wants() { [ "$part" = all ] || [ "$part" = "$1" ]; }
tmp=$(mktemp -d)
trap 'kill -9 $(jobs -p) 2>/dev/null; rm -rf "$tmp"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1  # CI containers run as root
export OMPI_MCA_btl=self,vader OMPI_MCA_rmaps_base_oversubscribe=1
fail=0
say() { echo "$@"; }
summary() {  # what must agree: counts, the digest of every state's sequence, the findings
  python3 -c "
import json,sys
d=json.load(open(sys.argv[1]))
print(d['states'], d['structures'], d['explored'], d['iterations'], d['states_digest'],
      sorted((f['kind'], f['operation'], f['sequence']) for f in d['failures']))" "$1"
}
ranks() { local n=$1; shift; "$mpirun" --oversubscribe -np "$n" "$objgen" "$@"; }
strict() {  # the summary with the findings in their order, messages included
  python3 -c "
import json,sys
d=json.load(open(sys.argv[1]))
print(d['states'], d['structures'], d['explored'], d['iterations'], d['states_digest'],
      [(f['kind'], f['operation'], f['message'], f['sequence']) for f in d['failures']])" "$1"
}

examples=$("$objgen" examples | awk '{print $1}' | grep -v '^buggy_')
index=0
for ex in $examples; do
  index=$((index + 1))
  wants "equal-$((index % 3))" || continue
  for scope in 3 4; do
    base=(exhaustive --example "$ex" --scope "$scope" -q --contracts none)
    "$objgen" "${base[@]}" --threads 1 --report-json "$tmp/one.json" >/dev/null 2>"$tmp/err" ||
      { say "FAIL [$ex $scope]: alone: $(cat "$tmp/err")"; fail=1; continue; }
    want=$(summary "$tmp/one.json")
    explored=$(python3 -c "import json; print(json.load(open('$tmp/one.json'))['explored'])")
    bad=""
    # One rank at scope 3 (the single-rank path); two and four at scope 4, where runs split.
    nps="2 4"
    [ "$scope" = 3 ] && nps=1
    for np in $nps; do
      rm -f "$tmp/r.json"
      ranks "$np" "${base[@]}" --report-json "$tmp/r.json" >/dev/null 2>"$tmp/err"
      rc=$?
      if [ $rc -eq 2 ] && grep -q "too small to split over $np ranks" "$tmp/err" && [ ! -e "$tmp/r.json" ]; then
        continue  # a run this small is refused, as it should be
      fi
      [ $rc -eq 0 ] && [ "$(summary "$tmp/r.json")" = "$want" ] || { bad+=" np-$np(rc $rc)"; head -3 "$tmp/err"; }
    done
    if [ -n "$bad" ]; then say "FAIL [$ex scope $scope]: differs with$bad"; fail=1; else say "ok   [$ex scope $scope] explored $explored"; fi
  done
done

if wants deep; then
# The deep-object subjects with every method: calls that take objects of other classes.
for ex in thesis game config orders account routes scheduler warehouse; do
  base=(exhaustive --example "$ex" --scope 3 -q --contracts none --methods all --max-iterations 3)
  "$objgen" "${base[@]}" --report-json "$tmp/one.json" >/dev/null 2>&1
  ranks 2 "${base[@]}" --report-json "$tmp/r.json" >/dev/null 2>"$tmp/err"
  ranks 4 "${base[@]}" --report-json "$tmp/r4.json" >/dev/null 2>>"$tmp/err"
  if [ "$(summary "$tmp/one.json")" = "$(summary "$tmp/r.json")" ] && [ "$(summary "$tmp/one.json")" = "$(summary "$tmp/r4.json")" ]; then
    say "ok   [$ex, every method, 2 and 4 ranks] $(summary "$tmp/one.json" | cut -d' ' -f1-3)"
  else
    say "FAIL [$ex, every method, 2 and 4 ranks]: $(head -3 "$tmp/err")"; fail=1
  fi
done
fi

if wants faulty; then
# Faulty code under test: crashes, hangs and aborts are found by whichever rank runs them and
# reported once, the same as alone.
for ex in buggy_segv buggy_hang buggy_abort buggy_throw buggy_invariant buggy_dtor; do
  base=(exhaustive --example "$ex" --scope 4 -q --contracts none --call-timeout 0.5)
  "$objgen" "${base[@]}" --report-json "$tmp/one.json" >/dev/null 2>&1
  ranks 2 "${base[@]}" --report-json "$tmp/r.json" >/dev/null 2>&1
  if [ "$(summary "$tmp/one.json")" = "$(summary "$tmp/r.json")" ]; then say "ok   [$ex, 2 ranks]"; else say "FAIL [$ex, 2 ranks]"; fail=1; fi
done

# Rounds gathered in pieces (what a large cluster's rounds of over 2 GiB take): the same result.
base=(exhaustive --example sll --scope 6 -q --contracts none)
rm -f "$tmp/one.json" "$tmp/r.json"
"$objgen" "${base[@]}" --report-json "$tmp/one.json" >/dev/null 2>&1 &&
  OBJGEN_MPI_PIECE_BYTES=1000 ranks 3 "${base[@]}" --report-json "$tmp/r.json" >/dev/null 2>"$tmp/err"
rc=$?
sent=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['distributed']['bytes_exchanged'])" "$tmp/r.json" 2>/dev/null || echo 0)
if [ $rc -eq 0 ] && [ "$sent" -gt 3000 ] && [ "$(summary "$tmp/one.json")" = "$(summary "$tmp/r.json")" ]; then
  say "ok   [rounds gathered in pieces of 1000 bytes, 3 ranks: $sent bytes sent]"
else
  say "FAIL [rounds gathered in pieces of 1000 bytes, 3 ranks]: exit $rc, $sent bytes: $(head -3 "$tmp/err")"; fail=1
fi
fi

if wants split; then
# Split records: past the first OBJGEN_SHARED_STATES states, a state's record lives only on its home
# rank (40 makes these small runs split them); the same states, sequences, counts and findings (in
# their order, with their messages), including findings about a state held on another rank (a
# destructor or copy that crashes).
for ex in ncl sll bintree binheap buggy_dtor buggy_copy buggy_segv buggy_hang; do
  base=(exhaustive --example "$ex" --scope 4 -q --contracts none --call-timeout 0.5)
  "$objgen" "${base[@]}" --report-json "$tmp/one.json" >/dev/null 2>&1
  bad=""
  for np in 2 3; do
    rm -f "$tmp/r.json"
    OBJGEN_SHARED_STATES=40 ranks "$np" "${base[@]}" --report-json "$tmp/r.json" >/dev/null 2>"$tmp/err"
    rc=$?
    split=$(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['distributed']['records_split'])" "$tmp/r.json" 2>/dev/null)
    [ $rc -eq 0 ] && [ "$split" = "True" ] && [ "$(strict "$tmp/r.json")" = "$(strict "$tmp/one.json")" ] ||
      { bad+=" np-$np(rc $rc, split '$split')"; head -3 "$tmp/err"; }
  done
  if [ -n "$bad" ]; then say "FAIL [$ex, split records]: differs with$bad"; fail=1; else say "ok   [$ex, split records, 2 and 3 ranks]"; fi
done

# Rank 0 writes the states suite from every record, which it takes from the ranks at the end: the
# same file as a single process writes (contracts checked on rank 0 too).
"$objgen" exhaustive --example ncl --scope 5 -q --emit-gtest "$tmp/suite-one" >/dev/null 2>&1
OBJGEN_SHARED_STATES=40 ranks 3 exhaustive --example ncl --scope 5 -q --emit-gtest "$tmp/suite-split" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ -s "$tmp/suite-one/ncl_states_test.cpp" ] && diff -r "$tmp/suite-one" "$tmp/suite-split" >/dev/null; then
  say "ok   [states suite from split records, 3 ranks: the same file]"
else
  say "FAIL [states suite from split records]: exit $rc $(head -3 "$tmp/err")"; fail=1
fi
fi

if wants refusals; then
# Too small to split: a clear error, exit 2, nothing written.
ranks 4 exhaustive --example account --scope 3 -q --report-json "$tmp/small.json" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "too small to split" "$tmp/err" && [ ! -e "$tmp/small.json" ]; then
  say "ok   [too small to split]: $(grep -m1 'too small' "$tmp/err")"
else
  say "FAIL [too small to split]: exit $rc: $(head -3 "$tmp/err")"; fail=1
fi

# Other commands do not split their work: on several ranks they refuse instead of running K times.
ranks 2 random --example ncl --time-limit 1 -q >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 2 ] && grep -q "only exhaustive runs on MPI ranks" "$tmp/err"; then
  say "ok   [random on 2 ranks: exit 2]"
else
  say "FAIL [random on 2 ranks]: exit $rc: $(head -3 "$tmp/err")"; fail=1
fi
fi

run=(exhaustive --example ncl --scope 8 -q --contracts none)
if wants resume || wants resume-split; then
  "$objgen" "${run[@]}" --threads 2 --report-json "$tmp/whole.json" >/dev/null 2>&1
fi
if wants resume; then
# A rank killed (SIGKILL) mid-run takes the job down; the job run again resumes from the last
# checkpoint, with another number of ranks even, and ends with the single-process result.
ranks 2 "${run[@]}" --threads 1 --checkpoint "$tmp/ck" --report-json "$tmp/killed.json" >/dev/null 2>&1 &
job=$!
for _ in $(seq 1200); do
  at=$(sed -n 's/^iteration //p' "$tmp/ck/manifest" 2>/dev/null)
  [ "${at:-0}" -ge 10 ] && break
  kill -0 $job 2>/dev/null || break
  sleep 0.05
done
rank=$(pgrep -f "objgen exhaustive --example ncl --scope 8" | while read -r p; do
  [ "$(ps -o ppid= -p "$p" | tr -d ' ')" = "$job" ] && echo "$p"; done | tail -1)
[ -n "$rank" ] && kill -9 "$rank"
wait $job 2>/dev/null
rc=$?
# mpirun may return before the other ranks are gone, and rank 0 may yet write a checkpoint.
for _ in $(seq 200); do pgrep -f -- "--checkpoint $tmp/ck" >/dev/null || break; sleep 0.05; done
at=$(sed -n 's/^iteration //p' "$tmp/ck/manifest" 2>/dev/null)
if [ -n "$rank" ] && [ $rc -ne 0 ] && [ ! -e "$tmp/killed.json" ] && [ "${at:-0}" -ge 10 ]; then
  say "ok   [rank $rank killed: job exit $rc, checkpoint of iteration $at]"
else
  say "FAIL [kill a rank]: rank '${rank}', job exit $rc, checkpoint '${at}'"; fail=1
fi
ranks 4 "${run[@]}" --threads 1 --checkpoint "$tmp/ck" --report-json "$tmp/resumed.json" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(summary "$tmp/resumed.json")" = "$(summary "$tmp/whole.json")" ] &&
   [ "$(python3 -c "import json; print(json.load(open('$tmp/resumed.json'))['resumed_after_iteration'])")" = "$at" ]; then
  say "ok   [resumed on 4 ranks after iteration $at: same result as alone]"
else
  say "FAIL [resume after a killed rank]: exit $rc $(head -3 "$tmp/err")"; fail=1
  say "  checkpoint $at; alone: $(summary "$tmp/whole.json")"
  say "  resumed: $(summary "$tmp/resumed.json" 2>&1) after $(python3 -c "import json; print(json.load(open('$tmp/resumed.json'))['resumed_after_iteration'])" 2>&1)"
fi
fi

if wants resume-split; then
# Split records in a checkpoint: each rank writes its own records beside its fingerprints, and a
# run stopped part-way resumes on as many ranks with its records still split (on another number
# of ranks, as above, or alone, every rank takes every record).
rm -rf "$tmp/ck"
OBJGEN_SHARED_STATES=40 ranks 2 "${run[@]}" --threads 1 --checkpoint "$tmp/ck" --time-limit 4 >/dev/null 2>"$tmp/err"
at=$(sed -n 's/^iteration //p' "$tmp/ck/manifest" 2>/dev/null)
cp -r "$tmp/ck" "$tmp/ck-alone"
OBJGEN_SHARED_STATES=40 ranks 2 "${run[@]}" --threads 1 --checkpoint "$tmp/ck" --report-json "$tmp/resumed.json" >/dev/null 2>"$tmp/err"
rc=$?
fields=$(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['resumed_after_iteration'], d['distributed']['records_split'])" "$tmp/resumed.json" 2>/dev/null)
if [ $rc -eq 0 ] && [ "${at:-0}" -ge 1 ] && [ "$fields" = "$at True" ] &&
   [ "$(summary "$tmp/resumed.json")" = "$(summary "$tmp/whole.json")" ]; then
  say "ok   [split records resumed on 2 ranks after iteration $at: still split, same result as alone]"
else
  say "FAIL [split records resumed]: exit $rc, checkpoint '${at}', resumed '${fields}' $(head -3 "$tmp/err")"; fail=1
fi
"$objgen" "${run[@]}" --checkpoint "$tmp/ck-alone" --report-json "$tmp/resumed.json" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc -eq 0 ] && [ "$(summary "$tmp/resumed.json")" = "$(summary "$tmp/whole.json")" ]; then
  say "ok   [split records resumed alone: every record from the rank files, same result]"
else
  say "FAIL [split records resumed alone]: exit $rc $(head -3 "$tmp/err")"; fail=1
fi
fi

exit $fail
