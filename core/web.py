"""What the browser gets outside /api: the built shell, plugin bundles, the SPA fallback
(index.html for any other GET, so the client router handles deep links) and the security
headers (admin pages refuse framing; public embed pages opt in to it).

Built files are served by WhiteNoise in front of Pyramid: precompressed .br/.gz copies made at
build time (`make build`), `Vary: Accept-Encoding`, content-hashed names (`name.1a2b3c4d.js`)
cached for a year as immutable, the rest for five minutes; a remote's `remoteEntry.js`, whose
name must stay fixed for Module Federation, is revalidated on every load (`no-cache`, ETag)."""

import html
import json
import re
from pathlib import Path
from types import ModuleType

from pyramid.csrf import get_csrf_token
from pyramid.response import Response
from whitenoise import WhiteNoise

from .envelope import api_not_found, dumps, is_api, method_not_allowed
from .gazetteer import gazetteer
from .release import __version__

SHELL_DIR = Path(__file__).parent / "static" / "shell"
ASSET_PREFIXES = ("/static/", "/plugins/", "/files/", "/view/")

NOT_BUILT_PAGE = """<!doctype html><html lang="pl"><meta charset="utf-8"><title>Smogpanel</title>
<p>Interfejs panelu nie został zbudowany. Uruchom <code>make run</code> albo <code>npm run build</code>.</p></html>"""


def mark_embeddable(request):
    """Public embed pages call this so partner sites may frame them."""
    request.environ["smogpanel.embeddable"] = True


# Scripts only from our own files: inline configuration travels in JSON data elements, which
# browsers never execute. Styles may be inline (React and the widgets set style attributes;
# the letters' confirmation page has a <style>): the policy forbids only inline *scripts*.
_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; "
)
ADMIN_POLICY = _POLICY + "frame-ancestors 'none'"
EMBED_POLICY = _POLICY + "frame-ancestors *"  # partner sites frame public pages


def security_headers_tween_factory(handler, registry):
    def tween(request):
        response = handler(request)
        headers = response.headers
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        if request.environ.get("smogpanel.embeddable"):
            headers["Content-Security-Policy"] = EMBED_POLICY
            headers.pop("X-Frame-Options", None)
        else:
            headers["X-Frame-Options"] = "DENY"
            headers["Content-Security-Policy"] = ADMIN_POLICY
        return response

    return tween


def client_config(request):
    settings = request.registry.settings
    config = {"version": __version__, "supportUrl": settings.get("smogpanel.support_url", "")}
    gminy = gazetteer(request).gminy_path  # the gmina picker's list, from whichever plugin keeps the gminy
    if gminy:
        config["gminyPath"] = gminy
    voivodeships = gazetteer(request).voivodeships_path
    if voivodeships:
        config["voivodeshipsPath"] = voivodeships
    # The kinds shown to the public: their edit screens offer 'Zasięg' (smogpanel.reach).
    config["publicKinds"] = sorted(request.registry.get("smogpanel.public_kinds", {}))
    return config


def script_json(data):
    """JSON bytes safe inside a <script> element: no '<' (so no '</script>' or '<!--'), '>' or
    '&' can end or change it; each stays valid JSON as its \\u escape."""
    return data.replace(b"<", b"\\u003c").replace(b">", b"\\u003e").replace(b"&", b"\\u0026")


def shell_page(request):
    index = SHELL_DIR / "index.html"
    if not index.exists():
        page = NOT_BUILT_PAGE
    else:
        config = script_json(dumps(client_config(request))).decode()
        script = f'<script type="application/json" id="smogpanel-config">{config}</script>'  # data, not code
        page = index.read_text(encoding="utf-8").replace("</head>", script + "</head>", 1)
    get_csrf_token(request)  # sets the XSRF-TOKEN cookie the API client echoes back
    response = Response(page, content_type="text/html", charset="utf-8")
    response.cache_control = "no-cache"
    return response


def not_found(request):
    refused = method_not_allowed(request)  # a route that takes other methods: 405, not 404
    if refused is not None:
        return refused
    if is_api(request):
        return api_not_found(request)
    if request.method in ("GET", "HEAD") and not request.path_info.startswith(ASSET_PREFIXES):
        return shell_page(request)
    return Response(
        f"<!doctype html><title>404</title><p>Nie znaleziono: {html.escape(request.path_info)}</p>",
        status=404,
        content_type="text/html",
        charset="utf-8",
    )


HASHED_NAME = re.compile(r"\.[0-9a-f]{8}\.(js|css)$")
IMMUTABLE = "public, max-age=31536000, immutable"  # a year: a new build is a new name
SHORT_LIVED_SECONDS = 300  # the loader partners paste, licences, manifests: changes reach them in minutes


def static_roots(registry):
    """[(folder, URL prefix)] of the built files: the shell, the partner loader, and each enabled
    plugin's remote and embed bundles (from its own package)."""
    static = Path(__file__).parent / "static"
    roots = [(static / part, f"static/{part}/") for part in ("shell", "embeds", "apidocs")]
    for name, plugin in registry.plugin_manager.list_name_plugin():
        if isinstance(plugin, ModuleType) and getattr(plugin, "__file__", None):
            package = Path(plugin.__file__).parent
            roots += [(package / "static" / part, f"plugins/{name}/{part}/") for part in ("remote", "embed")]
    return [(folder, prefix) for folder, prefix in roots if folder.is_dir()]


def asset_manifests(registry):
    """{(plugin, part): {"embed.js": "embed.1a2b3c4d.js"}} from each bundle folder's manifest.json."""
    manifests = {}
    for folder, prefix in static_roots(registry):
        manifest = folder / "manifest.json"
        if prefix.startswith("plugins/") and manifest.is_file():
            _, plugin, part, _ = prefix.split("/")
            manifests[(plugin, part)] = json.loads(manifest.read_text(encoding="utf-8"))
    return manifests


def asset_path(registry, plugin, part, name):
    """The URL path of a plugin's built file, by its content-hashed name when the build made one."""
    built = registry["smogpanel.asset_manifests"].get((plugin, part), {}).get(name, name)
    return f"/plugins/{plugin}/{part}/{built}"


def _immutable(path, url):
    return bool(HASHED_NAME.search(url))


def _static_headers(headers, path, url):
    headers["X-Content-Type-Options"] = "nosniff"
    if _immutable(path, url):
        headers["Cache-Control"] = IMMUTABLE
    elif url.endswith("/remoteEntry.js"):
        headers["Cache-Control"] = "no-cache"


class StaticFiles(WhiteNoise):
    """The app behind WhiteNoise; `registry` is the app's, as Pyramid's router has it."""

    @property
    def registry(self):
        return self.application.registry


def serve_static_files(app):
    static = StaticFiles(
        app,
        max_age=SHORT_LIVED_SECONDS,
        immutable_file_test=_immutable,
        add_headers_function=_static_headers,
        index_file=False,
        autorefresh=False,
    )
    for folder, prefix in static_roots(app.registry):
        static.add_files(str(folder), prefix=prefix)
    return static


def includeme(config):
    config.add_tween("smogpanel.web.security_headers_tween_factory")
    config.add_notfound_view(not_found)
    config.registry["smogpanel.asset_manifests"] = asset_manifests(config.registry)
