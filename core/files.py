"""Uploaded and generated files: checked by size and by their real content (magic bytes, never
the type the browser declares), stored in the database so app processes stay stateless, and
served at `/files/<name>` under a random, unguessable name with long caching.

Uploads arrive in JSON bodies as `{"name": "logo.png", "data": "data:image/png;base64,..."}`.
A form field that keeps its file (an unchanged logo) sends the stored name instead; see
`resolve_upload`.
"""

import base64
import binascii
import re
import unicodedata
import uuid
from dataclasses import dataclass
from urllib.parse import quote, unquote_to_bytes

import sqlalchemy as sa
from pyramid.exceptions import ConfigurationError
from pyramid.httpexceptions import HTTPNotFound
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from .db import utcnow
from .envelope import ApiError
from .filetypes import (  # noqa: F401 (IMAGES, SPREADSHEETS and detect are part of this module's API)
    CONTROL_CHARACTERS,
    FORMATS,
    IMAGES,
    SPREADSHEETS,
    detect,
    formats_label,
    kind_of_content_type,
    text_encoding,
)
from .images import ImageLimits, clean_image
from .models import StoredFile
from .openapi import BINARY, describe_route

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["IMAGES", "SPREADSHEETS", "detect", "decode_upload", "wrong_format_message", "file_url"]

DEFAULT_MAX_UPLOAD_BYTES = 5 * 1024 * 1024
ROUTE = "smogpanel-file"
_STORED_NAME = re.compile(r"[0-9a-f]{32}(\.[a-z0-9]{1,8})?")


# -- reading an upload --------------------------------------------------------------------
@dataclass(frozen=True)
class Upload:
    name: str  # the operator's file name, as sent (never used to store or to decide the type)
    data: bytes
    kind: str  # the real kind, from the content


def max_upload_bytes(registry):
    return registry["smogpanel.max_upload_bytes"]


def megabytes(size):
    """'5 MB', '0,5 MB': sizes the way the operator reads them."""
    value = size / (1024 * 1024)
    text = f"{value:.0f}" if value >= 10 else f"{value:.2f}".rstrip("0").rstrip(".")
    if text == "0":
        text = f"{value:.3f}".rstrip("0").rstrip(".")
    return text.replace(".", ",") + " MB"


def _too_large(field, size, limit):
    return ApiError(
        "FILE_TOO_LARGE",
        [
            {
                "name": field,
                "description": f"Plik jest za duży ({megabytes(size)}). "
                f"Największy dozwolony rozmiar pliku to {megabytes(limit)}.",
            }
        ],
    )


def clean_file_name(name):
    if not isinstance(name, str):
        return ""
    name = re.split(r"[\\/]", name)[-1]  # browsers may send C:\fakepath\logo.png
    return CONTROL_CHARACTERS.sub("", name).strip()[:255]


def decode_upload(request, upload, field="file"):
    """`(original name, bytes)` of a `{name, data}` upload: 400 when it is not a data URL with
    content, 413 when larger than `smogpanel.max_upload_bytes`."""
    not_sent = ApiError.invalid(field, "Nie przesłano pliku albo został przesłany niepoprawnie. Wybierz plik ponownie.")
    if not isinstance(upload, dict) or not isinstance(upload.get("data"), str):
        raise not_sent
    header, comma, payload = upload["data"].partition(",")
    if not header.startswith("data:") or not comma:
        raise not_sent
    limit = max_upload_bytes(request.registry)
    if header.endswith(";base64"):
        payload = "".join(payload.split())
        estimate = len(payload) * 3 // 4 - payload[-2:].count("=")
        if estimate > limit:
            raise _too_large(field, estimate, limit)
        try:
            data = base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError):
            raise not_sent
    else:
        data = unquote_to_bytes(payload)
    if len(data) > limit:
        raise _too_large(field, len(data), limit)
    if not data:
        raise ApiError.invalid(field, "Przesłany plik jest pusty.")
    return clean_file_name(upload.get("name")), data


def wrong_format_message(name, kind, kinds):
    shown = f"„{name}” " if name else ""
    if kind is None:
        return (
            f"Nieobsługiwany format pliku {shown}(sprawdzono jego zawartość). "
            f"Dozwolone formaty: {formats_label(kinds)}."
        )
    # Any plain text reads as CSV; where CSV is not wanted (a logo) it is just a text file (an
    # HTML page, an SVG), so say that rather than "w formacie CSV".
    what = f"w formacie {FORMATS[kind].label}" if kind != "csv" or "csv" in kinds else "plikiem tekstowym"
    return f"Plik {shown}jest {what} (sprawdzono jego zawartość), a dozwolone formaty to: {formats_label(kinds)}."


def check_upload(request, upload, kinds=IMAGES, field="file"):
    """Decodes and checks an upload without storing it: an `Upload` whose real kind is one of
    `kinds`; 400 naming the allowed formats otherwise. An image's `data` is the image
    re-encoded from its pixels (metadata and anything appended dropped); 400 when it does not
    decode, 413 over `smogpanel.max_image_pixels` / `smogpanel.max_image_side`."""
    name, data = decode_upload(request, upload, field)
    kind = detect(data)
    if kind not in kinds:
        raise ApiError.invalid(field, wrong_format_message(name, kind, kinds))
    if kind in IMAGES:  # decoded, bounded and re-encoded: see smogpanel.images
        data = clean_image(data, kind, request.registry["smogpanel.image_limits"], field, name)
    return Upload(name=name, data=data, kind=kind)


def read_upload_bytes(request, upload, kinds=SPREADSHEETS, field="file"):
    """The checked bytes of an upload, not stored (imports read and forget their files)."""
    return check_upload(request, upload, kinds, field).data


# -- storing ------------------------------------------------------------------------------
def _content_type(kind, data):
    if kind == "csv":
        encoding = text_encoding(data) or "utf-8"
        charset = {"utf-8-sig": "utf-8", "cp1250": "windows-1250"}.get(encoding, encoding)
        return f"text/csv; charset={charset}"
    return FORMATS[kind].content_type


def _save(request, original_name, content_type, extension, data):
    name = uuid.uuid4().hex + extension
    request.db.add(
        StoredFile(
            name=name,
            original_name=original_name[:255],
            content_type=content_type,
            size=len(data),
            data=data,
            created=utcnow(),
        )
    )
    request.db.flush()
    return name


def store_upload(request, upload, kinds=IMAGES, field="file"):
    """Checks and stores an uploaded file; returns its stored name (e.g. '3f2a….png')."""
    checked = check_upload(request, upload, kinds, field)
    return _save(
        request, checked.name, _content_type(checked.kind, checked.data), FORMATS[checked.kind].extension, checked.data
    )


def store_generated(request, name, content_type, data):
    """Stores a file the server made (an export); returns its stored name. `name` is the file
    name the operator's browser offers when saving it, e.g. 'mapa.xlsx'."""
    match = re.search(r"\.([A-Za-z0-9]{1,8})$", name or "")
    extension = "." + match.group(1).lower() if match else ""
    return _save(request, clean_file_name(name), content_type, extension, data)


def file_url(request, stored_name):
    """The path the browser opens to get a stored file: '/files/<name>'."""
    return request.route_path(ROUTE, name=stored_name)


def resolve_upload(request, value, kinds=IMAGES, field="file"):
    """A file field of an edit form: None or '' → None (no file); the stored name of an
    existing file (also as '/files/<name>') → kept as is; `{name, data}` → stored anew.
    Anything else answers 400."""
    if value is None or value == "":
        return None
    if isinstance(value, dict):
        return store_upload(request, value, kinds, field)
    if isinstance(value, str):
        name = value.rsplit("/", 1)[-1]
        if _STORED_NAME.fullmatch(name):
            content_type = request.db.scalar(sa.select(StoredFile.content_type).where(StoredFile.name == name))
            if content_type is not None and kind_of_content_type(content_type) in kinds:
                return name
    raise ApiError.invalid(field, "Wskazany plik nie istnieje. Wybierz plik ponownie.")


# -- serving ------------------------------------------------------------------------------
def _ascii_name(name):
    text = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    text = "".join(ch for ch in text if ch.isascii() and ch.isprintable() and ch not in '"\\')
    return text or "plik"


def serve_file(request):
    """GET /files/{name}: the stored bytes, cacheable forever (a name never changes content)."""
    name = request.matchdict["name"]
    stored = None
    if _STORED_NAME.fullmatch(name):
        stored = request.db.execute(sa.select(StoredFile).where(StoredFile.name == name)).scalar_one_or_none()
    if stored is None:
        raise HTTPNotFound()
    response = Response(body=stored.data, content_type=stored.content_type.split(";")[0].strip())
    if "charset=" in stored.content_type:
        response.charset = stored.content_type.split("charset=", 1)[1].strip()
    response.cache_control = "public, max-age=31536000, immutable"
    response.etag = name
    response.conditional_response = True
    response.headers["X-Content-Type-Options"] = "nosniff"
    if stored.content_type.startswith("image/"):
        response.content_disposition = "inline"
    else:
        original = stored.original_name or name
        response.content_disposition = (
            f"attachment; filename=\"{_ascii_name(original)}\"; filename*=UTF-8''{quote(original, safe='')}"
        )
    return response


def includeme(config):
    settings = config.registry.settings
    try:
        limit = int(settings.get("smogpanel.max_upload_bytes") or DEFAULT_MAX_UPLOAD_BYTES)
    except (TypeError, ValueError):
        limit = 0
    if limit <= 0:
        raise ConfigurationError(
            "smogpanel.max_upload_bytes (SMOGPANEL_MAX_UPLOAD_BYTES) must be a positive number of bytes."
        )
    config.registry["smogpanel.max_upload_bytes"] = limit
    config.registry["smogpanel.image_limits"] = ImageLimits.from_settings(settings)
    config.add_route(ROUTE, "/files/{name}")
    config.add_view(serve_file, route_name=ROUTE, request_method="GET", permission=NO_PERMISSION_REQUIRED)

    describe_route(
        config,
        "/files/{name}",
        "GET",
        {
            "summary": "Zapisany plik (logo, okładka, eksport) pod jego niezmienną nazwą; bez logowania.",
            "security": [],
            "parameters": [{"name": "name", "in": "path", "required": True, "schema": {"type": "string"}}],
            "responses": {
                "200": {
                    "description": "Bajty pliku",
                    "content": {
                        kind: {"schema": BINARY}
                        for kind in ("image/png", "image/jpeg", "image/gif", "image/webp", "application/octet-stream")
                    },
                },
                "304": {"description": "Bez zmian"},
                "404": {
                    "description": "Nie ma takiego pliku",
                    "content": {"text/html": {"schema": {"type": "string"}}},
                },
            },
        },
    )
