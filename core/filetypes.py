"""What a file really is, from its first bytes (never from its name or declared type):
images PNG, JPEG, GIF, WebP; spreadsheets XLSX, XLS, CSV (plain text)."""

import codecs
import io
import re
import zipfile
from dataclasses import dataclass


@dataclass(frozen=True)
class FileFormat:
    kind: str
    label: str  # as shown to the operator in messages
    content_type: str
    extension: str


FORMATS = {
    f.kind: f
    for f in (
        FileFormat("png", "PNG", "image/png", ".png"),
        FileFormat("jpeg", "JPEG", "image/jpeg", ".jpg"),
        FileFormat("gif", "GIF", "image/gif", ".gif"),
        FileFormat("webp", "WebP", "image/webp", ".webp"),
        FileFormat("xlsx", "XLSX", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ".xlsx"),
        FileFormat("xls", "XLS", "application/vnd.ms-excel", ".xls"),
        FileFormat("csv", "CSV", "text/csv", ".csv"),
    )
}
IMAGES = ("png", "jpeg", "gif", "webp")
SPREADSHEETS = ("xlsx", "xls", "csv")

# Characters no text file holds (tab, line breaks and form feed excepted).
CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0e-\x1f\x7f]")
CONTENT_TYPES_PEEK = 256 * 1024  # bytes of an xlsx's [Content_Types].xml read to recognise it
OLE2_SIGNATURE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # .xls (and other old Office files)


def text_encoding(data):
    """The encoding of `data` if it is plain text (CSV): UTF-8 with or without BOM, UTF-16
    with BOM (Excel's "Unicode text"), else Windows-1250; None for binary content."""
    if data.startswith(codecs.BOM_UTF8):
        candidates = ("utf-8-sig",)
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ("utf-16",)
    else:
        candidates = ("utf-8", "cp1250")
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        return None if CONTROL_CHARACTERS.search(text) else encoding
    return None


def _is_xlsx(data):
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            names = set(archive.namelist())
            if "xl/workbook.xml" in names:
                return True
            if "[Content_Types].xml" not in names:
                return False
            # Read a bounded prefix only: a zip bomb may expand this part to gigabytes.
            with archive.open("[Content_Types].xml") as part:
                return b"spreadsheetml.sheet.main" in part.read(CONTENT_TYPES_PEEK)
    except (zipfile.BadZipFile, OSError, KeyError, ValueError, RuntimeError, EOFError):
        return False


def detect(data):
    """The kind of file `data` really is (a key of FORMATS), or None."""
    head = data[:16]
    if head.startswith(b"\x89PNG\r\n\x1a\n"):
        return "png"
    if head.startswith(b"\xff\xd8\xff"):
        return "jpeg"
    if head[:6] in (b"GIF87a", b"GIF89a"):
        return "gif"
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "webp"
    if head.startswith(b"PK\x03\x04"):
        return "xlsx" if _is_xlsx(data) else None
    if head.startswith(OLE2_SIGNATURE):
        return "xls"
    if data and text_encoding(data):
        return "csv"
    return None


def kind_of_content_type(content_type):
    """'png' for 'image/png', 'csv' for 'text/csv; charset=utf-8'; None when unknown."""
    base = content_type.split(";")[0].strip()
    return next((kind for kind, f in FORMATS.items() if f.content_type == base), None)


def formats_label(kinds):
    return ", ".join(FORMATS[kind].label for kind in kinds)
