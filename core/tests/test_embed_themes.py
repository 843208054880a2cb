"""The embed themes' palettes (embeds/src/options.js) pass WCAG 2 AA: every text colour against
every background it is drawn on, 4.5:1 or more, in the light and the dark theme. The browser
test (test_browser_embed_looks.py) measures the drawn widgets; this one the palette itself, so a
change of one colour fails here with the pair named."""

import re
from pathlib import Path

import pytest

OPTIONS = Path(__file__).resolve().parents[2] / "embeds" / "src" / "options.js"
TEXTS = ("--sp-fg", "--sp-muted", "--sp-accent", "--sp-error", "--sp-success")
BACKGROUNDS = ("--sp-bg", "--sp-panel", "--sp-surface", "--sp-selected")


def palette(name):
    block = re.search(rf"export const {name} = \{{(.*?)\}};", OPTIONS.read_text(), re.S).group(1)
    return dict(re.findall(r"'(--sp-[a-z-]+)': '(#[0-9a-f]{6})'", block))


def luminance(hex_colour):
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("theme", ("LIGHT", "DARK"))
def test_every_text_on_every_background_passes_aa(theme):
    colours = palette(theme)
    assert set(TEXTS + BACKGROUNDS) <= set(colours), colours
    failing = [
        f"{text} on {background}: {contrast(colours[text], colours[background]):.2f}"
        for text in TEXTS
        for background in BACKGROUNDS
        if contrast(colours[text], colours[background]) < 4.5
    ]
    assert failing == []


@pytest.mark.parametrize("theme", ("LIGHT", "DARK"))
def test_text_on_the_accent_passes_aa(theme):
    colours = palette(theme)
    assert contrast(colours["--sp-on-accent"], colours["--sp-accent"]) >= 4.5


def test_the_contrast_formula_matches_wcag():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)
