""" "Pobierz dane": the table behind a public widget as CSV (UTF-8 with a BOM, `;`, decimal
commas, as the admin list exports) or .xlsx, at `/view/<kind>/<name>/data.csv|.xlsx`, for
every kind that declares `PublicKind.table` (smogpanel.public.sheets). Formula-safe through
`smogpanel.spreadsheets.exports`. Each file ends with the source and licence line the operator
set for the record (`PublicAttribution`, the default licence from `smogpanel.public_licence`).

Cached like the payload: by (kind, name, format, data version of the kind's tables and the
attribution table), in the process; the answer has the payload's Cache-Control and an ETag.
"""

import csv
import hashlib
import io
import json
import re
from datetime import date, datetime

import sqlalchemy as sa
from openpyxl import Workbook
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..answer_cache import Built, LocalCache, PublicCache, answer
from ..app_state import hold
from ..data_versions import engine_of, request_version, track
from ..list_export import XLSX, csv_text, xlsx_value
from ..models import PublicAttribution
from ..openapi import describe_route
from ..settings import public_url
from ..spreadsheets.exports import csv_value, header_row, row
from .payloads import NOT_FOUND_PAGE, built_payload, kind_of, public_cache_control

FORMATS = {"csv": "text/csv", "xlsx": XLSX}
DEFAULT_LICENCE = "CC BY 4.0"
ATTRIBUTION_TABLE = PublicAttribution.__tablename__
_SHEET_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def default_licence(settings):
    return (settings.get("smogpanel.public_licence") or "").strip() or DEFAULT_LICENCE


def record_id(request, kind, name):
    """The live record's id behind /view/<kind>/<name>, through the kind's admin resource
    (PublicResource: the same kind name, a model with `internal_name`); None without one."""
    resource = request.registry.get("smogpanel.resources", {}).get(kind)
    model = getattr(resource, "model", None)
    if model is None or not hasattr(model, "internal_name"):
        return None
    return request.db.scalar(sa.select(model.id).where(model.internal_name == name, model.deleted.is_(None)).limit(1))


def attribution(request, kind, name, payload):
    """(source, licence) of a record's downloads: what the operator set, else the payload's own
    `source` (maps, graphs, searches and items carry one) and the default licence."""
    stored = None
    found = record_id(request, kind, name)
    if found is not None:
        stored = request.db.get(PublicAttribution, (kind, found))
    source = (stored.source if stored else "") or str((payload or {}).get("source") or "").strip()
    licence = (stored.licence if stored else "") or default_licence(request.registry.settings)
    return source, licence


def attribution_lines(request, kind, name, payload):
    source, licence = attribution(request, kind, name, payload)
    address = f"{public_url(request.registry.settings)}/view/{kind}/{name}"
    lines = [f"Źródło: {source}" if source else "Źródło: nie podano", f"Licencja: {licence}", f"Widżet: {address}"]
    return lines


def sheet_title(title, taken):
    base = _SHEET_FORBIDDEN.sub("-", title or "").strip().strip("'") or "Dane"
    name, number = base[:31], 1
    while name.lower() in taken:
        number += 1
        suffix = f" ({number})"
        name = base[: 31 - len(suffix)] + suffix
    taken.add(name.lower())
    return name


def _plain(value):
    if isinstance(value, (datetime, date)) or value is None or isinstance(value, (int, float, str)):
        return value
    return str(value)


def xlsx_bytes(sheets, lines):
    workbook = Workbook(write_only=True)
    taken = set()
    for sheet in sheets or [None]:
        target = workbook.create_sheet(sheet_title(sheet.title if sheet else "Dane", taken))
        if sheet is not None:
            target.append(header_row(target, list(sheet.header)))
            for values in sheet.rows:
                target.append(row(target, [xlsx_value(_plain(v)) for v in values]))
        target.append([])
        for line in lines:
            target.append(row(target, [xlsx_value(line)]))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def csv_bytes(sheets, lines):
    """One CSV: each sheet's header and rows (a sheet's title on its own line before it when
    there are several), then the attribution lines."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for index, sheet in enumerate(sheets):
        if len(sheets) > 1:
            if index:
                writer.writerow([])
            writer.writerow([csv_value(sheet.title)])
        writer.writerow([csv_value(str(h)) for h in sheet.header])
        for values in sheet.rows:
            writer.writerow([csv_text(_plain(v)) for v in values])
    writer.writerow([])
    for line in lines:
        writer.writerow([csv_value(line)])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def download_tables(registry, kind):
    """The tables a kind's download reads: its payload's, and the attributions."""
    return registry["smogpanel.public_tables"][kind.kind] | {ATTRIBUTION_TABLE}


def sheets_of(request, kind, name, payload):
    return [sheet for sheet in (kind.table(request, name, payload) or []) if sheet is not None]


def public_data(request):
    kind = kind_of(request)
    fmt = request.matchdict["format"]
    name = request.matchdict["internal_name"]
    if kind is None or kind.table is None or fmt not in FORMATS:
        return not_found()
    _version, payload_built = built_payload(request, kind, name)
    if payload_built is None:
        return not_found()
    version = request_version(request, download_tables(request.registry, kind))

    def build():
        payload = json.loads(payload_built.body)["message"]
        sheets = sheets_of(request, kind, name, payload)
        lines = attribution_lines(request, kind.kind, name, payload)
        body = xlsx_bytes(sheets, lines) if fmt == "xlsx" else csv_bytes(sheets, lines)
        # A workbook is a zip already: no gzip or brotli copies of it.
        return Built.of(body) if fmt == "csv" else Built(body, hashlib.blake2b(body, digest_size=16).hexdigest())

    built = request.registry["smogpanel.public_data"].get_or_build(
        ("data", kind.kind, version, payload_built.etag, name, fmt), build
    )
    response = answer(request, built, FORMATS[fmt], public_cache_control(request))
    if fmt == "xlsx":
        response.charset = None
        response.content_type = XLSX
    response.content_disposition = f'attachment; filename="{kind.kind}-{name}.{fmt}"'
    return response


def not_found():
    return Response(NOT_FOUND_PAGE, status=404, content_type="text/html", charset="utf-8")


def data_links(request, kind, name):
    """{csv, xlsx} paths for the page's config, or None for a kind without a table."""
    if kind.table is None:
        return None
    return {fmt: request.route_path("view-data", kind=kind.kind, internal_name=name, format=fmt) for fmt in FORMATS}


def includeme(config):
    registry = config.registry
    track(engine_of(registry), {ATTRIBUTION_TABLE})
    size = int(registry.settings.get("smogpanel.public_cache_size") or 512)
    registry["smogpanel.public_data"] = hold(registry, PublicCache(LocalCache(min(size, 128)), name="data"))
    config.add_route("view-data", "/view/{kind}/{internal_name}/data.{format}")
    config.add_view(public_data, route_name="view-data", request_method="GET", permission=NO_PERMISSION_REQUIRED)

    describe_route(
        config,
        "/view/{kind}/{internal_name}/data.{format}",
        "GET",
        {
            "summary": "Dane widżetu do pobrania: CSV (UTF-8 z BOM) albo XLSX, ze źródłem i licencją.",
            "security": [],
            "parameters": [
                {"name": "kind", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "internal_name", "in": "path", "required": True, "schema": {"type": "string"}},
                {
                    "name": "format",
                    "in": "path",
                    "required": True,
                    "schema": {"type": "string", "enum": sorted(FORMATS)},
                },
            ],
            "responses": {
                "200": {
                    "description": "Plik z danymi",
                    "content": {
                        media: {"schema": {"type": "string", "contentMediaType": media}} for media in FORMATS.values()
                    },
                },
                "304": {"description": "Bez zmian od wersji z nagłówka If-None-Match"},
                "404": {
                    "description": "Nie ma takiego rekordu albo rodzaj nie ma danych tabelarycznych",
                    "content": {"text/html": {"schema": {"type": "string"}}},
                },
            },
        },
    )
