"""Uploaded images are decoded with Pillow: polyglots, broken images, decompression bombs and
SVG are refused; what is stored is re-encoded without metadata or appended bytes. Through the
same test plugin as test_files (the core's upload helpers, used by every plugin's forms)."""

import io
import struct
import zlib

import pytest
import sqlalchemy as sa
from PIL import Image

from smogpanel.models import StoredFile
from smogpanel.testing.files import pixels, png

from .test_files import client, files_api, refusal, stored, upload  # noqa: F401 (fixtures)

HTML = b"<html><body><script>alert(document.cookie)</script></body></html>"


def encoded(image, fmt, **options):
    out = io.BytesIO()
    image.save(out, fmt, **options)
    return out.getvalue()


def count(db):
    return db.scalar(sa.select(sa.func.count()).select_from(StoredFile))


def bomb_png(width, height):
    """A valid PNG header announcing width × height pixels (a few hundred bytes on disk)."""

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    row = b"\x00" + bytes(width // 8 + 1)
    compressor = zlib.compressobj(9)
    data = b"".join(compressor.compress(row) for _ in range(min(height, 2000))) + compressor.flush()
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", data) + chunk(b"IEND", b"")


@pytest.mark.parametrize(
    "data",
    [
        b"\x89PNG\r\n\x1a\n" + HTML,  # a PNG signature followed by a page
        png(4, 4)[:40] + HTML,  # a real header, then a page instead of the pixels
        b"GIF89a" + HTML,
        b"\xff\xd8\xff\xe0" + HTML,
    ],
)
def test_a_polyglot_or_broken_image_is_refused_and_nothing_stored(client, db, data):
    before = count(db)
    answer = refusal(client, "/api/test-files/logo", {"logo": upload(data, "logo.png")})
    assert answer["message"] == "VALIDATION_FAILED"
    assert "nie jest poprawnym obrazem" in answer["errors"][0]["description"]
    assert count(db) == before


def test_bytes_appended_after_a_real_image_are_not_stored(client, db):
    name = client.post("/api/test-files/logo", {"logo": upload(png(5, 3) + HTML)})["message"]["name"]
    data = stored(db, name).data
    assert HTML not in data and b"<html" not in data
    assert pixels(data) == pixels(png(5, 3))
    served = client.app.get(f"/files/{name}")
    assert served.content_type == "image/png" and b"<script" not in served.body


@pytest.mark.parametrize("fmt,kind", [("JPEG", "jpg"), ("PNG", "png"), ("WEBP", "webp")])
def test_metadata_is_stripped(client, db, fmt, kind):
    exif = Image.Exif()
    exif[0x010E] = "Zdjęcie z domu, GPS 51.7592N 19.4560E"
    exif[0x8825] = {2: (51.0, 45.0, 33.0)}  # GPS info
    data = encoded(Image.new("RGB", (16, 8), (10, 120, 200)), fmt, exif=exif.tobytes())
    assert b"GPS" in data
    name = client.post("/api/test-files/logo", {"logo": upload(data, f"zdjecie.{kind}")})["message"]["name"]
    cleaned = stored(db, name).data
    assert b"GPS" not in cleaned and b"51.7592" not in cleaned
    with Image.open(io.BytesIO(cleaned)) as image:
        assert image.size == (16, 8) and not image.getexif()


def test_an_animated_gif_keeps_its_frames(client, db):
    frames = [Image.new("RGB", (6, 6), colour) for colour in ((255, 0, 0), (0, 255, 0), (0, 0, 255))]
    data = encoded(
        frames[0], "GIF", save_all=True, append_images=frames[1:], duration=200, loop=0, comment=b"tajny komentarz"
    )
    name = client.post("/api/test-files/logo", {"logo": upload(data, "anim.gif")})["message"]["name"]
    cleaned = stored(db, name).data
    assert b"tajny" not in cleaned
    with Image.open(io.BytesIO(cleaned)) as image:
        assert image.n_frames == 3


@pytest.mark.parametrize("side,shown", [(5000, "5 000 × 5 000 pikseli"), (100_000, "miliardy pikseli")])
def test_a_decompression_bomb_is_refused_from_its_header(client, db, side, shown):
    data = bomb_png(side, side)
    assert len(data) < 100_000
    before = count(db)
    answer = refusal(client, "/api/test-files/logo", {"logo": upload(data)}, status=413)
    assert answer["message"] == "FILE_TOO_LARGE"
    text = answer["errors"][0]["description"]
    assert shown in text and "16 000 000 pikseli" in text
    assert count(db) == before


def test_the_image_limits_are_settings(files_api):
    small = files_api(**{"smogpanel.max_image_pixels": "100", "smogpanel.max_image_side": "50"})
    assert (
        refusal(small, "/api/test-files/logo", {"logo": upload(png(11, 10))}, status=413)["message"] == "FILE_TOO_LARGE"
    )
    assert (
        refusal(small, "/api/test-files/logo", {"logo": upload(png(60, 1))}, status=413)["message"] == "FILE_TOO_LARGE"
    )
    assert small.post("/api/test-files/logo", {"logo": upload(png(10, 10))})["success"] is True


def test_an_svg_is_refused_as_a_text_file(client):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>'
    answer = refusal(client, "/api/test-files/logo", {"logo": upload(svg, "logo.svg", "image/svg+xml")})
    assert "plikiem tekstowym" in answer["errors"][0]["description"]
