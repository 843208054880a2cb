"""Uploaded images are images: decoded with Pillow before anything is stored, so a file only
*starting* like a PNG (a PNG signature followed by an HTML page, a polyglot) is refused, a
decompression bomb is refused from its header before any pixel is decoded, and what is stored is
the image re-encoded from its pixels: no metadata (EXIF with GPS positions, text chunks,
comments), nothing appended after the image's end. SVG is never an image here (it is a
document that may carry scripts): it is refused as a text file, by `filetypes.detect`.

Limits (settings): `smogpanel.max_image_pixels` (width × height × frames, default 16 million,
about 64 MB of decoded RGBA) and `smogpanel.max_image_side` (pixels, default 8000).
"""

import io
import struct
import warnings
from dataclasses import dataclass

from pyramid.exceptions import ConfigurationError

from .envelope import ApiError

DEFAULT_MAX_PIXELS = 16_000_000
DEFAULT_MAX_SIDE = 8000
PILLOW_FORMATS = {"png": "PNG", "jpeg": "JPEG", "gif": "GIF", "webp": "WEBP"}


@dataclass(frozen=True)
class ImageLimits:
    pixels: int = DEFAULT_MAX_PIXELS
    side: int = DEFAULT_MAX_SIDE

    @classmethod
    def from_settings(cls, settings):
        def number(key, default):
            value = settings.get(key)
            try:
                value = int(value) if value not in (None, "") else default
            except (TypeError, ValueError):
                value = 0
            if value <= 0:
                raise ConfigurationError(f"{key} must be a positive whole number.")
            return value

        return cls(
            number("smogpanel.max_image_pixels", DEFAULT_MAX_PIXELS),
            number("smogpanel.max_image_side", DEFAULT_MAX_SIDE),
        )


def _grouped(number):
    return f"{number:,}".replace(",", " ")


def _not_an_image(field, name, label):
    shown = f"„{name}” " if name else ""
    return ApiError.invalid(
        field,
        f"Plik {shown}nie jest poprawnym obrazem {label}: nie udało się go odczytać "
        "(plik jest uszkodzony albo tylko udaje obraz). Zapisz obraz ponownie w programie "
        "graficznym i spróbuj jeszcze raz.",
    )


def _too_big(field, width, height, frames, limits):
    if width is None:  # Pillow refused it from the header already: billions of pixels
        size = "miliardy pikseli"
    else:
        size = f"{_grouped(width)} × {_grouped(height)} pikseli" + (f", {frames} klatek" if frames > 1 else "")
    return ApiError(
        "FILE_TOO_LARGE",
        [
            {
                "name": field,
                "description": f"Obraz jest za duży ({size}). Największy dozwolony obraz ma {_grouped(limits.pixels)} "
                f"pikseli (szerokość × wysokość × liczba klatek) i boki do {_grouped(limits.side)} pikseli.",
            }
        ],
    )


def clean_image(data, kind, limits, field="file", name=""):
    """The image re-encoded from its decoded pixels, in its own format (animations kept), or
    ApiError: 400 when it does not decode as `kind`, 413 over the limits."""
    # Pillow loads when an image is uploaded, not with every process (the CLI, the workers)
    from PIL import Image, ImageOps, UnidentifiedImageError

    label = PILLOW_FORMATS[kind] if kind != "webp" else "WebP"
    width = height = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=[PILLOW_FORMATS[kind]])
            width, height = image.size
            frames = getattr(image, "n_frames", 1) if kind in ("gif", "webp") else 1
            if width > limits.side or height > limits.side or width * height * frames > limits.pixels:
                raise _too_big(field, width, height, frames, limits)
            image.load()
            return _encode(image, kind, frames, ImageOps)
    except ApiError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_big(field, width, height, 1, limits)
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError, IndexError, TypeError, struct.error):
        raise _not_an_image(field, name, label)


METADATA = ("comment", "exif", "xmp", "XML:com.adobe.xmp", "extension", "dpi")


def _encode(image, kind, frames, image_ops):
    for key in METADATA:  # some writers copy these from what was read
        image.info.pop(key, None)
    out = io.BytesIO()
    if frames > 1:
        # Every frame decoded and written again; only the timing and looping are kept.
        options = {"save_all": True, "duration": image.info.get("duration", 100), "loop": image.info.get("loop", 0)}
        if kind == "webp":
            options["lossless"] = True
        image.save(out, PILLOW_FORMATS[kind], **options)
        return out.getvalue()
    if kind == "jpeg":
        image = image_ops.exif_transpose(image)  # keep how it looks once EXIF is gone
        if image.mode not in ("RGB", "L", "CMYK"):
            image = image.convert("RGB")
        image.save(out, "JPEG", quality=90)
    elif kind == "png":
        image.save(out, "PNG")
    elif kind == "gif":
        image.save(out, "GIF")
    else:
        image.save(out, "WEBP", lossless=True)
    return out.getvalue()
