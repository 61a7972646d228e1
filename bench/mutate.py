#!/usr/bin/env python3
"""Simple source mutants of a C++ file, token by token (objgen's mutation bench).

Usage: mutate.py SOURCE OUT_DIR [--max N]

Writes OUT_DIR/m<k>.cpp for each mutant and OUT_DIR/mutants.tsv (k, line, operator, before, after).
Operators: flip a comparison (< <= > >= == !=), swap && and ||, off-by-one in an integer constant,
drop a statement. Only code is mutated: comments, string and character literals, preprocessor
lines and template argument lists are left alone. With --max, an evenly spaced sample of that
many mutants in source order (deterministic).
"""
import argparse
import os
import re

COMPARISON_FLIPS = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
TOKEN = re.compile(
    r'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'|'
    r'<<=|>>=|<=>|<<|>>|->|<=|>=|==|!=|&&|\|\||[<>]|\b\d+\b|[A-Za-z_]\w*|\S',
    re.S,
)


def code_lines(text):
    """Line numbers (0-based) that are code, not preprocessor."""
    return {i for i, line in enumerate(text.split("\n")) if not line.lstrip().startswith("#")}


def mutants(text):
    lines_ok = code_lines(text)
    out = []
    tokens = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    for k, (start, end, tok) in enumerate(tokens):
        line = text.count("\n", 0, start)
        if line not in lines_ok:
            continue
        prev = tokens[k - 1][2] if k > 0 else ""
        nxt = tokens[k + 1][2] if k + 1 < len(tokens) else ""
        if tok in COMPARISON_FLIPS:
            # '<' and '>' only as comparisons: spaced on both sides, not a template's brackets.
            if tok in "<>" and not (text[start - 1:start] == " " and text[end:end + 1] == " "):
                continue
            out.append((start, end, COMPARISON_FLIPS[tok], line, "comparison"))
        elif tok in ("&&", "||"):
            if text[start - 1:start] == " " and text[end:end + 1] == " ":
                out.append((start, end, "||" if tok == "&&" else "&&", line, "logical"))
        elif tok.isdigit() and prev not in ("[",) and nxt not in ("]",):
            out.append((start, end, str(int(tok) + 1), line, "constant"))
    # Statements: a line holding one statement that ends in ';' inside a function body (indented),
    # not a declaration with an initializer, not a return.
    for i, line in enumerate(text.split("\n")):
        s = line.strip()
        if i not in lines_ok or not line.startswith("  ") or not s.endswith(";") or s.startswith("return"):
            continue
        if re.match(r"^(const\s+)?[\w:<>,\s*&]+\s+[*&]*\w+\s*(=|\(|\{|;)", s) and not re.match(r"^\w+(->|\.|\[)", s):
            continue  # a declaration
        if s.startswith(("}", "case", "default", "break", "continue")) or s.count(";") != 1:
            continue
        start = sum(len(l) + 1 for l in text.split("\n")[:i])
        out.append((start, start + len(line), line[: len(line) - len(line.lstrip())] + ";", i, "statement"))
    out.sort()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("source")
    ap.add_argument("out_dir")
    ap.add_argument("--max", type=int, default=0)
    a = ap.parse_args()
    text = open(a.source).read()
    found = mutants(text)
    if a.max and len(found) > a.max:
        found = [found[i * len(found) // a.max] for i in range(a.max)]
    os.makedirs(a.out_dir, exist_ok=True)
    with open(os.path.join(a.out_dir, "mutants.tsv"), "w") as tsv:
        for k, (start, end, repl, line, op) in enumerate(found):
            with open(os.path.join(a.out_dir, f"m{k}.cpp"), "w") as f:
                f.write(text[:start] + repl + text[end:])
            before = text[start:end].strip().replace("\t", " ")
            tsv.write(f"{k}\t{line + 1}\t{op}\t{before}\t{repl.strip()}\n")
    print(len(found))


if __name__ == "__main__":
    main()
