#!/usr/bin/env bash
# Classes shaped like third-party header-only containers (tests/scan_inputs/alias_map.hpp,
# compiler_split.hpp): alias templates as --class, member templates (iterator ranges, variadic
# emplace, SFINAE-guarded at/operator[], as<T>() with --template-args), each instance's body
# checked by scan, the harness build's fallback leaving out only failing instances, and the
# listing. One case per run, so each ctest entry stays short.
# Usage: tests/scan_templates_test.sh OBJGEN_BINARY SOURCE_DIR CASE
#   CASE: alias | instances | template_args | harness | emitted | fallback | listing
set -u -o pipefail
objgen="$1"
src="$2"
case_name="$3"
source "$src/tests/check_lib.sh"
map_h="$src/tests/scan_inputs/alias_map.hpp"
split_h="$src/tests/scan_inputs/compiler_split.hpp"
scan_json() {  # scan_json OUT CLASS [OPTIONS...]
  local out="$1" cls="$2"; shift 2
  "$objgen" scan --header "$map_h" --class "$cls" --json "$@" >"$out"
}
# registered FILE NAME: NAME is registered (not skipped) at least once
registered() { [ "$(json "$1" "sum(1 for f in j['functions'] if f['name'] == '$2' and f['registration'] != 'skip')")" -ge 1 ]; }
# skipped_for FILE NAME PATTERN: every NAME is skipped, its reason matching PATTERN
skipped_for() {
  json "$1" "'\n'.join(f['registration'] + ': ' + f['skip_reason'] for f in j['functions'] if f['name'] == '$2')" >"$work/why.txt"
  [ -s "$work/why.txt" ] && ! grep -qv '^skip: ' "$work/why.txt" && grep -q -- "$3" "$work/why.txt" || { cat "$work/why.txt"; return 1; }
}

alias_case() {
  check "alias template as --class" scan_json "$work/map.json" 'amap::map<int, int>'
  check "  the user's spelling is the requested name" test "$(json "$work/map.json" "j['requested']")" = 'amap::map<int, int>'
  check "  it names the 8-parameter detail class" grep -q 'detail::table<std::pair<int, int>' "$work/map.json"
  check "plain alias (using int_map = map<int, int>) as --class" scan_json "$work/int_map.json" 'amap::int_map'
  check "  same members as the alias template" test "$(json "$work/int_map.json" "len(j['functions'])")" = "$(json "$work/map.json" "len(j['functions'])")"
  check "alias template with one argument (set<int>)" scan_json "$work/set.json" 'amap::set<int>'
  check "harness names from the alias: register_map_int_int" bash -c \
    "'$objgen' scan --header '$map_h' --class 'amap::map<int, int>' -o '$work/h.cpp' 2>&1 | grep -q 'register_map_int_int)'"
  check "  Fields<> named as the user did" grep -q '"amap::map<int, int>"' "$work/h.cpp"
  check "a second --class through an alias keeps that name" bash -c \
    "'$objgen' scan --header '$map_h' --class 'amap::map<int, int>' --class 'amap::set<int>' --list | grep -q '^class amap::set<int>' &&
     '$objgen' scan --header '$map_h' --class 'amap::map<int, int>' --class 'amap::set<int>' -o '$work/two.cpp' &&
     grep -q 'Fields<amap::set<int>>' '$work/two.cpp' &&
     g++ -std=c++20 -fsyntax-only -fno-access-control -I'$src/include' -I'$src/tests/scan_inputs' '$work/two.cpp'"
  check "an unknown alias is still exit 2" expect_exit2 "not found" \
    "$objgen" scan --header "$map_h" --class 'amap::nomap<int, int>' --list
}

instances_case() {
  scan_json "$work/map.json" 'amap::map<int, int>' || fail=1
  for m in emplace try_emplace insert_or_assign at 'operator[]'; do
    check "map: $m registered" registered "$work/map.json" "$m"
  done
  check "map: table(InputIt, InputIt) dropped, its helper's error the reason" \
    json "$work/map.json" "[f for f in j['functions'] if f['kind'] == 'constructor' and \"no type named 'iterator_category'\" in f['skip_reason']][0]"
  check "map: insert(InputIt, InputIt) dropped: it calls the same helper (Clang reports the error once)" \
    json "$work/map.json" "[f for f in j['functions'] if f['name'] == 'insert' and 'it calls amap::detail::appender::append, which does not compile: alias_map.hpp' in f['skip_reason']][0]"
  check "map: insert(const value_type&) still registered" registered "$work/map.json" insert
  check "map: assign_from(const Source&) deduced for int, dropped for its body alone" \
    skipped_for "$work/map.json" assign_from "its body does not compile (alias_map.hpp:[0-9]*: invalid range expression"
  check "map: assign(InputIt, InputIt) compiles for int (integer dispatch) and for a pointer: not instantiated" \
    skipped_for "$work/map.json" assign "function template over iterators: it compiles for const std::pair<int, int>\\* as well as for int"
  check "map: merge, a member template defined out of line at namespace scope, listed once (not deduced as a free function)" \
    test "$(json "$work/map.json" "sum(1 for f in j['functions'] if f['name'] == 'merge')")" = 1
  check "map: as<T>() has nothing to deduce: skipped, naming --template-args" \
    skipped_for "$work/map.json" as "--template-args 'as=TYPE'"
  check "map: at instantiated with its defaults" bash -c \
    "grep -q 'instantiated for <int, true>' <(python3 -c \"import json; print([f['note'] for f in json.load(open('$work/map.json'))['functions'] if f['name'] == 'at'])\")"
  scan_json "$work/set.json" 'amap::set<int>' || fail=1
  check "set: at's guard fails, not registered" skipped_for "$work/set.json" at "no instantiation"
  check "set: operator[]'s guard fails, not registered" skipped_for "$work/set.json" 'operator[]' "no instantiation"
  check "set: emplace registered" registered "$work/set.json" emplace
}

template_args_case() {
  check "--template-args as=int,double: two instances" scan_json "$work/as.json" 'amap::map<int, int>' \
    --template-args 'as=int,double' --template-args 'as=long'
  check "  as<int>, as<double>, as<long> registered" test \
    "$(json "$work/as.json" "sorted(f['explicit_template_arguments'] for f in j['functions'] if f['name'] == 'as' and f['registration'] == 'method')")" \
    = "['<double>', '<int>', '<long>']"
  check "  the harness calls them by name and compiles" bash -c \
    "'$objgen' scan --header '$map_h' --class 'amap::map<int, int>' --template-args 'as=int,double' -o '$work/as.cpp' &&
     grep -q 'self.as<double>()' '$work/as.cpp' && g++ -std=c++20 -fsyntax-only -fno-access-control -I'$src/include' -I'$src/tests/scan_inputs' '$work/as.cpp'"
  check "  several parameters in <>: emplace=<int, int>" scan_json "$work/emplace.json" 'amap::map<int, int>' \
    --template-args 'emplace=<int, int>'
  check "  emplace<int, int> registered" test \
    "$(json "$work/emplace.json" "[f['explicit_template_arguments'] for f in j['functions'] if f['name'] == 'emplace' and f['registration'] == 'method']")" = "['<int, int>']"
  for bad in 'as' 'as=' '3x=int' 'as=int,,double' 'as=int;x' 'as=<int'; do
    check "malformed --template-args '$bad': exit 2" expect_exit2 "template-args" \
      "$objgen" scan --header "$map_h" --class 'amap::map<int, int>' --template-args "$bad"
  done
  check "unknown type: exit 2 naming it" expect_exit2 "as=Nope': use of undeclared identifier 'Nope'" \
    "$objgen" scan --header "$map_h" --class 'amap::map<int, int>' --template-args 'as=Nope'
  check "malformed on a strategy command too (exhaustive): exit 2" expect_exit2 "template-args" \
    "$objgen" exhaustive --header "$map_h" --class 'amap::map<int, int>' --template-args 'as' --scope 1
  check "--template-args needs --header" expect_exit2 "go with --header" \
    "$objgen" exhaustive --example stack --template-args 'as=int' --scope 1
}

harness_case() {
  check "exhaustive on the alias template: one harness build" bash -c \
    "'$objgen' exhaustive --header '$map_h' --class 'amap::map<int, int>' --template-args 'as=int' --scope 2 >'$work/out.txt' 2>&1"
  check "  no second compile" bash -c "! grep -q 'does not compile' '$work/out.txt'"
  check "  named map_int_int" grep -q 'objgen: map_int_int, scope 2' "$work/out.txt"
  for m in 'map::emplace(int&&, int&&)' 'map::try_emplace(const int&, int&&)' 'map::insert_or_assign(const int&, int&&)' \
           'map::at(const int&)' 'map::operator\[\](const int&)'; do
    check "  builds with $m" grep -q "methods:.*$m" "$work/out.txt"
  done
  local dir
  dir=$(ls -d "$OBJGEN_CACHE_DIR"/harness/*/ | head -1)
  check "  the harness registers as<int>" grep -q '"as<int>"' "$dir/harness.cpp"
  check "another --template-args is another harness (cache key)" bash -c \
    "'$objgen' scan --help >/dev/null; '$objgen' exhaustive --header '$map_h' --class 'amap::map<int, int>' --template-args 'as=long' --scope 1 2>&1 | grep -q 'compiling the harness'"
}

emitted_case() {
  check "emitted states suite of the alias template" bash -c \
    "'$objgen' exhaustive --header '$map_h' --class 'amap::map<int, int>' --template-args 'as=int,double' --scope 2 -q \
       --emit-gtest '$work/emit' >'$work/out.txt' 2>&1"
  local suite="$work/emit/map_int_int_states_test.cpp"
  check "  named after the alias (map_int_int_states_test.cpp)" test -f "$suite"
  check "  the class as the user spelled it, not detail::table" bash -c \
    "grep -q 'std::make_shared<amap::map<int, int>>' '$suite' && ! grep -q 'detail::table' '$suite'"
  check "  calls as<int>(), at, try_emplace" bash -c \
    "grep -q '\(v0\|state\)->as<int>()' '$suite' && grep -q '\->at(' '$suite' && grep -q '\->try_emplace(' '$suite'"
  check "  compiles and passes" bash -c \
    "g++ -std=c++20 -O0 -I'$src/tests/scan_inputs' '$suite' -lgtest -lgtest_main -pthread -o '$work/emit/t' && '$work/emit/t' >/dev/null"
}

fallback_case() {
  if ! g++ --version 2>/dev/null | grep -qi 'free software'; then
    echo "skip fallback: the harness compiler is not GCC, so Clang-only bodies compile"; return
  fi
  # A plain class has no element type to deduce from: the user names the arguments.
  local split_args="--template-args fill=int --template-args 'emplace=<int, int>' --template-args from_text=int --template-args from_bytes=int"
  check "compiler split: exhaustive runs" bash -c \
    "'$objgen' exhaustive --header '$split_h' --class split::Registry $split_args --scope 2 >'$work/out.txt' 2>&1"
  check "  scan let fill<int> through (Clang compiles it)" bash -c \
    "'$objgen' scan --header '$split_h' --class split::Registry $split_args --json | python3 -c \"import json,sys; j=json.load(sys.stdin); assert [f for f in j['functions'] if f['name'] == 'fill' and f['registration'] == 'method']\""
  check "  the build left out fill<int> and from_text<int>" \
    grep -q 'compiling it without them: split::Registry::fill<int>@[^,]*, split::Registry::from_text<int>@[^,]*$' "$work/out.txt"
  # GCC reports the Adapter's error once, for from_text: from_bytes is named by the next round.
  check "  ... then from_bytes<int>, a round later" grep -q 'compiling it without them: split::Registry::from_bytes<int>@[^,]*$' \
    "$work/out.txt"
  check "  not all templates" bash -c "! grep -q 'does not compile with the member templates objgen instantiated' '$work/out.txt'"
  check "  emplace kept" grep -qE 'methods:.*Registry::emplace' "$work/out.txt"
  check "  at kept in the harness" bash -c "grep -q '.method(\"at\"' '$OBJGEN_CACHE_DIR'/harness/*/harness.cpp"
  check "  fill not among the methods" bash -c "! grep -q 'methods:.*Registry::fill' '$work/out.txt'"
  check "  nor the factories" bash -c "! grep -q 'methods:.*Registry::from_' '$work/out.txt'"
}

listing_case() {
  "$objgen" scan --header "$map_h" --class 'amap::map<int, int>' --list >"$work/list.txt" 2>&1 || fail=1
  check "listing: the class under the user's name" grep -q '^class amap::map<int, int>' "$work/list.txt"
  # merge() is a member template not instantiated: its parameter's type names its own template
  # parameter (OtherKeyEqual), which no alias of the class spells; it is left out of both checks.
  grep -E '^  (ctor|method) ' "$work/list.txt" | grep -v ' merge(' >"$work/instantiated.txt"
  check "listing: member types through the alias, not detail::table<...>" bash -c \
    "grep -q 'amap::map<int, int>::key_type' '$work/instantiated.txt' && ! grep -q 'detail::table' '$work/instantiated.txt'"
  check "listing: every signature under 160 characters (the canonical spelling made them over 400)" python3 -c \
    "import re,sys; sigs=[re.split(r'  +', l[9:])[0] for l in open(sys.argv[1])]; assert sigs and max(map(len, sigs)) < 160, max(sigs, key=len)" \
    "$work/instantiated.txt"
  "$objgen" scan --header "$map_h" --class 'amap::map<std::string, int>' --list >"$work/strings.txt" 2>&1 || fail=1
  check "listing: std::string as written, not std::basic_string<char, ...>" bash -c \
    "grep -q '^class amap::map<std::string, int>' '$work/strings.txt' && grep -q 'hash_function() const -> std::hash<std::string>' '$work/strings.txt' &&
     ! grep -v '^  names ' '$work/strings.txt' | grep -q basic_string"
  "$objgen" scan --header "$src/examples/thesis/thesis.hpp" --class examples::Student --list >"$work/thesis.txt" 2>&1 || fail=1
  check "listing: only the target is labelled target" test "$(grep -c '(target' "$work/thesis.txt")" = 1
  check "listing: companions are labelled as registered beside it" test \
    "$(grep -c '(registered beside the target' "$work/thesis.txt")" = 2
}

case "$case_name" in
  alias) alias_case ;;
  instances) instances_case ;;
  template_args) template_args_case ;;
  harness) harness_case ;;
  emitted) emitted_case ;;
  fallback) fallback_case ;;
  listing) listing_case ;;
  *) echo "unknown case $case_name"; exit 2 ;;
esac
exit "$fail"
