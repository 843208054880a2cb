"""The downloadable template of an import type, generated from its column definition: a
'Dane' sheet with the bold header row (and any prepared rows, e.g. the sixteen voivodeships)
and an 'Instrukcja' sheet that says in Polish how the file is read."""

import io

from openpyxl import Workbook
from openpyxl.styles import Alignment, Font
from openpyxl.utils import get_column_letter

from ..regions import VOIVODESHIPS

# How `read_rows` converts a column's cells (smogpanel.spreadsheets.imports.Column.kind), with
# the words the template's "Instrukcja" sheet uses for each.
KINDS = {
    "text": "tekst",
    "number": "liczba",
    "voivodeship": "województwo: nazwa albo dwuliterowy kod",
}

DATA_SHEET = "Dane"
INSTRUCTIONS_SHEET = "Instrukcja"
RULES = (
    "Dane wpisz w pierwszym arkuszu, pod wierszem nagłówka. Nazwy kolumn zostaw takie jak w szablonie "
    "(wielkość liter, polskie znaki i odstępy nie mają znaczenia); kolejność kolumn może być dowolna.",
    "Liczby wpisuj jako liczby albo w formacie 1234, 1 234,5 lub 1234.5. Pusta komórka albo „-” oznacza brak wartości.",
    "Województwa wpisuj nazwą (np. łódzkie, Łódzkie, LODZKIE) albo dwuliterowym kodem (np. ld).",
    "Akceptowane pliki: XLSX, XLS i CSV (kodowanie UTF-8 albo Windows-1250, "
    "separator: średnik, przecinek albo tabulator).",
    "Jeśli w pliku jest błąd, nic nie zostanie zapisane, a komunikat wskaże komórkę do poprawienia (np. C7).",
)
BOLD = Font(bold=True)


def _data_sheet(sheet, import_type):
    sheet.title = DATA_SHEET
    for index, column in enumerate(import_type.columns, start=1):
        cell = sheet.cell(row=1, column=index, value=column.header)
        cell.font = BOLD
        cell.alignment = Alignment(wrap_text=True, vertical="top")
        sheet.column_dimensions[get_column_letter(index)].width = min(max(len(column.header) + 2, 14), 40)
    sheet.freeze_panes = "A2"
    for row in import_type.template_rows:
        sheet.append(list(row))


def _instructions_sheet(sheet, import_type):
    for letter, width in zip("ABCD", (45, 12, 40, 60)):
        sheet.column_dimensions[letter].width = width
    sheet.append([import_type.label])
    sheet["A1"].font = Font(bold=True, size=14)
    sheet.append([f"Typ importu: {import_type.code}"])
    for paragraph in (import_type.description or "").split("\n"):
        if paragraph.strip():
            sheet.append([paragraph.strip()])
    sheet.append([])
    sheet.append(["Jak wypełnić plik"])
    sheet.cell(row=sheet.max_row, column=1).font = BOLD
    for rule in RULES:
        sheet.append([f"• {rule}"])
    sheet.append([])
    sheet.append(["Kolumna", "Wymagana", "Zawartość", "Opis"])
    for cell in sheet[sheet.max_row]:
        cell.font = BOLD
    for column in import_type.columns:
        also = f" Przyjmowane też nagłówki: {', '.join(column.aliases)}." if column.aliases else ""
        sheet.append(
            [column.header, "tak" if column.required else "nie", KINDS[column.kind], (column.help + also).strip()]
        )
    if any(column.kind == "voivodeship" for column in import_type.columns):
        sheet.append([])
        sheet.append(["Województwo (nazwa)", "Kod"])
        for cell in sheet[sheet.max_row]:
            cell.font = BOLD
        for code, name in VOIVODESHIPS:
            sheet.append([name, code])


def build_template(import_type):
    """The template's .xlsx bytes."""
    workbook = Workbook()
    _data_sheet(workbook.active, import_type)
    _instructions_sheet(workbook.create_sheet(INSTRUCTIONS_SHEET), import_type)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()
