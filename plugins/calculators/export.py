"""The definition's export: the native sheet (HC_DEFINITION_XLS), one row per type and
definition name, that the native import reads back unchanged."""
import io

from openpyxl import Workbook
from openpyxl.styles import Font

from .imports import NATIVE_COLUMNS

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _text(value):
    """Operator text written as text: a leading =, +, - or @ would make a spreadsheet formula."""
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value


def export_workbook(types):
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Definicja"
    sheet.append([column.header for column in NATIVE_COLUMNS])
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for width, letter in zip((32, 32, 18), "ABC"):
        sheet.column_dimensions[letter].width = width
    for a_type in types:
        for definition in a_type["definitions"]:
            # The value as a number cell (what spreadsheets compute with); its exact text
            # reads back the same through the import.
            sheet.append([_text(a_type["name"]), definition["name"], float(definition["value"])])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
