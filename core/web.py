"""What the browser gets outside /api: the built shell, plugin bundles, the SPA fallback
(index.html for any other GET, so the client router handles deep links) and the security
headers (admin pages refuse framing; public embed pages opt in to it)."""
import html
from pathlib import Path

from pyramid.csrf import get_csrf_token
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from . import __version__
from .envelope import api_not_found, dumps, is_api

SHELL_DIR = Path(__file__).parent / "static" / "shell"
ASSET_PREFIXES = ("/static/", "/plugins/", "/files/", "/view/")

NOT_BUILT_PAGE = """<!doctype html><html lang="pl"><meta charset="utf-8"><title>Smogpanel</title>
<p>Interfejs panelu nie został zbudowany. Uruchom <code>make run</code> albo <code>npm run build</code>.</p></html>"""


def mark_embeddable(request):
    """Public embed pages call this so partner sites may frame them."""
    request.environ["smogpanel.embeddable"] = True


def security_headers_tween_factory(handler, registry):
    def tween(request):
        response = handler(request)
        headers = response.headers
        headers.setdefault("X-Content-Type-Options", "nosniff")
        headers.setdefault("Referrer-Policy", "strict-origin-when-cross-origin")
        if request.environ.get("smogpanel.embeddable"):
            headers["Content-Security-Policy"] = "frame-ancestors *"
            headers.pop("X-Frame-Options", None)
        else:
            headers["X-Frame-Options"] = "DENY"
            headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        return response

    return tween


def client_config(request):
    settings = request.registry.settings
    return {"version": __version__, "supportUrl": settings.get("smogpanel.support_url", "")}


def shell_page(request):
    index = SHELL_DIR / "index.html"
    if not index.exists():
        page = NOT_BUILT_PAGE
    else:
        config = dumps(client_config(request)).decode().replace("<", "\\u003c")
        script = f"<script>window.SMOGPANEL_CONFIG={config};</script>"
        page = index.read_text(encoding="utf-8").replace("</head>", script + "</head>", 1)
    get_csrf_token(request)  # sets the XSRF-TOKEN cookie the API client echoes back
    response = Response(page, content_type="text/html", charset="utf-8")
    response.cache_control = "no-cache"
    return response


def not_found(request):
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


def add_plugin_assets(config, plugin_name, module_name):
    """Serves a plugin's built bundles from its own package (static/remote, static/embed)."""
    for part in ("remote", "embed"):
        config.add_static_view(
            f"plugins/{plugin_name}/{part}",
            f"{module_name}:static/{part}",
            cache_max_age=300,
            permission=NO_PERMISSION_REQUIRED,
        )


def includeme(config):
    config.add_tween("smogpanel.web.security_headers_tween_factory")
    config.add_static_view("static/shell", "smogpanel:static/shell", cache_max_age=300,
                           permission=NO_PERMISSION_REQUIRED)
    # The partner-site loader of embeds (built from embeds/): /static/embeds/loader.js
    config.add_static_view("static/embeds", "smogpanel:static/embeds", cache_max_age=300,
                           permission=NO_PERMISSION_REQUIRED)
    config.add_notfound_view(not_found)
    for name, plugin in config.registry.plugin_manager.list_name_plugin():
        module_name = getattr(plugin, "__name__", None)
        if module_name:
            add_plugin_assets(config, name, module_name)
