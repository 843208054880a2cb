"""The error cells (#DIV/0!, #N/A, ...) of one sheet of a legacy .xls workbook.

python-calamine gives an .xls error cell as an empty cell, so an import would take a broken
formula for a blank. xlrd would give its text, but parses every cell again (several times
calamine's time); this walks only the sheet's BIFF records and looks at two kinds of them:
BOOLERR (a constant error) and FORMULA (a formula whose last result was an error). The record
layouts are those of [MS-XLS] 2.4.24 (BoolErr), 2.4.127 (Formula, FormulaValue) and 2.4.28
(BoundSheet8); xlrd's compound-document reader gives the Workbook stream.
"""

import io
import struct

BOF, EOF, BOUNDSHEET, BOOLERR, FORMULA = 0x0809, 0x000A, 0x0085, 0x0205, 0x0006
WORKSHEET = 0x00
BIFF8 = 0x0600
# Error codes of [MS-XLS] 2.5.10 (BErr), the texts Excel shows and openpyxl gives.
ERROR_TEXTS = {
    0x00: "#NULL!",
    0x07: "#DIV/0!",
    0x0F: "#VALUE!",
    0x17: "#REF!",
    0x1D: "#NAME?",
    0x24: "#NUM!",
    0x2A: "#N/A",
    0x2B: "#GETTING_DATA",
}


def workbook_stream(data):
    # xlrd only for an .xls, in the reading process (smogpanel.spreadsheets.workbook_child)
    from xlrd.compdoc import CompDoc

    # Its warnings must not reach stdout: the reading process answers there.
    document = CompDoc(data, logfile=io.StringIO())
    for name in ("Workbook", "Book"):  # BIFF8, then BIFF5 files
        stream = document.get_named_stream(name)
        if stream is not None:
            return stream
    return None


def records(stream, start):
    """(type, body) of the records from `start` to the end of that substream (its EOF)."""
    position, end = start, len(stream)
    while position + 4 <= end:
        kind, length = struct.unpack_from("<HH", stream, position)
        body = stream[position + 4 : position + 4 + length]
        yield kind, body
        if kind == EOF:
            return
        position += 4 + length


def sheet_offsets(stream):
    """{sheet name: stream offset of its BOF} of the workbook's worksheets."""
    offsets, biff8 = {}, True
    for kind, body in records(stream, 0):
        if kind == BOF and len(body) >= 2:
            biff8 = struct.unpack_from("<H", body)[0] == BIFF8
        elif kind == BOUNDSHEET and len(body) >= 8:
            offset, sheet_type = struct.unpack_from("<I", body)[0], body[5]
            if sheet_type == WORKSHEET:
                offsets[sheet_name(body[6:], biff8)] = offset
    return offsets


def sheet_name(body, biff8):
    length = body[0]
    if not biff8:
        return body[1 : 1 + length].decode("cp1252", "replace")
    if body[1] & 0x01:  # UTF-16LE characters
        return body[2 : 2 + 2 * length].decode("utf-16-le", "replace")
    return body[2 : 2 + length].decode("latin-1")


def error_cells(data, sheet):
    """[(row, column, '#DIV/0!')] of the error cells of the worksheet named `sheet` (from 0);
    [] when there are none or the file is not one this reader understands (calamine read it,
    so it is a workbook; its values then stay as calamine gave them)."""
    try:
        stream = workbook_stream(data)
        if stream is None:
            return []
        start = sheet_offsets(stream).get(sheet)
        if start is None:
            return []
        cells = []
        for kind, body in records(stream, start):
            if kind == BOOLERR and len(body) >= 8 and body[7] == 1:
                row, column = struct.unpack_from("<HH", body)
                cells.append((row, column, ERROR_TEXTS.get(body[6], "#ERROR!")))
            elif kind == FORMULA and len(body) >= 14 and body[6] == 0x02 and body[12:14] == b"\xff\xff":
                row, column = struct.unpack_from("<HH", body)
                cells.append((row, column, ERROR_TEXTS.get(body[8], "#ERROR!")))
        return cells
    except Exception:  # a damaged stream: calamine's reading stands
        return []
