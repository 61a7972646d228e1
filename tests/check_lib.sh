# Shared by the CLI test scripts: a scratch directory and cache, and the two checks they make.
# Source it after `set -u`; it sets $work, $OBJGEN_CACHE_DIR and $fail (exit with "$fail").
work=$(mktemp -d)
# Only the script's own shell removes it: a subshell killed before it exec'd (a background
# `sleep &` killed at once) would otherwise run this trap as it dies.
trap '[ "$BASHPID" = "$$" ] && rm -rf "$work"' EXIT
export OBJGEN_CACHE_DIR="$work/cache"
fail=0

check() {  # check NAME COMMAND...: the command succeeds, else its output's tail is shown; with its wall time
  local name=$1 start=$EPOCHREALTIME took; shift
  if "$@" >"$work/last.log" 2>&1; then
    took=$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
    echo "ok   $name  [$took s]"
  else
    echo "FAIL $name"; tail -30 "$work/last.log"; fail=1
  fi
}

# choose_part PART KNOWN...: which part of a split script runs (all: every one), or exit 2 naming the
# known ones; wants NAME then says whether part NAME runs.
choose_part() {
  local p=$1; shift
  [ "$p" = all ] || [[ " $* " == *" $p "* ]] || { echo "unknown part $p (all $*)"; exit 2; }
  chosen_part=$p
}
wants() { [ "$chosen_part" = all ] || [ "$chosen_part" = "$1" ]; }

json() {  # json FILE PYTHON-EXPRESSION-ON-j: prints the value
  python3 -c "import json,sys; j=json.load(open(sys.argv[1])); print($2)" "$1"
}

expect_exit2() {  # expect_exit2 PATTERN COMMAND...: exits 2 and prints PATTERN on stderr
  local pattern="$1"; shift
  "$@" >/dev/null 2>"$work/err.txt"
  local rc=$?
  [ "$rc" -eq 2 ] || { echo "exit $rc"; cat "$work/err.txt"; return 1; }
  grep -q -- "$pattern" "$work/err.txt" || { cat "$work/err.txt"; return 1; }
}

no_process_left() {  # no_process_left MARKER: no process whose command line holds MARKER within 1 s
  local i
  for i in $(seq 1 20); do
    pgrep -f -- "$1" >/dev/null || return 0
    sleep 0.05
  done
  pgrep -fa -- "$1"
  return 1
}
