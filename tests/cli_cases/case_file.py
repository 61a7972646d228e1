"""The case files of tests/cli_cases/ read and checked before anything runs (README.md there):
each key known, each value of its kind, names unique, placeholders and step references valid."""
import re
import tomllib

DEFAULT_TIMEOUT = 120
STDERR_LINES = 15  # of a failed command's stderr, shown under its FAIL lines

# What a command (a case without steps, or one step) may say, and what only a case may say.
COMMAND_KEYS = {
    "name", "args", "exit", "env", "cwd", "timeout", "write",
    "stdout_has", "stdout_lacks", "stderr_has", "stderr_lacks",
    "files_exist", "files_absent", "file_has", "file_lacks",
    "report", "report_has", "report_len", "report_exists", "report_matches", "report_expr", "report_same",
}
CASE_KEYS = {"name", "env", "cwd", "timeout", "step"}  # of a case with steps; the rest go in each step
REPORT_KEYS = {"report_has", "report_len", "report_exists", "report_matches", "report_expr", "report_same"}
PLACEHOLDERS = ("tmp", "src", "examples", "cache")


class CaseFileError(Exception):
    """The case file cannot be run as written."""


# ---------------------------------------------------------------------------------------------
# Reading and checking the case file


def _type_name(value):
    return {str: "a string", int: "an integer", float: "a number", bool: "a boolean", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)


def _flatten(table, prefix=""):
    """{"a": {"b": 1}} -> {"a.b": 1}: unquoted dotted keys in TOML make nested tables."""
    flat = {}
    for key, value in table.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, path + "."))
        else:
            flat[path] = value
    return flat


class Validator:
    def __init__(self, path):
        self.path = path

    def error(self, where, message):
        raise CaseFileError(f"{self.path}: {where}: {message}")

    def want(self, where, key, value, kinds, what):
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
            self.error(where, f"'{key}' must be {what}, not {_type_name(value)}")

    def string_list(self, where, key, value):
        if isinstance(value, str):
            return [value]
        self.want(where, key, value, list, "a list of strings")
        for item in value:
            self.want(where, key, item, str, "a list of strings")
        return value

    def regex_list(self, where, key, value):
        value = self.string_list(where, key, value)
        for pattern in value:
            try:
                re.compile(pattern, re.MULTILINE)
            except re.error as e:
                self.error(where, f"'{key}': bad regex '{pattern}': {e}")
        return value

    def command(self, where, spec, allowed, earlier_steps):
        unknown = sorted(set(spec) - allowed)
        if unknown:
            self.error(where, f"unknown key '{unknown[0]}' (known: {', '.join(sorted(allowed))})")
        for key in ("args", "exit"):
            if key not in spec:
                self.error(where, f"missing '{key}'")
        args = spec["args"]
        self.want(where, "args", args, list, "a list of strings")
        if not args:
            self.error(where, "'args' is empty")
        for a in args:
            self.want(where, "args", a, str, "a list of strings")
        codes = spec["exit"] if isinstance(spec["exit"], list) else [spec["exit"]]
        if not codes:
            self.error(where, "'exit' is an empty list")
        for c in codes:
            self.want(where, "exit", c, int, "an exit code or a list of them")
        for key in ("env",):
            if key in spec:
                self.want(where, key, spec[key], dict, "a table of strings")
                for k, v in spec[key].items():
                    self.want(where, f"{key}.{k}", v, str, "a string")
        if "cwd" in spec:
            self.want(where, "cwd", spec["cwd"], str, "a string")
        if "timeout" in spec:
            self.want(where, "timeout", spec["timeout"], (int, float), "a number of seconds")
            if not spec["timeout"] > 0:
                self.error(where, "'timeout' must be > 0")
        if "write" in spec:
            self.want(where, "write", spec["write"], dict, "a table of path = text")
            for k, v in spec["write"].items():
                self.want(where, f"write.{k}", v, str, "a string")
        for key in ("stdout_has", "stdout_lacks", "stderr_has", "stderr_lacks"):
            if key in spec:
                spec[key] = self.regex_list(where, key, spec[key])
        for key in ("files_exist", "files_absent"):
            if key in spec:
                spec[key] = self.string_list(where, key, spec[key])
        for key in ("file_has", "file_lacks"):
            if key in spec:
                self.want(where, key, spec[key], dict, "a table of path = regexes")
                spec[key] = {p: self.regex_list(where, f"{key}.{p}", v) for p, v in spec[key].items()}
        used = sorted(REPORT_KEYS & set(spec))
        if used and "report" not in spec:
            self.error(where, f"'{used[0]}' needs 'report' (the JSON file the command writes)")
        if "report" in spec:
            self.want(where, "report", spec["report"], str, "a path")
        for key in ("report_has", "report_len", "report_matches"):
            if key in spec:
                self.want(where, key, spec[key], dict, "a table of \"dotted.path\" = value")
                spec[key] = _flatten(spec[key])
        for path, n in spec.get("report_len", {}).items():
            self.want(where, f"report_len.{path}", n, int, "an integer")
        for path, pattern in spec.get("report_matches", {}).items():
            self.regex_list(where, f"report_matches.{path}", pattern)
        for key in ("report_exists", "report_expr"):
            if key in spec:
                spec[key] = self.string_list(where, key, spec[key])
        for expr in spec.get("report_expr", []):
            try:
                compile(expr, "<report_expr>", "eval")
            except SyntaxError as e:
                self.error(where, f"'report_expr': '{expr}' is not a Python expression: {e.msg}")
        if "report_same" in spec:
            same = spec["report_same"]
            self.want(where, "report_same", same, dict, "a table: step = NAME, and paths = [...] or ignore = [...]")
            bad = sorted(set(same) - {"step", "paths", "ignore"})
            if bad:
                self.error(where, f"'report_same': unknown key '{bad[0]}' (known: step, paths, ignore)")
            if "step" not in same:
                self.error(where, "'report_same' needs 'step', the name of an earlier step")
            if same["step"] not in earlier_steps:
                self.error(where, f"'report_same': no earlier step named {same['step']!r} that writes a report")
            if "paths" in same and "ignore" in same:
                self.error(where, "'report_same' takes 'paths' or 'ignore', not both")
            for key in ("paths", "ignore"):
                if key in same:
                    same[key] = self.string_list(where, f"report_same.{key}", same[key])

    def case(self, index, spec, names):
        where = f"case #{index + 1}"
        if not isinstance(spec, dict):
            self.error(where, "must be a table ([[case]])")
        if "name" not in spec:
            self.error(where, "missing 'name'")
        self.want(where, "name", spec["name"], str, "a string")
        name = spec["name"]
        where = f"case '{name}'"
        if not name.strip():
            self.error(where, "'name' is empty")
        if name in names:
            self.error(where, "a second case of that name")
        names.add(name)
        if "step" not in spec:
            self.command(where, spec, COMMAND_KEYS, set())
            return
        unknown = sorted(set(spec) - CASE_KEYS)
        if unknown:
            self.error(where, f"unknown key '{unknown[0]}' beside [[case.step]] (a case with steps takes "
                              f"{', '.join(sorted(CASE_KEYS))}; the command's keys go in each step)")
        # the keys its steps share, checked as a step's
        self.command(where, {**{k: spec[k] for k in ("env", "cwd", "timeout") if k in spec}, "args": ["-"], "exit": 0},
                     COMMAND_KEYS, set())
        steps = spec["step"]
        self.want(where, "step", steps, list, "a list of tables ([[case.step]])")
        if not steps:
            self.error(where, "no steps")
        step_names, reporting = set(), set()
        for i, step in enumerate(steps):
            if not isinstance(step, dict):
                self.error(f"{where}, step #{i + 1}", "must be a table ([[case.step]])")
            step.setdefault("name", f"#{i + 1}")
            self.want(f"{where}, step #{i + 1}", "name", step["name"], str, "a string")
            swhere = f"{where}, step '{step['name']}'"
            if step["name"] in step_names:
                self.error(swhere, "a second step of that name")
            step_names.add(step["name"])
            self.command(swhere, step, COMMAND_KEYS, reporting)
            if "report" in step:
                reporting.add(step["name"])


def _as_tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def load_cases(path):
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise CaseFileError(f"{path}: cannot read: {e.strerror}")
    except tomllib.TOMLDecodeError as e:
        raise CaseFileError(f"{path}: not valid TOML: {e}")
    unknown = sorted(set(data) - {"case"})
    if unknown:
        raise CaseFileError(f"{path}: unknown top-level key '{unknown[0]}' (a case file holds [[case]] tables only)")
    cases = data.get("case")
    if not isinstance(cases, list) or not cases:
        raise CaseFileError(f"{path}: no [[case]] tables")
    validator, names = Validator(path), set()
    for i, spec in enumerate(cases):
        validator.case(i, spec, names)
    return cases
