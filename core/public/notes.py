"""The line a corrected version's widget shows under it (smogpanel.publishing): a publish with
`note_kind: "correction"` and a note shows "Korekta z DD.MM.RRRR: <note>" (the day it was
published, Warsaw time) on the view and embed pages of that version, live or pinned. Generic:
the page draws it under the plugin's widget, no plugin code."""

import html
from zoneinfo import ZoneInfo

WARSAW = ZoneInfo("Europe/Warsaw")
CORRECTION = "smogpanel.publishing.correction"  # request.environ: (at, note) of the version answered
STYLE = "font:13px/1.4 system-ui,sans-serif;color:#555;margin:.5em 0 0;padding:0 .75em"


def correction_text(at, note):
    """ "Korekta z 12.01.2027: <note>" for a correction published at `at` (aware UTC)."""
    return f"Korekta z {at.astimezone(WARSAW):%d.%m.%Y}: {note}"


def correction_of(request):
    """The correction line of the version this request answered, or ""."""
    found = request.environ.get(CORRECTION)
    return correction_text(*found) if found else ""


def correction_html(text):
    if not text:
        return ""
    return f'<p class="smogpanel-correction" role="note" style="{STYLE}">{html.escape(text)}</p>'
