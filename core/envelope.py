"""The one response envelope: `{"success": bool, "message": data}` for every /api answer.

Views return plain data and render with `renderer="envelope"`; failures raise `ApiError`
(or let Pyramid raise its HTTP exceptions) and the exception views below turn them into
the same envelope with a stable upper-case code. No traceback ever leaves the server.
"""

import hashlib
import logging
from decimal import Decimal

import orjson
from pyramid.httpexceptions import HTTPException, HTTPTemporaryRedirect
from pyramid.interfaces import IRoutesMapper
from pyramid.response import Response

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["ApiError", "error_response"]

log = logging.getLogger(__name__)

STATUS_OF = {
    "VALIDATION_FAILED": 400,
    "UNAUTHORISED": 401,
    "FORBIDDEN": 403,
    "NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "CONFLICT": 409,
    "CHANGED_MEANWHILE": 412,
    "FILE_TOO_LARGE": 413,
    "UNSUPPORTED_MEDIA_TYPE": 415,
    "IMPORT_FAILED": 422,
    "TOO_MANY_ATTEMPTS": 429,
    "INTERNAL_ERROR": 500,
    "SERVICE_BUSY": 503,
    "DATABASE_UNAVAILABLE": 503,  # smogpanel.ops.readiness
    "MIGRATIONS_PENDING": 503,
}

# Naive datetimes are UTC by convention here (see db.UTCDateTime); they get "+00:00".
_JSON_OPTIONS = orjson.OPT_OMIT_MICROSECONDS | orjson.OPT_NON_STR_KEYS | orjson.OPT_NAIVE_UTC


def _encode_extra(value):
    if isinstance(value, Decimal):
        # Written as the exact decimal text, never through a binary float ('0.1', '12.5').
        if not value.is_finite():
            return None
        text = format(value, "f")
        if "." in text:
            text = text.rstrip("0").rstrip(".")
        return orjson.Fragment(text if text not in ("-0", "") else "0")
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    raise TypeError(f"cannot encode {type(value).__name__}")


def dumps(value, sort_keys=False):
    option = _JSON_OPTIONS | orjson.OPT_SORT_KEYS if sort_keys else _JSON_OPTIONS
    return orjson.dumps(value, default=_encode_extra, option=option)


class ApiError(Exception):
    """A client-facing failure: `code` is one of STATUS_OF; `errors` a list of
    `{"name", "description"}` with Polish descriptions fit for the operator."""

    def __init__(self, code, errors=None, status=None):
        super().__init__(code)
        self.code = code
        self.errors = list(errors or [])
        self.status = status or STATUS_OF[code]

    @classmethod
    def invalid(cls, name, description):
        return cls("VALIDATION_FAILED", [{"name": name, "description": description}])


def error_response(code, errors=None, status=None):
    body = {"success": False, "message": code}
    if errors:
        body["errors"] = errors
    return Response(
        body=dumps(body),
        status=status or STATUS_OF[code],
        content_type="application/json",
        charset="utf-8",
    )


# The version of the record a view answers with (smogpanel.record_etags), for its ETag
RECORD_VERSION = "smogpanel.record_version"


class EnvelopeRenderer:
    """Wraps a view's return value as a successful envelope; GET answers carry an ETag
    so an unchanged list costs the client a 304 instead of the body. An answer about one record
    (RECORD_VERSION set: its GET, its edit) carries the record's version in front of that digest,
    for `If-Match` (smogpanel.record_etags)."""

    def __init__(self, info):
        pass

    def __call__(self, value, system):
        request = system.get("request")
        body = dumps({"success": True, "message": value})
        if request is not None:
            response = request.response
            response.content_type = "application/json"
            response.charset = "utf-8"
            version = request.environ.get(RECORD_VERSION)
            if version or request.method in ("GET", "HEAD"):
                digest = hashlib.blake2b(body, digest_size=16).hexdigest()
                response.etag = f"{version}-{digest}" if version else digest
            if request.method in ("GET", "HEAD"):
                if "Cache-Control" not in response.headers:  # public views set their own
                    response.cache_control = "private, no-cache"
                response.conditional_response = True
        return body


def _api_error_view(exc, request):
    # pyramid_tm aborts the request's transaction because an exception view answered.
    return error_response(exc.code, exc.errors, exc.status)


def _http_exception_view(exc, request):
    """Pyramid's own HTTP exceptions (404, 405, redirects...) seen on the API."""
    if exc.status_code < 400:
        return exc
    code = {
        400: "VALIDATION_FAILED",
        401: "UNAUTHORISED",
        403: "FORBIDDEN",
        404: "NOT_FOUND",
        405: "METHOD_NOT_ALLOWED",
        409: "CONFLICT",
        413: "FILE_TOO_LARGE",
        415: "UNSUPPORTED_MEDIA_TYPE",
    }.get(exc.status_code, "INTERNAL_ERROR")
    response = error_response(code, status=exc.status_code if code != "INTERNAL_ERROR" else 500)
    if exc.status_code == 405:  # RFC 9110 15.5.6: a 405 lists the methods the resource takes
        allow = exc.headers.get("Allow") or ", ".join(sorted(allowed_methods(request) or ()))
        if allow:
            response.headers["Allow"] = allow
    return response


def unexpected_error_view(exc, request):
    log.exception("unexpected error on %s %s", request.method, request.path)
    return error_response("INTERNAL_ERROR")


def is_api(request):
    return request.path_info == "/api" or request.path_info.startswith("/api/")


# -- request bodies ----------------------------------------------------------------------------
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


def _takes_json(content_type):
    base = content_type.split(";", 1)[0].strip().lower()
    return base == "application/json" or (base.startswith("application/") and base.endswith("+json"))


def unsupported_body(request):
    """The 415 answer for an /api request whose body is not JSON (every API endpoint takes
    JSON; files travel inside it as data URLs), or None. Checked before any view or CSRF check
    reads the body, so a form or a multipart body (with a boundary or without) never reaches a
    parser."""
    if request.method not in UNSAFE_METHODS or not is_api(request):
        return None
    content_type = request.headers.get("Content-Type", "")
    has_body = bool(request.content_length) or "chunked" in request.headers.get("Transfer-Encoding", "").lower()
    if (content_type.strip() and not _takes_json(content_type)) or (has_body and not content_type.strip()):
        shown = content_type.split(";", 1)[0].strip()[:100] or "brak"
        return error_response(
            "UNSUPPORTED_MEDIA_TYPE",
            [
                {
                    "name": "body",
                    "description": f"Nieobsługiwany typ treści żądania ({shown}). Wyślij dane jako JSON "
                    "(nagłówek Content-Type: application/json).",
                }
            ],
        )
    return None


def unreadable_json(request):
    """The 400 answer for an /api JSON body that is no JSON document (RFC 8259), or None. orjson
    reads strictly where Python's json module lets through what breaks later, in any view: a
    lone UTF-16 surrogate ("\\ud800": UnicodeEncodeError as soon as the text is encoded, e.g. a
    password hashed), NaN and Infinity, nesting deep enough for a RecursionError."""
    if request.method not in UNSAFE_METHODS or not is_api(request) or not request.body:
        return None
    if not _takes_json(request.headers.get("Content-Type", "")):
        return None
    try:
        orjson.loads(request.body)
    except orjson.JSONDecodeError as error:
        surrogate = "surrogate" in str(error)
        return error_response(
            "VALIDATION_FAILED",
            [
                {
                    "name": "body",
                    "description": "Treść żądania nie jest poprawnym dokumentem JSON"
                    + (" (zawiera niesparowany znak zastępczy UTF-16, np. \\ud800)." if surrogate else "."),
                }
            ],
        )
    return None


FORM_TYPES = ("multipart/form-data", "application/x-www-form-urlencoded")
UNREADABLE_FORM = (
    "Treści formularza nie da się odczytać (np. multipart/form-data bez granicy „boundary”). "
    "Wyślij formularz jeszcze raz ze strony."
)


def unreadable_form(request):
    """The 400 answer for a form body outside /api (a public page's form: a letter's
    confirmation, an erase link) that WebOb cannot parse, or None. WebOb raises as the view
    first reads `request.params` (a multipart body without a boundary: ValueError, a 500); read
    here once, its parse is kept in the environ and the view reads it again for free."""
    if request.method not in UNSAFE_METHODS or is_api(request):
        return None
    if request.headers.get("Content-Type", "").split(";", 1)[0].strip().lower() not in FORM_TYPES:
        return None
    try:
        request.POST  # noqa: B018 (parsed for its errors; WebOb keeps the result)
    except Exception:  # WebOb's and the multipart parser's errors are of several types
        return error_response("VALIDATION_FAILED", [{"name": "body", "description": UNREADABLE_FORM}])
    return None


def body_type_tween_factory(handler, registry):
    """The malformed-request tween of bodies: every route answers a body it cannot read with a
    400 or 415 here, before any view, CSRF check or parser reads it."""

    def tween(request):
        return unsupported_body(request) or unreadable_json(request) or unreadable_form(request) or handler(request)

    return tween


def includeme(config):
    config.add_tween("smogpanel.envelope.body_type_tween_factory")
    config.add_renderer("envelope", EnvelopeRenderer)
    config.add_exception_view(_api_error_view, context=ApiError)
    config.add_exception_view(_http_exception_view, context=HTTPException)
    config.add_exception_view(unexpected_error_view, context=Exception)


def api_not_found(request):
    """Unknown /api paths answer the 404 envelope (a trailing slash is forgiven)."""
    if not request.path_info.endswith("/"):
        alternative = request.path_info + "/"
        mapper = request.registry.queryUtility(IRoutesMapper)
        if mapper is not None and any(r.match(alternative) is not None for r in mapper.get_routes()):
            query = ("?" + request.query_string) if request.query_string else ""
            return HTTPTemporaryRedirect(location=request.script_name + alternative + query)
    return error_response("NOT_FOUND")


ALLOWED_METHODS = "smogpanel.allowed_methods"  # registry key: {route name: frozenset of methods | None}


def allowed_methods(request):
    """The methods the matched route's views take (HEAD with GET, as Pyramid serves it), or None
    when there is no matched route or a view takes any method. From the views registered on the
    route, so a plain `add_view` route answers like a Cornice service."""
    route = request.matched_route
    if route is None:
        return None
    known = request.registry.setdefault(ALLOWED_METHODS, {})
    if route.name not in known:
        methods = set()
        for entry in request.registry.introspector.get_category("routes"):
            if entry["introspectable"]["name"] != route.name:
                continue
            for view in entry["related"]:
                if view.category_name != "views" or getattr(view["callable"], "__name__", "") == "_fallback_view":
                    continue  # Cornice's own 405 view on every service's route
                taken = view["request_methods"]
                if taken is None:
                    methods = None
                    break
                methods.update((taken,) if isinstance(taken, str) else taken)
        if methods and "GET" in methods:
            methods.add("HEAD")
        known[route.name] = frozenset(methods) if methods else None
    return known[route.name]


def method_not_allowed(request):
    """The 405 answer (with Allow) for a request whose path is a route but whose method none of
    its views takes, or None. Pyramid itself answers that case 404 (PredicateMismatch): the not
    found views call this first, so every route answers alike, not only Cornice's services."""
    methods = allowed_methods(request)
    if not methods or request.method in methods:
        return None
    response = error_response("METHOD_NOT_ALLOWED")
    response.headers["Allow"] = ", ".join(sorted(methods))
    return response
