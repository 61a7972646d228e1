#!/usr/bin/env python3
"""tests/cli_cases/run_case.py on a fake objgen: a shell script that prints, writes and exits as its
arguments tell it. Checks a passing case, each kind of failing check, and malformed case files.

Usage: tests/cli_cases/run_case_test.py [unittest options]   (ctest: cli_cases_runner)
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

RUNNER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run_case.py")

# The fake objgen: its arguments are instructions, run in order.
#   out TEXT / err TEXT   a line on stdout / stderr
#   write PATH TEXT       a file holding TEXT (and a newline)
#   env NAME              prints NAME=value of that environment variable on stdout
#   pwd                   prints the working directory on stdout
#   sleep S               sleeps S seconds
#   exit N                exits with N (0 when no exit is given)
FAKE_OBJGEN = r"""#!/bin/sh
code=0
while [ $# -gt 0 ]; do
  case "$1" in
    out) printf '%s\n' "$2"; shift 2 ;;
    err) printf '%s\n' "$2" >&2; shift 2 ;;
    write) mkdir -p "$(dirname "$2")"; printf '%s\n' "$3" >"$2"; shift 3 ;;
    env) eval "printf '%s=%s\n' \"$2\" \"\${$2}\""; shift 2 ;;
    pwd) pwd; shift ;;
    sleep) sleep "$2"; shift 2 ;;
    exit) code=$2; shift 2 ;;
    *) echo "fake objgen: unknown instruction $1" >&2; exit 99 ;;
  esac
done
exit $code
"""


class RunCaseTest(unittest.TestCase):
    def setUp(self):
        self._dir = tempfile.TemporaryDirectory(prefix="run_case_test.")
        self.dir = self._dir.name
        self.objgen = os.path.join(self.dir, "objgen")
        with open(self.objgen, "w") as f:
            f.write(FAKE_OBJGEN)
        os.chmod(self.objgen, 0o755)

    def tearDown(self):
        self._dir.cleanup()

    def run_cases(self, toml, *extra):
        path = os.path.join(self.dir, "cases.toml")
        with open(path, "w") as f:
            f.write(textwrap.dedent(toml))
        proc = subprocess.run([sys.executable, RUNNER, "--objgen", self.objgen, "--cases", path, *extra],
                              capture_output=True, text=True, timeout=50)
        return proc.returncode, proc.stdout, proc.stderr

    def assert_passes(self, toml, *extra):
        code, out, err = self.run_cases(toml, *extra)
        self.assertEqual(code, 0, out + err)
        self.assertNotIn("FAIL", out)
        return out

    def assert_fails(self, toml, *reasons):
        """Exit 1, and a FAIL line holding each of REASONS."""
        code, out, err = self.run_cases(toml)
        self.assertEqual(code, 1, out + err)
        fails = [line for line in out.splitlines() if line.startswith("FAIL")]
        for reason in reasons:
            self.assertTrue(any(reason in line for line in fails), f"no FAIL line with {reason!r}:\n{out}")
        return out

    def assert_malformed(self, toml, message):
        code, out, err = self.run_cases(toml)
        self.assertEqual(code, 2, out + err)
        self.assertIn("malformed case file", err)
        self.assertIn(message, err)
        self.assertNotIn("ok   [", out)  # nothing ran

    # --- passing ------------------------------------------------------------------------------

    def test_a_passing_case_prints_one_ok_line_per_check(self):
        out = self.assert_passes("""
            [[case]]
            name = "everything"
            args = ["out", "structures 29  explored 239", "err", "objgen: builders reused",
                    "write", "{tmp}/r.json", '{"complete": false, "stopped_by": "time limit", "findings": [{"kind": "crash", "ok": true}, {"kind": "hang", "ok": true}], "timing": {"seconds": 1.5}, "n": 3}',
                    "write", "{tmp}/suite.cpp", "TEST(A, B) { EXPECT_EQ(v0->size(), 1); }", "exit", "1"]
            exit = [0, 1]
            stdout_has = ["^structures 29 "]
            stdout_lacks = ["failures [1-9]"]
            stderr_has = ["builders reused"]
            stderr_lacks = ["identified"]
            files_exist = ["{tmp}/r.json"]
            files_absent = ["{tmp}/nothing.json"]
            file_has = { "{tmp}/suite.cpp" = ['EXPECT_EQ\\(v[0-9]*->size\\(\\)'] }
            file_lacks = { "{tmp}/suite.cpp" = ["where\\\\(\\\\)"] }
            report = "{tmp}/r.json"
            report_has = { "complete" = false, "stopped_by" = "time limit", "findings.1.kind" = "hang", "findings.*.ok" = true, "findings.-1.kind" = "hang" }
            report_len = { "findings" = 2 }
            report_exists = ["timing.seconds", "findings.*.kind"]
            report_matches = { "findings.0.kind" = "^cr", "findings" = "hang" }
            report_expr = ["at('n') > 2", "len(at('findings.*.kind')) == 2"]
            """)
        self.assertIn("ok   [everything]: exit 1", out)
        self.assertIn("ok   [everything]: report: findings has 2 elements", out)
        self.assertIn("1 of 1 cases passed", out)
        self.assertEqual(sum(line.startswith("ok   [everything]") for line in out.splitlines()), 21)

    def test_placeholders_environment_working_directory_and_written_files(self):
        self.assert_passes("""
            [[case]]
            name = "placeholders"
            env = { MARK = "at {tmp}/x" }
            write = { "{tmp}/in/given.txt" = "hello" }
            args = ["env", "MARK", "env", "OBJGEN_CACHE_DIR", "pwd", "out", "{src}|{examples}"]
            exit = 0
            stdout_has = ["^MARK=at /.*/objgen-case\\\\.[^/]*/x$", "^OBJGEN_CACHE_DIR=/.*objgen-cases-cache", "objgen-case\\\\.",
                          "/examples$"]
            file_has = { "{tmp}/in/given.txt" = ["^hello$"] }
            """)

    def test_steps_share_tmp_and_compare_reports(self):
        self.assert_passes("""
            [[case]]
            name = "two runs"
            [[case.step]]
            name = "first"
            args = ["write", "{tmp}/a.json", '{"r": [1, 2], "timing": 1}']
            exit = 0
            report = "{tmp}/a.json"
            [[case.step]]
            name = "second"
            args = ["write", "{tmp}/b.json", '{"r": [1, 2], "timing": 2}']
            exit = 0
            files_exist = ["{tmp}/a.json"]
            report = "{tmp}/b.json"
            report_same = { step = "first", ignore = ["timing"] }
            report_expr = ["at('r') == report('first')['r']"]
            [[case.step]]
            name = "third"
            args = ["write", "{tmp}/c.json", '{"r": [1, 2], "timing": 3}']
            exit = 0
            report = "{tmp}/c.json"
            report_same = { step = "first", paths = ["r", "r.*"] }
            """)

    def test_only_runs_the_named_case(self):
        toml = """
            [[case]]
            name = "runs"
            args = ["exit", "0"]
            exit = 0
            [[case]]
            name = "would fail"
            args = ["exit", "1"]
            exit = 0
            """
        out = self.assert_passes(toml, "--only", "runs")
        self.assertNotIn("would fail", out)
        code, _, err = self.run_cases(toml, "--only", "nosuch")
        self.assertEqual(code, 2)
        self.assertIn("no case named", err)

    def test_tmp_is_removed_after_the_case(self):
        out = self.assert_passes("""
            [[case]]
            name = "where"
            args = ["pwd"]
            exit = 0
            stdout_has = ["objgen-case"]
            """)
        where = out.split("stdout has 'objgen-case': '")[1].split("'")[0]
        self.assertFalse(os.path.exists(where), where)

    # --- each kind of failing check -----------------------------------------------------------

    def test_wrong_exit_code(self):
        out = self.assert_fails("""
            [[case]]
            name = "exits"
            args = ["err", "objgen: something broke", "exit", "3"]
            exit = 2
            """, "exit 3, expected 2")
        self.assertIn("| objgen: something broke", out)  # the stderr's first lines

    def test_output_checks(self):
        self.assert_fails("""
            [[case]]
            name = "output"
            args = ["out", "hello", "err", "warning: x"]
            exit = 0
            stdout_has = ["^bye"]
            stdout_lacks = ["ell"]
            stderr_has = ["error"]
            stderr_lacks = ["warn"]
            """, "stdout does not match '^bye'", "stdout matches 'ell'", "stderr does not match 'error'",
            "stderr matches 'warn'")

    def test_file_checks(self):
        self.assert_fails("""
            [[case]]
            name = "files"
            args = ["write", "{tmp}/there.txt", "some text"]
            exit = 0
            files_exist = ["{tmp}/missing.txt"]
            files_absent = ["{tmp}/there.txt"]
            file_has = { "{tmp}/there.txt" = ["other"], "{tmp}/missing.txt" = ["x"] }
            file_lacks = { "{tmp}/there.txt" = ["some"] }
            """, "no file {tmp}/missing.txt", "{tmp}/there.txt exists, should not",
            "{tmp}/there.txt does not match 'other'", "cannot read {tmp}/missing.txt", "{tmp}/there.txt matches 'some'")

    def test_report_checks(self):
        self.assert_fails("""
            [[case]]
            name = "report"
            args = ["write", "{tmp}/r.json", '{"complete": true, "n": 1, "findings": [{"kind": "crash"}, {"kind": "hang"}], "flag": 1}']
            exit = 0
            report = "{tmp}/r.json"
            report_has = { "complete" = false, "flag" = true, "findings.*.kind" = "crash", "findings.5.kind" = "x" }
            report_len = { "findings" = 3 }
            report_exists = ["timing.seconds"]
            report_matches = { "findings.1.kind" = "^cr" }
            report_expr = ["at('n') > 1", "at('nosuch') == 1"]
            """, "report: complete is true, expected false", "report: flag is 1, expected true",
            "report: findings.1.kind is \"hang\", expected \"crash\"", "findings has 2 elements, no [5]",
            "report: findings has 2 elements, expected 3", "report: timing.seconds: no key 'timing'",
            "findings.1.kind = \"hang\" does not match '^cr'", "report: 'at('n') > 1' is false",
            "'at('nosuch') == 1' failed: KeyError")

    def test_missing_or_broken_report(self):
        self.assert_fails("""
            [[case]]
            name = "no report"
            args = ["exit", "0"]
            exit = 0
            report = "{tmp}/r.json"
            report_has = { "complete" = true }
            [[case]]
            name = "not json"
            args = ["write", "{tmp}/r.json", "{ nope"]
            exit = 0
            report = "{tmp}/r.json"
            """, "report {tmp}/r.json: cannot read", "report {tmp}/r.json: not JSON")

    def test_reports_of_two_steps_differ(self):
        self.assert_fails("""
            [[case]]
            name = "differ"
            [[case.step]]
            name = "one"
            args = ["write", "{tmp}/a.json", '{"r": [1, 2], "timing": 1}']
            exit = 0
            report = "{tmp}/a.json"
            [[case.step]]
            name = "two"
            args = ["write", "{tmp}/b.json", '{"r": [1, 3], "timing": 1}']
            exit = 0
            report = "{tmp}/b.json"
            report_same = { step = "one", ignore = ["timing"] }
            [[case.step]]
            name = "three"
            args = ["write", "{tmp}/c.json", '{"r": [1, 3]}']
            exit = 0
            report = "{tmp}/c.json"
            report_same = { step = "one", paths = ["r"] }
            """, "step 'two': report differs from step 'one's but timing: r.1: 3 against 2",
            "step 'three': report: r is [1, 3] here, [1, 2] in step 'one'")

    def test_timeout(self):
        self.assert_fails("""
            [[case]]
            name = "slow"
            args = ["err", "started", "sleep", "30"]
            exit = 0
            timeout = 0.5
            """, "timed out after 0.5 s")

    def test_a_glob_write_that_matches_nothing(self):
        self.assert_fails("""
            [[case]]
            name = "corrupt"
            write = { "{tmp}/cache/*.json" = "[1," }
            args = ["exit", "0"]
            exit = 0
            """, "write: nothing matches {tmp}/cache/*.json")

    def test_one_failing_case_among_passing_ones(self):
        out = self.assert_fails("""
            [[case]]
            name = "good"
            args = ["exit", "0"]
            exit = 0
            [[case]]
            name = "bad"
            args = ["exit", "0"]
            exit = 2
            """, "[bad]: exit 0, expected 2")
        self.assertIn("ok   [good]: exit 0", out)
        self.assertIn("1 of 2 cases passed", out)

    # --- malformed case files -----------------------------------------------------------------

    def test_malformed_case_files(self):
        base = '[[case]]\nname = "x"\nargs = ["a"]\nexit = 0\n'
        for toml, message in [
            ("[[case]\n", "not valid TOML"),
            ("", "no [[case]] tables"),
            ('title = "x"\n' + base, "unknown top-level key 'title'"),
            ('[[case]]\nargs = ["a"]\nexit = 0\n', "case #1: missing 'name'"),
            ('[[case]]\nname = "x"\nexit = 0\n', "case 'x': missing 'args'"),
            ('[[case]]\nname = "x"\nargs = ["a"]\n', "case 'x': missing 'exit'"),
            (base + 'stdout_hass = ["a"]\n', "unknown key 'stdout_hass'"),
            (base + 'exit_code = 1\n', "unknown key 'exit_code'"),
            ('[[case]]\nname = "x"\nargs = "a b"\nexit = 0\n', "'args' must be a list of strings"),
            ('[[case]]\nname = "x"\nargs = ["a"]\nexit = "0"\n', "'exit' must be an exit code"),
            (base + 'stderr_has = ["(["]\n', "bad regex"),
            (base + 'report_has = { "a" = 1 }\n', "'report_has' needs 'report'"),
            (base + 'report = "r.json"\nreport_expr = ["a >"]\n', "is not a Python expression"),
            (base + base, "a second case of that name"),
            ('[[case]]\nname = "x"\nargs = ["a"]\nexit = 0\n[[case.step]]\nargs = ["b"]\nexit = 0\n',
             "unknown key 'args' beside [[case.step]]"),
            ('[[case]]\nname = "x"\n[[case.step]]\nargs = ["b"]\n', "step '#1': missing 'exit'"),
            ('[[case]]\nname = "x"\n[[case.step]]\nargs = ["b"]\nexit = 0\nreport = "r"\n'
             'report_same = { step = "later" }\n', "no earlier step named 'later'"),
        ]:
            with self.subTest(message=message):
                self.assert_malformed(toml, message)


if __name__ == "__main__":
    unittest.main()
