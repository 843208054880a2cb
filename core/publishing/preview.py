"""Preview links (smogpanel.publishing): a signed link that shows a record's DRAFT (what would be
published now) in the real widget page, for 7 days by default (`smogpanel.publishing.preview_days`).

    POST   /api/<kind>/<id>/preview   {days?}  -> {url, expires_at}
    DELETE /api/<kind>/<id>/preview            -> revokes every link of the record at once
    GET    /preview/<token>[/<n>]              the n-th record's draft in its widget page
    GET    /api/preview/<token>/<n>            its payload

Nothing is stored per link: the token carries the records, each with the preview generation it
was signed with, and its expiry, signed with the app's secret (HMAC). Revoking adds one to the
record's generation (`PreviewGeneration`), so every older link is refused at the next request.
A token names a list of records (`sign`), so a release can have one link for all of its records.

A preview answer is never kept: `Cache-Control: no-store`, `X-Robots-Tag: noindex`, no public
cache or replay (its path is not a public one), and the page tells the runtime to count no view
(`count: false`, smogpanel.reach)."""

import base64
import binascii
import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError
from pyramid.httpexceptions import HTTPNotFound
from pyramid.request import Request
from pyramid.response import Response
from sqlalchemy.exc import IntegrityError

from ..answer_cache import Built
from ..authority import authorize, may
from ..envelope import ApiError, dumps
from ..public import build_page, bundle_path
from ..public.live import now, publishable
from ..public.payloads import PREVIEWING
from ..publications import PreviewGeneration
from ..settings import public_url
from .times import warsaw_text

DAYS_SETTING = "smogpanel.publishing.preview_days"
DEFAULT_DAYS = 7
MAX_DAYS = 30
PURPOSE = b"smogpanel-preview\n"
GENERATIONS = PreviewGeneration.__table__
PRIVATE = {"Cache-Control": "no-store", "X-Robots-Tag": "noindex"}
UNKNOWN_LINK = "Nie ma takiego podglądu: odnośnik jest niepełny albo błędny."
REVOKED = "Ten podgląd został wycofany. Poproś o nowy odnośnik."
GONE_RECORD = "Tego elementu już nie ma."
EMPTY = "Ten element nie ma jeszcze czego pokazać: jego widżet nie ma danych."
REFUSED_PAGE = (
    '<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Podgląd niedostępny</title>'
    '<meta name="robots" content="noindex"></head><body style="margin:0">'
    '<p style="font:15px/1.4 system-ui,sans-serif;color:#555;margin:1em;text-align:center">{}</p></body></html>'
)


class Refused(Exception):
    """Why a preview link shows nothing: (HTTP status, Polish reason)."""

    def __init__(self, status, reason):
        super().__init__(reason)
        self.status, self.reason = status, reason


def default_days(settings):
    raw = settings.get(DAYS_SETTING) or DEFAULT_DAYS
    try:
        days = int(raw)
    except (TypeError, ValueError):
        days = 0
    if not 1 <= days <= MAX_DAYS:
        raise ConfigurationError(f"{DAYS_SETTING} must be a whole number of days from 1 to {MAX_DAYS}, not {raw!r}.")
    return days


def _b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _signature(registry, data):
    secret = registry["smogpanel.tokens"].secret.encode()
    return _b64(hmac.new(secret, PURPOSE + data.encode(), hashlib.sha256).digest()[:18])


def generations(db, records):
    """{(kind, id): generation} of `records` (0 for a record never revoked): one query."""
    kinds = {kind for kind, _id in records}
    ids = {record_id for _kind, record_id in records}
    if not records:
        return {}
    rows = db.execute(
        sa.select(GENERATIONS.c.kind, GENERATIONS.c.record_id, GENERATIONS.c.generation).where(
            GENERATIONS.c.kind.in_(kinds), GENERATIONS.c.record_id.in_(ids)
        )
    )
    return {(kind, record_id): generation for kind, record_id, generation in rows}


def sign(request, records, days=None):
    """(token, expires_at) of one link to the drafts of `records`, [(kind, id)], for `days`
    (default: the setting). Asks nothing: the caller has asked who may preview them."""
    expires = (now() + timedelta(days=days or default_days(request.registry.settings))).replace(microsecond=0)
    found = generations(request.db, records)
    items = [[kind, int(record_id), found.get((kind, record_id), 0)] for kind, record_id in records]
    data = _b64(json.dumps([int(expires.timestamp()), items], separators=(",", ":")).encode())
    return f"{data}.{_signature(request.registry, data)}", expires


def preview_link(request, records, days=None):
    """{url, expires_at} of one preview link to `records` (the first record's page; /2, /3, … the others)."""
    token, expires = sign(request, records, days)
    return {
        "url": public_url(request.registry.settings) + request.route_path("preview", token=token),
        "expires_at": expires,
    }


def read_token(request, token):
    """The [(kind, id)] a link names, or Refused: 404 for a link not signed here, 410 for one that
    expired or was revoked."""
    data, _, signature = token.partition(".")
    if not data or not signature.isascii() or not hmac.compare_digest(_signature(request.registry, data), signature):
        raise Refused(404, UNKNOWN_LINK)
    try:
        expires, items = json.loads(base64.urlsafe_b64decode(data + "=" * (-len(data) % 4)))
        records = [(str(kind), int(record_id), int(generation)) for kind, record_id, generation in items]
    except (binascii.Error, ValueError, TypeError):
        raise Refused(404, UNKNOWN_LINK) from None
    if now().timestamp() >= expires:
        ended = warsaw_text(datetime.fromtimestamp(expires, UTC))
        raise Refused(410, f"Ten podgląd wygasł {ended}. Poproś o nowy odnośnik.")
    found = generations(request.db, [(kind, record_id) for kind, record_id, _g in records])
    if any(found.get((kind, record_id), 0) != generation for kind, record_id, generation in records):
        raise Refused(410, REVOKED)
    return [(kind, record_id) for kind, record_id, _g in records]


def record_of(request, records, n):
    """(PublicKind, internal name) of the n-th record of a link, or Refused."""
    if not 1 <= n <= len(records):
        raise Refused(404, UNKNOWN_LINK)
    kind_name, record_id = records[n - 1]
    resource = publishable(request.registry, kind_name)
    obj = request.db.get(resource.model, record_id) if resource is not None else None
    if obj is None or obj.deleted is not None:
        raise Refused(404, GONE_RECORD)
    return request.registry["smogpanel.public_kinds"][kind_name], obj.internal_name


def draft_of(request, records, n):
    """(PublicKind, internal name, Built envelope) of the n-th record's draft, or Refused."""
    kind, name = record_of(request, records, n)
    payload = kind.load(request, name)
    if payload is None:
        raise Refused(404, EMPTY)
    return kind, name, Built.of(dumps({"success": True, "message": payload}))


def private(response):
    response.headers.update(PRIVATE)
    return response


def preview_page(request):
    token, n = request.matchdict["token"], request.matchdict.get("n") or "1"
    try:
        if not (n.isascii() and n.isdigit()):
            raise Refused(404, UNKNOWN_LINK)
        n = int(n)
        kind, name, built = draft_of(request, read_token(request, token), n)
    except Refused as refused:
        page = REFUSED_PAGE.format(refused.reason)
        return private(Response(page, status=refused.status, content_type="text/html", charset="utf-8"))
    api = request.route_path("api-preview", token=token, n=n)
    page = build_page(request, kind, name, "", built, bundle_path(request, kind.plugin), api=api, preview=True)
    return private(Response(body=page.body, content_type="text/html", charset="utf-8"))


def preview_payload(request):
    try:
        _kind, _name, built = draft_of(
            request, read_token(request, request.matchdict["token"]), int(request.matchdict["n"])
        )
    except Refused as refused:
        raise ApiError("NOT_FOUND", [{"name": "token", "description": refused.reason}], status=refused.status) from None
    return private(Response(body=built.body, content_type="application/json"))


def preview_part(request):
    """GET /api/preview/<token>/<n>/<part>: a plugin's own endpoint beside the payload (a search's
    card, `/api/public/<kind>/<name>/<part>`, which the runtime asks under the page's `api`),
    answered for the draft: asked inside this request and its transaction, with `is_public` true
    for this record alone (smogpanel.public.payloads.PREVIEWING)."""
    try:
        records = read_token(request, request.matchdict["token"])
        kind, name = record_of(request, records, int(request.matchdict["n"]))
    except Refused as refused:
        raise ApiError("NOT_FOUND", [{"name": "token", "description": refused.reason}], status=refused.status) from None
    return private(public_part(request, kind, name))


def public_part(request, kind, name):
    """`/api/public/<kind>/<name>/<part>` (the matchdict's `part`) asked inside this request and
    its transaction, with `is_public` true for this record alone; a part no route serves is the
    envelope's 404 (not the not-found view's added-slash redirect of the outer path)."""
    path = request.route_path("api-public", kind=kind.kind, internal_name=name) + "/" + request.matchdict["part"]
    inner = Request.blank(path, base_url=request.application_url, query_string=request.query_string)
    inner.environ[PREVIEWING] = (kind.kind, name)
    # This request's transaction and session (reified attributes kept on the instance).
    inner.__dict__["tm"], inner.__dict__["db"] = request.tm, request.db
    try:
        return request.invoke_subrequest(inner, use_tweens=False)
    except HTTPNotFound:
        raise ApiError("NOT_FOUND") from None


def authorize_preview(request, resource, obj):
    """Who may make or revoke a record's preview links: who may publish it or edit it."""
    if not may(request, resource, "publish", obj):
        authorize(request, resource, "update", obj)


def revoke(request, kind, record_id):
    """Refuses every preview link of the record from now on: its generation goes up by one."""
    db = request.db
    where = (GENERATIONS.c.kind == kind, GENERATIONS.c.record_id == record_id)
    if db.execute(sa.update(GENERATIONS).where(*where).values(generation=GENERATIONS.c.generation + 1)).rowcount:
        return
    try:
        with db.begin_nested():
            db.execute(sa.insert(GENERATIONS).values(kind=kind, record_id=record_id, generation=1))
    except IntegrityError:  # another request revoked them a moment ago: its row, one more
        db.execute(sa.update(GENERATIONS).where(*where).values(generation=GENERATIONS.c.generation + 1))
