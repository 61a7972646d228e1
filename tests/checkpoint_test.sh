#!/usr/bin/env bash
# --checkpoint: a run killed with SIGKILL between iterations resumes from its last checkpoint and
# ends with the same states, sequences and counts as a run never interrupted; a checkpoint of
# another run, a damaged one, or a directory that cannot be written is a clear error (exit 2).
set -u
objgen=$1
source "$(dirname "$0")/check_lib.sh"
same_run() {  # same_run A B: states, explored and the digest of every state's sequence agree
  local f
  for f in states explored states_digest structures complete; do
    [ "$(json "$1" "j['$f']")" = "$(json "$2" "j['$f']")" ] || { echo "$f: $(json "$1" "j['$f']") vs $(json "$2" "j['$f']")"; return 1; }
  done
}
checkpointed() { sed -n 's/^iteration //p' "$1/manifest" 2>/dev/null || echo 0; }  # 0: none yet

# ncl at scope 7, one worker: 14 iterations in about 3 s, the 8th taking half of it (a window to
# kill the run in, found by polling its checkpoint).
run=(exhaustive --example ncl --scope 7 --threads 1 -q)
check "the uninterrupted run" "$objgen" "${run[@]}" --report-json "$work/whole.json"

# Killed after iteration 7 of 14 (or a few later), resumed.
"$objgen" "${run[@]}" --checkpoint "$work/ck" --report-json "$work/killed.json" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 2400); do  # up to 2 min: a loaded machine reaches iteration 7 late
  [ "$(checkpointed "$work/ck")" -ge 7 ] 2>/dev/null && break
  kill -0 $pid 2>/dev/null || break
  sleep 0.05
done
kill -9 $pid 2>/dev/null
wait $pid 2>/dev/null
at=$(checkpointed "$work/ck")
check "killed between iterations (checkpoint of iteration $at)" \
  bash -c "[ '$at' -ge 7 ] && [ '$at' -lt 14 ] && [ ! -e '$work/killed.json' ]"
check "the same command resumes" "$objgen" "${run[@]}" --checkpoint "$work/ck" --report-json "$work/resumed.json"
check "resumed from iteration $at" [ "$(json "$work/resumed.json" "j['resumed_after_iteration']")" = "$at" ]
check "resumed run = uninterrupted run" same_run "$work/whole.json" "$work/resumed.json"
# The finished run's checkpoint gives its result again at once.
check "a finished checkpoint gives the same result" "$objgen" "${run[@]}" --checkpoint "$work/ck" --report-json "$work/again.json"
check "... the same" same_run "$work/whole.json" "$work/again.json"

check "checkpoint of another scope: exit 2" expect_exit2 "made by another run (scope is 7 there and 6 here)" \
  "$objgen" exhaustive --example ncl --scope 6 -q --checkpoint "$work/ck"
check "checkpoint of another API: exit 2" expect_exit2 "made by another run (target is" \
  "$objgen" exhaustive --example sll --scope 7 -q --checkpoint "$work/ck"
check "unwritable checkpoint directory: exit 2" expect_exit2 "checkpoint" \
  "$objgen" exhaustive --example ncl --scope 3 -q --checkpoint /proc/objgen-test/ck
state=$(ls "$work/ck"/state-*.bin)
cp "$state" "$work/state.orig"
printf '\x7f' | dd of="$state" bs=1 seek=5000 conv=notrunc status=none  # one byte changed
check "checkpoint with a changed byte: exit 2" expect_exit2 "does not match the manifest's checksum" \
  "$objgen" exhaustive --example ncl --scope 7 -q --checkpoint "$work/ck"
head -c 1000 "$work/state.orig" > "$state"
check "truncated checkpoint: exit 2" expect_exit2 "is damaged" "$objgen" exhaustive --example ncl --scope 7 -q --checkpoint "$work/ck"
# The fingerprints are a file of their own (one per rank of a distributed run): checked the same way.
cp "$work/state.orig" "$state"
fps=$(ls "$work/ck"/fingerprints-*.bin)
cp "$fps" "$work/fps.orig"
printf '\x7f' | dd of="$fps" bs=1 seek=100 conv=notrunc status=none
check "fingerprint file with a changed byte: exit 2" expect_exit2 "fingerprints-.*does not match the manifest's checksum" \
  "$objgen" exhaustive --example ncl --scope 7 -q --checkpoint "$work/ck"
rm "$fps"
check "fingerprint file missing: exit 2" expect_exit2 "cannot read the checkpoint file .*fingerprints-" \
  "$objgen" exhaustive --example ncl --scope 7 -q --checkpoint "$work/ck"
cp "$work/fps.orig" "$fps"
# A file made by hand, with the checksum to match: the first argument of a call names a state
# that does not exist.
python3 - "$work/state.orig" "$state" "$work/ck/manifest" <<'PY'
import ctypes, re, struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
at = 8 + 4 + 8  # magic, iteration, explored
at += 8 + struct.unpack_from("<Q", data, at)[0]  # why it stopped
for record_bytes in (8, 8):  # states, then calls: a count, then the records
    at += 8 + record_bytes * struct.unpack_from("<Q", data, at)[0]
at += 8  # the number of arguments; the first one follows
struct.pack_into("<I", data, at, 0x7FFFFF00)
open(sys.argv[2], "wb").write(data)
xxh = ctypes.CDLL("libxxhash.so.0")
xxh.XXH64.restype = ctypes.c_uint64
xxh.XXH64.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint64]
manifest = open(sys.argv[3]).read()
sum = "%016x" % xxh.XXH64(bytes(data), len(data), 0)
open(sys.argv[3], "w").write(re.sub(r"checksum \w+", "checksum " + sum, manifest))
PY
check "checkpoint made by hand with an id out of range: exit 2" expect_exit2 "a call with an argument that names nothing before it" \
  "$objgen" exhaustive --example ncl --scope 7 -q --checkpoint "$work/ck"
check "checkpoint of another call time limit: exit 2" expect_exit2 "call-timeout is 2 there and 5 here" \
  "$objgen" exhaustive --example ncl --scope 7 -q --call-timeout 5 --checkpoint "$work/ck"
exit $fail
