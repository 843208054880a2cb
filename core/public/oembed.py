"""oEmbed (https://oembed.com, version 1.0) for the public views, so a partner who pastes a
view's address into a CMS that speaks oEmbed gets the widget:

    GET /oembed?url=<a /view/ address of this panel>&maxwidth&maxheight&format=json

answers `type: "rich"` with `html`, the same iframe and loader snippet the panel's 'Osadź'
dialog writes (shell/kit/src/embed.js), a new embed uuid each time, and its `width` and
`height` (a square, as the dialog's default, within maxwidth and maxheight). `format=xml` (or
any format but json) answers 501, as the spec says of a format the provider does not give.
Addresses are read against `smogpanel.public_url` only, never the request's Host: another
site's address, a page of the panel that is no public view, or a record that does not exist
(or is deleted) answers 404. Every public view names the endpoint in its head
(`discovery_link`), as the spec's section 4 describes.
"""

import html
import uuid
from urllib.parse import quote, urlsplit

from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..envelope import dumps
from ..openapi import describe_route
from ..settings import public_url
from .payloads import built_payload

PROVIDER_NAME = "Smogpanel"
DEFAULT_SIZE = 300  # the 'Osadź' dialog's default (EmbedFrame defaultSize)
LOADER_PATH = "/static/embeds/loader.js"  # shell/kit/src/embed.js EMBED_LOADER_PATH
CACHE_AGE = 3600
VIEW_PARTS = 3  # view, kind, name; an embed adds "embed" and its uuid


def _json(status, body, cache_control="no-store"):
    response = Response(body=dumps(body), status=status, content_type="application/json")
    response.cache_control = cache_control
    return response


def not_found():
    return _json(
        404,
        {
            "success": False,
            "message": "NOT_FOUND",
            "errors": [{"name": "url", "description": "Ten adres nie jest publicznym widokiem tego panelu."}],
        },
    )


def resolve_view(registry, url):
    """(PublicKind, internal name) of a public view's address on this panel, else None."""
    base = urlsplit(public_url(registry.settings))
    try:
        parts = urlsplit((url or "").strip())
        port, base_port = parts.port, base.port
    except ValueError:
        return None
    if (parts.scheme, (parts.hostname or "").lower(), port) != (base.scheme, (base.hostname or "").lower(), base_port):
        return None
    prefix = base.path.rstrip("/")
    if prefix and not parts.path.startswith(prefix + "/"):
        return None
    segments = parts.path[len(prefix) :].strip("/").split("/")
    if segments[0] != "view" or len(segments) not in (VIEW_PARTS, VIEW_PARTS + 2):
        return None
    if len(segments) == VIEW_PARTS + 2 and segments[3] != "embed":
        return None
    kind = registry["smogpanel.public_kinds"].get(segments[1])
    name = segments[2]
    return (kind, name) if kind is not None and name else None


def _size(request, name):
    raw = request.params.get(name, "")
    return int(raw) if raw.isascii() and raw.isdigit() and 0 < len(raw) <= 6 else None


def snippet(origin, path, embed, size, title):
    """The 'Osadź' dialog's snippet (shell/kit/src/embed.js `embedSnippet`, without a link)."""
    style = f"display:block;border:0;overflow:hidden;width:{size}px;height:{size}px"
    return (
        f'<iframe src="{html.escape(f"{origin}{path}/{embed}")}" title="{html.escape(title)}" '
        f'data-smogpanel-embed="{embed}" style="{style}" scrolling="no"></iframe>\n'
        f'<script src="{html.escape(origin + LOADER_PATH)}" async></script>'
    )


def oembed_view(request):
    fmt = request.params.get("format") or "json"
    if fmt != "json":  # the spec's 501: this provider answers JSON only
        return _json(
            501,
            {
                "success": False,
                "message": "NOT_IMPLEMENTED",
                "errors": [{"name": "format", "description": "Dostępny jest tylko format json."}],
            },
        )
    found = resolve_view(request.registry, request.params.get("url"))
    if found is None:
        return not_found()
    kind, name = found
    _version, payload = built_payload(request, kind, name)
    if payload is None:
        return not_found()
    limits = [value for value in (_size(request, "maxwidth"), _size(request, "maxheight")) if value]
    size = min([DEFAULT_SIZE, *limits])  # the spec: rich answers obey maxwidth and maxheight
    base = public_url(request.registry.settings)
    title = f"{kind.title or PROVIDER_NAME}: {name}"
    return _json(
        200,
        {
            "version": "1.0",
            "type": "rich",
            "title": title,
            "provider_name": PROVIDER_NAME,
            "provider_url": base + "/",
            "cache_age": CACHE_AGE,
            "html": snippet(base, f"/view/{quote(kind.kind)}/{quote(name)}/embed", uuid.uuid4(), size, title),
            "width": size,
            "height": size,
        },
        cache_control="public, max-age=60",
    )


def discovery_link(request, kind, name):
    """The <link> that names this view's oEmbed answer (oEmbed section 4), for the page's head."""
    base = public_url(request.registry.settings)
    view = f"{base}/view/{quote(kind.kind)}/{quote(name)}"
    href = f"{base}/oembed?url={quote(view, safe='')}&format=json"
    title = f"{kind.title or PROVIDER_NAME}: {name}"
    return (
        f'<link rel="alternate" type="application/json+oembed" href="{html.escape(href)}" title="{html.escape(title)}">'
    )


def includeme(config):
    config.add_route("oembed", "/oembed")
    config.add_view(oembed_view, route_name="oembed", request_method="GET", permission=NO_PERMISSION_REQUIRED)
    describe_route(
        config,
        "/oembed",
        "GET",
        {
            "summary": "oEmbed 1.0: kod do osadzenia publicznego widoku z jego adresu (typ rich).",
            "security": [],
            "parameters": [
                {
                    "name": "url",
                    "in": "query",
                    "required": True,
                    "schema": {"type": "string"},
                    "description": "adres /view/<rodzaj>/<nazwa> tego panelu",
                },
                {"name": "maxwidth", "in": "query", "required": False, "schema": {"type": "integer"}},
                {"name": "maxheight", "in": "query", "required": False, "schema": {"type": "integer"}},
                {
                    "name": "format",
                    "in": "query",
                    "required": False,
                    "schema": {"type": "string", "enum": ["json"]},  # xml answers 501 (oEmbed 1.0): not offered
                },
            ],
            "responses": {
                "200": {
                    "description": "Odpowiedź oEmbed (type: rich)",
                    "content": {"application/json": {"schema": {"type": "object"}}},
                },
                "404": {"description": "To nie jest publiczny widok tego panelu"},
                "501": {"description": "Format inny niż json"},
            },
        },
    )
