"""The maps in a real browser: the map form with its property keys, measurements added by hand
and imported from a spreadsheet through the forms, the export, the embed dialog and the public
choropleth of the sixteen voivodeships."""

import io
import re
import uuid
from datetime import date

from openpyxl import load_workbook
from playwright.sync_api import expect

from smogpanel.plugins.maps.imports import PROPERTY_NAMES
from smogpanel.plugins.maps.models import Checkpoint, CheckpointValue, Map, MapPropertyKey
from smogpanel.regions import VOIVODESHIPS
from smogpanel.testing.browser import sign_in
from smogpanel.testing.files import xlsx

SUCCESS = "Operacja została zakończona :)"
NO_DATA = "#d9dde1"  # the widget's colour of a voivodeship without a value
APPLICATIONS, AGREEMENTS, COAL = PROPERTY_NAMES[0], PROPERTY_NAMES[1], PROPERTY_NAMES[4]


def add_map(live_server, keys, **changes):
    """A map straight in the database: `keys` are (name, type, display_name)."""
    values = dict(
        name=live_server.unique("Mapa"),
        internal_name=f"mapa-{uuid.uuid4().hex[:8]}",
        source="NFOŚiGW",
        details="Dane programu według województw.",
        show_summary=1,
        summary_title="",
    )
    values.update(changes)
    with live_server.session_factory() as db, db.begin():
        a_map = Map(**values)
        db.add(a_map)
        db.flush()
        db.add_all(
            MapPropertyKey(map_id=a_map.id, name=name, property_type_name=kind, display_name=display, position=i)
            for i, (name, kind, display) in enumerate(keys)
        )
        values["id"] = a_map.id
    return values


def clean_air_map(live_server):
    """The eleven Clean Air properties: three statistics, the heating sources as submaps."""
    return add_map(
        live_server, [(name, "STATISTIC" if i < 3 else "PRECISE", "") for i, name in enumerate(PROPERTY_NAMES)]
    )


def fills(page):
    return page.locator("svg path").evaluate_all("paths => paths.map(p => [p.dataset.code, p.getAttribute('fill')])")


def cell(page, voivodeship):
    return page.get_by_role("row", name=re.compile(f"^{voivodeship} ")).get_by_role("cell")


def test_create_a_map_then_remove_a_key_that_has_values(page, live_server):
    sign_in(page, live_server)
    page.get_by_role("link", name="Mapy").click()
    page.wait_for_url(re.compile(r"/map$"))
    name, internal = live_server.unique("Mapa"), f"mapa-{uuid.uuid4().hex[:8]}"
    page.get_by_role("link", name="Dodaj mapę").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Źródło danych").fill("NFOŚiGW")
    expect(page.get_by_label("Tytuł podsumowania")).to_have_value("Wszystkie pomiary")
    page.get_by_label(re.compile("Pokaż podsumowanie")).check()
    for index, (key, kind, display) in enumerate(
        [(APPLICATIONS, "statystyczna", ""), (COAL, "doprecyzowująca (podmapa)", "Kotły")]
    ):
        page.get_by_role("button", name="Dodaj właściwość").click()
        row = page.get_by_role("group", name=f"Właściwość {index + 1}")
        row.get_by_label("Nazwa właściwości").fill(key)
        row.get_by_label("Typ").select_option(label=kind)
        row.get_by_label("Nazwa wyświetlana").fill(display)
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/map$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row.get_by_role("link", name=internal)).to_have_attribute("href", f"/view/map/{internal}")

    # A measurement with values of the submap's key (straight in the database).
    with live_server.session_factory() as db, db.begin():
        a_map = db.query(Map).filter_by(internal_name=internal).one()
        key = db.query(MapPropertyKey).filter_by(map_id=a_map.id, name=COAL).one()
        checkpoint = Checkpoint(map_id=a_map.id, name="Pomiar", captured=date(2025, 1, 31), hidden=0, source="")
        db.add(checkpoint)
        db.flush()
        db.add(CheckpointValue(checkpoint_id=checkpoint.id, key_id=key.id, mz=5))

    row.get_by_role("link", name="Edytuj").click()
    coal = page.get_by_role("group", name="Właściwość 2")
    expect(coal.get_by_label("Nazwa właściwości")).to_have_value(COAL)
    expect(page.get_by_label("Nazwa wewnętrzna")).to_be_disabled()
    coal.get_by_role("button", name="Usuń").click()
    page.get_by_role("button", name="Zapisz").click()
    dialog = page.get_by_role("dialog")
    expect(dialog).to_contain_text(f"Nie usunięto właściwości „{COAL}” (wartości w 1 pomiarze)")
    dialog.get_by_role("button", name="Nie, nie chcę.").click()
    expect(page.get_by_role("alert")).to_contain_text("Nie usunięto właściwości")
    page.get_by_role("button", name="Zapisz").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, usuń razem z wartościami.").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/map$"))
    public = page.request.get(f"/api/public/map/{internal}").json()["message"]
    assert [key["name"] for key in public["property_keys"]] == [APPLICATIONS]


def test_measurements_by_hand_and_by_import_then_the_public_map(page, live_server):
    the_map = clean_air_map(live_server)
    sign_in(page, live_server, land="/map")
    page.get_by_role("row").filter(has_text=the_map["name"]).get_by_role("link", name="Pomiary").click()
    expect(page.get_by_role("heading", name=f"Pomiary mapy „{the_map['name']}”")).to_be_visible()

    # By hand: a few voivodeships of one property; the other properties stay empty (dropped).
    page.get_by_role("link", name="Dodaj pomiar").click()
    page.get_by_label("Nazwa", exact=True).fill("Wpisany ręcznie")
    expect(page.get_by_label("Data pomiaru")).to_have_value(re.compile(r"^\d{4}-\d\d-\d\d$"))
    applications = page.get_by_role("group", name=re.compile(f"^{APPLICATIONS}"))
    expect(applications.get_by_role("textbox")).to_have_count(16)
    # Typed on the keyboard, with a decimal comma; a number field refuses what it cannot read
    applications.get_by_label("mazowieckie").press_sequentially("2974")
    silesia = applications.get_by_label("śląskie", exact=True)
    silesia.press_sequentially("1500,5,5")
    page.get_by_role("button", name="Zapisz").click()
    expect(silesia).to_be_focused()
    expect(page.get_by_text(re.compile("^Wpisz liczbę, np. 12,5"))).to_have_count(1)
    silesia.press("Backspace")
    silesia.press("Backspace")
    applications.get_by_label("małopolskie").press_sequentially("120")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/checkpoint$"))
    expect(page.get_by_role("row").filter(has_text="Wpisany ręcznie")).to_be_visible()

    # By import: a CP_XLS report the test writes, with one property missing and a foreign column.
    header = ["Województwo", APPLICATIONS, AGREEMENTS, COAL, "Uwagi"]
    rows = [[name, 100 + i * 10, 50 + i, i, "-"] for i, (_, name) in enumerate(VOIVODESHIPS)]
    page.get_by_role("link", name="Importuj pomiar").click()
    expect(
        page.get_by_text(re.compile("Mapa musi mieć zdefiniowane właściwości: liczba złożonych wniosków"))
    ).to_be_visible()
    template = page.get_by_role("link", name=re.compile("szablon"))
    expect(template).to_have_attribute("href", "/api/import/CP_XLS/template")
    assert page.request.get("/api/import/CP_XLS/template").status == 200
    page.get_by_label("Nazwa", exact=True).fill("Z raportu")
    page.get_by_label("Data pomiaru").fill("2025-03-31")
    page.get_by_label("Typ pliku").select_option("CP_XLS")
    page.get_by_label("Plik", exact=True).set_input_files(
        files=[
            {
                "name": "raport.xlsx",
                "buffer": xlsx([header, *rows]),
                "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            }
        ]
    )
    page.get_by_role("button", name="Importuj").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/checkpoint$"))
    report = page.get_by_role("status").filter(has_text="Zaimportowano pomiar")
    expect(report).to_contain_text("„Z raportu” (właściwości z wartościami: 3)")
    expect(report).to_contain_text("W pliku brak kolumny „Kotły na biomasę”")
    expect(report).to_contain_text("Kolumna „Uwagi” (E1) nie należy do raportu")
    listed = page.get_by_role("row").filter(has_text=re.compile("Wpisany ręcznie|Z raportu"))
    expect(listed).to_have_count(2)
    expect(page.get_by_role("row").nth(2)).to_contain_text("2025-03-31")  # captured descending: the import last

    # The public map: sixteen regions; only those with values coloured.
    page.goto(f"/view/map/{the_map['internal_name']}")
    expect(page.locator("svg path")).to_have_count(16)
    colours = dict(fills(page))
    assert sorted(colours) == sorted(code for code, _ in VOIVODESHIPS)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", colour) for colour in colours.values())
    assert {code for code, colour in colours.items() if colour != NO_DATA} == {"mz", "sl", "mp"}
    assert colours["mz"] != colours["mp"]
    expect(cell(page, "mazowieckie")).to_have_text("2974")
    expect(cell(page, "śląskie")).to_have_text("1500,5")
    expect(cell(page, "lubelskie")).to_have_text("brak danych")

    measurement = page.get_by_label("Pomiar")
    expect(measurement.locator("option")).to_have_text(
        [re.compile("^Wpisany ręcznie"), "Z raportu (2025-03-31)", "Wszystkie pomiary"]
    )
    measurement.select_option(label="Z raportu (2025-03-31)")
    assert NO_DATA not in dict(fills(page)).values()
    expect(cell(page, "dolnośląskie")).to_have_text("100")
    expect(cell(page, "zachodniopomorskie")).to_have_text("250")
    page.get_by_label("Właściwość").select_option(label=COAL)
    expect(page.get_by_text(f"Podmapa: {COAL} — Z raportu", exact=True)).to_be_visible()
    expect(cell(page, "zachodniopomorskie")).to_have_text("15")
    measurement.select_option(label="Wszystkie pomiary")  # the summary: the sums of both
    expect(page.get_by_label("Właściwość")).to_have_value(re.compile(r"^\d+$"))
    expect(cell(page, "mazowieckie")).to_have_text("3134")  # 2974 + 160
    expect(page.get_by_text("Granice: © pissang/starbucks, ODbL")).to_be_visible()


def test_export_and_embed_from_the_map_list(page, live_server):
    the_map = clean_air_map(live_server)
    with live_server.session_factory() as db, db.begin():
        key = db.query(MapPropertyKey).filter_by(map_id=the_map["id"], name=APPLICATIONS).one()
        checkpoint = Checkpoint(map_id=the_map["id"], name="Grudzień", captured=date(2024, 12, 31), hidden=0, source="")
        db.add(checkpoint)
        db.flush()
        db.add(CheckpointValue(checkpoint_id=checkpoint.id, key_id=key.id, ds=7, zp=9))
    sign_in(page, live_server, land="/map")
    row = page.get_by_role("row").filter(has_text=the_map["name"])
    with page.expect_download() as download:
        row.get_by_role("button", name="Eksportuj").click()
    workbook = load_workbook(io.BytesIO(open(download.value.path(), "rb").read()))
    assert workbook.sheetnames == ["Grudzień", "Podsumowanie"]
    assert workbook["Grudzień"]["B2"].value == 7 and workbook["Grudzień"]["A1"].value == "Województwo"

    row.get_by_role("button", name="Osadź").click()
    dialog = page.get_by_role("dialog")
    snippet = dialog.get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert f"{live_server.url}/view/map/{the_map['internal_name']}/embed/" in snippet
    assert f"{live_server.url}/static/embeds/loader.js" in snippet
    preview = dialog.frame_locator("iframe")
    expect(preview.locator("svg path")).to_have_count(16)
    # Sized by the widget's resize message (map and table are taller than the 600 px square).
    page.wait_for_function("() => parseInt(document.querySelector('[role=dialog] iframe').style.height) > 600")
    expect(preview.get_by_role("row", name=re.compile("^zachodniopomorskie "))).to_contain_text("9")


def test_forms_keep_eight_of_twelve_columns_and_long_names_wrap_in_the_list(page, live_server):
    """SPEC 9: forms use 8 of 12 columns (the measurement grid too, scrolling inside when
    wider); a 255-character unbroken name wraps in its cell, the row's actions stay on screen."""
    long_name = "Ł" * 8 + uuid.uuid4().hex + "x" * (255 - 8 - 32)
    the_map = add_map(live_server, [(APPLICATIONS, "STATISTIC", ""), (COAL, "PRECISE", "")], name=long_name)
    page.set_viewport_size({"width": 1400, "height": 900})
    sign_in(page, live_server, land="/map")
    row = page.get_by_role("row").filter(has_text=the_map["internal_name"])
    edit = row.get_by_role("link", name="Edytuj")
    expect(edit).to_be_visible(timeout=15_000)
    viewport = page.viewport_size["width"]
    box = edit.bounding_box()
    assert box["x"] + box["width"] <= viewport, "the row's actions are pushed off screen"
    table = page.get_by_role("table")
    assert table.evaluate("t => t.parentElement.scrollWidth <= t.parentElement.clientWidth + 1")

    def share_of_main(locator):
        main = page.get_by_role("main").evaluate("m => m.clientWidth")
        return locator.bounding_box()["width"] / main

    edit.click()
    keys = page.get_by_role("group", name="Właściwość 1")
    expect(keys).to_be_visible(timeout=15_000)
    assert share_of_main(keys) <= 8 / 12 + 0.02
    page.goto(f"/map/{the_map['id']}/checkpoint/add")
    grid = page.get_by_role("heading", name="Wartości według województw").locator("..")
    expect(grid).to_be_visible(timeout=15_000)
    assert share_of_main(grid) <= 8 / 12 + 0.02
    assert share_of_main(page.get_by_role("group", name=re.compile(f"^{APPLICATIONS}"))) <= 8 / 12 + 0.02
