"""Bounded reading of .xlsx and .xls workbooks with python-calamine (12× faster than openpyxl's
read-only mode, reads .xls too: ../shared/notes/frontend-libs.md), for `spreadsheets.read_table`.

A spreadsheet is a hostile file until read: an .xlsx is a zip whose parts may expand a
thousandfold (a zip bomb), and one cell far away (XFD1048576) makes a dense sheet of billions of
cells. So, with every limit a setting (`ReadLimits.from_settings`):

- before parsing, the zip's directory is checked: each part's declared size (and their sum)
  against `smogpanel.import_max_part_bytes` (413);
- parsing runs in a child process (multiprocessing's forkserver: a small, clean process) whose
  address space is capped (RLIMIT_AS) at its size when it starts plus
  `smogpanel.import_memory_bytes`, and which is killed after `smogpanel.import_parse_seconds`
  (422). Whatever a part really expands to (a zip may lie about sizes), the server's own memory
  never grows: a child out of memory dies and the answer is 413;
- the sheet's extent is checked against `smogpanel.import_max_rows`, `..._max_columns` and
  `..._max_cells` before its cells are turned into Python values (422).

Cells come back as the previous readers gave them (openpyxl, xlrd): whole numbers as int, other
numbers as float, dates as datetime, booleans, text; empty cells None; rows as tuples, the first
row and column of the sheet at index 0 whatever the used area.
"""
import io
import multiprocessing
import re
import zipfile
from dataclasses import dataclass
from datetime import date, datetime

from .cells import ImportFailed
from .envelope import ApiError
from .regions import normalise

MB = 1024 * 1024


@dataclass(frozen=True)
class ReadLimits:
    max_part_bytes: int = 64 * MB  # any one decompressed part of an .xlsx, and...
    max_total_bytes: int = 128 * MB  # ...all of them together
    max_rows: int = 100_000
    max_columns: int = 1_000
    max_cells: int = 2_000_000
    parse_seconds: float = 30.0
    memory_bytes: int = 256 * MB  # the reading process's address space above its start
    isolate: bool = True  # parse in a child process (False: in this one; tests of limits only)

    SETTINGS = {
        "smogpanel.import_max_part_bytes": "max_part_bytes",
        "smogpanel.import_max_total_bytes": "max_total_bytes",
        "smogpanel.import_max_rows": "max_rows",
        "smogpanel.import_max_columns": "max_columns",
        "smogpanel.import_max_cells": "max_cells",
        "smogpanel.import_parse_seconds": "parse_seconds",
        "smogpanel.import_memory_bytes": "memory_bytes",
    }

    @classmethod
    def from_settings(cls, settings):
        from pyramid.exceptions import ConfigurationError

        values = {}
        for key, attribute in cls.SETTINGS.items():
            raw = settings.get(key)
            if raw in (None, ""):
                continue
            try:
                value = float(raw) if attribute == "parse_seconds" else int(raw)
            except (TypeError, ValueError):
                value = 0
            if value <= 0:
                raise ConfigurationError(f"{key} must be a positive number.")
            values[attribute] = value
        return cls(**values)


DEFAULT_LIMITS = ReadLimits()


def _grouped(number):
    return f"{number:,}".replace(",", " ")


def _megabytes(size):
    return f"{size / MB:.0f} MB" if size >= 10 * MB else f"{size / MB:.1f} MB".replace(".", ",")


def _too_large(description):
    return ApiError("FILE_TOO_LARGE", [{"name": "file", "description": description}])


def too_many_rows(limits):
    return ImportFailed.at("file", f"Arkusz ma więcej niż {limits.max_rows} wierszy. Podziel plik na mniejsze części.")


def too_many_columns(columns, limits):
    return ImportFailed.at("file", f"Arkusz ma {_grouped(columns)} kolumn, a największa dozwolona liczba kolumn to "
                                   f"{_grouped(limits.max_columns)}. Usuń zbędne kolumny albo podziel plik.")


def too_many_cells(cells, limits):
    return ImportFailed.at("file", f"Arkusz ma {cells} komórek, a największa dozwolona liczba komórek to "
                                   f"{_grouped(limits.max_cells)}. Podziel plik na mniejsze części.")


def check_extent(rows, columns, limits):
    """ImportFailed (422) when a sheet of `rows` × `columns` exceeds a limit."""
    if rows > limits.max_rows:
        raise too_many_rows(limits)
    if columns > limits.max_columns:
        raise too_many_columns(columns, limits)
    if rows * columns > limits.max_cells:
        raise too_many_cells(f"{_grouped(rows * columns)} ({_grouped(rows)} wierszy × {_grouped(columns)} kolumn)",
                             limits)


def check_zip(data, filename, limits):
    """413 when the .xlsx's parts, as its directory declares them, expand beyond the limits."""
    shown = f" „{filename}”" if filename else ""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return  # not readable as a zip: the reader answers that it is broken
    total = 0
    for member in members:
        total += member.file_size
        if member.file_size > limits.max_part_bytes:
            raise _too_large(f"Plik{shown} po rozpakowaniu jest za duży: jego część {member.filename[:80]} ma "
                             f"{_megabytes(member.file_size)}, a największa dozwolona to "
                             f"{_megabytes(limits.max_part_bytes)}. Podziel plik na mniejsze części.")
    if total > limits.max_total_bytes or len(members) > 10_000:
        raise _too_large(f"Plik{shown} po rozpakowaniu jest za duży ({_megabytes(total)}, {len(members)} części); "
                         f"największy dozwolony rozmiar po rozpakowaniu to {_megabytes(limits.max_total_bytes)}. "
                         "Podziel plik na mniejsze części.")


# -- reading (in the child) ---------------------------------------------------------------------
def _cell(value):
    if value == "":
        return None
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if type(value) is date:
        return datetime(value.year, value.month, value.day)
    return value


def pick_sheet(names, wanted, filename):
    """The index of the sheet to read: the first one, or the one named `wanted` (matched like
    headers: case, diacritics and spacing ignored)."""
    if not names:
        raise ImportFailed.at("file", f"Plik „{filename}” nie zawiera żadnego arkusza.")
    if wanted is None:
        return 0
    for index, name in enumerate(names):
        if normalise(name) == normalise(wanted):
            return index
    raise ImportFailed.at("file", f"W pliku nie ma arkusza „{wanted}”. Arkusze w pliku: {', '.join(names)}.")


_SHEET = re.compile(rb"<(?:\w+:)?sheet\b[^>]*?\br:id=\"([^\"]+)\"")
_TARGET = re.compile(rb"<Relationship\b[^>]*?\bId=\"([^\"]+)\"[^>]*?\bTarget=\"([^\"]+)\"|"
                     rb"<Relationship\b[^>]*?\bTarget=\"([^\"]+)\"[^>]*?\bId=\"([^\"]+)\"")
_ERROR_CELL = re.compile(rb"<c\b([^>]*\bt=\"e\"[^>]*)>(?:<f\b[^>]*/>|<f\b.*?</f>)?<v>([^<]*)</v>", re.S)
_REF = re.compile(rb"\br=\"([A-Z]+)(\d+)\"")


def xlsx_error_cells(data, index):
    """[(row, column, '#DIV/0!')] of the error cells of the index-th sheet of an .xlsx (python-
    calamine gives them as empty; openpyxl gave their text, so parsers name them)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            ids = _SHEET.findall(archive.read("xl/workbook.xml"))
            targets = {}
            for match in _TARGET.finditer(archive.read("xl/_rels/workbook.xml.rels")):
                rid, target = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
                targets[rid] = target.decode()
            target = targets[ids[index]]
            path = target.lstrip("/") if target.startswith("/") else "xl/" + target
            part = archive.read(path)
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


def read_sheet(data, wanted, filename, limits):
    """(sheet names, the chosen sheet's name, rows) of an .xlsx/.xls: the first sheet, or the
    one named `wanted`."""
    from python_calamine import CalamineWorkbook

    workbook = CalamineWorkbook.from_filelike(io.BytesIO(data))
    try:
        names = list(workbook.sheet_names)
        index = pick_sheet(names, wanted, filename)
        sheet = workbook.get_sheet_by_index(index)
        end = sheet.end  # (row, column) of the last cell, from 0; None for an empty sheet
        if end is not None:
            check_extent(end[0] + 1, end[1] + 1, limits)
        rows = sheet.to_python(skip_empty_area=False)
        if data[:4] == b"PK\x03\x04":
            for row, column, text in xlsx_error_cells(data, index):
                if row < len(rows) and column < len(rows[row]):
                    rows[row][column] = text
        return names, names[index], [tuple(_cell(value) for value in row) for row in rows]
    finally:
        workbook.close()


def _child(connection, data, wanted, filename, limits):
    import os
    import resource

    os.environ["RUST_BACKTRACE"] = "0"  # an allocation refused by the cap aborts without a page of trace

    try:
        with open("/proc/self/statm") as statm:  # the address space this process starts with
            start = int(statm.read().split()[0]) * resource.getpagesize()
    except OSError:
        start = 0
    if start:
        cap = start + limits.memory_bytes
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    try:
        result = ("ok", read_sheet(data, wanted, filename, limits))
    except ApiError as exc:
        result = ("api", (exc.code, exc.errors))
    except MemoryError:
        result = ("memory", None)
    except Exception as exc:  # calamine's errors for a damaged file
        result = ("broken", f"{type(exc).__name__}: {exc}"[:500])
    try:
        connection.send(result)
    except MemoryError:
        connection.send(("memory", None))
    finally:
        connection.close()


_context = None


def _process_context():
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(["smogpanel.workbooks", "python_calamine"])
    return _context


class Broken(Exception):
    """The workbook could not be read (calamine's message in args)."""


def read_isolated(data, wanted, filename, limits):
    """`read_sheet` in a child process, bounded in memory and time (see the module's text)."""
    check_zip(data, filename, limits) if data[:4] == b"PK\x03\x04" else None
    if not limits.isolate:
        try:
            return read_sheet(data, wanted, filename, limits)
        except ApiError:
            raise
        except Exception as exc:
            raise Broken(str(exc)) from None
    context = _process_context()
    receiver, sender = context.Pipe(duplex=False)
    process = context.Process(target=_child, args=(sender, data, wanted, filename, limits), daemon=True)
    process.start()
    sender.close()
    try:
        if not receiver.poll(limits.parse_seconds):
            raise ImportFailed.at("file", f"Odczytywanie pliku trwało dłużej niż {limits.parse_seconds:g} s i zostało "
                                          "przerwane. Podziel plik na mniejsze części albo zapisz go ponownie bez "
                                          "zbędnych arkuszy.")
        try:
            status, payload = receiver.recv()
        except (EOFError, OSError):  # the child died: out of its memory
            status, payload = "memory", None
    finally:
        receiver.close()
        if process.is_alive():
            process.kill()
        process.join(5)
    if status == "ok":
        return payload
    if status == "api":
        code, errors = payload
        raise ImportFailed(errors) if code == "IMPORT_FAILED" else ApiError(code, errors)
    if status == "memory":
        shown = f" „{filename}”" if filename else ""
        raise _too_large(f"Odczytanie pliku{shown} wymaga więcej niż {_megabytes(limits.memory_bytes)} pamięci "
                         "(największa dozwolona ilość). Podziel plik na mniejsze części.")
    raise Broken(payload)
