"""Reach, oEmbed and the accessible alternatives in a real Chromium: a widget pasted on partner
pages of two other origins is counted once per view under each page's origin, with no cookie
sent or set and no address stored; the operator reads it in 'Zasięg' (the record's and the
panel's); the view names its oEmbed answer, whose snippet shows the widget on a partner page;
the timer tells screen readers its deadline, not its seconds."""

import json
import re
import uuid
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from smogpanel.testing.browser import api_headers, assert_accessible, own_panel, sign_in, watched_page
from smogpanel.testing.reach import flush_reach, reach_rows


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    """A live panel of its own whose public address is its real one (the shared live server's
    port is chosen after its settings are read), as oEmbed answers from `smogpanel.public_url`."""
    with own_panel(tmp_path_factory, "live_reach", "zasieg@example.pl", "Zofia", "Operatorka") as (panel, app):
        app.registry.settings["smogpanel.public_url"] = panel.url
        yield panel


@pytest.fixture
def page(browser, panel):
    with watched_page(browser, panel.url) as page:
        yield page


def add_timer(page, panel):
    internal = f"zasieg-{uuid.uuid4().hex[:8]}"
    made = page.request.post(
        "/api/timer/",
        data={
            "name": panel.unique("Licznik zasięgu"),
            "internal_name": internal,
            "timer_style_name": "SEA",
            "text_above": "Licznik u partnera",
            "text_below": "Ogrzewaj czysto.",
            "deadline": (datetime.now(UTC) + timedelta(days=30)).isoformat(),
            "countdown": 1,
            "hidden_brand": 0,
        },
        headers=api_headers(page),
    )
    assert made.ok, made.text()
    return made.json()["message"]


def wait_for(page, answers, count):
    """Until `count` beacons have been answered (the widget sends one after drawing)."""
    for _ in range(200):
        if len(answers) >= count:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{len(answers)} beacons answered, {count} expected")


def partner_page(site, snippet, host=None):
    (site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body><h1>Strona partnera</h1>{snippet}</body></html>",
        encoding="utf-8",
    )
    url = f"{site.url}/index.html"
    return url.replace("127.0.0.1", host) if host else url


def test_views_on_two_partner_origins_are_counted_without_cookies_and_shown_in_zasieg(page, panel, partner_site):
    sign_in(page, panel)  # the operator's own cookies exist on the panel's origin
    timer = add_timer(page, panel)
    name = timer["internal_name"]
    answer = page.request.get(f"/oembed?url={panel.url}/view/timer/{name}&format=json").json()
    assert answer["type"] == "rich"

    hits = []
    page.on("request", lambda request: "/api/reach/hit" in request.url and hits.append(request))
    answers = []
    page.on("response", lambda response: "/api/reach/hit" in response.url and answers.append(response))
    for count, host in enumerate((None, "localhost"), 1):  # two origins, neither the panel's
        page.goto(partner_page(partner_site, answer["html"], host))
        expect(page.frame_locator("iframe").locator(".spt-above")).to_have_text("Licznik u partnera")
        wait_for(page, answers, count)
    page.goto(f"/view/timer/{name}")  # the widget's own page: no embedding site
    expect(page.locator(".spt-above")).to_have_text("Licznik u partnera")
    wait_for(page, answers, 3)

    assert len(hits) == 3, [h.url for h in hits]
    for hit in hits:
        assert "cookie" not in hit.all_headers()
        body = json.loads(hit.post_data)
        assert body["k"] == "timer" and body["n"] == name and set(body) == {"k", "n", "s"}
    sites = sorted(json.loads(hit.post_data)["s"] for hit in hits)
    port = partner_site.url.rsplit(":", 1)[1]
    assert sites == ["", f"http://127.0.0.1:{port}", f"http://localhost:{port}"]
    for response in answers:
        assert response.status == 204 and "set-cookie" not in response.all_headers()

    flush_reach()
    with panel.session_factory() as db:
        rows = [row for row in reach_rows(db) if row["record_id"] == timer["id"] and row["kind"] == "timer"]
    assert sorted((row["site"], row["count"]) for row in rows) == sorted((site, 1) for site in sites)
    assert not any("127.0.0.1" in str(row) and "index.html" in str(row) for row in rows)

    # 'Zasięg' beside 'Historia' on the timer's edit screen.
    page.goto(f"/timer/{timer['id']}")
    page.get_by_role("button", name="Zasięg", exact=True).click()
    table = page.get_by_role("table", name="Strony, na których oglądano widżety")
    expect(table.get_by_role("cell", name=f"http://localhost:{port}")).to_be_visible()
    expect(table.get_by_role("cell", name="Strona panelu (bez osadzenia)")).to_be_visible()
    expect(page.get_by_text(re.compile(r"Wyświetlenia od .*: 3"))).to_be_visible()
    expect(page.get_by_test_id("reach-chart").locator("svg")).to_be_visible()
    assert_accessible(page)  # the record's 'Zasięg'
    # And the whole panel's, from the menu's screen.
    page.goto("/reach")
    expect(page.get_by_role("heading", name="Zasięg widżetów")).to_be_visible()  # the screen's own, not its panel's
    expect(page.get_by_role("table", name="Najczęściej oglądane widżety")).to_contain_text(name)
    assert_accessible(page)  # the panel's 'Zasięg widżetów'


def test_the_view_names_its_oembed_answer_and_the_timer_announces_its_deadline(page, panel):
    sign_in(page, panel)
    timer = add_timer(page, panel)
    page.goto(f"/view/timer/{timer['internal_name']}")
    link = page.locator('link[rel="alternate"][type="application/json+oembed"]')
    href = link.get_attribute("href")
    assert href.endswith("&format=json") and "/oembed?url=" in href
    assert page.request.get(href).json()["title"].startswith("Licznik: ")
    expect(page.locator("[role=timer]")).to_have_attribute("aria-live", "off")
    expect(page.locator(".sp-sr")).to_have_text(re.compile(r"^Odliczanie do: .*\d{4}.*\d{2}:\d{2}\.$"))


def test_the_accessibility_statement_page(page):
    page.goto("/view/dostepnosc")
    expect(page.get_by_role("heading", name="Deklaracja dostępności widżetów", level=1)).to_be_visible()
    for element_id in ("a11y-wstep", "a11y-podmiot", "a11y-status", "a11y-kontakt", "a11y-procedura"):
        expect(page.locator(f"#{element_id}")).to_have_count(1)
