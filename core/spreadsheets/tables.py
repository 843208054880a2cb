"""One reader for the spreadsheets operators import: .xlsx and .xls (python-calamine, bounded in
size, extent, memory and time: smogpanel.spreadsheets.workbooks) and .csv, giving a `Table` whose cells are
named the way the operator sees them ('C7'), so every error points at the cell to fix. Values
are read once, as they are; conversions (`number`, `voivodeship`, `text`) happen only for the
cells a parser asks for.

Failures are `ImportFailed` (422 IMPORT_FAILED, Polish descriptions, nothing written).
"""

import csv
import io
import logging

from openpyxl.utils import get_column_letter

from ..envelope import ApiError
from ..filetypes import FORMATS, detect, text_encoding
from ..numbers import MAX_NUMBER
from ..regions import normalise
from .cells import ErrorList, ImportFailed, parse_number, parse_text, parse_voivodeship  # noqa: F401 (re-exported)
from .workbooks import (  # noqa: F401 (ReadLimits is part of this module's API)
    DEFAULT_LIMITS,
    Broken,
    ReadLimits,
    read_isolated,
    too_many_cells,
    too_many_columns,
    too_many_rows,
)

log = logging.getLogger(__name__)

MAX_ROWS = DEFAULT_LIMITS.max_rows


# -- the table ----------------------------------------------------------------------------
class Table:
    """One sheet's rows as read: `rows[i][j]` is the cell in row i+1, column j+1 (rows may be
    of different lengths; a missing cell is None). Trailing empty rows are dropped."""

    __slots__ = ("rows", "sheet", "filename", "sheet_names")

    def __init__(self, rows, sheet="", filename="", sheet_names=()):
        while rows and is_empty(rows[-1]):
            rows.pop()
        self.rows = rows
        self.sheet = sheet
        self.filename = filename
        self.sheet_names = tuple(sheet_names)

    def __len__(self):
        return len(self.rows)

    def value(self, row_index, col_index):
        row = self.rows[row_index]
        return row[col_index] if col_index < len(row) else None

    @staticmethod
    def cell_ref(row_index, col_index):
        """'C7' for row index 6, column index 2 (both counted from 0)."""
        return f"{get_column_letter(col_index + 1)}{row_index + 1}"

    def _parse(self, parser, row_index, col_index, errors):
        try:
            return parser(self.value(row_index, col_index), self.cell_ref(row_index, col_index))
        except ImportFailed as exc:
            if errors is None:
                raise
            errors.extend(exc.errors)
            return None

    def number(self, row_index, col_index, errors=None):
        """`parse_number` of a cell (the one number validation: an exact int or Decimal, bounded);
        with an `errors` list the error is added there and None
        returned, so a parser can report every bad cell at once."""
        value = self.value(row_index, col_index)
        if type(value) is int and -MAX_NUMBER < value < MAX_NUMBER:  # the common case, kept cheap
            return value
        return self._parse(parse_number, row_index, col_index, errors)

    def voivodeship(self, row_index, col_index, errors=None):
        return self._parse(parse_voivodeship, row_index, col_index, errors)

    def text(self, row_index, col_index, errors=None):
        """`parse_text` of a cell (control characters are refused, naming the cell)."""
        return self._parse(parse_text, row_index, col_index, errors)

    def is_empty_row(self, row_index):
        return is_empty(self.rows[row_index])


def is_empty(row):
    return all(v is None or (isinstance(v, str) and not v.strip()) for v in row)


# -- headers ------------------------------------------------------------------------------
def header_key(text):
    """How headers are compared: case, Polish diacritics and spacing ignored (`normalise`),
    and a trailing ':' or '*' too ('Województwo*' is 'wojewodztwo')."""
    return normalise(text).rstrip(" :*")


class Columns(dict):
    """The columns `find_columns` found: key → column index (from 0), plus `header_row` (its
    index), `missing` (keys not found, in the order asked) and `extra` ([(column index,
    header)] of headers that matched no key: e.g. properties a map does not define)."""

    def __init__(self, found, header_row, missing, extra):
        super().__init__(found)
        self.header_row = header_row
        self.missing = missing
        self.extra = extra


def _match_headers(table, row_index, lookup, display):
    found, extra, duplicates = {}, [], []
    for col, value in enumerate(table.rows[row_index]):
        if value is None or not str(value).strip():
            continue
        key = lookup.get(header_key(value))
        if key is None:
            extra.append((col, str(value).strip()))
        elif key in found:
            first, second = table.cell_ref(row_index, found[key]), table.cell_ref(row_index, col)
            duplicates.append(
                {
                    "name": second,
                    "description": f"Kolumna „{display[key]}” występuje dwa razy "
                    f"(w komórkach {first} i {second}). Zostaw jedną.",
                }
            )
        else:
            found[key] = col
    return found, extra, duplicates


def find_columns(table, spec, required=(), header_row=0, errors=None):
    """Finds the columns named in `spec` ({key: [accepted header names]} or {key: name}) in the
    header row (`header_row` index, or None to take the first of the top 30 rows holding
    every required column). A missing required column or a duplicated one raises
    ImportFailed; optional ones are listed in `Columns.missing`. With `errors` (an ErrorList)
    those problems are added to it instead, for the caller to report with the rest of the file's."""
    lookup, display = {}, {}
    for key, names in spec.items():
        names = [names] if isinstance(names, str) else list(names)
        display[key] = names[0] if names else key
        for name in names:
            lookup.setdefault(header_key(name), key)
    if not len(table):
        where = f" „{table.sheet}”" if table.sheet else ""
        raise ImportFailed.at("file", f"Arkusz{where} jest pusty: brak wiersza nagłówka z nazwami kolumn.")
    if header_row is None:

        def holds_required(r):
            found = _match_headers(table, r, lookup, display)[0]
            return bool(found) and all(k in found for k in required)

        header_row = next((r for r in range(min(len(table), 30)) if holds_required(r)), 0)
    if header_row >= len(table):
        raise ImportFailed.at("file", f"Brak wiersza nagłówka (wiersz {header_row + 1}).")
    found, extra, problems = _match_headers(table, header_row, lookup, display)
    row_range = f"{header_row + 1}:{header_row + 1}"
    for key in required:
        if key not in found:
            problems.append(
                {
                    "name": row_range,
                    "description": f"Brak wymaganej kolumny „{display[key]}” w wierszu "
                    f"nagłówka (wiersz {header_row + 1}).",
                }
            )
    if problems and errors is None:
        raise ImportFailed(problems)
    if errors is not None:
        errors.extend(problems)
    missing = [key for key in spec if key not in found and key not in required]
    return Columns(found, header_row, missing, extra)


# -- reading files ------------------------------------------------------------------------
def _broken(filename, kind=None):
    shown = f" „{filename}”" if filename else ""
    what = f" {FORMATS[kind].label}" if kind else " kalkulacyjnym"
    return ImportFailed.at(
        "file",
        f"Nie udało się odczytać pliku{shown}: plik jest uszkodzony albo nie jest "
        f"arkuszem{what}. Otwórz go w arkuszu kalkulacyjnym, zapisz ponownie "
        "jako XLSX, XLS albo CSV i spróbuj jeszcze raz.",
    )


def _read_workbook(data, filename, sheet, limits, kind):
    try:
        names, title, rows = read_isolated(data, sheet, filename, limits)
    except Broken as exc:
        log.info("unreadable %s upload %r: %s", kind, filename, exc)
        raise _broken(filename, kind) from None
    return Table(rows, title, filename, names)


def _sniff_delimiter(text):
    first = next((line for line in io.StringIO(text) if line.strip()), "")  # lazily: no list of every line
    counts = {d: first.count(d) for d in (";", "\t", ",")}
    best = max(counts, key=counts.get)
    return best if counts[best] else ","


def _read_csv(data, filename, limits):
    encoding = text_encoding(data)
    if encoding is None:
        raise _broken(filename, "csv")
    text = data.decode(encoding)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_sniff_delimiter(text))
    rows, width, cells = [], 0, 0
    for row in reader:
        rows.append(tuple(value if value.strip() else None for value in row))
        width = max(width, len(row))
        cells += len(row)
        if len(rows) > limits.max_rows:
            raise too_many_rows(limits)
        if width > limits.max_columns:
            raise too_many_columns(width, limits)
        if cells > limits.max_cells:
            raise too_many_cells(f"ponad {cells}", limits)
    return Table(rows, "", filename, ())


def spreadsheet_kind(data):
    """'xlsx', 'xls' or 'csv' from the content (never from the file name), else None."""
    kind = detect(data)
    return kind if kind in ("xlsx", "xls", "csv") else None


def read_table(data, filename="", sheet=None, kind=None, limits=None):
    """The first sheet of a spreadsheet (or the sheet named `sheet`, matched like headers) as
    a Table. `kind` skips detection when the caller has already checked the content. A broken
    or unsupported file raises ImportFailed with a Polish message; a file over `limits`
    (`workbooks.ReadLimits`, from the settings: `import_limits(registry)`) 413 or 422 naming
    the limit. .xlsx and .xls are read by python-calamine in a bounded child process
    (smogpanel.spreadsheets.workbooks)."""
    limits = limits or DEFAULT_LIMITS
    kind = kind or spreadsheet_kind(data)
    if kind is None:
        raise _broken(filename)
    try:
        if kind in ("xlsx", "xls"):
            return _read_workbook(data, filename, sheet, limits, kind)
        return _read_csv(data, filename, limits)
    except ApiError:
        raise
    except Exception:  # every reader has its own zoo of exceptions for a damaged file
        log.info("unreadable %s upload %r", kind, filename, exc_info=True)
        raise _broken(filename, kind) from None
