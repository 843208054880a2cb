"""Bounded reading of .xlsx and .xls workbooks with python-calamine (faster than openpyxl's
read-only mode on large sheets, and it reads .xls too: docs/performance.md, "Spreadsheet
reading"), for `spreadsheets.read_table`.

A spreadsheet is a hostile file until read: an .xlsx is a zip whose parts may expand a
thousandfold (a zip bomb), and one cell far away (XFD1048576) makes a dense sheet of billions of
cells. So, with every limit a setting (`ReadLimits.from_settings`):

- before parsing, the zip's directory is checked: each part's declared size (and their sum)
  against `smogpanel.import_max_part_bytes` (413);
- parsing runs in a child process (`python -m smogpanel.spreadsheets.workbook_child`: a fresh interpreter
  importing only the reader, not a fork of a threaded server) whose address space is capped
  (RLIMIT_AS) at its size when it starts plus `smogpanel.import_memory_bytes`, and which is
  killed after `smogpanel.import_parse_seconds` (422). Whatever a part really expands to (a zip
  may lie about sizes), the server's own memory never grows: a child out of memory dies and the
  answer is 413;
- the sheet's extent is checked against `smogpanel.import_max_rows`, `..._max_columns` and
  `..._max_cells` before its cells are turned into Python values (422).

Cells come back as the previous readers gave them (openpyxl, xlrd): whole numbers as int, other
numbers as float, dates as datetime, booleans, text; empty cells None; rows as tuples, the first
row and column of the sheet at index 0 whatever the used area.
"""

import io
import logging
import pickle
import subprocess
import sys
import zipfile
from dataclasses import dataclass

from pyramid.exceptions import ConfigurationError

from ..envelope import ApiError
from . import workbook_child
from .cells import ImportFailed

log = logging.getLogger(__name__)

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
    return ImportFailed.at(
        "file",
        f"Arkusz ma {_grouped(columns)} kolumn, a największa dozwolona liczba kolumn to "
        f"{_grouped(limits.max_columns)}. Usuń zbędne kolumny albo podziel plik.",
    )


def too_many_cells(cells, limits):
    return ImportFailed.at(
        "file",
        f"Arkusz ma {cells} komórek, a największa dozwolona liczba komórek to "
        f"{_grouped(limits.max_cells)}. Podziel plik na mniejsze części.",
    )


def check_extent(rows, columns, limits):
    """ImportFailed (422) when a sheet of `rows` × `columns` exceeds a limit."""
    if rows > limits.max_rows:
        raise too_many_rows(limits)
    if columns > limits.max_columns:
        raise too_many_columns(columns, limits)
    if rows * columns > limits.max_cells:
        raise too_many_cells(
            f"{_grouped(rows * columns)} ({_grouped(rows)} wierszy × {_grouped(columns)} kolumn)", limits
        )


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
            raise _too_large(
                f"Plik{shown} po rozpakowaniu jest za duży: jego część {member.filename[:80]} ma "
                f"{_megabytes(member.file_size)}, a największa dozwolona to "
                f"{_megabytes(limits.max_part_bytes)}. Podziel plik na mniejsze części."
            )
    if total > limits.max_total_bytes or len(members) > 10_000:
        raise _too_large(
            f"Plik{shown} po rozpakowaniu jest za duży ({_megabytes(total)}, {len(members)} części); "
            f"największy dozwolony rozmiar po rozpakowaniu to {_megabytes(limits.max_total_bytes)}. "
            "Podziel plik na mniejsze części."
        )


# -- reading, in a child process -----------------------------------------------------------------
def _no_sheet(filename, wanted, names):
    if not names:
        return ImportFailed.at("file", f"Plik „{filename}” nie zawiera żadnego arkusza.")
    return ImportFailed.at("file", f"W pliku nie ma arkusza „{wanted}”. Arkusze w pliku: {', '.join(names)}.")


class Broken(Exception):
    """The workbook could not be read (the reader's message in args)."""


def _child_limits(limits):
    return {
        "max_rows": limits.max_rows,
        "max_columns": limits.max_columns,
        "max_cells": limits.max_cells,
        "memory_bytes": limits.memory_bytes,
    }


def read_isolated(data, wanted, filename, limits):
    """(sheet names, the sheet's name, rows) of an .xlsx or .xls: the first sheet or the one
    named `wanted`, read by `smogpanel.spreadsheets.workbook_child` in a process of its own, bounded in
    memory and time (see the module's text). Raises ApiError (413, 422) or Broken."""
    if data[:4] == b"PK\x03\x04":
        check_zip(data, filename, limits)
    request = pickle.dumps((data, wanted, _child_limits(limits)), protocol=pickle.HIGHEST_PROTOCOL)
    if limits.isolate:
        try:
            done = subprocess.run(
                [sys.executable, "-m", "smogpanel.spreadsheets.workbook_child"],
                input=request,
                capture_output=True,
                timeout=limits.parse_seconds,
            )
        except subprocess.TimeoutExpired:  # subprocess.run has killed it
            raise ImportFailed.at(
                "file",
                f"Odczytywanie pliku trwało dłużej niż {limits.parse_seconds:g} s i zostało "
                "przerwane. Podziel plik na mniejsze części albo zapisz go ponownie bez "
                "zbędnych arkuszy.",
            ) from None
        try:
            answer = pickle.loads(done.stdout) if done.returncode == 0 else ("memory",)
        except Exception:
            answer = ("memory",)
        if (
            done.returncode not in (0,)
            and done.stderr
            and b"MemoryError" not in done.stderr
            and b"memory allocation" not in done.stderr
        ):
            log.warning("spreadsheet reader exited with %s: %s", done.returncode, done.stderr[-500:])
    else:
        try:
            answer = workbook_child.read(data, wanted, _child_limits(limits))
        except Exception as exc:
            answer = ("broken", str(exc))
    status = answer[0]
    if status == "ok":
        return answer[1:]
    if status == "extent":
        check_extent(answer[1], answer[2], limits)
    if status in ("no_sheets", "no_sheet"):
        raise _no_sheet(filename, wanted, answer[1] if len(answer) > 1 else [])
    if status == "memory":
        shown = f" „{filename}”" if filename else ""
        raise _too_large(
            f"Odczytanie pliku{shown} wymaga więcej niż {_megabytes(limits.memory_bytes)} pamięci "
            "(największa dozwolona ilość). Podziel plik na mniejsze części."
        )
    raise Broken(answer[1] if len(answer) > 1 else "")
