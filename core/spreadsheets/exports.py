"""Formula-safe export cells: every workbook or CSV the panel writes goes through here, so
text an operator typed (a property named `=SUM(1,2)`, a name starting with `+48` or `@`) is
written as text, never as a live formula (OWASP, "CSV Injection").

- `.xlsx` (openpyxl): `cell(sheet, value)` / `row(sheet, values)` give write-only cells;
  text is stored as a string cell (openpyxl would otherwise store text starting with `=` as
  a formula) and text that a spreadsheet would read as a formula when edited (starting with
  `=`, `+`, `-`, `@`, a tab or a carriage return) also gets Excel's "quote prefix" style,
  so it stays text in the operator's hands too. Numbers, dates and None pass as they are.
- `.csv`: `csv_value(value)` puts an apostrophe before such text, as OWASP advises (a CSV
  has no cell types).
"""

from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["row", "header_row", "cell", "csv_value"]

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
BOLD = Font(bold=True)


def looks_like_formula(value):
    return isinstance(value, str) and value.startswith(FORMULA_STARTS)


def cell(sheet, value, font=None):
    """A write-only cell of `sheet` holding `value`; text is always text."""
    written = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        written.data_type = "s"
        if looks_like_formula(value):
            written.quotePrefix = True
    if font is not None:
        written.font = font
    return written


def row(sheet, values, font=None):
    """A row for `sheet.append(...)`: text (and, with a `font`, every value) as a `cell`;
    numbers, dates and None stay plain values, which openpyxl writes as they are (cheaper)."""
    if font is not None:
        return [cell(sheet, value, font) for value in values]
    return [cell(sheet, value) if isinstance(value, str) else value for value in values]


def header_row(sheet, values):
    """A bold header row."""
    return row(sheet, values, BOLD)


def csv_value(value):
    """A value for a CSV file: text a spreadsheet would evaluate gets a leading apostrophe."""
    return "'" + value if looks_like_formula(value) else value
