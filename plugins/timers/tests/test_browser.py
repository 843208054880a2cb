"""The timers in a real browser: the operator's screens, the snippet on a partner page of
another origin, and the widget's countdown under a controlled clock."""

import re
import uuid
from datetime import UTC, datetime, timedelta

from playwright.sync_api import expect

from smogpanel.plugins.timers.models import Timer
from smogpanel.testing.browser import sign_in
from smogpanel.testing.files import png

SUCCESS = "Operacja została zakończona :)"
NOW = datetime(2026, 11, 21, 12, 0, 0, tzinfo=UTC)


def add_timer(live_server, **changes):
    values = dict(
        name=live_server.unique("Licznik"),
        internal_name=f"licznik-{uuid.uuid4().hex[:8]}",
        timer_style_name="SEA",
        text_above="Do końca sezonu zostało",
        deadline=NOW + timedelta(days=30),
        countdown=True,
        text_below="Ogrzewaj czysto.",
        hidden_brand=0,
    )
    values.update(changes)
    with live_server.session_factory() as db, db.begin():
        db.add(Timer(**values))
    return values


def units(frame):
    return frame.locator(".spt-unit")


def test_create_edit_and_delete_a_timer_with_a_logo(page, live_server):
    sign_in(page, live_server)
    page.get_by_role("link", name="Liczniki").click()
    page.wait_for_url(re.compile(r"/timer$"))
    name = live_server.unique("Licznik")
    internal = f"licznik-{uuid.uuid4().hex[:8]}"

    page.get_by_role("link", name="Dodaj licznik").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Styl").select_option(label="Grafitowy")
    page.get_by_label("Tekst nad licznikiem").fill("Do wymiany kopciuchów zostało")
    page.get_by_label("Termin", exact=True).fill("2031-01-01T00:00")
    page.get_by_label("Tekst pod licznikiem").fill("Złóż wniosek już dziś.")
    page.get_by_label("Logo partnera").set_input_files(
        files=[{"name": "logo.png", "mimeType": "image/png", "buffer": png(40, 20)}]
    )
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/timer$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row).to_be_visible()

    # The public link of the list opens the widget, logo included.
    public = row.get_by_role("link", name=internal)
    expect(public).to_have_attribute("href", f"/view/timer/{internal}")
    with page.context.expect_page() as opened:
        public.click()
    widget = opened.value
    expect(widget.locator(".spt-above")).to_have_text("Do wymiany kopciuchów zostało")
    expect(widget.locator(".spt")).to_have_class(re.compile("spt-GRAPHITE"))
    expect(widget.locator(".spt-brand")).to_have_text("Smogpanel")
    logo = widget.get_by_role("img", name="Logo partnera")
    expect(logo).to_be_visible()
    assert logo.evaluate("img => img.complete && img.naturalWidth") == 40
    widget.close()

    row.get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Nazwa", exact=True)).to_have_value(name)
    expect(page.get_by_label("Nazwa wewnętrzna")).to_be_disabled()
    expect(page.get_by_label("Termin", exact=True)).to_have_value("2031-01-01T00:00")
    expect(page.get_by_text(re.compile(r"Obecny plik: [0-9a-f]{32}\.png"))).to_be_visible()
    page.get_by_label("Nazwa", exact=True).fill(name + " po zmianie")
    page.get_by_label(re.compile("Odwrotne liczenie")).check()
    page.get_by_label("Ukryj markę serwisu").check()
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/timer$"))
    row = page.get_by_role("row").filter(has_text=name + " po zmianie")
    expect(row.locator("em")).to_have_count(1)

    payload = page.request.get(f"/api/public/timer/{internal}").json()["message"]
    assert payload["countdown"] is False and payload["brand"] is None and payload["logo"].startswith("/files/")
    assert payload["deadline"] == "2030-12-31T23:00:00+00:00"

    row.get_by_role("button", name="Usuń").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_role("row").filter(has_text=name)).to_have_count(0)
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    assert page.request.get(f"/api/public/timer/{internal}").status == 404
    assert page.request.get(f"/view/timer/{internal}").status == 404


def test_the_snippet_on_a_partner_page_of_another_origin(page, live_server, partner_site):
    timer = add_timer(live_server, text_above="Licznik u partnera")
    sign_in(page, live_server, land="/timer")
    page.get_by_role("row").filter(has_text=timer["name"]).get_by_role("button", name="Osadź").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label("Rozmiar (px)").select_option("200")
    dialog.get_by_label(re.compile("Pełna szerokość")).check()
    target = f"{partner_site.url}/cel.html"
    dialog.get_by_label(re.compile("Link po kliknięciu")).fill(target)
    # The live preview shows the widget itself.
    expect(dialog.frame_locator("iframe").locator(".spt-above")).to_have_text("Licznik u partnera")
    snippet = dialog.get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert f"{live_server.url}/view/timer/{timer['internal_name']}/embed/" in snippet
    assert f"{live_server.url}/static/embeds/loader.js" in snippet

    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body style='margin:0'><div style='width:900px'><h1>Strona partnera</h1>{snippet}</div></body></html>",
        encoding="utf-8",
    )
    (partner_site.folder / "cel.html").write_text(
        "<!doctype html><title>Cel</title><h1>Strona docelowa</h1>", encoding="utf-8"
    )

    to_panel = []
    page.on("request", lambda request: request.url.startswith(live_server.url) and to_panel.append(request.url))
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    expect(frame.locator(".spt-above")).to_have_text("Licznik u partnera")
    # One view: the page (with the data inline), the widget's bundle and the loader; no payload request.
    assert not [url for url in to_panel if "/api/public/" in url], to_panel
    assert sum("/view/timer/" in url for url in to_panel) == 1
    iframe = page.locator("iframe")
    # The loader sets the frame's height from the widget's message: no longer the 200 px square.
    page.wait_for_function("() => document.querySelector('iframe').style.height !== '200px'")
    widget_frame = next(f for f in page.frames if f.url.startswith(live_server.url))
    content = widget_frame.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    box = iframe.bounding_box()
    assert box["height"] == content and content > 200
    assert box["width"] == 900  # full width: 100% of the partner's 900 px column

    frame.get_by_role("link", name="Przejdź do strony partnera").click()
    page.wait_for_url(target)
    expect(page.get_by_role("heading", name="Strona docelowa")).to_be_visible()


def test_the_countdown_under_a_controlled_clock(page, live_server):
    later = NOW + timedelta(minutes=1)
    down = add_timer(live_server, deadline=NOW + timedelta(days=1, hours=2, minutes=5, seconds=22))
    up = add_timer(
        live_server,
        countdown=False,
        timer_style_name="DARK",
        deadline=later - timedelta(days=5, hours=22, minutes=1, seconds=1),
    )
    # The page's clock runs from shortly before NOW; pause_at moves it to NOW (firing the
    # widget's ticks on the way) and stops it there, so every step below is exact.
    page.clock.install(time=NOW - timedelta(seconds=5))

    page.goto(f"/view/timer/{down['internal_name']}")
    expect(units(page)).to_have_count(4)
    page.clock.pause_at(NOW)
    expect(units(page)).to_have_text(["1 dzień", "2 godziny", "5 minut", "22 sekundy"])
    page.clock.run_for(1000)
    expect(units(page)).to_have_text(["1 dzień", "2 godziny", "5 minut", "21 sekund"])
    page.clock.run_for(21_000)
    expect(units(page)).to_have_text(["1 dzień", "2 godziny", "5 minut", "0 sekund"])
    page.clock.run_for(1000)
    expect(units(page)).to_have_text(["1 dzień", "2 godziny", "4 minuty", "59 sekund"])

    page.goto(f"/view/timer/{up['internal_name']}/embed/{uuid.uuid4()}")
    expect(units(page)).to_have_count(4)
    page.clock.pause_at(later)
    expect(units(page)).to_have_text(["5 dni", "22 godziny", "1 minuta", "1 sekunda"])
    expect(page.locator(".spt")).to_have_class(re.compile("spt-DARK"))
    page.clock.run_for(1000)
    expect(units(page)).to_have_text(["5 dni", "22 godziny", "1 minuta", "2 sekundy"])
