#!/usr/bin/env bash
# Results where C++ developers look: exhaustive and random on tests/confirm_inputs/sum_stack.hpp
# (pop() breaks the invariant) write --sarif and --junit. The SARIF log has the broken invariant as
# an error at pop()'s declaration (line 16), named relative to the directory objgen ran in, with the
# calls as a code flow, each step at its member's line; it passes tests/sarif_check.py (and the
# OASIS schema when OBJGEN_SARIF_SCHEMA names it). The JUnit file parses, with one case per check,
# the invariant's failing. The report's "results" and an unwritable --sarif (exit 2) are cases in
# tests/cli_cases/cli_reports.toml; this script keeps the checks of the SARIF and JUnit files.
#
#   cli_reports_test.sh OBJGEN SRC
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
out="$work/out"
mkdir -p "$out"
schema=()
[ -n "${OBJGEN_SARIF_SCHEMA:-}" ] && schema=(--schema "$OBJGEN_SARIF_SCHEMA")

# From the source tree, so that the header is named relative to it.
check "exhaustive --sarif --junit" bash -c 'cd "$1" && "$2" exhaustive --header tests/confirm_inputs/sum_stack.hpp \
  --class confirm::SumStack --scope 3 --quiet --sarif "$3/ex.sarif" --junit "$3/ex.xml"; [ $? -le 1 ]' \
  _ "$src" "$objgen" "$out"
check "the SARIF log: an error at pop(), relative to the run's directory" python3 "$src/tests/sarif_check.py" "$out/ex.sarif" \
  "${schema[@]}" --expect-error-at tests/confirm_inputs/sum_stack.hpp:16
check "its code flow: each call at its member's line, the run's root given" python3 -c "
import json, sys
run = json.load(open(sys.argv[1]))['runs'][0]
assert run['originalUriBaseIds']['SRCROOT']['uri'].startswith('file:///'), run.get('originalUriBaseIds')
bug = [r for r in run['results'] if r['ruleId'] == 'invariant' and r['level'] == 'error'][0]
steps = bug['codeFlows'][0]['threadFlows'][0]['locations']
assert steps[-1]['location']['message']['text'].endswith('->pop();'), steps[-1]
lines = [s['location']['physicalLocation']['region']['startLine'] for s in steps if 'physicalLocation' in s['location']]
assert lines[-1] == 16 and 11 in lines, lines  # push() is on line 11
assert 'pop()' in bug['message']['markdown'] and bug['partialFingerprints']['objgenFinding/v1']
" "$out/ex.sarif"
check "the JUnit file: one case per check, the invariant's failing" python3 -c "
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
suite = root.find('testsuite')
cases = {c.get('name'): c for c in suite.findall('testcase')}
assert {'calls', 'invariant', 'contract copy-equal'} <= set(cases), sorted(cases)
assert cases['invariant'].find('failure') is not None and cases['calls'].find('failure') is None
assert int(root.get('failures')) == sum(c.find('failure') is not None for c in cases.values()) >= 1
assert int(root.get('tests')) == len(cases)
" "$out/ex.xml"

check "random --sarif --junit" bash -c 'cd "$3" && "$1" random --header "$2/tests/confirm_inputs/sum_stack.hpp" \
  --class confirm::SumStack --time-limit 2 --seed 1 --quiet --sarif r.sarif --junit r.xml; [ $? -le 1 ]' _ "$objgen" "$src" "$out"
check "random's SARIF log names the header absolutely (outside the run's directory)" python3 "$src/tests/sarif_check.py" \
  "$out/r.sarif" "${schema[@]}" --expect-error-at "file://$src/tests/confirm_inputs/sum_stack.hpp:16"
check "random's JUnit file parses" python3 -c "import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])" "$out/r.xml"

exit $fail
