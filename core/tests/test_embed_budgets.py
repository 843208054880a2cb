"""Each widget's embed bundle and the loader stay within their gzip budgets (bench/bundles.py's
EMBED_BUDGET_KB), and the download actions come in a chunk of their own,
loaded on demand, not in the bundle a partner page loads first. Reads the built files (`make
build`, which the browser tests need too); a missing build fails with the command to run."""

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("bundles", ROOT / "bench" / "bundles.py")
bundles = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bundles)

PLUGINS = sorted(bundles.EMBED_BUDGET_KB)


def built_embed(plugin):
    manifest = ROOT / "plugins" / plugin / "static" / "embed" / "manifest.json"
    if not manifest.exists():
        pytest.fail(f"{manifest.relative_to(ROOT)} is missing: run `make build` first")
    return manifest.parent / json.loads(manifest.read_text())["embed.js"]


@pytest.mark.parametrize("plugin", PLUGINS)
def test_the_embed_and_the_loader_stay_within_the_budget(plugin):
    size = bundles.gzip_size(built_embed(plugin)) + bundles.gzip_size(bundles.EMBEDS / "loader.js")
    assert size / 1000 <= bundles.EMBED_BUDGET_KB[plugin]


@pytest.mark.parametrize("plugin", PLUGINS)
def test_the_download_actions_load_on_demand(plugin):
    bundle = built_embed(plugin)
    lazy = list(bundle.parent.glob("lazy-actions.*.js"))
    assert len(lazy) == 1 and "Pobierz obraz (PNG)" in lazy[0].read_text()
    assert "Pobierz obraz (PNG)" not in bundle.read_text()
