"""The map's export (GET /api/map/<id>/export): an .xlsx with one sheet per measurement
(oldest first, hidden ones too: the workbook is the operator's) and a last sheet
"Podsumowanie" with the summary; voivodeships (Polish names) by rows, properties by columns.
A measurement's sheet has the layout of the CP_XLS import. Cells are written by core's
formula-safe `smogpanel.spreadsheets.exports` (a property named `=SUM(1,2)` stays text)."""

import io
import re

import sqlalchemy as sa
from openpyxl import Workbook
from openpyxl.utils import get_column_letter

from smogpanel.regions import VOIVODESHIPS
from smogpanel.spreadsheets.exports import header_row, row

from .models import Checkpoint
from .values import VALUES, summary, tidy

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
SUMMARY_SHEET = "Podsumowanie"
VOIVODESHIP_HEADER = "Województwo"
_FORBIDDEN = re.compile(r"[\[\]:*?/\\]")


def sheet_title(name, taken):
    """A valid, unique sheet name (Excel: at most 31 characters, none of []:*?/\\)."""
    base = _FORBIDDEN.sub("-", name or "").strip().strip("'") or "Pomiar"
    title, number = base[:31], 1
    while title.lower() in taken:
        number += 1
        suffix = f" ({number})"
        title = base[: 31 - len(suffix)] + suffix
    taken.add(title.lower())
    return title


def _write_sheet(workbook, title, headers, rows):
    sheet = workbook.create_sheet(title)
    sheet.column_dimensions["A"].width = 22
    for index, header in enumerate(headers[1:], start=2):
        sheet.column_dimensions[get_column_letter(index)].width = min(max(len(header) + 2, 12), 40)
    sheet.freeze_panes = "B2"
    sheet.append(header_row(sheet, headers))  # operator text (property names): always text, never a formula
    for values in rows:
        sheet.append(row(sheet, values))


def _rows(keys, values_of):
    """Sixteen rows: the voivodeship's name, then each key's value (empty when none)."""
    return [[name, *(values_of(key, code) for key in keys)] for code, name in VOIVODESHIPS]


def export_workbook(db, a_map):
    keys = VALUES.live_keys(db, a_map.id)
    checkpoints = db.execute(
        sa.select(Checkpoint.id, Checkpoint.name)
        .where(Checkpoint.map_id == a_map.id, Checkpoint.deleted.is_(None))
        .order_by(Checkpoint.captured, Checkpoint.id)
    ).all()
    stored = VALUES.value_rows(db, [checkpoint.id for checkpoint in checkpoints])
    workbook = Workbook(write_only=True)
    taken = {SUMMARY_SHEET.lower()}
    headers = [VOIVODESHIP_HEADER, *(key.name for key in keys)]
    for checkpoint in checkpoints:
        rows = stored.get(checkpoint.id, {})

        def value_of(key, code, rows=rows):
            row = rows.get(key.id)
            return None if row is None else tidy(getattr(row, code))

        _write_sheet(workbook, sheet_title(checkpoint.name, taken), headers, _rows(keys, value_of))
    totals = summary(db, a_map, keys)
    statistic = [prop["key"] for prop in totals["properties"]]
    sums = {prop["key"]["id"]: prop["value"] for prop in totals["properties"]}
    _write_sheet(
        workbook,
        SUMMARY_SHEET,
        [VOIVODESHIP_HEADER, *(key["name"] for key in statistic)],
        _rows(statistic, lambda key, code: sums[key["id"]][code]),
    )
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
