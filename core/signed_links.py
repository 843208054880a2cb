"""Short-lived links a browser can follow without the Bearer token (downloads it navigates
to, e.g. a map's export): the query carries an expiry and an HMAC of (purpose, subject,
expiry) made with the app's secret. Nothing is stored, so nothing piles up. A file downloaded
that way is declared once (`SignedExport`)."""

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlencode

from cornice import Service
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .envelope import ApiError

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["signed_query", "is_valid", "SignedExport", "add_signed_export"]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

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


@dataclass(frozen=True)
class SignedExport:
    """A file a browser downloads through a signed link (a map's workbook, the calculators'
    definition), declared once and added with `add_signed_export(config, export)`:

        GET <path>        the link (JSON: the URL, valid five minutes), asked as the app asks
                          (signed in, the record's own checks in `subject`)
        GET <path>.xlsx   the file itself, built when the link is followed: no Bearer token, only
                          a valid signature (else 403 with `again`, what to do in Polish)

    `subject(request)`: what the link names, from the path (a record's id, "current"), after
    whatever check the link view makes (the record loaded: 404 when it is not there);
    `build(request, subject)`: (bytes, file name)."""

    name: str  # the route names: <name> and <name>-signed
    path: str  # e.g. "/api/map/{id:\\d+}/export"
    description: str  # what the file is, for the API document
    purpose: str  # the signed link's purpose
    subject: Callable
    build: Callable
    again: str  # e.g. "Wyeksportuj mapę ponownie."
    file_path: str = ""  # default: <path>.xlsx
    content_type: str = XLSX
    key: Callable = None  # the subject from the signed link's path alone (default: `subject`)

    def link_view(self, request):
        query = signed_query(request.registry, self.purpose, self.subject(request))
        return f"{request.route_path(self.name + '-signed', **request.matchdict)}?{query}"

    def file_view(self, request):
        subject = (self.key or self.subject)(request)
        if not is_valid(request.registry, self.purpose, subject, request.params):
            raise ApiError(
                "FORBIDDEN",
                [
                    {
                        "name": "signature",
                        "description": f"Odnośnik do eksportu wygasł albo jest nieprawidłowy. {self.again}",
                    }
                ],
            )
        body, filename = self.build(request, subject)
        response = Response(body=body, content_type=self.content_type)
        response.content_disposition = f'attachment; filename="{filename}"'
        response.cache_control = "private, no-store"
        return response


def add_signed_export(config, export):
    """Adds the link's route and the file's (`SignedExport`)."""
    link = Service(name=export.name, path=export.path, description=f"{export.description}: the URL of its export")
    link.add_view("GET", export.link_view, renderer="envelope")
    # "-signed": public, but only through a signed link.
    signed = Service(
        name=f"{export.name}-signed",
        path=export.file_path or f"{export.path}.xlsx",
        description=f"{export.description}: the file itself, through the signed link",
    )
    signed.add_view("GET", export.file_view, permission=NO_PERMISSION_REQUIRED)
    config.add_cornice_service(link)
    config.add_cornice_service(signed)
