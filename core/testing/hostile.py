"""Hostile files, made on the spot, for the reliability tests of uploads and imports (core and
every plugin): zip bombs (a sheet, the shared strings or the content types expanding to a
gigabyte, small on disk), a zip lying about its sizes, a cell far away (XFD1048576), truncated
and foreign files, polyglots, big sheets and formula cells. `corpus()` lists them all.

And hostile parts of requests, for every route: ids no `{id:\\d+}` route may take
(`BAD_IDS`), path segments and query values that are not UTF-8 (`NOT_UTF8`), JSON bodies with
lone UTF-16 surrogates or other text no JSON reader should pass on (`UNREADABLE_JSON`)."""

import io
import struct
import zipfile
from functools import cache

from .files import png, xlsx

SHEET_NS = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'


def _rebuild(data, replace):
    """The zip `data` with the parts in `replace` ({name: callable(writer)}) written anew."""
    source = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for info in source.infolist():
            if info.filename in replace:
                with archive.open(info.filename, "w", force_zip64=True) as part:
                    replace[info.filename](part)
            else:
                archive.writestr(info, source.read(info.filename))
    return out.getvalue()


def _repeat(part, head, unit, count, tail):
    part.write(head)
    block = unit * 1000
    for _ in range(count // 1000):
        part.write(block)
    part.write(tail)


@cache
def sheet_bomb(megabytes=100):
    """An .xlsx whose sheet expands to about `megabytes` MB (a few MB on disk)."""
    row = b'<row r="1"><c r="A1" t="inlineStr"><is><t>' + b"A" * 1000 + b"</t></is></c></row>"
    return _rebuild(
        xlsx([("x",)]),
        {
            "xl/worksheets/sheet1.xml": lambda part: _repeat(
                part, b'<?xml version="1.0"?>' + SHEET_NS, row, megabytes * 1000, b"</sheetData></worksheet>"
            )
        },
    )


@cache
def cell_bomb(megabytes=100):
    """An .xlsx whose one cell A2 holds `megabytes` MB of text."""
    return _rebuild(
        xlsx([("x",)]),
        {
            "xl/worksheets/sheet1.xml": lambda part: _repeat(
                part,
                b'<?xml version="1.0"?>' + SHEET_NS + b'<row r="1"><c r="A1" t="inlineStr"><is><t>Wojew\xc3\xb3dztwo'
                b'</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>',
                b"C" * 1024,
                megabytes * 1024,
                b"</t></is></c></row></sheetData></worksheet>",
            )
        },
    )


MAIN = b"http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = b"http://schemas.openxmlformats.org/package/2006/relationships"
OFFICE_RELS = b"http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _workbook_with_shared_strings(write_shared_strings):
    """A minimal .xlsx (one sheet, A1 = the first shared string) with its own sharedStrings."""
    parts = {
        "[Content_Types].xml": b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        b'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships'
        b'+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" '
        b'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override '
        b'PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.'
        b'spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.'
        b'openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
        "_rels/.rels": b'<?xml version="1.0"?><Relationships xmlns="'
        + RELS
        + b'"><Relationship Id="rId1" Type="'
        + OFFICE_RELS
        + b'/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": b'<?xml version="1.0"?><workbook xmlns="'
        + MAIN
        + b'" xmlns:r="'
        + OFFICE_RELS
        + b'"><sheets><sheet name="Arkusz1" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": b'<?xml version="1.0"?><Relationships xmlns="' + RELS + b'"><Relationship '
        b'Id="rId1" Type="' + OFFICE_RELS + b'/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" '
        b'Type="' + OFFICE_RELS + b'/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": b'<?xml version="1.0"?><worksheet xmlns="' + MAIN + b'"><sheetData><row r="1">'
        b'<c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        for name, body in parts.items():
            archive.writestr(name, body)
        with archive.open("xl/sharedStrings.xml", "w", force_zip64=True) as part:
            write_shared_strings(part)
    return out.getvalue()


@cache
def shared_strings_bomb(megabytes=100):
    unit = b"<si><t>" + b"B" * 1000 + b"</t></si>"
    return _workbook_with_shared_strings(
        lambda part: _repeat(
            part, b'<?xml version="1.0"?><sst xmlns="' + MAIN + b'">', unit, megabytes * 1000, b"</sst>"
        )
    )


@cache
def content_types_bomb(megabytes=100):
    """The [Content_Types].xml expanding to a gigabyte (it is read to recognise an .xlsx)."""
    return _rebuild(
        xlsx([("x",)]),
        {
            "[Content_Types].xml": lambda part: _repeat(
                part,
                b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
                b'spreadsheetml.sheet.main+xml"/>',
                b" " * 1000,
                megabytes * 1000,
                b"</Types>",
            )
        },
    )


@cache
def lying_bomb(megabytes=100):
    """`sheet_bomb` whose zip directory declares 1 KB for every part."""
    data = bytearray(sheet_bomb(megabytes))
    at = 0
    while (at := data.find(b"PK\x01\x02", at)) >= 0:
        if struct.unpack_from("<I", data, at + 24)[0] != 0xFFFFFFFF:
            struct.pack_into("<I", data, at + 24, 1024)
        at += 4
    return bytes(data)


def far_cell():
    """A1 and XFD1048576: a dense reader would hold 17 billion cells."""
    from openpyxl import Workbook

    workbook = Workbook()
    workbook.active["A1"] = "Województwo"
    workbook.active["XFD1048576"] = "daleko"
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


@cache
def million_rows_csv():
    return b"Wojew\xc3\xb3dztwo;Liczba\n" + b"lodzkie;1\n" * 1_000_000


def formula_cells():
    return xlsx(
        [
            ("Województwo", "Liczba"),
            ('=HYPERLINK("http://evil.example","x")', "=1/0"),
            ("=cmd|' /C calc'!A0", "=SUM(A1:A2)"),
        ]
    )


def corpus():
    """[(label, bytes, file name)] of every hostile file, for every import and upload field."""
    good = xlsx([("Województwo", "Liczba"), ("łódzkie", 1)])
    html = b"<html><body><script>alert(document.cookie)</script></body></html>"
    return [
        ("sheet zip bomb", sheet_bomb(), "raport.xlsx"),
        ("cell zip bomb", cell_bomb(), "raport.xlsx"),
        ("shared strings zip bomb", shared_strings_bomb(), "raport.xlsx"),
        ("content types zip bomb", content_types_bomb(), "raport.xlsx"),
        ("zip lying about sizes", lying_bomb(), "raport.xlsx"),
        ("cell XFD1048576", far_cell(), "raport.xlsx"),
        ("truncated xlsx", good[: len(good) // 2], "raport.xlsx"),
        ("truncated zip header", good[:30], "raport.xlsx"),
        ("png as xlsx", png(3, 3), "raport.xlsx"),
        ("html as xlsx", html, "raport.xlsx"),
        ("png signature + html", b"\x89PNG\r\n\x1a\n" + html, "logo.png"),
        ("svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', "logo.svg"),
        ("ole2 garbage", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000), "raport.xls"),
        ("million-row csv", million_rows_csv(), "raport.csv"),
        ("formula cells", formula_cells(), "raport.xlsx"),
        ("empty", b"", "raport.xlsx"),
    ]


# -- hostile requests --------------------------------------------------------------------------
# Percent-encoded, ready for a URL: digits of other scripts (Python's \d takes them: Arabic-Indic
# 1, Devanagari 1, a full-width 0), more digits than int() reads (4,300), one past the id
# columns' 2**31 - 1 (PostgreSQL's INTEGER: "integer out of range" was a 500), 64-bit ones.
BAD_IDS = [
    "%D9%A1",
    "%E0%A5%A7",
    "%EF%BC%90",
    "%D9%A1%D9%A2",
    "9" * 5000,
    str(2**31),
    "25468570375226",
    str(2**63 - 1),
    str(2**63),
    "1" + "0" * 30,
]
# U+D800 and U+DC00 written as UTF-8 (no valid UTF-8 has them), stray and overlong bytes.
NOT_UTF8 = ["%ED%A0%80", "%ED%B0%80", "a%ED%A0%80@b.pl", "%FF", "%C3", "%C0%AF"]
# Lone surrogates as JSON escapes (Python's json reads them; encoding the text then fails),
# NaN, an infinity and nesting past any reader's depth.
UNREADABLE_JSON = [
    b'{"password": "\\ud800"}',
    b'{"name": "\\udc00"}',
    b'{"name": "a\\udbff"}',
    b'{"name": "\\udc00\\ud800"}',
    b'{"\\ud800": 1}',
    b'{"value": NaN}',
    b'{"value": 1e400}',
    b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
]
