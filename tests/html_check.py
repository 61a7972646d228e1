#!/usr/bin/env python3
"""Checks a directory of objgen's HTML pages as a browser sees them.

  html_check.py DIR [--expect TEXT]... [--screenshot PNG] [--chromium PATH]

Every page is loaded by headless Chromium (--dump-dom: the document after its scripts ran) and
must come back whole, titled, with its heading; every link and source in every page must be
relative and resolve to a file in DIR (the pages fetch nothing); each --expect text must be in
the index as rendered. --screenshot saves the index's picture (a PNG, checked to be one).
Exits 1 naming what failed, 77 (skipped) when no Chromium is installed.
"""
import argparse
import html.parser
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.parse


class Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("href", "src") and value is not None:
                self.links.append(value)


def chromium_command(binary, profile):
    return [binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--allow-file-access-from-files",
            f"--user-data-dir={profile}"]


def dump_dom(binary, profile, page):
    out = subprocess.run(chromium_command(binary, profile) + ["--dump-dom", "file://" + page],
                         capture_output=True, text=True, timeout=120)
    return out.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--expect", action="append", default=[])
    ap.add_argument("--screenshot")
    ap.add_argument("--chromium")
    a = ap.parse_args()
    binary = a.chromium or shutil.which("chromium") or shutil.which("chromium-browser")
    if not binary:
        print("no chromium: skipped (scripts/install-deps.sh installs Debian's)")
        return 77
    root = os.path.abspath(a.dir)
    pages = sorted(f for f in os.listdir(root) if f.endswith(".html"))
    problems = []
    if "index.html" not in pages:
        problems.append("no index.html")
    with tempfile.TemporaryDirectory() as profile:
        for name in pages:
            path = os.path.join(root, name)
            with open(path, encoding="utf-8") as f:
                parser = Links()
                parser.feed(f.read())
            for link in parser.links:
                target = urllib.parse.urlparse(link)
                if target.scheme or link.startswith("//"):
                    problems.append(f"{name}: links outside the pages: {link}")
                    continue
                if not target.path:  # a link within the page
                    continue
                resolved = os.path.normpath(os.path.join(root, urllib.parse.unquote(target.path)))
                if not os.path.exists(resolved):
                    problems.append(f"{name}: link {link} does not resolve ({resolved})")
            dom = dump_dom(binary, profile, path)
            if "</html>" not in dom or "<h1>" not in dom or "<title>" not in dom:
                problems.append(f"{name}: Chromium did not render it whole ({len(dom)} characters back)")
            if name == "index.html":
                for text in a.expect:
                    if text not in dom:
                        problems.append(f"index.html as rendered lacks {text!r}")
        if a.screenshot:
            shot = os.path.abspath(a.screenshot)
            subprocess.run(chromium_command(binary, profile) + ["--window-size=1200,760", "--hide-scrollbars",
                           f"--screenshot={shot}", "file://" + os.path.join(root, "index.html")],
                           capture_output=True, timeout=120)
            with open(shot, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    problems.append(f"{shot} is not a PNG")
    for p in problems:
        print(p)
    print(f"{len(pages)} page(s), {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
