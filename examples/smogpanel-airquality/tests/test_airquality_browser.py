"""Done as a new user would: with the plugin installed, create an air-quality item for
a gmina (its station lists a manual PM2.5 position first), refresh it and see which position
each value came from, embed it on a partner page; one position fails: the other values are
refreshed and the failed one shows its error beside it; stop the source and refresh again: the
page still shows the last reading and the panel shows the error, saying that the source could
not be read (not that the operator's data is wrong); an item never read promises no last
reading. GIOŚ is a local server serving the recorded shapes (SMOGPANEL_AIRQUALITY_API_URL
points the plugin at it)."""

import re
import uuid
from pathlib import Path

from playwright.sync_api import expect

from smogpanel.testing.browser import add_gmina, sign_in
from smogpanel.testing.http import LocalSource

FIXTURES = Path(__file__).parent / "fixtures"


def serve_station(gios):
    """Station 400: a manual PM2.5 position (2749) listed before the automatic one, its getData
    refused with HTTP 400 and GIOŚ's error document."""
    for path, name in (
        ("/aqindex/getIndex/400", "getIndex_400.json"),
        ("/station/sensors/400", "sensors_400.json"),
        ("/data/getData/2747", "getData_2747.json"),
        ("/data/getData/2750", "getData_2750.json"),
    ):
        gios.answer(path, (FIXTURES / name).read_bytes())
    gios.fail("/data/getData/2749", status=400, body=(FIXTURES / "getData_2749_manual.json").read_bytes())


def test_air_quality_item_refreshed_embedded_and_kept_when_gios_stops(page, live_server, partner_site, monkeypatch):
    with LocalSource() as gios:
        refreshed_embedded_and_kept(page, live_server, partner_site, monkeypatch, gios)


def refreshed_embedded_and_kept(page, live_server, partner_site, monkeypatch, gios):
    serve_station(gios)
    monkeypatch.setenv("SMOGPANEL_AIRQUALITY_API_URL", gios.url)
    gmina = f"Kraków{uuid.uuid4().hex[:6]}"
    name = live_server.unique("Powietrze")
    internal = f"powietrze-{uuid.uuid4().hex[:8]}"

    sign_in(page, live_server)
    add_gmina(page, gmina, district="Kraków")
    page.goto("/item/add")
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Typ").select_option(label="Jakość powietrza")
    page.get_by_placeholder("Szukaj gminy, np. Kraków").fill(gmina.lower())
    page.get_by_label("Gmina: wybór").select_option(label=f"{gmina} (powiat Kraków, woj. małopolskie)")
    page.get_by_label("Identyfikator stacji pomiarowej GIOŚ").fill("400")
    expect(page.get_by_label("PM10")).to_have_attribute("readonly", "")
    # The integration is named, never '()', and nothing was read yet.
    expect(page.locator("div.mb-3").filter(has=page.locator("#field-hook-pm10"))).to_contain_text(
        "Wartość z integracji „GIOŚ: jakość powietrza”, tylko do odczytu: jeszcze nie odczytano."
    )
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/item$"))

    row = page.get_by_role("row").filter(has_text=name)
    row.get_by_role("button", name="Odśwież").click()
    expect(page.get_by_text("Operacja została zakończona :)")).to_be_visible()
    row.get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("PM10")).to_have_value("54,8 µg/m³")
    expect(page.get_by_label("PM2,5")).to_have_value("38,1 µg/m³")
    expect(page.get_by_label("Indeks jakości powietrza")).to_have_value("Umiarkowany")
    expect(page.get_by_text("odczyt z 2026-11-24 11:00").first).to_be_visible()
    # Which position each value came from; the manual one listed first was skipped, with GIOŚ's reason.
    pm25_field = page.locator("div.mb-3").filter(has=page.locator("#field-hook-pm25"))
    expect(pm25_field).to_contain_text(
        "odczyt z 2026-11-24 11:00; stanowisko GIOŚ nr 2750; pominięte: nr 2749 – "
        "GIOŚ odmówił danych (HTTP 400): Dla stanowiska typu manualnego"
    )
    expect(page.locator("div.mb-3").filter(has=page.locator("#field-hook-pm10"))).to_contain_text(
        "odczyt z 2026-11-24 11:00; stanowisko GIOŚ nr 2747."
    )

    # On a partner page.
    page.goto("/item")
    page.get_by_role("row").filter(has_text=name).get_by_role("button", name="Osadź").click()
    snippet = page.get_by_role("dialog").get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    (partner_site.folder / "index.html").write_text(
        f"<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title><body>{snippet}</body></html>",
        encoding="utf-8",
    )

    def check_partner_page():
        page.goto(f"{partner_site.url}/index.html")
        frame = page.frame_locator("iframe")
        badge = frame.locator(".spi-badge")
        expect(badge).to_have_text("Umiarkowany")
        assert badge.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(255, 217, 17)"
        expect(frame.locator("dd").nth(3)).to_have_text("54,8 µg/m³")
        expect(frame.locator(".spi-foot")).to_have_text(
            "Odczyt: 2026-11-24 11:00 · Źródło: GIOŚ (Państwowy Monitoring Środowiska)"
        )

    check_partner_page()

    # PM10's position fails: PM2,5 and the index are refreshed, PM10 keeps its value with the error beside it.
    gios.fail("/data/getData/2747", status=500)
    gios.answer("/data/getData/2750", {"Lista danych pomiarowych": [{"Data": "2026-11-24 12:00:00", "Wartość": 20.0}]})
    page.goto("/item")
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("PM10")).to_have_value("54,8 µg/m³")
    page.get_by_role("button", name="Odśwież").click()
    expect(page.get_by_label("PM2,5")).to_have_value("20 µg/m³")
    pm10_field = page.locator("div.mb-3").filter(has=page.locator("#field-hook-pm10"))
    expect(pm10_field.get_by_role("alert")).to_contain_text("Nie udało się odczytać tej wartości (")
    expect(pm10_field.get_by_role("alert")).to_contain_text(
        "Żadne stanowisko PM10 nie dało bieżących danych: nr 2747 – Źródło odpowiedziało błędem serwera 500"
    )
    expect(page.get_by_label("PM10")).to_have_value("54,8 µg/m³")
    expect(page.locator("div.mb-3").filter(has=page.locator("#field-hook-pm25")).get_by_role("alert")).to_have_count(0)
    expect(page.get_by_text("PM10: Żadne stanowisko PM10 nie dało bieżących danych")).to_be_visible()  # the banner
    gios.heal("/data/getData/2747")
    serve_station(gios)
    page.get_by_role("button", name="Odśwież").click()
    expect(page.get_by_label("PM2,5")).to_have_value("38,1 µg/m³")
    expect(pm10_field.get_by_role("alert")).to_have_count(0)

    # GIOŚ stops answering: the refresh fails, the panel shows the error, the page the last reading.
    gios.server.shutdown()
    gios.server.server_close()
    page.goto("/item")
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name="Edytuj").click()
    # The list (one 'Odśwież' per row) may still be on screen while the item loads.
    expect(page.get_by_label("PM10")).to_have_value("54,8 µg/m³")
    page.get_by_role("button", name="Odśwież").click()
    expect(page.get_by_text(re.compile("Błąd źródła")).first).to_be_visible()
    source_error = page.get_by_role("alert").filter(has_text="Błąd źródła").first
    expect(source_error).to_contain_text("Nie można połączyć się ze źródłem: serwer „127.0.0.1” nie przyjmuje połączeń")
    expect(source_error).to_contain_text("Pokazywany jest ostatni udany odczyt.")
    expect(source_error).not_to_contain_text("Errno")
    # The source could not be read: said as such, not as the operator's data to check.
    banner = page.get_by_role("alert").filter(has_text="Nie udało się odczytać źródła.")
    expect(banner).to_contain_text("Zapisane wartości zostają bez zmian")
    expect(page.get_by_text("Sprawdź przekazane dane")).to_have_count(0)
    expect(page.get_by_label("PM10")).to_have_value("54,8 µg/m³")
    check_partner_page()

    # An item whose source was never read does not promise its last good reading.
    never = live_server.unique("Nieodczytany")
    page.goto("/item/add")
    page.get_by_label("Nazwa", exact=True).fill(never)
    page.get_by_label("Nazwa wewnętrzna").fill(f"nieodczytany-{uuid.uuid4().hex[:8]}")
    page.get_by_label("Typ").select_option(label="Jakość powietrza")
    page.get_by_placeholder("Szukaj gminy, np. Kraków").fill(gmina.lower())
    page.get_by_label("Gmina: wybór").select_option(label=f"{gmina} (powiat Kraków, woj. małopolskie)")
    page.get_by_label("Identyfikator stacji pomiarowej GIOŚ").fill("401")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/item$"))
    page.get_by_role("row").filter(has_text=never).get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Nazwa", exact=True)).to_have_value(never)
    page.get_by_role("button", name="Odśwież").click()
    source_error = page.get_by_role("alert").filter(has_text="Błąd źródła").first
    expect(source_error).to_contain_text("Źródło nie zostało jeszcze ani razu odczytane.")
    expect(source_error).not_to_contain_text("ostatni udany odczyt")
