#!/usr/bin/env python3
"""scripts/check_includes.py on tiny trees made here: a three-row room table and a few sources.

Usage: tests/check_includes_test.py [unittest options]   (ctest: check_includes_selftest)
"""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "scripts", "check_includes.py")

TABLE_ROWS = [
    "| `include/objgen/` | the public API | the standard library |",
    "| `src/model/` | the model | `include/` |",
    "| `src/heap/` | states | model (and what its headers include) |",
]


def architecture(rows):
    return "# Architecture\n\n## Rooms\n\nA room may use the rooms to its right in this table, and nothing else.\n\n" \
           "| room | what it holds | may use |\n| --- | --- | --- |\n" + "\n".join(rows) + "\n\n## After\n"


class CheckIncludesTest(unittest.TestCase):
    def setUp(self):
        self._dir = tempfile.TemporaryDirectory(prefix="check_includes_test.")
        self.root = self._dir.name
        self.write("docs/ARCHITECTURE.md", architecture(TABLE_ROWS))
        self.write("include/objgen/api.hpp", "#pragma once\n#include <string>\n")
        self.write("src/model/model.hpp", '#pragma once\n#include "objgen/api.hpp"\n')
        self.write("src/heap/store.hpp", '#pragma once\n#include "model/model.hpp"\n')
        self.write("src/heap/store.cpp", textwrap.dedent("""\
            #include "heap/store.hpp"

            #include <vector>

            #include "objgen/api.hpp"  // through model's headers: (and what its headers include)
            """))

    def tearDown(self):
        self._dir.cleanup()

    def write(self, path, text):
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)

    def run_check(self):
        return subprocess.run([sys.executable, SCRIPT, "--root", self.root], capture_output=True, text=True,
                              check=False, timeout=60)

    def test_allowed_includes_pass(self):
        r = self.run_check()
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertEqual(r.stdout.splitlines(), [
            "include_layering: 4 files, 4 includes of src/ and include/ checked against 3 rooms (0 known exceptions)"])

    def test_forbidden_include_fails_naming_file_line_and_rooms(self):
        self.write("src/model/model.cpp", '#include "model/model.hpp"\n\n#include "heap/store.hpp"\n')
        r = self.run_check()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertEqual(r.stdout.splitlines()[0],
                         "src/model/model.cpp:3: src/model/ may not include heap/store.hpp "
                         "(src/heap/; may use: `include/`)")
        self.assertEqual(len(r.stdout.splitlines()), 2)  # the violation and the closing line

    def test_public_headers_may_not_include_rooms_of_src(self):
        self.write("include/objgen/api.hpp", '#pragma once\n#include <model/model.hpp>\n')
        r = self.run_check()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("include/objgen/api.hpp:2: include/objgen/ may not include model/model.hpp (src/model/; "
                      "may use: the standard library)", r.stdout)

    def test_includes_in_comments_and_strings_are_not_includes(self):
        self.write("src/model/writer.cpp", textwrap.dedent("""\
            const char* a = R"cpp(
            #include "heap/store.hpp"
            )cpp";
            /*
            #include "heap/store.hpp"
            */
            const char* b = "#include \\"heap/store.hpp\\"";
            """))
        r = self.run_check()
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)

    def test_longest_room_wins(self):
        rows = TABLE_ROWS + ["| `src/heap/inner/` | a room inside heap | `include/` |"]
        self.write("docs/ARCHITECTURE.md", architecture(rows))
        self.write("src/heap/inner/part.hpp", '#pragma once\n#include "model/model.hpp"\n')
        r = self.run_check()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("src/heap/inner/part.hpp:2: src/heap/inner/ may not include model/model.hpp (src/model/; "
                      "may use: `include/`)", r.stdout)

    def test_unreadable_row_is_an_error_naming_it(self):
        rows = TABLE_ROWS[:2] + ["| `src/heap/` | states, model |"]
        self.write("docs/ARCHITECTURE.md", architecture(rows))
        r = self.run_check()
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("docs/ARCHITECTURE.md:11: cannot read room table row (not three cells): "
                      "| `src/heap/` | states, model |", r.stderr)

    def test_unknown_may_use_item_is_an_error_naming_the_row(self):
        rows = TABLE_ROWS[:2] + ["| `src/heap/` | states | model, whatever it needs |"]
        self.write("docs/ARCHITECTURE.md", architecture(rows))
        r = self.run_check()
        self.assertEqual(r.returncode, 2, r.stdout + r.stderr)
        self.assertIn("docs/ARCHITECTURE.md:11: cannot read room table row ('whatever it needs' is neither a room "
                      "nor a known library)", r.stderr)

    def test_exceptions_let_known_violations_through_and_stale_ones_fail(self):
        self.write("src/model/model.cpp", '#include "heap/store.hpp"\n')
        self.write("scripts/include_exceptions.txt",
                   "# known\nsrc/model/model.cpp: heap/store.hpp  # the lead decides\n")
        r = self.run_check()
        self.assertEqual(r.returncode, 0, r.stdout + r.stderr)
        self.assertIn("(1 known exceptions)", r.stdout)
        os.remove(os.path.join(self.root, "src/model/model.cpp"))
        r = self.run_check()
        self.assertEqual(r.returncode, 1, r.stdout + r.stderr)
        self.assertIn("scripts/include_exceptions.txt:2: src/model/model.cpp: heap/store.hpp is no longer", r.stdout)


if __name__ == "__main__":
    unittest.main()
