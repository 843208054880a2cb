"""Short-lived links a browser can follow without the Bearer token (downloads it navigates
to, e.g. a map's export): the query carries an expiry and an HMAC of (purpose, subject,
expiry) made with the app's secret. Nothing is stored, so nothing piles up."""

import hashlib
import hmac
import time
from urllib.parse import urlencode

from cornice import Service
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .envelope import ApiError

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["signed_query", "is_valid", "add_signed_download"]

DEFAULT_TTL = 300


def _signature(secret, purpose, subject, expires):
    message = f"{purpose}\n{subject}\n{expires}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def _secret(registry):
    return registry["smogpanel.tokens"].secret


def signed_query(registry, purpose, subject, ttl=DEFAULT_TTL):
    """`expires=...&signature=...` for a link to `subject` (e.g. a record id) for `purpose`."""
    expires = int(time.time()) + ttl
    return urlencode({"expires": expires, "signature": _signature(_secret(registry), purpose, subject, expires)})


def is_valid(registry, purpose, subject, params):
    """True for an unexpired link signed for this purpose and subject."""
    try:
        expires = int(params.get("expires", ""))
    except ValueError:
        return False
    if expires < time.time():
        return False
    expected = _signature(_secret(registry), purpose, subject, expires)
    signature = params.get("signature", "")
    # compare_digest takes ASCII text only (a forged link may carry anything: a 403, never a 500).
    return signature.isascii() and hmac.compare_digest(expected, signature)


def add_signed_download(config, name, path, what, subject, build, again):
    """Declares a download a browser navigates to: `GET <path>` (signed in, the kind's read
    rule as any view's) answers the URL of `GET <path>.xlsx?expires&signature`, a link valid for
    DEFAULT_TTL seconds that needs no token and builds the file when it is followed, so
    nothing is stored for it. A link expired or forged answers 403 saying `again`.

    `subject(request)`: what the link is for (a record id, loaded and checked; "current"),
    `build(request, subject)`: `(bytes, filename, content type)`. `what` names it in the API
    description ("map: ..."). E.g. a map's export:

        add_signed_download(config, "map-export", "/api/map/{id:\\d+}/export", "map: its measurements",
                            subject=lambda request: MAP.load(request, int(request.matchdict["id"])).id,
                            build=workbook_of_map, again="Wyeksportuj mapę ponownie.")
    """
    file_route = f"{name}-signed"

    def link(request):
        found = subject(request)
        return f"{request.route_path(file_route, **request.matchdict)}?{signed_query(request.registry, name, found)}"

    def download(request):
        found = str(request.matchdict.get("id", "current"))
        if not is_valid(request.registry, name, found, request.params):
            description = f"Odnośnik do eksportu wygasł albo jest nieprawidłowy. {again}"
            raise ApiError("FORBIDDEN", [{"name": "signature", "description": description}])
        body, filename, content_type = build(request, found)
        response = Response(body=body, content_type=content_type)
        response.content_disposition = f'attachment; filename="{filename}"'
        response.cache_control = "private, no-store"
        return response

    asked = Service(name=name, path=path, description=f"{what}: the URL of its .xlsx export")
    asked.add_view("GET", link, renderer="envelope")
    # "-signed": public, but only through the signed link.
    followed = Service(
        name=file_route, path=f"{path}.xlsx", description=f"{what}: the .xlsx export, through the signed link"
    )
    followed.add_view("GET", download, permission=NO_PERMISSION_REQUIRED)
    config.add_cornice_service(asked)
    config.add_cornice_service(followed)
