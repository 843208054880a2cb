"""Sharing a public view: the Open Graph and Twitter tags of its page, the `<noscript>` image,
and that image itself, a 1200×630 PNG drawn on the server for each version of the payload at
`/view/<kind>/<name>/image/<tag>.png` (`tag`: the start of the payload's ETag, so the address
changes exactly when what the widget shows changes, and a link shared before keeps working: an
old tag is sent on to the current image).

What the image is, per kind:
- a kind whose plugin ships an image script (the map, the chart, a voivodeships ranking, the
  calculator: smogpanel.public.widget_image) is drawn by the widget's own drawing code
  (@smogpanel/embeds/charts, /voivodeships) under Node: the same SVG the widget first shows,
  with its title, legend and source;
- any other kind, a payload the script draws nothing for (a gminy ranking's table), or when
  Node is missing or the script fails, is a *card* the server draws as
  SVG from the same payload: the widget's title and description, and, for kinds that declare a
  table (`PublicKind.table`), the first rows of that table as labelled bars (the sheet's `value`
  column) or as lines of text; the source at the foot.
Rasterised by resvg (`resvg-py`, a Rust library in a wheel: no browser, no system library),
with the DejaVu fonts when present (Debian's fonts-dejavu-core) or the system's. Cached in the
process by (kind, name, image tag): the tag names the data version and what drew it.
"""

import hashlib
import html
import json
import math
import threading
from pathlib import Path

from pyramid.httpexceptions import HTTPFound
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..answer_cache import Built, LocalCache, PublicCache
from ..app_state import hold
from ..openapi import describe_route
from ..settings import public_url
from .data import sheets_of
from .payloads import NOT_FOUND_PAGE, built_payload, kind_of
from .widget_image import renderer, widget_svg

WIDTH, HEIGHT = 1200, 630
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT = "DejaVu Sans"
INK, MUTED, LINE, ACCENT, BAR = "#1f2a37", "#4b5563", "#e5e7eb", "#1864ab", "#2f6fb0"
MAX_BARS = 8
IMAGE_CACHE_SIZE = 64  # PNGs of ~30-60 KB: a few MB per process
IMMUTABLE = "public, max-age=31536000, immutable"
TITLE_KEYS = ("name", "title", "text_above")
DESCRIPTION_KEYS = ("subtitle", "subname", "details", "legend", "text_below", "type")


def _text(value):
    return " ".join(str(value).split()) if isinstance(value, (str, int, float)) and value != "" else ""


def describe(kind, payload):
    """(title, description) of a view for its tags and card: the kind's `describe(payload)` when
    it declares one, else the payload's first name-like and description-like texts."""
    if kind.describe is not None:
        title, description = kind.describe(payload)
    else:
        title = next((_text(payload.get(k)) for k in TITLE_KEYS if _text(payload.get(k))), "")
        description = next((_text(payload.get(k)) for k in DESCRIPTION_KEYS if _text(payload.get(k))), "")
    title = title or kind.title or "Smogpanel"
    description = description or f"{kind.title or 'Widżet'} – Smogpanel"
    return title[:200], description[:300]


# Part of every image's address: a new look of the card (a change here) gives every image a new
# address, so caches that keep the immutable old one (a CDN, a share service) are passed by.
# The widget's drawing is named by its script's digest (widget_image.renderer).
CARD_VERSION = "1"


def image_tag(registry, kind, payload_built):
    drawn_by = renderer(registry, kind)
    return hashlib.blake2b(f"{CARD_VERSION}:{drawn_by}:{payload_built.etag}".encode(), digest_size=8).hexdigest()


def image_path(request, kind, name, payload_built):
    tag = image_tag(request.registry, kind, payload_built)
    return request.route_path("view-image", kind=kind.kind, internal_name=name, tag=tag)


def head_tags(request, kind, name, payload, payload_built):
    """The <meta> tags of a view's page (escaped), and the noscript image's HTML."""
    title, description = describe(kind, payload)
    base = public_url(request.registry.settings)
    path = image_path(request, kind, name, payload_built)
    image = base + path  # og:image must be absolute: the configured public address, never the Host header
    page = f"{base}/view/{kind.kind}/{name}"
    tags = [
        ("property", "og:type", "website"),
        ("property", "og:title", title),
        ("property", "og:description", description),
        ("property", "og:url", page),
        ("property", "og:image", image),
        ("property", "og:image:width", str(WIDTH)),
        ("property", "og:image:height", str(HEIGHT)),
        ("property", "og:image:alt", title),
        ("property", "og:locale", "pl_PL"),
        ("name", "twitter:card", "summary_large_image"),
        ("name", "twitter:title", title),
        ("name", "twitter:description", description),
        ("name", "twitter:image", image),
        ("name", "description", description),
    ]
    meta = "".join(f'<meta {attr}="{key}" content="{html.escape(value)}">' for attr, key, value in tags)
    noscript = (
        f'<noscript><img class="smogpanel-fallback" src="{html.escape(path)}" width="{WIDTH}" height="{HEIGHT}" '
        f'alt="{html.escape(title)}"></noscript>'
    )
    return meta, noscript


# --- the card -------------------------------------------------------------------------------


def _wrap(text, size, width, lines):
    """`text` broken into at most `lines` lines of about `width` px at font `size` (DejaVu Sans
    averages ~0.55 em a character), the last one ending with an ellipsis when cut."""
    per_line = max(8, int(width / (size * 0.55)))
    words, out, current = text.split(), [], ""
    for word in words:
        candidate = f"{current} {word}".strip()
        if len(candidate) <= per_line:
            current = candidate
            continue
        if current:
            out.append(current)
        current = word[:per_line]
        if len(out) == lines:
            break
    if current and len(out) < lines:
        out.append(current)
    if len(out) == lines and " ".join(out) != " ".join(words):
        out[-1] = out[-1][: per_line - 1].rstrip() + "…"
    return out


def _t(x, y, text, size, color=INK, weight="normal", anchor="start"):
    return (
        f'<text x="{x}" y="{y}" font-family="{FONT}" font-size="{size}" font-weight="{weight}" '
        f'fill="{color}" text-anchor="{anchor}">{html.escape(text)}</text>'
    )


def polish_number(value):
    if isinstance(value, float) and not value.is_integer():
        text = f"{value:,.2f}".rstrip("0").rstrip(".")
    else:
        text = f"{int(value):,}"
    return text.replace(",", " ").replace(".", ",")


def _numeric(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _bars(sheet, top):
    rows = [r for r in sheet.rows if _numeric(r[sheet.value])][:MAX_BARS]
    if not rows:
        return []
    biggest = max(abs(r[sheet.value]) for r in rows) or 1
    step = min(44, (HEIGHT - top - 70) // len(rows))
    parts, label_w, left = [], 330, 60
    bar_max = WIDTH - left - label_w - 180
    for i, r in enumerate(rows):
        y = top + i * step
        label = _text(r[sheet.label])[:30]
        width = max(2, round(bar_max * abs(r[sheet.value]) / biggest))
        parts.append(_t(left, y + step * 0.62, label, 22, INK))
        top_y, bar_h = round(y + step * 0.18), round(step * 0.6)
        parts.append(f'<rect x="{left + label_w}" y="{top_y}" width="{width}" height="{bar_h}" fill="{BAR}" rx="3"/>')
        parts.append(_t(left + label_w + width + 10, y + step * 0.62, polish_number(r[sheet.value]), 22, INK, "bold"))
    return parts


def _lines(sheet, top):
    parts = []
    for i, r in enumerate(sheet.rows[:6]):
        cells = [_text(v) if not _numeric(v) else polish_number(v) for v in r[: sheet.card_columns]]
        line = " · ".join(c for c in cells if c)
        parts.append(_t(60, top + 30 + i * 44, _wrap(line, 24, WIDTH - 120, 1)[0] if line else "", 24, INK))
    return parts


def card_svg(kind, payload, sheets, source):
    title, description = describe(kind, payload)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
        f'<rect width="{WIDTH}" height="12" fill="{ACCENT}"/>',
    ]
    y = 90
    for line in _wrap(title, 50, WIDTH - 120, 2):
        parts.append(_t(60, y, line, 50, INK, "bold"))
        y += 60
    for line in _wrap(description, 28, WIDTH - 120, 2):
        parts.append(_t(60, y, line, 28, MUTED))
        y += 38
    y += 14
    sheet = next((s for s in sheets if s.rows), None)
    if sheet is not None:
        drawn = _bars(sheet, y) if sheet.value is not None else []
        parts += drawn or _lines(sheet, y)
    parts.append(
        f'<line x1="60" x2="{WIDTH - 60}" y1="{HEIGHT - 62}" y2="{HEIGHT - 62}" stroke="{LINE}" stroke-width="2"/>'
    )
    foot = f"{kind.title or 'Widżet'} · Smogpanel" + (f" · Źródło: {source}" if source else "")
    parts.append(_t(60, HEIGHT - 26, _wrap(foot, 22, WIDTH - 120, 1)[0], 22, MUTED))
    parts.append("</svg>")
    return "".join(parts)


def _fonts():
    if FONT_DIR.is_dir():
        return {"skip_system_fonts": True, "font_dirs": [str(FONT_DIR)]}
    return {}


# One render at a time per process: a render takes ~0.1-0.2 s of a core (docs/performance.md),
# and a visitor asking for many records' images must not take every core from the other answers.
_RENDERING = threading.BoundedSemaphore(1)


def rasterise(svg):
    # resvg loads with the first share image a process draws, not with every process
    import resvg_py

    with _RENDERING:
        return bytes(resvg_py.svg_to_bytes(svg_string=svg, width=WIDTH, height=HEIGHT, **_fonts()))


def render_card(request, kind, name, payload):
    sheets = sheets_of(request, kind, name, payload) if kind.table is not None else []
    return rasterise(card_svg(kind, payload, sheets, _text(payload.get("source"))))


def render_image(request, kind, name, payload_text):
    """The PNG of the view: the widget's own drawing when its kind has one, else the card."""
    with _RENDERING:  # the drawing under Node too: one image at a time per process
        svg = widget_svg(request.registry, kind, payload_text)
    if svg is not None:
        return rasterise(svg)
    return render_card(request, kind, name, json.loads(payload_text))


def public_image(request):
    kind = kind_of(request)
    name = request.matchdict["internal_name"]
    _version, payload_built = built_payload(request, kind, name) if kind else (None, None)
    if payload_built is None:
        return Response(NOT_FOUND_PAGE, status=404, content_type="text/html", charset="utf-8")
    tag = image_tag(request.registry, kind, payload_built)
    if request.matchdict["tag"] != tag:
        # A link shared before the data changed: the current image (this answer is not kept long).
        found = HTTPFound(location=image_path(request, kind, name, payload_built))
        found.headers["Cache-Control"] = "public, max-age=60"
        return found

    def build():
        payload = json.loads(payload_built.body)["message"]
        png = render_image(request, kind, name, json.dumps(payload, ensure_ascii=False))
        return Built(png, hashlib.blake2b(png, digest_size=16).hexdigest())

    built = request.registry["smogpanel.public_images"].get_or_build(("image", kind.kind, name, tag), build)
    if built.etag in request.if_none_match:
        response = Response(status=304)
    else:
        response = Response(body=built.body, content_type="image/png")
    response.headers["ETag"] = f'W/"{built.etag}"'
    response.headers["Cache-Control"] = IMMUTABLE
    if request.params.get("download"):
        response.content_disposition = f'attachment; filename="{kind.kind}-{name}.png"'
    return response


def includeme(config):
    config.include(".widget_image")
    config.registry["smogpanel.public_images"] = hold(
        config.registry, PublicCache(LocalCache(IMAGE_CACHE_SIZE), name="image")
    )
    config.add_route("view-image", "/view/{kind}/{internal_name}/image/{tag}.png")
    config.add_view(public_image, route_name="view-image", request_method="GET", permission=NO_PERMISSION_REQUIRED)

    describe_route(
        config,
        "/view/{kind}/{internal_name}/image/{tag}.png",
        "GET",
        {
            "summary": "Obraz widżetu do udostępniania (PNG 1200×630) dla wersji danych `tag`.",
            "security": [],
            "parameters": [
                {"name": "kind", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "internal_name", "in": "path", "required": True, "schema": {"type": "string"}},
                {"name": "tag", "in": "path", "required": True, "schema": {"type": "string"}},
            ],
            "responses": {
                "200": {
                    "description": "Obraz PNG (niezmienny)",
                    "content": {"image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}}},
                },
                "302": {"description": "Starsza wersja: przekierowanie do obecnego obrazu"},
                "304": {"description": "Bez zmian"},
                "404": {"description": "Nie znaleziono", "content": {"text/html": {"schema": {"type": "string"}}}},
            },
        },
    )
