"""`make setup` builds only the front-end bundles whose sources changed (tools/bundles.py): run
here on a workspace tree of its own, whose build writes its bundle and notes each build."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

TOOL = Path(__file__).resolve().parents[2] / "tools" / "bundles.py"
BUILD = """
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
mkdirSync('../static', { recursive: true });
const kit = readFileSync('../../kit/src/index.js', 'utf-8');
writeFileSync('../static/bundle.js', kit + readFileSync('src/screen.js', 'utf-8'));
appendFileSync('../../builds.log', 'built\\n');
"""


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def tree(root):
    write(root / "package.json", json.dumps({"name": "t", "private": True, "workspaces": ["kit", "plug/web"]}))
    write(root / "package-lock.json", json.dumps({"lockfileVersion": 3}))
    write(root / "kit" / "package.json", json.dumps({"name": "@t/kit", "version": "1.0.0"}))
    write(root / "kit" / "src" / "index.js", "export const kit = 1;\n")
    web = root / "plug" / "web"
    manifest = {"name": "@t/plug", "version": "1.0.0", "scripts": {"build": "node build.mjs"}}
    write(web / "package.json", json.dumps({**manifest, "dependencies": {"@t/kit": "1.0.0"}}))
    write(web / "build.mjs", BUILD)
    write(web / "src" / "screen.js", "export const screen = 'Ekran';\n")


def build(root):
    """Runs the tool; the number of builds so far."""
    subprocess.run([sys.executable, str(TOOL), "--root", str(root)], check=True, capture_output=True)
    log = root / "builds.log"
    return len(log.read_text().splitlines()) if log.exists() else 0


@pytest.mark.slow  # seven runs of npm
def test_a_bundle_is_built_again_when_its_sources_change_and_only_then(tmp_path):
    tree(tmp_path)
    assert build(tmp_path) == 1
    assert (tmp_path / "plug" / "static" / "bundle.js").read_text().startswith("export const kit = 1;")
    assert build(tmp_path) == 1  # nothing changed

    screen = tmp_path / "plug" / "web" / "src" / "screen.js"
    screen.touch()  # a checkout's new file times, the same content
    write(tmp_path / "plug" / "web" / "src" / "regions.generated.js", "export const made = 1;\n")
    write(tmp_path / "kit" / "src" / "index.test.jsx", "it('counts', () => {});\n")
    manifest = json.loads((tmp_path / "package.json").read_text())
    write(tmp_path / "package.json", json.dumps({**manifest, "scripts": {"test": "vitest run"}}))  # the root's
    assert build(tmp_path) == 1

    write(screen, "export const screen = 'Zmieniony ekran';\n")
    assert build(tmp_path) == 2
    assert "Zmieniony ekran" in (tmp_path / "plug" / "static" / "bundle.js").read_text()

    write(tmp_path / "kit" / "src" / "index.js", "export const kit = 2;\n")  # a workspace it depends on
    assert build(tmp_path) == 3
    write(tmp_path / "package-lock.json", json.dumps({"lockfileVersion": 3, "packages": {}}))
    assert build(tmp_path) == 4

    (tmp_path / "plug" / "static" / "bundle.js").unlink()
    (tmp_path / "plug" / "static").rmdir()
    assert build(tmp_path) == 5
    assert build(tmp_path) == 5


def test_list_says_what_is_stale_and_builds_nothing(tmp_path):
    tree(tmp_path)
    listed = subprocess.run(
        [sys.executable, str(TOOL), "--root", str(tmp_path), "--list"], check=True, capture_output=True, text=True
    )
    assert "@t/plug (plug/web): never built here" in listed.stdout
    assert not (tmp_path / "builds.log").exists()


SIDE_BY_SIDE = """
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
writeFileSync(`../../started-${process.env.npm_package_name.replace('/', '+')}`, '');
const until = Date.now() + 20000;
while (!(existsSync('../../started-@t+one') && existsSync('../../started-@t+two'))) {
  if (Date.now() > until) throw new Error('the other build never started alongside');
  await new Promise((resolve) => setTimeout(resolve, 20));
}
if (process.env.npm_package_name === '@t/two') throw new Error('zepsuty bundle');
mkdirSync('../static', { recursive: true });
writeFileSync('../static/bundle.js', 'ok');
"""


@pytest.mark.slow  # three runs of npm
def test_stale_bundles_build_side_by_side_and_a_failed_one_is_built_again(tmp_path):
    workspaces = ["one/web", "two/web"]
    write(tmp_path / "package.json", json.dumps({"name": "t", "private": True, "workspaces": workspaces}))
    write(tmp_path / "package-lock.json", json.dumps({"lockfileVersion": 3}))
    for name in ("one", "two"):
        manifest = {"name": f"@t/{name}", "version": "1.0.0", "scripts": {"build": "node build.mjs"}}
        write(tmp_path / name / "web" / "package.json", json.dumps(manifest))
        write(tmp_path / name / "web" / "build.mjs", SIDE_BY_SIDE)

    run = [sys.executable, str(TOOL), "--root", str(tmp_path), "--jobs", "2"]
    first = subprocess.run(run, capture_output=True, text=True)
    assert first.returncode == 1
    assert "bundles: @t/one built" in first.stdout
    assert "bundles: @t/two FAILED" in first.stdout and "zepsuty bundle" in first.stdout
    assert "failed: @t/two" in first.stderr
    assert (tmp_path / "one" / "static" / "bundle.js").read_text() == "ok"

    listed = subprocess.run(run + ["--list"], check=True, capture_output=True, text=True)
    assert "@t/two (two/web): never built here" in listed.stdout
    assert "@t/one" not in listed.stdout
