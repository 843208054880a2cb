"""A preview link and a correction in a real Chromium: the link draws the draft in the real
widget and sends no view beacon (reach counts no preview), while the widget's own page does;
a corrected version's page shows the correction's line under the widget."""

import uuid
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from playwright.sync_api import expect

from smogpanel.public.notes import WARSAW
from smogpanel.testing.browser import api_headers, sign_in


def add_timer(page, live_server):
    made = page.request.post(
        "/api/timer/",
        data={
            "name": live_server.unique("Licznik podglądu"),
            "internal_name": f"podglad-{uuid.uuid4().hex[:8]}",
            "timer_style_name": "SEA",
            "text_above": "Szkic licznika",
            "text_below": "Ogrzewaj czysto.",
            "deadline": (datetime.now(UTC) + timedelta(days=30)).isoformat(),
            "countdown": 1,
            "hidden_brand": 0,
        },
        headers=api_headers(page),
    )
    assert made.ok, made.text()
    return made.json()["message"]


def test_a_preview_draws_the_draft_uncounted_and_a_correction_shows_its_line(page, live_server):
    sign_in(page, live_server)
    timer = add_timer(page, live_server)
    made = page.request.post(f"/api/timer/{timer['id']}/preview", data={}, headers=api_headers(page))
    assert made.ok and made.headers["cache-control"] == "no-store"
    hits = []
    page.on("request", lambda request: "/api/reach/hit" in request.url and hits.append(request))

    page.goto(urlsplit(made.json()["message"]["url"]).path)
    expect(page.locator(".spt-above")).to_have_text("Szkic licznika")
    page.wait_for_timeout(800)  # the beacon goes at once after drawing, when it goes
    assert hits == []

    page.goto(f"/view/timer/{timer['internal_name']}")  # the widget's own page counts its view
    expect(page.locator(".spt-above")).to_have_text("Szkic licznika")
    page.wait_for_timeout(800)
    assert len(hits) == 1

    published = page.request.post(
        f"/api/timer/{timer['id']}/publish",
        data={"note_kind": "correction", "note": "Poprawiony termin"},
        headers=api_headers(page),
    )
    assert published.ok, published.text()
    # A new address: the browser keeps the page it saw a moment ago for its max-age.
    page.goto(f"/view/timer/{timer['internal_name']}?po-korekcie")
    expect(page.locator(".spt-above")).to_have_text("Szkic licznika")
    day = datetime.now(UTC).astimezone(WARSAW).strftime("%d.%m.%Y")
    expect(page.get_by_role("note")).to_have_text(f"Korekta z {day}: Poprawiony termin")
