#!/usr/bin/env python3
"""Gzip sizes of the built front end against its budgets. Builds nothing; run `npm run build` first.

What counts (written by the BundleManifestPlugin into each build's bundles.json):
- shell initial JS: the scripts index.html loads plus every chunk needed before the first
  screen renders (the app chunk and the shared singletons: React, react-dom, the router,
  axios, the kit). Chunks named lazy-* (e.g. the dialog's Modal) load on demand and are listed
  apart, not counted.
- a plugin's remote: remoteEntry.js plus the chunks of its exposed modules. Shared libraries
  come from the shell, so they are not part of a remote.
- a plugin's embed with the loader: what a partner page loads for one widget, its
  static/embed/embed.<hash>.js (inside the iframe) plus the loader core/static/embeds/loader.js. The
  maps embed includes its geometry (the voivodeships' SVG paths are bundled into embed.js).

Sizes are gzip -9 of each file, in KB of 1000 bytes. Prints a table; never fails on a budget
(it is a measurement, not a test). Usage: python3 bench/bundles.py [--files]
"""

import gzip
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHELL = ROOT / "core" / "static" / "shell"
EMBEDS = ROOT / "core" / "static" / "embeds"
BUDGET_KB = {
    "shell": 175,
    "hierarchy": 40,
    "timers": 40,
    "maps": 40,
    "searches": 40,
    "calculators": 40,
    "ranks": 40,
    "graphs": 40,
    "letters": 40,
    "items": 40,
}
# The map embed carries the boundaries of the sixteen voivodeships (SVG paths) inside embed.js.
EMBED_BUDGET_KB = {
    "timers": 10,
    "maps": 60,
    "searches": 20,
    "calculators": 25,
    "ranks": 30,
    "graphs": 60,
    "letters": 20,
    "items": 10,
}


def gzip_size(path):
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


def manifest(folder):
    path = folder / "bundles.json"
    if not path.exists():
        sys.exit(f"{path.relative_to(ROOT)} is missing: run `npm run build` first")
    return json.loads(path.read_text())


def shell_scripts():
    """The script files index.html loads (served from /static/shell/)."""
    html = (SHELL / "index.html").read_text()
    return [src.rsplit("/", 1)[-1] for src in re.findall(r'<script[^>]*\ssrc="?([^"\s>]+)', html)]


def measure(label, folder, files, budget_kb, lazy):
    """`files` are names in `folder`, or paths."""
    paths = [name if isinstance(name, Path) else folder / name for name in files]
    sizes = [(path.name, path.stat().st_size, gzip_size(path)) for path in paths]
    return {
        "label": label,
        "files": sizes,
        "raw": sum(s[1] for s in sizes),
        "gzip": sum(s[2] for s in sizes),
        "budget": budget_kb,
        "lazy": [(name, gzip_size(folder / name)) for name in lazy],
    }


def main():
    show_files = "--files" in sys.argv
    rows = []

    shell = manifest(SHELL)
    scripts = shell_scripts()
    if sorted(scripts) != sorted(shell["initial"]):
        print(f"note: index.html loads {scripts}, the manifest says {shell['initial']}")
    eager = list(dict.fromkeys(scripts + shell["initial"] + shell["eager"]))
    rows.append(measure("shell initial JS", SHELL, eager, BUDGET_KB["shell"], shell["lazy"]))

    for folder in sorted(ROOT.glob("plugins/*/static/remote")):
        name = folder.parent.parent.name
        remote = manifest(folder)
        rows.append(
            measure(f"{name} remote", folder, remote["initial"] + remote["eager"], BUDGET_KB.get(name), remote["lazy"])
        )

    loader = EMBEDS / "loader.js"
    for built in sorted(ROOT.glob("plugins/*/static/embed/manifest.json")):
        bundle = built.parent / json.loads(built.read_text())["embed.js"]  # content-hashed name
        name = bundle.parent.parent.parent.name
        if not loader.exists():
            sys.exit(f"{loader.relative_to(ROOT)} is missing: run `npm run build` first")
        rows.append(measure(f"{name} embed + loader", bundle.parent, [bundle, loader], EMBED_BUDGET_KB.get(name), []))

    header = f"{'bundle':<24}{'files':>6}{'raw KB':>10}{'gzip KB':>10}{'budget KB':>11}  status"
    print(header)
    print("-" * len(header))
    for row in rows:
        kb = row["gzip"] / 1000
        budget = row["budget"]
        status = "-" if budget is None else ("ok" if kb <= budget else "OVER")
        share = "" if budget is None else f" ({kb / budget:.0%} of budget)"
        print(
            f"{row['label']:<24}{len(row['files']):>6}{row['raw'] / 1000:>10.1f}{kb:>10.1f}"
            f"{budget or '-':>11}  {status}{share}"
        )
        if show_files:
            for name, raw, gz in sorted(row["files"], key=lambda f: -f[2]):
                print(f"  {name:<28}{raw / 1000:>10.1f}{gz / 1000:>10.1f}")
        for name, gz in row["lazy"]:
            print(f"  on demand: {name} {gz / 1000:.1f} KB gzip (not counted)")


if __name__ == "__main__":
    main()
