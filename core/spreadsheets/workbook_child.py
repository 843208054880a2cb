"""The reading process of `smogpanel.spreadsheets.workbooks`:
`python -m smogpanel.spreadsheets.workbook_child` reads one pickled request on stdin — (workbook
bytes, wanted sheet name or None, limits) — caps its own address space (RLIMIT_AS) at its size
now plus `limits["memory_bytes"]`, reads the sheet with python-calamine and writes one pickled
answer on stdout:

    ("ok", sheet names, sheet name, rows)   ("extent", rows, columns)   ("no_sheets",)
    ("no_sheet", sheet names)               ("broken", message)          ("memory",)

It imports nothing of the app but `smogpanel.names` (sheet names are matched like headers) and,
for .xls, `smogpanel.spreadsheets.xls_errors`, so it starts quickly: importing
`smogpanel.regions`, which needs SQLAlchemy, made every read several times slower to start
(docs/performance.md, "Spreadsheet reading"). Cells come back as openpyxl and xlrd gave them:
whole numbers int, other numbers float, dates datetime, empty cells None, error cells their text.
"""

import io
import os
import pickle
import re
import sys
import zipfile
from datetime import date, datetime


def cap_memory(extra_bytes):
    import resource

    try:
        with open("/proc/self/statm") as statm:
            start = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        return
    resource.setrlimit(resource.RLIMIT_AS, (start + extra_bytes, start + extra_bytes))


def cell(value):
    if value == "":
        return None
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if type(value) is date:
        return datetime(value.year, value.month, value.day)
    return value


_SHEET = re.compile(rb"<(?:\w+:)?sheet\b[^>]*?\br:id=\"([^\"]+)\"")
_TARGET = re.compile(
    rb"<Relationship\b[^>]*?\bId=\"([^\"]+)\"[^>]*?\bTarget=\"([^\"]+)\"|"
    rb"<Relationship\b[^>]*?\bTarget=\"([^\"]+)\"[^>]*?\bId=\"([^\"]+)\""
)
_ERROR_CELL = re.compile(rb"<c\b([^>]*\bt=\"e\"[^>]*)>(?:<f\b[^>]*/>|<f\b.*?</f>)?<v>([^<]*)</v>", re.S)
_REF = re.compile(rb"\br=\"([A-Z]+)(\d+)\"")


def xlsx_error_cells(data, index):
    """[(row, column, '#DIV/0!')] of the error cells of the index-th sheet of an .xlsx
    (python-calamine gives them as empty; openpyxl gave their text, so parsers name them)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            ids = _SHEET.findall(archive.read("xl/workbook.xml"))
            targets = {}
            for match in _TARGET.finditer(archive.read("xl/_rels/workbook.xml.rels")):
                rid, target = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
                targets[rid] = target.decode()
            target = targets[ids[index]]
            part = archive.read(target.lstrip("/") if target.startswith("/") else "xl/" + target)
    except (KeyError, IndexError, zipfile.BadZipFile, OSError, ValueError):
        return []
    if b't="e"' not in part:
        return []
    cells = []
    for match in _ERROR_CELL.finditer(part):
        ref = _REF.search(match.group(1))
        if ref:
            column = 0
            for letter in ref.group(1).decode():
                column = column * 26 + ord(letter) - 64
            cells.append((int(ref.group(2)) - 1, column - 1, match.group(2).decode("utf-8", "replace")))
    return cells


def read(data, wanted, limits):
    from python_calamine import CalamineWorkbook

    from smogpanel.names import normalise

    workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
    try:
        names = list(workbook.sheet_names)
        if not names:
            return ("no_sheets",)
        if wanted is None:
            index = 0
        else:
            index = next((i for i, name in enumerate(names) if normalise(name) == normalise(wanted)), None)
            if index is None:
                return ("no_sheet", names)
        sheet = workbook.get_sheet_by_index(index)
        end = sheet.end  # (row, column) of the last cell, from 0; None for an empty sheet
        if end is not None:
            rows, columns = end[0] + 1, end[1] + 1
            if rows > limits["max_rows"] or columns > limits["max_columns"] or rows * columns > limits["max_cells"]:
                return ("extent", rows, columns)
        rows = sheet.to_python(skip_empty_area=False)
        if data[:4] == b"PK\x03\x04":
            errors = xlsx_error_cells(data, index)
        else:
            from smogpanel.spreadsheets.xls_errors import error_cells

            errors = error_cells(data, names[index])
        for row, column, text in errors:
            if row < len(rows) and column < len(rows[row]):
                rows[row][column] = text
        return ("ok", names, names[index], [tuple(cell(value) for value in row) for row in rows])
    finally:
        workbook.close()


def main():
    os.environ["RUST_BACKTRACE"] = "0"
    data, wanted, limits = pickle.load(sys.stdin.buffer)
    cap_memory(limits["memory_bytes"])
    try:
        answer = read(data, wanted, limits)
    except MemoryError:
        answer = ("memory",)
    except Exception as exc:  # calamine's errors for a damaged file
        answer = ("broken", f"{type(exc).__name__}: {exc}"[:500])
    try:
        payload = pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL)
    except MemoryError:
        payload = pickle.dumps(("memory",))
    sys.stdout.buffer.write(payload)
    sys.stdout.buffer.flush()


if __name__ == "__main__":
    main()
