#!/usr/bin/env python3
"""Every #include of src/ and include/ against the room table of docs/ARCHITECTURE.md.

Usage: scripts/check_includes.py [--root DIR] [--exceptions FILE]

Reads the table that follows "A room may use the rooms to its right in this table, and nothing
else." (columns: room, what it holds, may use), finds the room of every .cpp and .hpp under src/
and include/ (the longest room path it lies under: src/gen/params/ before a src/gen/), and checks
each `#include "x/..."` (or <x/...>) of a folder of src/ or include/ against the including room's
may-use cell. A room may always include itself. Prints one line per include against the table and
exits 1; exits 2 when the table (or the exceptions file) cannot be read; else prints a summary and
exits 0.

Why: most rooms compile against include roots holding only what they may use (CMakeLists.txt,
objgen_room), but some targets (objgen_cli, objgen_harness, scan, analysis_llvm) see all of src/;
this check covers every file, whichever target compiles it.

The may-use cell, items separated by commas or semicolons:
  model, gen/builders, `include/`  a room: the one at src/<name>/ or <name>/, else every room
                                   under that folder (`include/`: include/objgen/)
  X (and what its headers include) room X and the rooms X may use
  every room above [but X]         the rooms of the rows above this one (but room X)
  everything                       every room
  the standard library, LLVM, ...  libraries (EXTERNAL below): no room
  (empty)                          only for rooms outside src/ and include/ (not checked)
Any other item, or a row not of three cells, is an error naming the row.

Known violations the lead has not decided yet go in scripts/include_exceptions.txt, one
`file: included/path  # why` a line; an entry that no longer matches an include against the
table is an error too, so the list only shrinks.
"""
import argparse
import os
import re
import sys

TABLE_SENTENCE = "A room may use the rooms to its right in this table, and nothing else."
HEADER = ["room", "what it holds", "may use"]
# What a may-use cell may name besides rooms: libraries, which own no folder of src/ or include/.
EXTERNAL = {"the standard library", "llvm", "clang", "nlohmann-json", "fmt", "sqlite", "xxhash",
            "libseccomp", "mpi", "googletest"}
SCANNED = ("src", "include")
EXTENSIONS = (".cpp", ".hpp")
INCLUDE = re.compile(r'\s*#\s*include\s*([<"])([^>"]+)[>"]')
ROOM_CELL = re.compile(r"`([^`]+/)`")
ROOM_NAME = re.compile(r"[a-z][a-z0-9_]*(/[a-z][a-z0-9_]*)*/?")
WITH_HEADERS = re.compile(r"(.+?)\s*\(and what its headers include\)")
ABOVE = re.compile(r"every room above(?: but (.+))?")
RAW_PREFIX = re.compile(r"(?:^|[^A-Za-z0-9_])(?:u8|u|U|L)?R$")  # what comes before a raw string's quote
RAW_OPEN = re.compile(r'"([^()\\\s"]{0,16})\(')  # R"delim( ... )delim"
NUMBER_BEFORE = re.compile(r"(?:^|[^A-Za-z0-9_.])[0-9][0-9A-Za-z_.']*$")  # 1'000: a digit separator


class TableError(Exception):
    pass


class Row:
    def __init__(self, line, text, rooms, may_use):
        self.line = line  # 1-based line in ARCHITECTURE.md
        self.text = text
        self.rooms = rooms  # room paths, e.g. ["src/gen/params/"]
        self.may_use = may_use  # the cell as written
        self.items = []  # parsed: ("room", name) | ("headers", name) | ("above", [names]) | ("all",)


def row_error(doc, row_line, row_text, why):
    short = row_text if len(row_text) <= 100 else row_text[:97] + "..."
    return TableError(f"{doc}:{row_line}: cannot read room table row ({why}): {short}")


def split_cells(text):
    """The cells of a markdown row `| a | b | c |`, or None when it is not one."""
    if not (text.startswith("|") and text.endswith("|")) or len(text) < 2:
        return None
    cells = re.split(r"(?<!\\)\|", text[1:-1])
    return [c.strip() for c in cells]


def read_table(doc_path, doc_name):
    with open(doc_path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    starts = [i for i, l in enumerate(lines) if l.strip() == TABLE_SENTENCE]
    if len(starts) != 1:
        raise TableError(f"{doc_name}: expected the sentence '{TABLE_SENTENCE}' once, found it {len(starts)} times")
    i = starts[0] + 1
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i >= len(lines) or [c.lower() for c in (split_cells(lines[i].strip()) or [])] != HEADER:
        raise TableError(f"{doc_name}:{i + 1}: expected the header row | room | what it holds | may use |")
    sep = split_cells(lines[i + 1].strip()) if i + 1 < len(lines) else None
    if not sep or len(sep) != 3 or not all(re.fullmatch(r":?-{3,}:?", c) for c in sep):
        raise TableError(f"{doc_name}:{i + 2}: expected the separator row | --- | --- | --- | under the header")
    rows = []
    for n in range(i + 2, len(lines)):
        text = lines[n].strip()
        if not text:
            break
        cells = split_cells(text)
        if cells is None or len(cells) != 3:
            raise row_error(doc_name, n + 1, text, "not three cells")
        room_cell, _, may_use = cells
        rooms = ROOM_CELL.findall(room_cell)
        if not rooms or ROOM_CELL.sub("", room_cell).replace(",", "").strip():
            raise row_error(doc_name, n + 1, text, "the room cell is not `folder/`, `folder/`, ...")
        rows.append(Row(n + 1, text, rooms, may_use))
    if not rows:
        raise TableError(f"{doc_name}:{i + 1}: the room table has no rows")
    return rows


def parse_may_use(doc, row):
    cell = row.may_use
    if not cell:
        if any(r.startswith(tuple(s + "/" for s in SCANNED)) for r in row.rooms):
            raise row_error(doc, row.line, row.text, "empty may-use cell for a room under src/ or include/")
        return
    for raw in re.split(r"[,;]", cell):
        item = raw.strip()
        headers = WITH_HEADERS.fullmatch(item)
        above = ABOVE.fullmatch(item)
        if not item:
            raise row_error(doc, row.line, row.text, "an empty item in the may-use cell")
        elif item.lower() in EXTERNAL:
            continue
        elif item == "everything":
            row.items.append(("all",))
        elif above:
            but = [b.strip().strip("`") for b in re.split(r"\band\b", above.group(1) or "") if b.strip()]
            row.items.append(("above", but))
        elif headers and ROOM_NAME.fullmatch(headers.group(1).strip("`")):
            row.items.append(("headers", headers.group(1).strip("`")))
        elif ROOM_NAME.fullmatch(item.strip("`")):
            row.items.append(("room", item.strip("`")))
        else:
            raise row_error(doc, row.line, row.text, f"'{item}' is neither a room nor a known library")


def rooms_named(name, all_rooms):
    name = name.rstrip("/") + "/"
    for prefix in ("src/", ""):
        if prefix + name in all_rooms:
            return {prefix + name}
    for prefix in ("src/", ""):
        under = {r for r in all_rooms if r.startswith(prefix + name)}
        if under:
            return under
    return set()


def resolve(doc, rows):
    """room -> (set of rooms it may use, its may-use cell as written)."""
    all_rooms = [r for row in rows for r in row.rooms]
    dup = {r for r in all_rooms if all_rooms.count(r) > 1}
    if dup:
        raise TableError(f"{doc}: rooms listed twice in the room table: {', '.join(sorted(dup))}")
    by_room = {r: row for row in rows for r in row.rooms}
    done, busy = {}, set()

    def named(row, name):
        found = rooms_named(name, all_rooms)
        if not found:
            raise row_error(doc, row.line, row.text, f"'{name}' names no room of the table")
        return found

    def allowed(room):
        if room in done:
            return done[room]
        if room in busy:
            raise TableError(f"{doc}: the room table's '(and what its headers include)' goes round through {room}")
        busy.add(room)
        row = by_room[room]
        uses = set()
        for item in row.items:
            if item[0] == "all":
                uses |= set(all_rooms)
            elif item[0] == "room":
                uses |= named(row, item[1])
            elif item[0] == "headers":
                for r in named(row, item[1]):
                    uses |= {r} | allowed(r)
            else:
                above = [r for prev in rows[: rows.index(row)] for r in prev.rooms]
                excluded = set()
                for name in item[1]:
                    excluded |= named(row, name)
                uses |= set(above) - excluded
        busy.discard(room)
        done[room] = uses
        return uses

    for row in rows:
        parse_may_use(doc, row)
    return {r: (allowed(r) | {r}, by_room[r].may_use or "not checked") for r in all_rooms}


def code_lines(text):
    """(line number, line) of each line that starts outside a comment or a string literal."""
    starts_in_code = [True]  # per line
    state, i, n = "code", 0, len(text)
    raw_end = ""
    while i < n:
        c = text[i]
        if c == "\n":
            if state in ("str", "chr", "line"):  # a string, character or // comment ends with its line
                state = "code"
            starts_in_code.append(state == "code")
        elif state == "code":
            if text.startswith("//", i):
                state = "line"
            elif text.startswith("/*", i):
                state, i = "block", i + 1
            elif c == '"':
                raw = RAW_OPEN.match(text, i) if RAW_PREFIX.search(text[max(0, i - 4):i]) else None
                if raw:
                    state, raw_end, i = "raw", ")" + raw.group(1) + '"', raw.end() - 1
                else:
                    state = "str"
            elif c == "'" and not NUMBER_BEFORE.search(text[max(0, i - 40):i]):
                state = "chr"
        elif state == "block":
            if text.startswith("*/", i):
                state, i = "code", i + 1
        elif state == "raw":
            if text.startswith(raw_end, i):
                state, i = "code", i + len(raw_end) - 1
        elif c == "\\" and text.startswith("\n", i + 1) and state in ("str", "chr", "line"):
            starts_in_code.append(False)  # a backslash-newline: the literal or comment goes on
            i += 1
        elif state in ("str", "chr"):
            if c == "\\":
                i += 1
            elif c == ('"' if state == "str" else "'"):
                state = "code"
        i += 1
    for number, (content, in_code) in enumerate(zip(text.split("\n"), starts_in_code), start=1):
        if in_code:
            yield number, content


def room_of(path, rooms):
    best = None
    for r in rooms:
        if path.startswith(r) and (best is None or len(r) > len(best)):
            best = r
    return best


def read_exceptions(path, shown):
    """{(file, included path): line} from the exceptions file; a missing file holds none."""
    entries = {}
    if not os.path.exists(path):
        return entries
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            text = line.strip()
            if not text or text.startswith("#"):
                continue
            m = re.fullmatch(r"(\S+):\s+(\S+)\s+#\s*(\S.*)", text)
            if not m:
                raise TableError(f"{shown}:{number}: expected `file: included/path  # why`: {text}")
            entries[(m.group(1), m.group(2))] = number
    return entries


def project_include(root, source, kind, path, top_dirs):
    """The repository path an include names, or None when it is not a file of src/ or include/."""
    if kind == '"':
        beside = os.path.normpath(os.path.join(os.path.dirname(source), path))
        if os.path.isfile(os.path.join(root, beside)) and beside.startswith(SCANNED):
            return beside
    first = path.split("/", 1)[0]
    if "/" not in path or first not in top_dirs:
        return None
    return top_dirs[first] + "/" + path


def check(root, exceptions_path, out):
    doc = "docs/ARCHITECTURE.md"
    table = resolve(doc, read_table(os.path.join(root, doc), doc))
    rooms = list(table)
    shown_exc = os.path.relpath(exceptions_path, root)
    exceptions = read_exceptions(exceptions_path, shown_exc)
    used = set()
    # The folders an include may start with, and the tree each is in (include/objgen -> include).
    top_dirs = {}
    for top in SCANNED:
        folder = os.path.join(root, top)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if os.path.isdir(os.path.join(folder, name)):
                top_dirs.setdefault(name, top)
    problems, files, includes = [], 0, 0
    for top in SCANNED:
        for folder, dirs, names in os.walk(os.path.join(root, top)):
            dirs.sort()
            for name in sorted(names):
                if not name.endswith(EXTENSIONS):
                    continue
                source = os.path.relpath(os.path.join(folder, name), root)
                files += 1
                room = room_of(source, rooms)
                if room is None:
                    problems.append(f"{source}:1: in no room of {doc}'s table")
                    continue
                with open(os.path.join(root, source), encoding="utf-8", errors="replace") as f:
                    text = f.read()
                for number, line in code_lines(text):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target = project_include(root, source, m.group(1), m.group(2), top_dirs)
                    if target is None:
                        continue
                    includes += 1
                    included_room = room_of(target, rooms)
                    allowed, cell = table[room]
                    if included_room in allowed:
                        continue
                    key = (source, m.group(2))
                    if key in exceptions:
                        used.add(key)
                        continue
                    what = included_room or f"in no room of {doc}'s table"
                    problems.append(f"{source}:{number}: {room} may not include {m.group(2)} ({what}; may use: {cell})")
    for key, number in sorted(exceptions.items(), key=lambda e: e[1]):
        if key not in used:
            problems.append(f"{shown_exc}:{number}: {key[0]}: {key[1]} is no longer an include against the table; "
                            "remove the entry")
    for p in problems:
        print(p, file=out)
    if problems:
        print(f"include_layering: {len(problems)} problem(s); the rooms and what each may use: {doc}, "
              "section Rooms", file=out)
        return 1
    print(f"include_layering: {files} files, {includes} includes of src/ and include/ checked against "
          f"{len(rooms)} rooms ({len(used)} known exceptions)", file=out)
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--root", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir),
                        help="the repository (default: this script's parent folder)")
    parser.add_argument("--exceptions", help="known violations (default: ROOT/scripts/include_exceptions.txt)")
    args = parser.parse_args()
    root = os.path.abspath(args.root)
    exceptions = args.exceptions or os.path.join(root, "scripts", "include_exceptions.txt")
    try:
        return check(root, exceptions, sys.stdout)
    except (TableError, OSError) as e:
        print(f"check_includes: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
