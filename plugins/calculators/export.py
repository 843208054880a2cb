"""The definition's export: the native sheet (HC_DEFINITION_XLS), one row per type and
definition name, that the native import reads back unchanged."""

import io

from openpyxl import Workbook

from smogpanel.spreadsheets.exports import header_row, row

from .imports import NATIVE_COLUMNS

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def export_workbook(types):
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Definicja"
    sheet.append(header_row(sheet, [column.header for column in NATIVE_COLUMNS]))
    for width, letter in zip((32, 32, 18), "ABC"):
        sheet.column_dimensions[letter].width = width
    for a_type in types:
        for definition in a_type["definitions"]:
            # The value as a number cell (what spreadsheets compute with); its exact text
            # reads back the same through the import.
            # Operator text through core's formula-safe cells: a type named "=SUM(1,2)" stays text
            # (and reads back unchanged).
            sheet.append(row(sheet, [a_type["name"], definition["name"], float(definition["value"])]))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
