"""The public side: `GET /api/public/<kind>/<internal_name>` (no auth) and the pages
`/view/<kind>/<internal_name>` and `/view/<kind>/<internal_name>/embed/<uuid>` that mount a
plugin's embed bundle with the payload inline (one request per widget view). Kinds come from
the enabled plugins (`smogpanel_public_kinds`), so a disabled plugin's public views answer 404.

Both answers are cached by (kind, name, data version) with their ETag and compressed bytes
(`versions`, `public_cache`): a repeat visitor's 304 costs one indexed read, a changed record
is seen at once, and the Cache-Control header (`smogpanel.public_cache_control`) lets browsers
and a CDN keep them for the minute or so the docs describe (docs/deployment.md).
"""

import functools
import hashlib
import html
import json
import logging
from importlib import metadata

import sqlalchemy as sa
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..answer_cache import Built, answer, make_caches
from ..app_state import hold
from ..data_versions import GAZETTEER, engine_of, resolve_shows, track
from ..envelope import ApiError, dumps
from ..models import INSTALLATION_ID, Setting
from ..openapi import ENVELOPE, describe_route
from ..release import __version__
from ..web import asset_path, mark_embeddable, script_json
from .data import data_links
from .live import TABLE as PUBLICATION
from .live import WITHDRAWN
from .notes import correction_html, correction_of
from .oembed import discovery_link
from .parts import live_part
from .payloads import (
    NOT_FOUND_PAGE,
    PublicKind,
    built_payload,
    is_public,
    kind_of,
    public_cache_control,
    replayable,
)
from .placeholder import placeholder
from .share import head_tags, image_path
from .sheets import Sheet

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["PublicKind", "GAZETTEER", "Sheet", "is_public", "live_part"]

log = logging.getLogger(__name__)
NOINDEX = '<meta name="robots" content="noindex">'


def public_payload(request):
    kind = kind_of(request)
    version, built = built_payload(request, kind, request.matchdict["internal_name"]) if kind else (None, None)
    if built is None:
        raise ApiError("NOT_FOUND")
    replayable(request, version, built, "application/json")  # webob sends JSON without a charset
    return answer(request, built, "application/json", public_cache_control(request))


PAGE = """<!doctype html>
<html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>{meta}{oembed}</head>
<body><div id="smogpanel-widget" data-kind="{kind}" data-name="{name}" data-embed="{embed}">{noscript}</div>{note}
<script type="application/json" id="smogpanel-public">{config}</script>
<script type="application/json" id="smogpanel-payload">{payload}</script>
<script src="{bundle}" defer></script></body></html>"""


def bundle_path(request, plugin):
    """The embed bundle's URL path, by its content-hashed name (web.asset_path)."""
    return asset_path(request.registry, plugin, "embed", "embed.js")


def build_page(request, kind, name, embed, payload, bundle, api=None, note="", preview=False):
    """The widget's page. `note`: a correction's line under the widget (public.notes);
    `preview`: a draft's preview (smogpanel.publishing.preview): no share tags, downloads or
    oEmbed of the public record, `noindex`, and the runtime counts no view (`count: false`)."""
    # Share and download (smogpanel.public.share, .data): the og: tags, the noscript image and
    # the addresses the runtime's actions use.
    content = json.loads(payload.body)["message"]
    config = {
        "kind": kind.kind,
        "name": name,
        "embed": embed,
        "api": api or request.route_path("api-public", kind=kind.kind, internal_name=name),
        "data": None,
        "image": None,
    }
    if preview:
        meta, noscript, oembed = NOINDEX, "", ""
        config["count"] = False
    else:
        meta, noscript = head_tags(request, kind, name, content, payload)
        oembed = discovery_link(request, kind, name)  # public/oembed.py
        config.update(data=data_links(request, kind, name), image=image_path(request, kind, name, payload))
    page = PAGE.format(
        title=html.escape(kind.title or "Smogpanel"),
        meta=meta,
        noscript=noscript,
        oembed=oembed,
        note=correction_html(note),
        kind=html.escape(kind.kind),
        name=html.escape(name),
        embed=html.escape(embed),
        config=script_json(dumps(config)).decode(),
        payload=script_json(payload.body).decode(),
        bundle=html.escape(bundle),
    )
    return Built.of(page.encode())


def public_page(request):
    kind = kind_of(request)
    name = request.matchdict["internal_name"]
    version, payload = built_payload(request, kind, name) if kind else (None, None)
    embed = request.matchdict.get("uuid", "")
    if payload is None and embed and request.environ.get(WITHDRAWN):
        return placeholder(request)  # a partner's frame says so, in a line of Polish
    if payload is None:
        return Response(NOT_FOUND_PAGE, status=404, content_type="text/html", charset="utf-8")
    if embed:
        mark_embeddable(request)
    # Keyed by the payload's hash and the bundle's path: as fresh as what the page carries.
    bundle = bundle_path(request, kind.plugin)
    note = correction_of(request)  # a corrected version's line under the widget
    page = request.registry["smogpanel.public_pages"].get_or_build(
        ("page", kind.kind, payload.etag, bundle, name, embed, note),
        lambda: build_page(request, kind, name, embed, payload, bundle, note=note),
    )
    replayable(request, version, page, "text/html; charset=utf-8")
    return answer(request, page, "text/html", public_cache_control(request))


def code_fingerprint(plugin_manager):
    """What separates cached answers of different code in a shared cache (a payload's shape may
    change with it): the core's version and each enabled plugin's distribution and version."""
    plugins = tuple(
        (name, getattr(plugin, "__name__", "").split(".")[0]) for name, plugin in plugin_manager.list_name_plugin()
    )
    return fingerprint_of(plugins)


@functools.cache
def fingerprint_of(plugins):
    """Read once per process and set of plugins: scanning every installed distribution's metadata
    took about a quarter of building the app (each test builds one), and the code a process runs
    does not change under it (an upgrade restarts the server)."""
    distributions = metadata.packages_distributions()
    parts = [__version__]
    for name, top in plugins:
        for dist in distributions.get(top, ()):
            parts.append(f"{name}:{dist}={metadata.version(dist)}")
        parts.append(name)
    return hashlib.blake2b("|".join(sorted(parts)).encode(), digest_size=6).hexdigest()


def describe_public_routes(config, kinds):
    name = {"name": "internal_name", "in": "path", "required": True, "schema": {"type": "string"}}
    kind = {"name": "kind", "in": "path", "required": True, "schema": {"type": "string", "enum": kinds or ["none"]}}
    cached = {
        "304": {"description": "Bez zmian od wersji z nagłówka If-None-Match"},
        "404": {
            "description": "Nie ma takiego rekordu (NOT_FOUND)",
            "content": {"application/json": {"schema": ENVELOPE}},
        },
    }
    describe_route(
        config,
        "/api/public/{kind}/{internal_name}",
        "GET",
        {
            "summary": "Dane publicznego widżetu (bez logowania; ETag, Cache-Control).",
            "security": [],
            "parameters": [kind, name],
            "responses": {
                "200": {"description": "Dane widżetu", "content": {"application/json": {"schema": ENVELOPE}}},
                **cached,
            },
        },
    )
    html = {"text/html": {"schema": {"type": "string"}}}
    page = {
        "security": [],
        "responses": {
            "200": {"description": "Strona z widżetem i jego danymi", "content": html},
            "304": cached["304"],
            "404": {"description": "Nie znaleziono", "content": html},
        },
    }
    describe_route(
        config,
        "/view/{kind}/{internal_name}",
        "GET",
        {**page, "summary": "Publiczny widok rekordu.", "parameters": [kind, name]},
    )
    describe_route(
        config,
        "/view/{kind}/{internal_name}/embed/{uuid}",
        "GET",
        {
            **page,
            "summary": "Widżet do osadzenia w ramce na stronie partnera.",
            "parameters": [kind, name, {"name": "uuid", "in": "path", "required": True, "schema": {"type": "string"}}],
        },
    )


def installation_id(registry):
    """This database's random id (migration core_0005), read once when the app is made and only
    when a Redis is set: two deployments sharing one Redis must never serve each other's
    answers, though their code, names and versions may all be the same. None when unreadable."""
    if not registry.settings.get("smogpanel.redis_url"):
        return None
    statement = sa.select(Setting.value).where(Setting.key == INSTALLATION_ID)
    bind = registry.settings.get("db.bind")
    try:
        if bind is not None:  # tests: the connection whose transaction the app joins
            return bind.execute(statement).scalar_one_or_none()
        with registry["db.engine"].connect() as connection:
            return connection.execute(statement).scalar_one_or_none()
    except sa.exc.DBAPIError:
        log.warning("the installation id could not be read: public answers are not shared through Redis")
        return None


def includeme(config):
    kinds = {}
    for group in config.registry.plugin_manager.hook.smogpanel_public_kinds():
        for kind in group or ():
            kinds[kind.kind] = kind
    registry = config.registry
    registry["smogpanel.public_kinds"] = kinds
    gazetteer_tables = getattr(registry["smogpanel.gazetteer"], "tables", ())
    # A publish gives the kind a new version too (smogpanel.publishing).
    tables = {
        kind.kind: resolve_shows(kind.shows, gazetteer_tables) | ({PUBLICATION} if kind.shows else set())
        for kind in kinds.values()
    }
    registry["smogpanel.public_tables"] = tables
    # The gazetteer's tables always: the hierarchy keeps its list of gminy by their version.
    track(engine_of(config.registry), set(gazetteer_tables).union(*tables.values()))
    registry["smogpanel.public_cache"], registry["smogpanel.public_pages"] = make_caches(
        registry.settings, code_fingerprint(registry.plugin_manager), installation_id(registry)
    )
    hold(registry, registry["smogpanel.public_cache"])
    hold(registry, registry["smogpanel.public_pages"])

    config.add_route("api-public", "/api/public/{kind}/{internal_name}")
    config.add_view(public_payload, route_name="api-public", request_method="GET", permission=NO_PERMISSION_REQUIRED)
    describe_public_routes(config, sorted(kinds))
    config.add_route("view-public", "/view/{kind}/{internal_name}")
    config.add_route("view-embed", "/view/{kind}/{internal_name}/embed/{uuid}")
    for route in ("view-public", "view-embed"):
        config.add_view(public_page, route_name=route, request_method="GET", permission=NO_PERMISSION_REQUIRED)
    # Share and download (data, image, attribution): modules of their own.
    config.include(".data")
    config.include(".share")
    config.include(".attribution")
    config.include(".oembed")  # GET /oembed
    config.include(".statement")  # GET /view/dostepnosc
