"""Built files as a browser and a CDN get them (WhiteNoise): precompressed brotli or gzip for
clients that accept it, content-hashed names cached for a year, the partner loader and the
remotes' entries short-lived. Needs the build (`make build`), as the browser tests do."""

import re

import brotli
import pytest
from webob import Request

from smogpanel.web import static_roots

YEAR = "public, max-age=31536000, immutable"


def get(app, path, **headers):
    return Request.blank(path, headers=headers).get_response(app)


@pytest.fixture
def app(testapp):
    if not any(folder.name == "shell" for folder, _prefix in static_roots(testapp.app.registry)):
        pytest.fail("The front end is not built: run `make build` (make test does).")
    return testapp.app


def hashed_shell_script(app):
    return re.search(r'src="?(/static/shell/main\.[0-9a-f]{8}\.js)', get(app, "/").text).group(1)


def test_hashed_bundles_are_immutable_and_come_compressed(app):
    path = hashed_shell_script(app)
    plain = get(app, path)
    assert plain.status_int == 200 and plain.headers["Cache-Control"] == YEAR
    assert plain.headers["X-Content-Type-Options"] == "nosniff" and "Content-Encoding" not in plain.headers
    packed = get(app, path, **{"Accept-Encoding": "gzip, br"})
    assert packed.headers["Content-Encoding"] == "br" and "Accept-Encoding" in packed.headers["Vary"]
    assert brotli.decompress(packed.body) == plain.body and len(packed.body) < len(plain.body)
    assert get(app, path, **{"Accept-Encoding": "gzip"}).headers["Content-Encoding"] == "gzip"


def test_the_partner_loader_stays_short_lived(app):
    loader = get(app, "/static/embeds/loader.js")
    assert loader.status_int == 200 and loader.headers["Cache-Control"] == "max-age=300, public"


def test_a_remote_entry_is_revalidated_on_every_load(app):
    entry = get(app, "/plugins/timers/remote/remoteEntry.js")
    assert entry.status_int == 200 and entry.headers["Cache-Control"] == "no-cache"
    again = get(app, "/plugins/timers/remote/remoteEntry.js", **{"If-None-Match": entry.headers["ETag"]})
    assert again.status_int == 304


def test_a_missing_asset_is_a_404_not_the_shell(app):
    assert get(app, "/static/shell/nie-ma.1234abcd.js").status_int == 404
