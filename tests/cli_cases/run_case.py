#!/usr/bin/env python3
"""Runs the declarative command-line cases of one case file (tests/cli_cases/README.md).

Usage: run_case.py --objgen PATH --cases FILE.toml [--only NAME] [--src DIR]

Each case runs objgen (or a sequence of objgen commands, its steps) in a fresh temporary directory
and checks the exit code, the output, the files written and the JSON report. One line per case,
`ok   [name]: ...`, or one `FAIL [name]: why` per failed check followed by the first lines of the
command's stderr. Exit 0 when every case passed, 1 when one failed, 2 for bad usage or a malformed
case file. Python 3.11's standard library only.
"""
import argparse
import copy
import fnmatch
import glob
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from case_file import DEFAULT_TIMEOUT, STDERR_LINES, PLACEHOLDERS, CaseFileError, load_cases

class Missing:
    """A JSON path that names nothing; says which part was not there."""

    def __init__(self, where):
        self.where = where

    def __repr__(self):
        return f"<missing: {self.where}>"


# ---------------------------------------------------------------------------------------------
# JSON paths: "a.b.0.c"; an integer indexes an array (negative from its end), "*" every element
# of an array (or value of an object) at that point, giving a list of values.


def resolve(doc, path):
    """The value at PATH, a Missing, or (with a "*" in PATH) a list of (concrete path, value)."""
    parts = path.split(".") if path else []
    fanned = "*" in parts
    results = [("", doc)]
    for part in parts:
        nxt = []
        for where, value in results:
            if isinstance(value, Missing):
                nxt.append((where, value))
                continue
            here = f"{where}.{part}" if where else part
            if part == "*":
                if isinstance(value, list):
                    nxt += [(f"{where}.{i}" if where else str(i), v) for i, v in enumerate(value)]
                elif isinstance(value, dict):
                    nxt += [(f"{where}.{k}" if where else k, v) for k, v in value.items()]
                else:
                    nxt.append((here, Missing(f"{where or '(top)'} is {_json_kind(value)}, not an array or object")))
            elif isinstance(value, dict):
                nxt.append((here, value[part] if part in value else Missing(f"no key '{part}' in {where or '(top)'}")))
            elif isinstance(value, list):
                try:
                    i = int(part)
                except ValueError:
                    nxt.append((here, Missing(f"{where or '(top)'} is an array, '{part}' is no index")))
                    continue
                ok = -len(value) <= i < len(value)
                nxt.append((here, value[i] if ok else
                            Missing(f"{where or '(top)'} has {len(value)} elements, no [{i}]")))
            else:
                nxt.append((here, Missing(f"{where or '(top)'} is {_json_kind(value)}, has no '{part}'")))
        results = nxt
    return results if fanned else results[0][1]


def _json_kind(value):
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array",
            dict: "an object"}.get(type(value), type(value).__name__)


def _each(doc, path):
    """(concrete path, value) for every value PATH names: one, or each a "*" fans out to."""
    got = resolve(doc, path)
    return got if isinstance(got, list) and "*" in path.split(".") else [(path, got)]


def same_value(a, b):
    """JSON equality that keeps true apart from 1 (Python's == does not); 1 == 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_value(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def remove_path(doc, path):
    """Drops what PATH names from DOC (in place); a path that names nothing is left alone."""
    parts = path.split(".")
    parents = [doc]
    for part in parts[:-1]:
        nxt = []
        for p in parents:
            if part == "*":
                nxt += list(p.values()) if isinstance(p, dict) else p if isinstance(p, list) else []
            elif isinstance(p, dict) and part in p:
                nxt.append(p[part])
            elif isinstance(p, list) and part.lstrip("-").isdigit() and -len(p) <= int(part) < len(p):
                nxt.append(p[int(part)])
        parents = nxt
    last = parents and parts[-1]
    for p in parents:
        if isinstance(p, dict):
            if last == "*":
                p.clear()
            else:
                p.pop(last, None)
        elif isinstance(p, list):
            if last == "*":
                p.clear()
            elif last.lstrip("-").isdigit() and -len(p) <= int(last) < len(p):
                del p[int(last)]


def _short(value, limit=160):
    text = json.dumps(value, sort_keys=True) if not isinstance(value, Missing) else repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


# ---------------------------------------------------------------------------------------------
# Running


class Outcome:
    """One check's result: ok or not, what was checked (or why it failed), the command's stderr."""

    def __init__(self, ok, text, stderr=""):
        self.ok, self.text, self.stderr = ok, text, stderr


class Runner:
    def __init__(self, objgen, src, cache_dir):
        self.objgen = objgen
        self.src = src
        self.cache_dir = cache_dir

    def expand(self, text, tmp):
        values = {"tmp": tmp, "src": self.src, "examples": os.path.join(self.src, "examples"), "cache": self.cache_dir}
        for key in PLACEHOLDERS:
            text = text.replace("{" + key + "}", values[key])
        return text

    def run_case(self, spec):
        """Runs one case (all its steps, in its own {tmp}); returns its Outcomes in order."""
        tmp = tempfile.mkdtemp(prefix="objgen-case.")
        try:
            if "step" not in spec:
                return self.run_command(spec, tmp, {}, prefix="")
            shared = {k: spec[k] for k in ("cwd", "timeout") if k in spec}
            outcomes, reports = [], {}
            for step in spec["step"]:
                merged = {**shared, **step, "env": {**spec.get("env", {}), **step.get("env", {})}}
                outcomes += self.run_command(merged, tmp, reports, prefix=f"step '{step['name']}': ")
            return outcomes
        finally:
            shutil.rmtree(tmp, onerror=_force_remove)

    def run_command(self, spec, tmp, reports, prefix):
        """Runs one command, then its checks."""
        ex = lambda s: self.expand(s, tmp)  # noqa: E731
        for pattern, text in spec.get("write", {}).items():
            target = ex(pattern)
            targets = sorted(glob.glob(target)) if glob.has_magic(target) else [target]
            if not targets:
                return [Outcome(False, f"{prefix}write: nothing matches {pattern}")]
            for t in targets:
                os.makedirs(os.path.dirname(t) or ".", exist_ok=True)
                with open(t, "w", encoding="utf-8") as f:
                    f.write(text)
        env = dict(os.environ)
        env["OBJGEN_CACHE_DIR"] = self.cache_dir
        env.update({k: ex(v) for k, v in spec.get("env", {}).items()})
        timeout = spec.get("timeout", DEFAULT_TIMEOUT)
        argv = [self.objgen] + [ex(a) for a in spec["args"]]
        shown = "objgen " + " ".join(spec["args"])
        start = time.monotonic()
        try:
            proc = subprocess.Popen(argv, cwd=ex(spec.get("cwd", "{tmp}")), env=env, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        except OSError as e:
            return [Outcome(False, f"{prefix}cannot run {shown}: {e.strerror}")]
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)  # objgen and the workers it started: their own process group
            _, err = proc.communicate()
            return [Outcome(False, f"{prefix}timed out after {timeout} s: {shown}", err.decode(errors="replace"))]
        took = time.monotonic() - start
        out = out.decode(errors="replace")
        err = err.decode(errors="replace")
        outcomes = []

        def check(ok, text):
            outcomes.append(Outcome(ok, prefix + text, err))

        codes = spec["exit"] if isinstance(spec["exit"], list) else [spec["exit"]]
        wanted = " or ".join(map(str, codes))
        got = f"killed by signal {-proc.returncode}" if proc.returncode < 0 else f"exit {proc.returncode}"
        check(proc.returncode in codes, f"{got}  [{took:.1f} s]" if proc.returncode in codes
              else f"{got}, expected {wanted}: {shown}")

        for stream, text in (("stdout", out), ("stderr", err)):
            for pattern in spec.get(f"{stream}_has", []):
                m = re.search(pattern, text, re.MULTILINE)
                check(bool(m), f"{stream} has '{pattern}': {_line_of(text, m)!r}" if m else
                      f"{stream} does not match '{pattern}'" + (f"; stdout: {_head(out)}" if stream == "stdout" else ""))
            for pattern in spec.get(f"{stream}_lacks", []):
                m = re.search(pattern, text, re.MULTILINE)
                check(not m, f"{stream} matches '{pattern}': {_line_of(text, m)!r}" if m else
                      f"{stream} lacks '{pattern}'")

        for path in spec.get("files_exist", []):
            there = os.path.exists(ex(path))
            check(there, f"{path} exists" if there else f"no file {path}")
        for path in spec.get("files_absent", []):
            there = os.path.lexists(ex(path))
            check(not there, f"{path} exists, should not" if there else f"no {path}, as it should")
        for key, wanted_match in (("file_has", True), ("file_lacks", False)):
            for path, patterns in spec.get(key, {}).items():
                try:
                    with open(ex(path), encoding="utf-8", errors="replace") as f:
                        text = f.read()
                except OSError as e:
                    check(False, f"cannot read {path}: {e.strerror}")
                    continue
                name = os.path.basename(path)
                for pattern in patterns:
                    m = re.search(pattern, text, re.MULTILINE)
                    if wanted_match:
                        check(bool(m), f"{name} has '{pattern}'" if m else f"{path} does not match '{pattern}'")
                    else:
                        check(not m, f"{path} matches '{pattern}': {_line_of(text, m)!r}" if m else
                              f"{name} lacks '{pattern}'")

        if "report" in spec:
            for ok, text in self.check_report(spec, ex(spec["report"]), reports):
                check(ok, text)
        return outcomes

    def check_report(self, spec, path, reports):
        """(ok, text) for each check of the command's JSON report."""
        try:
            with open(path, encoding="utf-8") as f:
                doc = json.load(f)
        except OSError as e:
            return [(False, f"report {spec['report']}: cannot read: {e.strerror}")]
        except json.JSONDecodeError as e:
            return [(False, f"report {spec['report']}: not JSON: {e}")]
        if "name" in spec:
            reports[spec["name"]] = doc
        results = []

        def values(path):
            """[(concrete path, value)], or a reason none can be checked."""
            got = _each(doc, path)
            if not got:
                return None, f"report: {path}: '*' found no element"
            for _, v in got:
                if isinstance(v, Missing):
                    return None, f"report: {path}: {v.where}"
            return got, None

        for path, expected in spec.get("report_has", {}).items():
            got, why = values(path)
            bad = next(((w, v) for w, v in got if not same_value(v, expected)), None) if got else None
            results.append((False, why) if why else
                           (False, f"report: {bad[0]} is {_short(bad[1])}, expected {_short(expected)}") if bad else
                           (True, f"report: {path} = {_short(expected)}"))
        for path, n in spec.get("report_len", {}).items():
            got, why = values(path)
            if why:
                results.append((False, why))
                continue
            bad = next(((w, v) for w, v in got if not isinstance(v, (list, dict, str)) or len(v) != n), None)
            if bad is None:
                results.append((True, f"report: {path} has {n} elements"))
            elif not isinstance(bad[1], (list, dict, str)):
                results.append((False, f"report: {bad[0]} is {_json_kind(bad[1])}, has no length"))
            else:
                results.append((False, f"report: {bad[0]} has {len(bad[1])} elements, expected {n}: {_short(bad[1])}"))
        for path in spec.get("report_exists", []):
            _, why = values(path)
            results.append((False, why) if why else (True, f"report: {path} exists"))
        for path, patterns in spec.get("report_matches", {}).items():
            got, why = values(path)
            for pattern in [patterns] if isinstance(patterns, str) else patterns:
                if why:
                    results.append((False, why))
                    continue
                texts = [(w, v, v if isinstance(v, str) else json.dumps(v, sort_keys=True)) for w, v in got]
                bad = next(((w, v) for w, v, t in texts if not re.search(pattern, t, re.MULTILINE)), None)
                results.append((False, f"report: {bad[0]} = {_short(bad[1])} does not match '{pattern}'") if bad else
                               (True, f"report: {path} matches '{pattern}'"))
        for expr in spec.get("report_expr", []):
            names = {"__builtins__": EXPR_BUILTINS, "j": doc, "at": lambda p: _expr_at(doc, p),
                     "report": lambda name: _earlier_report(reports, name)}
            try:
                ok = eval(expr, names)  # noqa: S307 - the project's own case files, not outside input
            except Exception as e:  # noqa: BLE001 - any error of the expression is the check failing
                results.append((False, f"report: '{' '.join(expr.split())}' failed: {type(e).__name__}: {e}"))
                continue
            shown = " ".join(expr.split())
            results.append((True, f"report: {shown}") if ok else (False, f"report: '{shown}' is {_short(ok)}"))
        if "report_same" in spec:
            same = spec["report_same"]
            other = reports.get(same["step"])
            if other is None:
                return results + [(False, f"report_same: step '{same['step']}' left no report to compare with")]
            if "paths" in same:
                for path in same["paths"]:
                    a, b = _expr_value(doc, path), _expr_value(other, path)
                    if isinstance(a, Missing):
                        results.append((False, f"report: {path}: {a.where}"))
                    elif not same_value(a, b):
                        results.append((False, f"report: {path} is {_short(a)} here, {_short(b)} in step "
                                               f"'{same['step']}'"))
                    else:
                        results.append((True, f"report: {path} as in step '{same['step']}'"))
            else:
                a, b = copy.deepcopy(doc), copy.deepcopy(other)
                for path in same.get("ignore", []):
                    remove_path(a, path)
                    remove_path(b, path)
                but = f" but {', '.join(same['ignore'])}" if same.get("ignore") else ""
                results.append((True, f"report the same as step '{same['step']}'s{but}") if same_value(a, b) else
                               (False, f"report differs from step '{same['step']}'s{but}: {_first_difference(a, b)}"))
        return results


EXPR_BUILTINS = {f.__name__: f for f in (all, any, len, min, max, sum, set, sorted, isinstance, str, int, float, list,
                                          dict, abs, round)}


def _earlier_report(reports, name):
    if name not in reports:
        raise KeyError(f"no earlier step named {name!r} left a report")
    return reports[name]


def _expr_value(doc, path):
    """The value at PATH (a list of them with a "*"), or a Missing."""
    got = resolve(doc, path)
    if isinstance(got, list) and "*" in path.split("."):
        bad = [v for _, v in got if isinstance(v, Missing)]
        return bad[0] if bad else [v for _, v in got]
    return got


def _expr_at(doc, path):
    got = _expr_value(doc, path)
    if isinstance(got, Missing):
        raise KeyError(f"{path}: {got.where}")
    return got


def _first_difference(a, b, where=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for k in sorted(set(a) | set(b)):
            here = f"{where}.{k}" if where else k
            if k not in a or k not in b:
                return f"{here} only in {'this' if k in a else 'the other'} report"
            if not same_value(a[k], b[k]):
                return _first_difference(a[k], b[k], here)
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if not same_value(x, y):
                return _first_difference(x, y, f"{where}.{i}" if where else str(i))
    return f"{where or '(top)'}: {_short(a, 80)} against {_short(b, 80)}"


def _head(text, lines=3):
    kept = text.strip().splitlines()[:lines]
    return " | ".join(kept) if kept else "(empty)"


def _line_of(text, match):
    start = text.rfind("\n", 0, match.start()) + 1
    end = text.find("\n", match.end())
    return text[start:end if end >= 0 else len(text)][:200]


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _force_remove(func, path, _exc):
    try:
        os.chmod(os.path.dirname(path), 0o700)
        os.chmod(path, 0o700)
        func(path)
    except OSError:
        pass


def main(argv=None):
    parser = argparse.ArgumentParser(description="Runs the command-line cases of one case file.")
    parser.add_argument("--objgen", required=True, help="the objgen executable")
    parser.add_argument("--cases", required=True, help="the case file (TOML)")
    parser.add_argument("--only", help="run only the case of this name (or the cases a glob pattern matches)")
    parser.add_argument("--src", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                        help="the source tree {src} names (default: the one holding this script)")
    opts = parser.parse_args(argv)
    try:
        cases = load_cases(opts.cases)
    except CaseFileError as e:
        print(f"run_case.py: malformed case file: {e}", file=sys.stderr)
        return 2
    if opts.only:
        cases = [c for c in cases if c["name"] == opts.only or fnmatch.fnmatchcase(c["name"], opts.only)]
        if not cases:
            print(f"run_case.py: no case named {opts.only!r} in {opts.cases}", file=sys.stderr)
            return 2
    objgen = os.path.abspath(opts.objgen)
    if not os.access(objgen, os.X_OK):
        print(f"run_case.py: {opts.objgen} is not an executable", file=sys.stderr)
        return 2
    failed = 0
    with tempfile.TemporaryDirectory(prefix="objgen-cases-cache.") as cache:
        runner = Runner(objgen, os.path.abspath(opts.src), cache)
        for spec in cases:
            outcomes = runner.run_case(spec)
            for o in outcomes:
                print(f"{'ok  ' if o.ok else 'FAIL'} [{spec['name']}]: {o.text}", flush=True)
            bad = [o for o in outcomes if not o.ok]
            if bad:
                failed += 1
                shown = set()
                for o in bad:  # each failing command's stderr once
                    if o.stderr and o.stderr not in shown:
                        shown.add(o.stderr)
                        print("     stderr:")
                        for line in o.stderr.strip().splitlines()[:STDERR_LINES]:
                            print(f"     | {line}")
    print(f"{len(cases) - failed} of {len(cases)} cases passed ({os.path.basename(opts.cases)})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
