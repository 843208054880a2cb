"""Builds the front-end bundles whose sources changed since they were last built, and compresses
what was rebuilt (gzip and brotli copies beside each file, which WhiteNoise serves).

    python tools/bundles.py            # build what is stale (`make build`, `make setup`)
    python tools/bundles.py --list     # only say what is stale and why
    python tools/bundles.py --jobs 1   # one build at a time (default: one per core)

A workspace of package.json with a `build` script is stale when there is no record of its last
build, when one of its built folders is gone, or when the hash of its inputs changed: its own
files, those of the workspaces it depends on (its package.json, transitively: a remote is
rebuilt when the kit or the shell's webpack settings change), the root package.json but its
scripts, and package-lock.json (unit tests excepted). Content, not file times: a checkout or a
`touch` rebuilds nothing, a changed line always does. Records live in
node_modules/.cache/smogpanel-bundles/ (gone with `make clean` or a new `npm ci`, which also
rebuilds everything).

The stale bundles build side by side, one per core (webpack's work is mostly one thread: on 2
cores a clean clone's 25-28 s of builds, docs/performance.md), each one's output printed whole when
it ends. No build reads another's output; the one file several builds write (the voivodeships'
regions, embeds/scripts/regions.mjs) is written whole or not at all (a temporary file renamed)."""

import argparse
import glob
import hashlib
import json
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

SKIPPED_DIRS = {"node_modules", "static", "dist", "build", ".cache", "test-results", "__pycache__"}
SKIPPED_SUFFIXES = (".generated.js", ".generated.mjs", ".generated.json")  # written by a build itself
# The unit tests and their settings are no input of a bundle: changing a test rebuilds nothing.
TEST_FILE = re.compile(r"(\.test\.[cm]?jsx?|^vitest\.config\.[cm]?js)$")
RECORDS = Path("node_modules") / ".cache" / "smogpanel-bundles"


def workspaces(root):
    """{package name: {dir, dependencies (workspace names), builds}} of the root's npm workspaces."""
    patterns = json.loads((root / "package.json").read_text(encoding="utf-8"))["workspaces"]
    found = {}
    for pattern in patterns:
        for folder in sorted(glob.glob(str(root / pattern))):
            manifest = Path(folder) / "package.json"
            if not manifest.is_file():
                continue
            package = json.loads(manifest.read_text(encoding="utf-8"))
            names = {**package.get("dependencies", {}), **package.get("devDependencies", {})}
            found[package["name"]] = {
                "dir": Path(folder).relative_to(root),
                "needs": set(names),
                "builds": "build" in package.get("scripts", {}),
            }
    for workspace in found.values():
        workspace["needs"] &= set(found)
    return found


def closure(found, name):
    """`name` and every workspace it depends on, transitively."""
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current not in seen:
            seen.add(current)
            todo.extend(found[current]["needs"])
    return seen


def files_of(root, folder):
    for dirpath, dirnames, filenames in os.walk(root / folder):
        dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS and not d.startswith("."))
        for filename in sorted(filenames):
            if (
                not filename.endswith(SKIPPED_SUFFIXES)
                and not filename.startswith(".")
                and not TEST_FILE.search(filename)
            ):
                yield Path(dirpath, filename)


def inputs_hash(root, found, name):
    digest = hashlib.sha256()
    paths = {root / "package.json", root / "package-lock.json"}
    for needed in closure(found, name):
        paths.update(files_of(root, found[needed]["dir"]))
    for path in sorted(paths):
        if path.is_file():
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(root_manifest(path) if path == root / "package.json" else path.read_bytes())
            digest.update(b"\0")
    return digest.hexdigest()


def root_manifest(path):
    """The root package.json without its scripts: those run the tests or every workspace's
    build, none is part of a bundle (a workspace's own build script is its package.json's)."""
    manifest = json.loads(path.read_text(encoding="utf-8"))
    manifest.pop("scripts", None)
    return json.dumps(manifest, sort_keys=True).encode()


def outputs(root, workspace):
    """The folders a workspace builds into: a plugin's `web/` into its package's `static/`
    folders, the shell, the embed runtime and the API docs into core/static/<name>."""
    folder = workspace["dir"]
    if folder.name == "web":
        found = glob.glob(str(root / folder.parent / "static")) + glob.glob(str(root / folder.parent / "*" / "static"))
        return sorted(Path(path).relative_to(root) for path in found)
    return [Path("core") / "static" / folder.name]


def record_path(root, name):
    return root / RECORDS / (name.replace("/", "+") + ".json")


def stale(root, name, inputs):
    """Why `name` (its inputs' hash `inputs`) must be built, or None."""
    record_file = record_path(root, name)
    if not record_file.is_file():
        return "never built here"
    record = json.loads(record_file.read_text(encoding="utf-8"))
    if record.get("inputs") != inputs:
        return "its sources changed"
    missing = [folder for folder in record.get("outputs", []) if not (root / folder).is_dir()]
    if missing or not record.get("outputs"):
        return f"{', '.join(missing) or 'its output'} is missing"
    return None


def build(root, found, name, python, inputs):
    """Builds `name` and compresses what it built; its output (stdout and stderr) and whether it
    succeeded. The record (`inputs`: the hash main took) is written only after a build that
    succeeded."""
    workspace = found[name]
    output = []

    def run(step):
        done = subprocess.run(step, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        output.append(done.stdout)
        if done.returncode:
            output.append(f"bundles: {' '.join(step)} exited {done.returncode}\n")
        return done.returncode == 0

    if not run(["npm", "run", "build", "--workspace", name]):
        return "".join(output), False
    built = outputs(root, workspace)
    for folder in built:
        if not run([python, "-m", "whitenoise.compress", "-q", str(folder)]):
            return "".join(output), False
    record_file = record_path(root, name)
    record_file.parent.mkdir(parents=True, exist_ok=True)
    record = {"inputs": inputs, "outputs": [str(folder) for folder in built]}
    record_file.write_text(json.dumps(record), encoding="utf-8")
    return "".join(output), True


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent)
    parser.add_argument("--list", action="store_true", help="only say what is stale and why")
    parser.add_argument("--python", default=sys.executable, help="the Python with whitenoise (the venv's)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="builds side by side (default: cores)")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    found = workspaces(root)
    # Each hash taken once, before any build began, so files a build writes meanwhile are not in it
    inputs = {name: inputs_hash(root, found, name) for name, workspace in found.items() if workspace["builds"]}
    todo = [(name, why) for name in inputs if (why := stale(root, name, inputs[name]))]
    if not todo:
        print("bundles: every bundle is up to date")
        return 0
    for name, why in todo:
        print(f"bundles: {name} ({found[name]['dir']}): {why}", flush=True)
    if args.list:
        return 0
    failed = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        running = {name: pool.submit(build, root, found, name, args.python, inputs[name]) for name, _ in todo}
        for name, future in running.items():
            output, ok = future.result()
            print(f"bundles: {name} {'built' if ok else 'FAILED'}\n{output}", end="", flush=True)
            if not ok:
                failed.append(name)
    if failed:
        print(f"bundles: failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
