"""The public side: `GET /api/public/<kind>/<internal_name>` (no auth, cacheable, ETag) and the
pages `/view/<kind>/<internal_name>` and `/view/<kind>/<internal_name>/embed/<uuid>` that mount
a plugin's embed bundle. Kinds come from the enabled plugins (`smogpanel_public_kinds`), so a
disabled plugin's public views answer 404."""
import html
from dataclasses import dataclass
from typing import Callable

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .envelope import ApiError, dumps
from .web import mark_embeddable


@dataclass(frozen=True)
class PublicKind:
    kind: str  # e.g. "timer": the path segment of /view/<kind>/...
    load: Callable  # (request, internal_name) -> payload dict, or None when absent/deleted
    plugin: str = ""  # the plugin whose static/embed/embed.js renders it
    title: str = ""  # Polish page title


def public_kinds(registry):
    return registry["smogpanel.public_kinds"]


def public_payload(request):
    kind = public_kinds(request.registry).get(request.matchdict["kind"])
    payload = kind.load(request, request.matchdict["internal_name"]) if kind else None
    if payload is None:
        raise ApiError("NOT_FOUND")
    request.response.cache_control = "public, max-age=60"
    return payload


PAGE = """<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body><div id="smogpanel-widget" data-kind="{kind}" data-name="{name}" data-embed="{embed}"></div>
<script>window.SMOGPANEL_PUBLIC={config};</script>
<script src="/plugins/{plugin}/embed/embed.js" defer></script></body></html>"""


def public_page(request):
    kind = public_kinds(request.registry).get(request.matchdict["kind"])
    name = request.matchdict["internal_name"]
    if kind is None or kind.load(request, name) is None:
        return Response("<!doctype html><title>404</title><p>Nie znaleziono.</p>", status=404,
                        content_type="text/html", charset="utf-8")
    embed = request.matchdict.get("uuid", "")
    if embed:
        mark_embeddable(request)
    config = dumps({"kind": kind.kind, "name": name, "embed": embed,
                    "api": f"/api/public/{kind.kind}/{name}"}).decode().replace("<", "\\u003c")
    page = PAGE.format(title=html.escape(kind.title or "Smogpanel"), kind=html.escape(kind.kind),
                       name=html.escape(name), embed=html.escape(embed), config=config,
                       plugin=html.escape(kind.plugin))
    return Response(page, content_type="text/html", charset="utf-8")


def includeme(config):
    kinds = {}
    for group in config.registry.plugin_manager.hook.smogpanel_public_kinds():
        for kind in group or ():
            kinds[kind.kind] = kind
    config.registry["smogpanel.public_kinds"] = kinds
    config.add_route("api-public", "/api/public/{kind}/{internal_name}")
    config.add_view(public_payload, route_name="api-public", request_method="GET", renderer="envelope",
                    permission=NO_PERMISSION_REQUIRED)
    config.add_route("view-public", "/view/{kind}/{internal_name}")
    config.add_route("view-embed", "/view/{kind}/{internal_name}/embed/{uuid}")
    for route in ("view-public", "view-embed"):
        config.add_view(public_page, route_name=route, request_method="GET", permission=NO_PERMISSION_REQUIRED)
