#!/usr/bin/env bash
# objgen project on the bundled example project (examples/project: eleven classes over several
# headers and one compiled source, configured by CMake, never built): every class tested or skipped
# with why, each planted bug a finding of its class and only there, the precondition labelled, the
# SARIF log valid with each bug at its member's line (relative to the project), the JUnit file
# parsed; a second run with nothing changed reuses every class's results in at most a tenth of the
# time; after one header is edited, that class alone is tested again, and with --changed-since HEAD
# only the class whose header changed since the last commit runs (the others "unchanged"). The
# HTML pages render in headless Chromium with every link resolving.
#
#   project_test.sh OBJGEN SRC
set -u
objgen=$1
src=$2
. "$src/tests/check_lib.sh"
project="$work/project"
cp -r "$src/examples/project" "$project"
git_in() { git -C "$project" -c user.email=objgen@test -c user.name=objgen "$@"; }
git_in init -q && git_in add -A && git_in commit -q -m "the example project"
check "the example project configures" cmake -S "$project" -B "$project/build" -DCMAKE_BUILD_TYPE=Debug
out="$work/out"
run_project() {  # run_project NAME: the whole project, its time in $work/NAME.seconds
  local start=$EPOCHREALTIME
  "$objgen" project -p "$project/build" --out "$out" --class-seconds 4 --scope 2 -j 2 \
    --sarif "$work/$1.sarif" --junit "$work/$1.xml" --report-json "$work/$1.json" --html "$work/$1.html" \
    >"$work/$1.out" 2>"$work/$1.err" || return 1
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", b - a }' >"$work/$1.seconds"
}
check "objgen project" run_project first
cat "$work/first.out"
check "each class tested or skipped with why; the bugs where they were planted" python3 -c "
import json, sys
s = {c['class']: c for c in json.load(open(sys.argv[1]))['classes']}
print({k: (c['status'], c['bugs'], c['preconditions']) for k, c in s.items()})
assert s['shelf::Sensor']['status'] == 'skipped' and 'abstract' in s['shelf::Sensor']['why']
# The class template as src/demo.cpp instantiates it.
assert 'shelf::Box' not in s and s['shelf::Box<int>']['status'] == 'tested' and s['shelf::Box<int>']['bugs'] == 0
assert s['shelf::ShelfError']['status'] == 'skipped'
# Money::share(0) throws the project's own shelf::ShelfError: a refusal (--misuse), no finding at all.
assert s['shelf::Money']['preconditions'] == 0 and s['shelf::Money']['unconfirmed'] == 0
for c in ('Ring', 'Interval', 'Inventory', 'TagSet'):
    assert s['shelf::' + c]['status'] == 'tested' and s['shelf::' + c]['bugs'] >= 1, c
for c in ('Counter', 'Money', 'Thermometer', 'BoundedStack'):
    assert s['shelf::' + c]['status'] == 'tested' and s['shelf::' + c]['bugs'] == 0, c
assert s['shelf::BoundedStack']['preconditions'] >= 1
assert all(c['suites'] for c in s.values() if c['status'] == 'tested')
" "$work/first.json"
check "the HTML pages render in Chromium, every link resolves, nothing is fetched" python3 "$src/tests/html_check.py" \
  "$work/first.html" --expect shelf::TagSet --expect "abstract: test its concrete subclasses" --screenshot "$work/first.png"
check "each bug's page shows it with its reproducer, the precondition's apart" python3 -c "
import sys
page = lambda c: open(sys.argv[1] + '/shelf__' + c + '.html').read()
for c in ('Ring', 'Interval', 'Inventory', 'TagSet'):
    assert '<h2 id=\"bug\">Bugs (1)</h2>' in page(c) and 'copyCode(' in page(c), c
assert 'id=\"precondition\">Likely preconditions' in page('BoundedStack') and 'Bugs (' not in page('BoundedStack')
assert 'class=cls>shelf::Counter</div>' in page('Counter'), 'no state drawn'
" "$work/first.html"
check "the SARIF log: the bugs at their members' lines, relative to the project" python3 "$src/tests/sarif_check.py" \
  "$work/first.sarif" --expect-error-at include/shelf/tag_set.hpp:13
check "Inventory's bug points at its header, its code compiled from src/inventory.cpp" python3 -c "
import json, sys
results = json.load(open(sys.argv[1]))['runs'][0]['results']
uris = {l['physicalLocation']['artifactLocation']['uri'] for r in results if r['level'] == 'error' for l in r['locations']}
assert 'include/shelf/inventory.hpp' in uris and 'include/shelf/ring.hpp' in uris, uris
assert not any(u.endswith('counter.hpp') or u.endswith('money.hpp') for u in uris), uris
" "$work/first.sarif"
check "the JUnit file: a suite per class and strategy, the planted bugs failing" python3 -c "
import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
failed = {s.get('name').split(' ')[0] for s in root.findall('testsuite') if int(s.get('failures')) > 0}
assert {'shelf::Ring', 'shelf::Interval', 'shelf::Inventory', 'shelf::TagSet'} <= failed, failed
assert 'shelf::Counter' not in failed, failed
" "$work/first.xml"
check "a second run reuses every class" run_project second
check "...in at most a tenth of the first's time" python3 -c "
import json, sys
s = json.load(open(sys.argv[1]))['classes']
assert all(c['status'] in ('reused', 'skipped') for c in s), [(c['class'], c['status']) for c in s]
first, second = float(open(sys.argv[2]).read()), float(open(sys.argv[3]).read())
print(first, second)
assert second <= first / 10, (first, second)
" "$work/second.json" "$work/first.seconds" "$work/second.seconds"
sed -i 's|--count_;  // the fix|count_ -= count_ > 0 ? 1 : 0;  // half a fix|' "$project/include/shelf/tag_set.hpp"
check "after an edit of one header, that class alone is tested again" bash -c "
  '$objgen' project -p '$project/build' --out '$out' --class-seconds 4 --scope 2 -j 2 --report-json '$work/third.json' >/dev/null 2>&1 &&
  python3 -c \"
import json, sys
s = {c['class']: c['status'] for c in json.load(open(sys.argv[1]))['classes']}
again = sorted(k for k, v in s.items() if v == 'tested')
assert again == ['shelf::TagSet'], s
\" '$work/third.json'"
git_in commit -q -am "TagSet: half a fix"
sed -i 's|else overwritten_ = true;|else overwritten_ = size_ > 0;|' "$project/include/shelf/ring.hpp"
check "--changed-since HEAD: the class whose header changed since the commit, the others unchanged" bash -c "
  '$objgen' project -p '$project/build' --out '$out' --class-seconds 4 --scope 2 -j 2 --changed-since HEAD \
    --report-json '$work/fourth.json' --sarif '$work/fourth.sarif' >/dev/null 2>&1 &&
  python3 -c \"
import json, sys
s = {c['class']: c for c in json.load(open(sys.argv[1]))['classes']}
assert sorted(k for k, c in s.items() if c['status'] == 'tested') == ['shelf::Ring'], s
assert s['shelf::TagSet']['status'] == 'unchanged' and s['shelf::TagSet']['states'] > 0, s['shelf::TagSet']  # its last results
assert s['shelf::Inventory']['status'] == 'unchanged' and s['shelf::Inventory']['bugs'] >= 1, s['shelf::Inventory']
\" '$work/fourth.json' && python3 '$src/tests/sarif_check.py' '$work/fourth.sarif' --expect-error-at include/shelf/ring.hpp:11"
check "--changed-since an unknown revision: exit 2 naming it" expect_exit2 "no-such-ref" "$objgen" project -p "$project/build" \
  --out "$out" --changed-since no-such-ref
check "--class naming a class the project lacks: exit 2 naming it" expect_exit2 "shelf::Shelfish: no class of that name" \
  "$objgen" project -p "$project/build" --out "$out" --class shelf::Shelfish
check "--target naming no target of the database: exit 2 listing its targets" expect_exit2 "its targets with sources: shelf, shelf_demo" \
  "$objgen" project -p "$project/build" --out "$out" --target shelfish
# The suites' CMakeLists.txt, for one class: alone (the archive objgen compiled) and inside the
# project (its own library target), each built and run by CTest, the failures suites apart.
check "objgen project --classes Inventory --coverage" "$objgen" project -p "$project/build" --out "$work/suites" --class-seconds 3 \
  --scope 1 --classes Inventory -q --coverage --html "$work/suites-html" --report-json "$work/suites.json"
check "its coverage: src/inventory.cpp's lines and branches, the program's main() left out, the annotated source linked" bash -c "
  python3 -c \"import json,sys; c = json.load(open(sys.argv[1]))['classes'][0]; print(c['coverage'])
assert c['coverage'].startswith('lines ') and ' of 17), branches ' in c['coverage'], c\" '$work/suites.json' &&
  ls '$work/suites-html/coverage/shelf__Inventory/' | grep -q 'inventory.cpp' && ! ls '$work/suites-html/coverage/shelf__Inventory/' | grep -q demo &&
  grep -q 'href=\"coverage/shelf__Inventory/index.html\"' '$work/suites-html/shelf__Inventory.html' &&
  python3 '$src/tests/html_check.py' '$work/suites-html'"
check "the suites alone: built, their states pass, their bugs fail" bash -c "
  cmake -S '$work/suites' -B '$work/alone' >/dev/null && cmake --build '$work/alone' -j2 >/dev/null &&
  cd '$work/alone' && ctest -LE objgen_bugs -j2 >/dev/null && ! ctest -L objgen_bugs >/dev/null"
cat >"$work/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(with_suites LANGUAGES CXX)
enable_testing()
add_subdirectory("$project" shelf)
add_subdirectory("$work/suites" objgen-suites)
CMAKE
check "the suites in the project: linked against its shelf target, passing" bash -c "
  cmake -S '$work' -B '$work/within' >/dev/null && cmake --build '$work/within' -j2 >/dev/null &&
  grep -rq 'libshelf.a' '$work/within/objgen-suites' && cd '$work/within' && ctest -LE objgen_bugs -j2 >/dev/null"
exit $fail
