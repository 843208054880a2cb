"""Every resource list as a spreadsheet: exactly the rows the list screen shows (its search,
filters and sort; every page), in the columns it shows:

    GET <list path>/export?format=xlsx|csv&columns=[["id","ID"],["place","Miejsce","ordinal"]]&q=…

`columns` is JSON: [name, header, type?] per column, as the kit's list table declares them
(type `date`/`updated`: a time shown in Warsaw time, `yesno`: TAK/NIE, `ordinal`: a zero-based
place shown from 1, `number`: a decimal number). The cells are formula-safe
(smogpanel.spreadsheets.exports). The CSV is UTF-8 with a BOM, `;`-separated with decimal
commas: how Excel set to Polish opens a CSV, Polish letters included.
"""

import csv
import io
import json
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from openpyxl import Workbook
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE
from pyramid.response import Response

from .envelope import ApiError
from .query_params import EXPORT_FORMATS as FORMATS
from .query_params import EXPORT_MAX_COLUMNS as MAX_COLUMNS
from .query_params import EXPORT_TYPES as TYPES
from .spreadsheets.exports import csv_value, header_row, row

WARSAW = ZoneInfo("Europe/Warsaw")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
# Read by the list views instead of request.params (the list less `format` and `columns`),
# and telling kept_list to build afresh (a file is not kept).
LIST_PARAMS = "smogpanel.list_params"


def _columns(raw):
    invalid = ApiError.invalid(
        "columns", 'Kolumny: podaj listę JSON [nazwa, nagłówek, typ?], np. [["id","ID"],["name","Nazwa"]].'
    )
    try:
        columns = json.loads(raw or "")
    except ValueError:
        raise invalid
    if not isinstance(columns, list) or not 0 < len(columns) <= MAX_COLUMNS:
        raise invalid
    parsed = []
    for column in columns:
        if not (isinstance(column, list) and 2 <= len(column) <= 3 and all(isinstance(p, str) for p in column)):
            raise invalid
        if any(ord(ch) < 32 for part in column for ch in part):  # a workbook cell refuses them
            raise ApiError.invalid("columns", "Kolumny: nagłówki nie mogą zawierać znaków sterujących.")
        name, header, kind = column[0], column[1][:200], column[2] if len(column) == 3 else "text"
        if kind not in TYPES:
            raise ApiError.invalid("columns", f"Kolumny: nieznany typ „{kind}”. Dozwolone: {', '.join(TYPES)}.")
        parsed.append((name, header, kind))
    return parsed


def _moment(value):
    """An API timestamp as the panel shows it: Warsaw time, no zone (a spreadsheet cell has none)."""
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value)
        except ValueError:
            return value
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            value = value.astimezone(WARSAW).replace(tzinfo=None)
        return value.replace(microsecond=0)
    return value


def cell_value(value, kind):
    if value is None:
        return None
    if kind in ("date", "updated"):
        return _moment(value)
    if kind == "yesno":
        return "TAK" if value else "NIE"
    if kind == "ordinal" and isinstance(value, int):
        return value + 1
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False)
    return value


def decimal_text(value):
    """A stored decimal as the screen shows it: a decimal comma, no trailing zeros of the column's
    scale (99.9000 -> "99,9"), never an exponent."""
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return text.replace(".", ",")


def csv_text(value):
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TAK" if value else "NIE"
    if isinstance(value, Decimal):
        return decimal_text(value)
    if isinstance(value, (int, float)):
        return str(value).replace(".", ",")
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M:%S")
    if isinstance(value, date):
        return value.isoformat()
    return csv_value(str(value))


def xlsx_value(value):
    """Decimals as numbers; text without the control characters a workbook cannot hold."""
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, str):
        return ILLEGAL_CHARACTERS_RE.sub("", value)
    return value


def _xlsx(headers, table):
    workbook = Workbook(write_only=True)
    sheet = workbook.create_sheet("Lista")
    sheet.append(header_row(sheet, headers))
    for values in table:
        sheet.append(row(sheet, [xlsx_value(v) for v in values]))
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _csv(headers, table):
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow([csv_value(h) for h in headers])
    for values in table:
        writer.writerow([csv_text(v) for v in values])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def export_view(list_view, kind):
    """The export of the list `list_view` answers (a resource's view_list…)."""

    def view(request):
        fmt = request.params.get("format") or "xlsx"
        if fmt not in FORMATS:
            raise ApiError.invalid("format", "Format: wybierz xlsx albo csv.")
        columns = _columns(request.params.get("columns"))
        params = request.params.copy()
        for name in ("format", "columns", "page", "per_page"):  # every row the screen's search leaves
            params.pop(name, None)
        request.environ[LIST_PARAMS] = params
        listing = list_view(request)
        rows = listing["list"]
        if rows:
            unknown = [name for name, _, _ in columns if name not in rows[0]]
            if unknown:
                raise ApiError.invalid("columns", f"Kolumny: lista nie ma pola „{unknown[0]}”.")
        table = [[cell_value(r.get(name), kind) for name, _, kind in columns] for r in rows]
        headers = [header for _, header, _ in columns]
        body = _xlsx(headers, table) if fmt == "xlsx" else _csv(headers, table)
        stamp = datetime.now(WARSAW).strftime("%Y-%m-%d")
        return Response(
            body=body,
            content_type=XLSX if fmt == "xlsx" else "text/csv",
            charset=None if fmt == "xlsx" else "utf-8",
            content_disposition=f'attachment; filename="{kind}-{stamp}.{fmt}"',
            cache_control="private, no-store",
        )

    view.__name__ = f"export_{kind}"
    view.answer_types = (XLSX, "text/csv")  # the file it answers, for the API description
    return view
