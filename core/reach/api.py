"""The reach figures for the panel: `GET /api/reach/` (per day, per site, per widget and a
kind's funnel) and `GET /api/reach/export` (a row per day, widget, site and event, as .xlsx
or .csv). Any signed-in operator may read them (the kind `reach`'s rules, and with `kind` the
read rule of that kind too): they say how often, never who."""

import csv
import io
from datetime import date, timedelta

import colander
import sqlalchemy as sa
from cornice import Service
from openpyxl import Workbook
from pyramid.response import Response

from ..authority import Rules, authorize
from ..db import MAX_ID
from ..envelope import ApiError
from ..list_export import FORMATS, XLSX
from ..query_params import DAY, day_param, whole_number
from ..spreadsheets.exports import csv_value, header_row, row
from .counter import today
from .models import ReachCount
from .sites import OTHER

REACH = Rules(kind="reach")  # the default rules: every signed-in operator reads
DEFAULT_DAYS = 30
MAX_DAYS = 366
TOP_SITES = 100
TOP_RECORDS = 200
VIEW_LABEL = "Wyświetlenia"
DIRECT_LABEL = "Strona panelu (bez osadzenia)"
OTHER_LABEL = "Inne strony (ponad dzienny limit nowych stron widżetu)"


def site_label(site):
    return {"": DIRECT_LABEL, OTHER: OTHER_LABEL}.get(site, site)


def _range(request):
    start, end = day_param(request, "from"), day_param(request, "to")
    end = end or (start + timedelta(days=DEFAULT_DAYS - 1) if start else today())
    start = start or end - timedelta(days=DEFAULT_DAYS - 1)
    if start > end:
        raise ApiError.invalid("from", "Początek zakresu musi być przed jego końcem.")
    if (end - start).days + 1 > MAX_DAYS:
        raise ApiError.invalid("to", f"Zakres może mieć najwyżej {MAX_DAYS} dni.")
    return start, end


def _filters(request):
    """(conditions, the filters as read, the kind's PublicKind or None); 400 on a bad one."""
    kinds = request.registry["smogpanel.public_kinds"]
    authorize(request, REACH, "read")
    kind = request.params.get("kind") or None
    if kind is not None:
        if kind not in kinds:
            raise ApiError.invalid("kind", f"Nieznany rodzaj widżetu. Wybierz jeden z: {', '.join(sorted(kinds))}.")
        if kind in request.registry["smogpanel.resources"]:
            authorize(request, kind, "read")
    record_id = whole_number(request, "record_id", minimum=0, maximum=MAX_ID)
    if record_id is not None and kind is None:
        raise ApiError.invalid("kind", "Podaj rodzaj widżetu razem z id elementu.")
    start, end = _range(request)
    table = ReachCount.__table__.c
    conditions = [table.day >= start, table.day <= end]
    if kind is not None:
        conditions.append(table.kind == kind)
    if record_id is not None:
        conditions.append(table.record_id == record_id)
    filters = {"kind": kind, "record_id": record_id, "from": start.isoformat(), "to": end.isoformat()}
    return conditions, filters, kinds.get(kind)


def record_names(request, pairs):
    """{(kind, id): internal name} for the records named in the figures (deleted ones too)."""
    names = {}
    by_kind = {}
    for kind, record_id in pairs:
        by_kind.setdefault(kind, set()).add(record_id)
    for kind, ids in by_kind.items():
        model = getattr(request.registry["smogpanel.resources"].get(kind), "model", None)
        if model is None or not hasattr(model, "internal_name"):
            continue
        for record_id, name in request.db.execute(
            sa.select(model.id, model.internal_name).where(model.id.in_(sorted(ids)))
        ):
            names[(kind, record_id)] = name
    return names


def reach_view(request):
    """The figures of the filter: views per day (with each funnel step), per site, per widget."""
    conditions, filters, public = _filters(request)
    table = ReachCount.__table__.c
    where = sa.and_(*conditions)
    total = sa.func.sum(table["count"])
    per_day = {}
    for day, event, count in request.db.execute(
        sa.select(table.day, table.event, total).where(where).group_by(table.day, table.event)
    ):
        per_day.setdefault(day, {})[event] = int(count)
    start, end = date.fromisoformat(filters["from"]), date.fromisoformat(filters["to"])
    days = []
    for offset in range((end - start).days + 1):
        day = start + timedelta(days=offset)
        events = per_day.get(day, {})
        days.append({"day": day.isoformat(), "views": events.get("view", 0), "events": events})
    views = sa.and_(where, table.event == "view")
    sites = [
        {"site": site, "label": site_label(site), "views": int(count)}
        for site, count in request.db.execute(
            sa.select(table.site, total)
            .where(views)
            .group_by(table.site)
            .order_by(total.desc(), table.site)
            .limit(TOP_SITES)
        )
    ]
    counted = request.db.execute(
        sa.select(table.kind, table.record_id, total)
        .where(views)
        .group_by(table.kind, table.record_id)
        .order_by(total.desc(), table.kind, table.record_id)
        .limit(TOP_RECORDS)
    ).all()
    names = record_names(request, [(kind, record_id) for kind, record_id, _ in counted])
    kinds = request.registry["smogpanel.public_kinds"]
    records = [
        {
            "kind": kind,
            "kind_label": kinds[kind].title if kind in kinds else kind,
            "record_id": record_id,
            "name": names.get((kind, record_id), ""),
            "views": int(count),
        }
        for kind, record_id, count in counted
    ]
    funnel = []
    if public is not None and public.funnel:
        totals = dict(request.db.execute(sa.select(table.event, total).where(where).group_by(table.event)).all())
        funnel = [
            {"event": event, "label": label, "count": int(totals.get(event, 0))} for event, label in public.funnel
        ]
    return {
        **filters,
        "views": sum(day["views"] for day in days),
        "days": days,
        "sites": sites,
        "records": records,
        "funnel": funnel,
    }


HEADERS = ["Dzień", "Rodzaj", "Id elementu", "Nazwa wewnętrzna", "Strona", "Zdarzenie", "Liczba"]


def event_label(registry, kind, event):
    """A kind's own name of the step (its `funnel`), else 'Wyświetlenia' for a view."""
    public = registry["smogpanel.public_kinds"].get(kind)
    return dict(public.funnel if public else ()).get(event) or (VIEW_LABEL if event == "view" else event)


def export_view(request):
    """The figures as a workbook or a CSV (UTF-8 with BOM, `;`), a row per day, widget, site and
    event; text an operator or a site could have typed is formula-safe (spreadsheets.exports)."""
    fmt = request.params.get("format") or "xlsx"
    if fmt not in FORMATS:
        raise ApiError.invalid("format", "Format: wybierz xlsx albo csv.")
    conditions, filters, _public = _filters(request)
    table = ReachCount.__table__.c
    found = request.db.execute(
        sa.select(table.day, table.kind, table.record_id, table.site, table.event, table["count"])
        .where(*conditions)
        .order_by(table.day, table.kind, table.record_id, table.site, table.event)
    ).all()
    names = record_names(request, {(r.kind, r.record_id) for r in found})
    rows = [
        [
            r.day,
            r.kind,
            r.record_id,
            names.get((r.kind, r.record_id), ""),
            site_label(r.site),
            event_label(request.registry, r.kind, r.event),
            int(r.count),
        ]
        for r in found
    ]
    if fmt == "xlsx":
        workbook = Workbook(write_only=True)
        sheet = workbook.create_sheet("Zasięg")
        sheet.append(header_row(sheet, HEADERS))
        for values in rows:
            sheet.append(row(sheet, values))
        out = io.BytesIO()
        workbook.save(out)
        body, content_type, charset = out.getvalue(), XLSX, None
    else:
        out = io.StringIO()
        writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
        writer.writerow(HEADERS)
        for values in rows:
            writer.writerow([csv_value(v) if isinstance(v, str) else v for v in values])
        body, content_type, charset = ("\ufeff" + out.getvalue()).encode("utf-8"), "text/csv", "utf-8"
    return Response(
        body=body,
        content_type=content_type,
        charset=charset,
        content_disposition=f'attachment; filename="zasieg-{filters["from"]}-{filters["to"]}.{fmt}"',
        cache_control="private, no-store",
    )


class _Query(colander.MappingSchema):
    """The query string, for the API document: the views read and check it themselves (Polish
    errors in the envelope), as the history's list does."""

    kind = colander.SchemaNode(
        colander.String(),
        missing=colander.drop,
        description="rodzaj widżetu, np. timer",
        # the public kinds of the enabled plugins (the description is bound to the app's registry)
        openapi=lambda node: {"enum": sorted(node.bindings["registry"].get("smogpanel.public_kinds", {}))},
    )
    record_id = colander.SchemaNode(
        colander.Integer(),
        missing=colander.drop,
        validator=colander.Range(0, MAX_ID),
        description="id elementu (razem z kind)",
    )
    to = colander.SchemaNode(
        colander.String(),
        missing=colander.drop,
        validator=DAY,
        description="do dnia RRRR-MM-DD (czas polski, włącznie; domyślnie dziś)",
    )


def _schema(export=False):
    query = _Query()
    query.add(
        colander.SchemaNode(
            colander.String(),
            name="from",
            missing=colander.drop,
            validator=DAY,
            description=f"od dnia RRRR-MM-DD (domyślnie {DEFAULT_DAYS} dni do `to`; zakres do {MAX_DAYS} dni)",
        )
    )
    if export:
        query.add(
            colander.SchemaNode(
                colander.String(), name="format", missing=colander.drop, validator=colander.OneOf(FORMATS)
            )
        )
    query.name = "querystring"
    schema = colander.MappingSchema()
    schema.add(query)
    return schema


def includeme(config):
    figures = Service(
        name="reach-figures",
        path="/api/reach/",
        description="reach: views of the public widgets per day, per embedding site and per widget",
    )
    figures.add_view("GET", reach_view, renderer="envelope", schema=_schema())
    export = Service(
        name="reach-export",
        path="/api/reach/export",
        description="reach: the figures as .xlsx or .csv",
    )
    export.add_view("GET", export_view, schema=_schema(export=True))
    config.add_cornice_service(figures)
    config.add_cornice_service(export)


export_view.answer_types = (
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "text/csv",
)  # the file it answers, for the API description
