"""Real files for tests, made on the spot: spreadsheets (xlsx, xls), a PNG image, and the
`{name, data}` upload the panel sends. Shared by the core's and every plugin's tests."""

import base64
import io
import re
import struct
import zlib

XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def xlsx(rows, title="Arkusz1", extra_sheets=()):
    """An .xlsx whose first sheet holds `rows` (None leaves a cell empty)."""
    from openpyxl import Workbook

    workbook = Workbook()
    sheet = workbook.active
    sheet.title = title
    for row in rows:
        sheet.append(list(row))
    for name, sheet_rows in extra_sheets:
        other = workbook.create_sheet(name)
        for row in sheet_rows:
            other.append(list(row))
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


class XlsError(str):
    """An error cell of `xls()` ('#DIV/0!', '#N/A', ...), as Excel stores a constant error."""


XLS_ERROR_CODES = {
    "#NULL!": 0x00,
    "#DIV/0!": 0x07,
    "#VALUE!": 0x0F,
    "#REF!": 0x17,
    "#NAME?": 0x1D,
    "#NUM!": 0x24,
    "#N/A": 0x2A,
}  # [MS-XLS] 2.5.10


class XlsFormulaError(str):
    """A formula cell of `xls()` whose last result was this error ('#DIV/0!'), as Excel saves
    `=1/0`: xlwt saves formulas with no result, so `xls()` writes the result into the record."""


def xls(rows, title="Dane", extra_sheets=()):
    """A legacy .xls (xlwt writes it; the app reads it with python-calamine)."""
    import xlwt

    workbook = xlwt.Workbook(encoding="utf-8")
    formula_errors = []
    for name, sheet_rows in ((title, rows), *extra_sheets):
        sheet = workbook.add_sheet(name)
        for r, row in enumerate(sheet_rows):
            for c, value in enumerate(row):
                if isinstance(value, XlsError):
                    sheet.row(r).set_cell_error(c, XLS_ERROR_CODES[value])  # xlwt's own text map is wrong
                elif isinstance(value, XlsFormulaError):
                    sheet.write(r, c, xlwt.Formula("1/0"))
                    formula_errors.append((r, c, XLS_ERROR_CODES[value]))
                elif value is not None:
                    sheet.write(r, c, value)
    buffer = io.BytesIO()
    workbook.save(buffer)
    data = buffer.getvalue()
    for r, c, code in formula_errors:  # the FORMULA record's result: [MS-XLS] 2.5.133 FormulaValue
        cell, no_result = struct.pack("<HH", r, c), struct.pack("<Q", 0xFFFF000000000003)
        found = re.search(re.escape(cell) + b"(?s:..)" + re.escape(no_result), data)  # row, column, xf, result
        error = struct.pack("<BBBBHH", 0x02, 0, code, 0, 0, 0xFFFF)
        data = data[: found.start() + 6] + error + data[found.start() + 14 :]
    return data


def png(width=1, height=1, padding=0):
    """A real PNG image (optionally with a text chunk making it `padding` bytes bigger)."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    text = chunk(b"tEXt", b"Comment\x00" + b"x" * padding) if padding else b""
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + text + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    )


def pixels(data):
    """(format, size, RGBA pixels) of an image: what it shows, whatever bytes encode it (stored
    images are re-encoded, see smogpanel.images)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        rgba = image.convert("RGBA")
        # Newer Pillow names it get_flattened_data and removes getdata in 14; setup.cfg allows 10+.
        pixels = rgba.get_flattened_data() if hasattr(rgba, "get_flattened_data") else rgba.getdata()
        return image.format, image.size, list(pixels)


def upload(data, name="raport.xlsx", declared=XLSX_TYPE):
    """The `{name, data}` object a file field sends (data URL, base64)."""
    return {"name": name, "data": f"data:{declared};base64,{base64.b64encode(data).decode()}"}
