"""Real files for tests, made on the spot: spreadsheets (xlsx, xls), a PNG image, and the
`{name, data}` upload the panel sends. Shared by the core's and every plugin's tests."""
import base64
import io
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


def xls(rows, title="Dane"):
    """A legacy .xls (xlwt writes it; the app reads it with xlrd)."""
    import xlwt

    workbook = xlwt.Workbook(encoding="utf-8")
    sheet = workbook.add_sheet(title)
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is not None:
                sheet.write(r, c, value)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def png(width=1, height=1, padding=0):
    """A real PNG image (optionally with a text chunk making it `padding` bytes bigger)."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    text = chunk(b"tEXt", b"Comment\x00" + b"x" * padding) if padding else b""
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + text + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def pixels(data):
    """(format, size, RGBA pixels) of an image: what it shows, whatever bytes encode it (stored
    images are re-encoded, see smogpanel.images)."""
    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        return image.format, image.size, list(image.convert("RGBA").getdata())


def upload(data, name="raport.xlsx", declared=XLSX_TYPE):
    """The `{name, data}` object a file field sends (data URL, base64)."""
    return {"name": name, "data": f"data:{declared};base64,{base64.b64encode(data).decode()}"}
