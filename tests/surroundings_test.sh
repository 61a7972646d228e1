#!/usr/bin/env bash
# objgen's surroundings (issue 32, items 4 and 6): a cache nobody else can plant code in, temporary
# files that never follow a planted symbolic link, a full disk reported as such with nothing
# half-written, and bad input (FIFOs, numbers, class names) refused with exit 2.
# Usage: surroundings_test.sh OBJGEN SOURCE_DIR CXX CASE   (CASE: cache, uids, tmp, disk, options)
set -u
objgen=$1
src=$2
cxx=$3
case_name=$4
. "$(dirname "$0")/check_lib.sh"
chmod 755 "$work"

# A small class from a header: its harness compiles in a few seconds.
mkdir -p "$work/subject"
cat >"$work/subject/counter.hpp" <<'HPP'
#pragma once
namespace sur {
class Counter {
 public:
  Counter() = default;
  void inc() { if (n_ < 3) ++n_; }
  int n_ = 0;
};
}  // namespace sur
HPP
chmod -R a+rX "$work/subject"
header="$work/subject/counter.hpp"
run_counter() {  # run_counter ARGS...: exhaustive on the header class
  "$objgen" exhaustive --header "$header" --class sur::Counter --scope 2 -q "$@"
}
cached_so() { find "$OBJGEN_CACHE_DIR/harness" -name harness.so | head -1; }

# A shared object whose static constructor leaves a sentinel: loading it anywhere shows.
plant_library() {  # plant_library OUT SENTINEL
  printf '#include <fcntl.h>\n__attribute__((constructor)) static void planted() { creat("%s", 0644); }\n' "$2" \
    >"$work/planted.cpp"
  "$cxx" -shared -fPIC -o "$1" "$work/planted.cpp"
}

rebuilt_not_loaded() {  # rebuilt_not_loaded SENTINEL: the next run rebuilds, says why, never loads it
  run_counter >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/err.txt"; return 1; }
  grep -q 'was changed or damaged' "$work/err.txt" || { cat "$work/err.txt"; return 1; }
  [ ! -e "$1" ] || { echo "the planted library ran"; return 1; }
  grep -q '^structures 4 ' "$work/out.txt" || { cat "$work/out.txt"; return 1; }
}

case_cache() {
  check "first run builds the harness" run_counter
  check "the cache directory is made 0700" test "$(stat -c %a "$OBJGEN_CACHE_DIR")" = 700
  check "its harness directory is made 0700" test "$(stat -c %a "$OBJGEN_CACHE_DIR/harness")" = 700
  local so sentinel="$work/sentinel"
  so=$(cached_so)
  plant_library "$work/planted.so" "$sentinel"
  cp "$work/planted.so" "$so"
  check "a replaced harness.so is rebuilt, never loaded" rebuilt_not_loaded "$sentinel"
  so=$(cached_so)
  truncate -s 200 "$so"
  check "a truncated harness.so is rebuilt" rebuilt_not_loaded "$sentinel"
  so=$(cached_so)
  head -c 8192 /dev/urandom >"$so"
  check "a harness.so of random bytes is rebuilt" rebuilt_not_loaded "$sentinel"
  check "the rebuilt harness is reused" sh -c "'$objgen' exhaustive --header '$header' --class sur::Counter --scope 2 2>&1 | grep -q '(cached)'"
  chmod 0777 "$OBJGEN_CACHE_DIR"
  check "a world-writable cache is refused" expect_exit2 "writable by its group or by others" run_counter
  chmod 0770 "$OBJGEN_CACHE_DIR"
  check "a group-writable cache is refused" expect_exit2 "chmod 700" run_counter
  chmod 0700 "$OBJGEN_CACHE_DIR"
  chmod 0777 "$OBJGEN_CACHE_DIR/harness"
  check "a world-writable level inside it is refused" expect_exit2 "harness is writable" run_counter
  chmod 0700 "$OBJGEN_CACHE_DIR/harness"
  check "a cache that is a file is refused" env OBJGEN_CACHE_DIR="$header" bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'not a directory' '$objgen' exhaustive --header '$header' --class sur::Counter -q"
}

# Two users: the cache of one is refused by the other, whichever way round.
case_uids() {
  if [ "$(id -u)" != 0 ] || ! command -v setpriv >/dev/null; then
    echo "skip uids: needs root and setpriv to run as a second user"; return
  fi
  local nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  if ! "${nobody[@]}" test -x "$objgen"; then
    echo "skip uids: uid 65534 cannot run $objgen (a parent directory is private)"; return
  fi
  local shared="$work/shared" sentinel="$work/sentinel"
  mkdir -m 1777 "$shared"
  # uid 65534 builds a cache in a shared folder and plants a library whose constructor leaves a mark.
  check "another user builds its cache" "${nobody[@]}" env OBJGEN_CACHE_DIR="$shared/cache" HOME=/nonexistent \
    "$objgen" exhaustive --header "$header" --class sur::Counter --scope 2 -q
  plant_library "$work/planted.so" "$sentinel"
  chmod 644 "$work/planted.so"
  local so
  so=$(find "$shared/cache/harness" -name harness.so | head -1)
  "${nobody[@]}" cp "$work/planted.so" "$so"
  check "root refuses the other user's cache" env OBJGEN_CACHE_DIR="$shared/cache" bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'owned by another user' '$objgen' exhaustive --header '$header' --class sur::Counter -q"
  check "  and never loads what it holds" test ! -e "$sentinel"
  # The other way round: root's cache, used by uid 65534.
  check "root builds its own cache" run_counter
  chmod 755 "$work"  # let uid 65534 reach it
  check "the other user refuses root's cache" "${nobody[@]}" bash -c \
    "$(declare -f expect_exit2); work='$shared'; expect_exit2 'owned by another user' env OBJGEN_CACHE_DIR='$OBJGEN_CACHE_DIR' '$objgen' exhaustive --header '$header' --class sur::Counter -q"
  # An entry inside one's own cache that another user owns (root put it there) is rebuilt.
  local entry
  entry=$(dirname "$(cached_so)")
  chown -R 65534:65534 "$entry"
  cp "$work/planted.so" "$entry/harness.so"
  chown 65534:65534 "$entry/harness.so"
  check "an entry another user owns is rebuilt, never loaded" rebuilt_not_loaded "$sentinel"
}

# Symbolic links planted at every name objgen used to derive from its pid (and at the lock file)
# point at a victim file: it must not be created or appended to.
plant_pid_links() {  # plant_pid_links PREFIX SUFFIX VICTIM: links for the next 3000 pids (one process)
  python3 - "$@" <<'PY'
import os, sys
prefix, suffix, victim = sys.argv[1:4]
first = os.getpid()
for pid in range(first, first + 3000):
    try: os.symlink(victim, f"{prefix}{pid}{suffix}")
    except OSError: pass
PY
}
no_victim() { [ ! -e "$1" ] || { echo "the symlink was followed: $1 exists"; return 1; }; }

case_tmp() {
  local victim="$work/victim" out="$work/out"
  mkdir -p "$out" "$work/tmp"
  plant_pid_links "$out/report.json.tmp." "" "$victim"
  check "report written beside planted links" "$objgen" exhaustive --example ncl --scope 3 -q --report-json "$out/report.json"
  check "  not through them" no_victim "$victim"
  mkdir -p "$out/ck"
  plant_pid_links "$out/ck/manifest.tmp." "" "$victim"
  plant_pid_links "$out/ck/state-1.bin.tmp." "" "$victim"
  check "checkpoint written beside planted links" "$objgen" exhaustive --example ncl --scope 3 -q --checkpoint "$out/ck"
  check "  not through them" no_victim "$victim"
  plant_pid_links "$work/tmp/objgen-asan-check-" ".log" "$victim"
  check "params (the ASan check) beside planted links" env TMPDIR="$work/tmp" "$objgen" params --header "$header" \
    --class sur::Counter --checks asan --repository none -q
  check "  not through them" no_victim "$victim"
  check "  and leaves no scratch directory" test -z "$(find "$work/tmp" -mindepth 1 -not -type l)"
  local lock
  for lock in "$OBJGEN_CACHE_DIR"/harness/*.lock; do
    rm -f "$lock"
    ln -s "$victim" "$lock"
  done
  check "a symbolic link at the harness's lock is refused" expect_exit2 "lock" "$objgen" params --header "$header" \
    --class sur::Counter --checks asan --repository none -q
  check "  not followed" no_victim "$victim"
}

# A small file system, filled: every output says so, exit 2, and leaves nothing behind.
case_disk() {
  full="$work/full"
  mkdir -p "$full"
  if ! mount -t tmpfs -o size=256k tmpfs "$full" 2>/dev/null; then
    echo "skip disk: cannot mount a small tmpfs here (not root, or no permission)"; return
  fi
  trap 'umount "$full" 2>/dev/null; rm -rf "$work"' EXIT
  dd if=/dev/zero of="$full/filler" bs=4k 2>/dev/null
  check "--report-json on a full disk" expect_exit2 "no space left on device while writing $full/r.json" \
    "$objgen" exhaustive --example ncl --scope 3 -q --report-json "$full/r.json"
  check "--emit-gtest on a full disk" expect_exit2 "no space left on device while writing $full/suite" \
    "$objgen" exhaustive --example ncl --scope 3 -q --emit-gtest "$full/suite"
  check "--checkpoint on a full disk" expect_exit2 "no space left on device while writing $full/ck" \
    "$objgen" exhaustive --example ncl --scope 3 -q --checkpoint "$full/ck"
  check "  nothing half-written, no empty directory" test "$(ls -A "$full")" = filler
  rm "$full/filler"
  check "a cache on a full disk" env OBJGEN_CACHE_DIR="$full/cache" bash -c \
    "head -c 200k /dev/zero >'$full/filler2'; $(declare -f expect_exit2); work='$work'; expect_exit2 'no space left on device while writing the harness in' '$objgen' exhaustive --header '$header' --class sur::Counter -q"
  check "  leaves no .failed or temporary directory" test -z "$(find "$full/cache/harness" -mindepth 1 -type d)"
  check "/dev/full as a report is refused" expect_exit2 "not a regular file" \
    "$objgen" exhaustive --example ncl --scope 2 -q --report-json /dev/full
}

case_options() {
  mkfifo "$work/fifo.hpp" "$work/fifo.list" "$work/fifo.so"
  mkdir -p "$work/db" && mkfifo "$work/db/compile_commands.json"
  check "a FIFO as --header, at once" timeout -s KILL 10 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'FIFO' '$objgen' exhaustive --header '$work/fifo.hpp' --class sur::Counter"
  check "a FIFO as --header of scan" timeout -s KILL 10 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'FIFO' '$objgen' scan --header '$work/fifo.hpp' --class sur::Counter"
  check "a FIFO as --methods @file" timeout -s KILL 10 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'FIFO' '$objgen' exhaustive --example ncl --methods @'$work/fifo.list'"
  check "a FIFO as --builders FILE" timeout -s KILL 10 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'FIFO' '$objgen' exhaustive --example ncl --builders '$work/fifo.list'"
  check "a FIFO as --harness" timeout -s KILL 10 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'FIFO' '$objgen' exhaustive --harness '$work/fifo.so'"
  check "a FIFO as compile_commands.json" timeout -s KILL 20 bash -c \
    "$(declare -f expect_exit2); work='$work'; expect_exit2 'not a regular file' '$objgen' scan --header '$header' --class sur::Counter -p '$work/db'"
  head -c 4096 /dev/urandom >"$work/random.so"
  check "random bytes as --harness" expect_exit2 "not a shared object" "$objgen" exhaustive --harness "$work/random.so"
  mkdir -p "$work/ck/manifest"
  check "a checkpoint manifest that is a directory" expect_exit2 "not an objgen checkpoint manifest" \
    "$objgen" exhaustive --example ncl --scope 2 -q --checkpoint "$work/ck"
  local bad
  for bad in 1 100k 1M; do
    check "--worker-memory-limit $bad" expect_exit2 "worker needs to run" "$objgen" exhaustive --example ncl --worker-memory-limit "$bad"
  done
  check "--memory-limit 1 (the workers' default)" expect_exit2 "memory-limit: '1' is less" "$objgen" exhaustive --example ncl \
    --memory-limit 1
  local cmd opt value
  for cmd in exhaustive random builders params evolve; do
    for value in 1e308 nan inf -1 '' x; do
      check "$cmd --call-timeout '$value'" expect_exit2 "call-timeout" "$objgen" "$cmd" --example ncl --call-timeout "$value"
    done
    check "$cmd --report-json ''" expect_exit2 "report-json" "$objgen" "$cmd" --example ncl --report-json ''
    check "$cmd --worker-memory-limit 1" expect_exit2 "worker-memory-limit" "$objgen" "$cmd" --example ncl --worker-memory-limit 1
  done
  for opt in "exhaustive --gtest-max-states" "random --gtest-max-states" "exhaustive --contract-states" \
             "random --max-calls" "random --runs" "builders --population" "evolve --runs" "params --tries" \
             "exhaustive --seed" "exhaustive --threads"; do
    set -- $opt
    check "$1 $2 -1" expect_exit2 "$2" "$objgen" "$1" --example ncl "$2" -1
  done
  for opt in "exhaustive --time-limit" "random --time-limit" "params --time-limit" "builders --budget" "evolve --budget"; do
    set -- $opt
    for value in inf -5 1e300; do check "$1 $2 $value" expect_exit2 "$2" "$objgen" "$1" --example ncl "$2" "$value"; done
  done
  check "exhaustive --methods ''" expect_exit2 "methods" "$objgen" exhaustive --example ncl --methods ''
  check "exhaustive --emit-gtest ''" expect_exit2 "emit-gtest" "$objgen" exhaustive --example ncl --emit-gtest ''
  local name
  for name in 'sur::Counter; int x' 'sur::Counter{}' '#define X' 'a"b' "a'b" 'a\b' $'sur::Counter\nint' \
              'sur::Counter // x' 'sur::Counter /* x */' 'std::vector<int' 'std::vector<int>>' 'f(int' 'a:b'; do
    check "--class '$name'" expect_exit2 "class" "$objgen" exhaustive --header "$header" --class "$name"
    check "scan --class '$name'" expect_exit2 "class" "$objgen" scan --header "$header" --class "$name"
  done
  check "a type name with templates passes the check" "$objgen" scan --header '<map>' --class 'std::map<int, std::pair<long, unsigned char*>>' --list
}

"case_$case_name"
exit "$fail"
