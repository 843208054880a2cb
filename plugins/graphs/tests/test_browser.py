"""Graphs in a real browser: a BAR chart with key groups built by hand, a group and an entry with
a goal (the preview following the typed values), a CP_LINE_XLS import into a LINE chart, the
public chart with its group chooser and table, and its embed on a partner page."""

import re
import uuid

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in
from smogpanel.testing.files import xlsx

SUCCESS = "Operacja została zakończona :)"


def save(page, url):
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(url))


def add_graph(page, name, internal, graph_type, groups):
    page.get_by_role("link", name="Wykresy").click()
    page.wait_for_url(re.compile(r"/graph$"))
    page.get_by_role("link", name="Dodaj wykres").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Typ wykresu").select_option(graph_type)
    page.get_by_label("Motyw").select_option(label="classic")
    page.get_by_label("Tytuł pozycji").fill("Pozycja")
    page.get_by_label("Tytuł wartości").fill("Wartości w %GROUP%")
    for index, (group, color, keys) in enumerate(groups):
        page.get_by_role("button", name="Dodaj grupę kluczy").click()
        box = page.get_by_role("group", name=f"Grupa kluczy {index + 1}")
        box.get_by_label("Nazwa grupy").fill(group)
        box.get_by_label("Kolor").fill(color)
        for number, (key, short) in enumerate(keys):
            box.get_by_role("button", name="Dodaj klucz").click()
            row = box.get_by_role("group", name=f"Klucz {number + 1}")
            row.get_by_label("Nazwa klucza").fill(key)
            row.get_by_label("Krótka nazwa").fill(short)
    save(page, r"/graph$")
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name=name).click()
    page.wait_for_url(re.compile(r"/group$"))


def test_build_a_bar_chart_import_a_line_chart_and_embed_them(page, live_server, partner_site):
    sign_in(page, live_server)
    name = live_server.unique("Wnioski %RANGE%")
    internal = f"wnioski-{uuid.uuid4().hex[:8]}"
    months = [("Styczeń", "I"), ("Luty", "II")]
    add_graph(page, name, internal, "BAR", [("Złożone", "red", months), ("Umowy", "#0000ff", months)])
    # %RANGE% is the public page's to fill in: the admin's headings leave it out.
    shown = " ".join(name.replace("%RANGE%", " ").split())
    expect(page.get_by_role("heading", name=f"Grupy wykresu „{shown}”")).to_be_visible()

    for year in ("2024", "2025"):
        page.get_by_role("link", name="Dodaj grupę").click()
        page.get_by_label("Nazwa grupy").fill(year)
        save(page, r"/group$")
    page.get_by_role("link", name="2025").click()
    page.get_by_role("link", name="Dodaj wpis").click()
    page.get_by_label("Nazwa", exact=True).fill("Cała Polska")
    preview = page.get_by_test_id("graph-preview")
    # Typed on the keyboard with a decimal comma, as a Polish operator does
    page.get_by_label("Złożone: Styczeń").press_sequentially("1500,5")
    expect(preview.locator("td").first).to_have_text("1\u00a0500,5")  # the preview follows the typing
    page.get_by_label("Umowy: Luty").press_sequentially("20")
    page.get_by_label("Wpis ma cel").check()
    goal = page.get_by_label("Cel", exact=True)
    goal.press_sequentially("3.000,0")  # no number the panel can read exactly: refused, not 3
    page.get_by_label("Opis postępu").fill("Postęp")
    page.get_by_label("Opis celu").fill("Cel programu")
    page.get_by_label("Dopisek celu").fill("do 2030 r.")
    page.get_by_role("button", name="Zapisz").click()
    expect(goal).to_be_focused()
    expect(page.locator("#field-goal-error")).to_have_text(re.compile("^Wpisz liczbę, np. 12,5"))
    goal.fill("")
    goal.press_sequentially("3000")
    expect(page.locator("#field-goal-error")).to_have_count(0)
    save(page, r"/entry$")
    page.get_by_role("row").filter(has_text="Cała Polska").get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Złożone: Styczeń")).to_have_value("1500,5")  # with a comma, as typed

    page.goto(f"/view/graph/{internal}")
    expect(page.get_by_text(name.replace("%RANGE%", "2024–2025"))).to_be_visible()
    expect(page.locator(".spg-value-title")).to_have_text("Wartości w 2025")
    expect(page.locator(".spc-goal")).to_contain_text("Postęp: 1\u00a0520,5 (50,7%)")
    page.get_by_text("Dane w tabeli").click()
    # The table names the keys in full (the axis shows the short names).
    expect(page.get_by_role("table").get_by_role("row").nth(1)).to_have_text(re.compile("Styczeń\\s*1\u00a0500,5"))
    page.get_by_label("Wybierz grupę").select_option("2024")
    expect(page.get_by_text("Brak danych w tej grupie.")).to_be_visible()

    # A LINE chart filled by a CP_LINE_XLS file; the screen then shows the group list.
    line = live_server.unique("Umowy")
    voivodeships = [("małopolskie", "mp"), ("Cała Polska", "PL")]
    page.goto("/graph")
    add_graph(page, line, f"umowy-{uuid.uuid4().hex[:8]}", "LINE", [("Liczba podpisanych umów", "green", voivodeships)])
    page.get_by_role("link", name="Importuj definicję").click()
    page.get_by_label("Nazwa", exact=True).fill("Raport 2023")
    expect(page.get_by_label("Plik", exact=True)).to_have_count(0)  # SPEC 4: the file field follows the type
    page.get_by_label("Typ pliku").select_option("CP_LINE_XLS")
    page.get_by_label("Plik", exact=True).set_input_files(
        files=[
            {
                "name": "raport.xlsx",
                "buffer": xlsx([["Pozycja", "Liczba podpisanych umów"], ["Małopolskie", 12], ["Cała Polska", 99]]),
                "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            }
        ]
    )
    page.get_by_role("button", name="Importuj").click()
    page.wait_for_url(re.compile(r"/group$"))
    expect(page.get_by_role("link", name="2023")).to_be_visible()

    # The bar chart's embed on a partner page of another origin.
    page.goto("/graph")
    page.get_by_role("row").filter(has_text=name).get_by_role("button", name="Osadź").click()
    # So do the embed dialog's heading and the frame's title.
    expect(page.get_by_role("dialog").get_by_text(f"Kod do osadzenia: {shown}", exact=True)).to_be_visible()
    expect(page.get_by_role("dialog").locator("iframe")).to_have_attribute("title", f"Podgląd: Wykres: {shown}")
    snippet = page.get_by_role("dialog").get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert f'title="Wykres: {shown}"' in snippet
    assert f"{live_server.url}/view/graph/{internal}/embed/" in snippet
    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body><h1>Strona partnera</h1>{snippet}</body></html>",
        encoding="utf-8",
    )
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    expect(frame.locator(".spc-goal")).to_contain_text("Cel programu: 3\u00a0000")
    expect(frame.locator("svg rect.spc-mark")).to_have_count(2)


def add_keyed_graph(page, name, internal, graph_type, keys):
    page.goto("/graph")
    page.get_by_role("link", name="Dodaj wykres").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Typ wykresu").select_option(graph_type)
    expect(page.get_by_label("Jednostka")).to_have_count(0)  # the unit belongs to bar charts
    page.get_by_label("Motyw").select_option(label="modern")
    page.get_by_label("Tytuł pozycji").fill("Źródło")
    page.get_by_label("Tytuł wartości").fill("Liczba")
    for index, (key, short) in enumerate(keys):
        page.get_by_role("button", name="Dodaj klucz").click()
        row = page.get_by_role("group", name=f"Klucz {index + 1}")
        row.get_by_label("Nazwa klucza").fill(key)
        row.get_by_label("Krótka nazwa").fill(short)
    save(page, r"/graph$")
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name=name).click()
    page.get_by_role("link", name="Dodaj grupę").click()
    page.get_by_label("Nazwa grupy").fill("2025")
    save(page, r"/group$")
    page.get_by_role("link", name="2025").click()


def test_circle_and_multiline_charts_by_hand_read_the_same_at_300_px(page, live_server):
    sign_in(page, live_server)
    circle = f"zrodla-{uuid.uuid4().hex[:8]}"
    add_keyed_graph(
        page, live_server.unique("Źródła"), circle, "CIRCLE", [("Kotły gazowe", "KG"), ("Pompy ciepła", "PC")]
    )
    page.get_by_role("link", name="Dodaj wpis").click()
    page.get_by_label("Nazwa", exact=True).fill("Cała Polska")
    page.get_by_label("Kotły gazowe").fill("1")
    page.get_by_label("Pompy ciepła").fill("3")
    expect(page.get_by_test_id("graph-preview").locator("path.spc-mark")).to_have_count(2)
    save(page, r"/entry$")

    multiline = f"linie-{uuid.uuid4().hex[:8]}"
    add_keyed_graph(
        page, live_server.unique("Kwartały"), multiline, "MULTILINE", [("I kwartał", "I"), ("II kwartał", "II")]
    )
    for name, color, values in (("Pompy", "navy", ("5", "7.5")), ("Kotły", "rgb(200, 0, 0)", ("4", "2"))):
        page.get_by_role("link", name="Dodaj wpis").click()
        page.get_by_label("Nazwa", exact=True).fill(name)
        page.get_by_label("Kolor linii").fill(color)
        page.get_by_label("I kwartał", exact=True).fill(values[0])
        page.get_by_label("II kwartał", exact=True).fill(values[1])
        save(page, r"/entry$")

    page.set_viewport_size({"width": 300, "height": 800})
    page.goto(f"/view/graph/{circle}")
    expect(page.locator("path.spc-mark title").first).to_have_text("Kotły gazowe: 1 (25%)")
    expect(page.locator(".spc-legend li")).to_have_text(["Kotły gazowe", "Pompy ciepła"])  # names, not KG and PC
    page.goto(f"/view/graph/{multiline}")
    expect(page.locator("svg.spc-svg")).to_have_attribute("width", "300")
    expect(page.locator("circle.spc-mark")).to_have_count(4)
    page.get_by_text("Dane w tabeli").click()
    rows = page.get_by_role("table").get_by_role("row")
    expect(rows.nth(0)).to_have_text(re.compile("Źródło\\s*Pompy\\s*Kotły"))
    expect(rows.nth(2)).to_have_text(re.compile("II kwartał\\s*7,5\\s*2"))


def test_two_keys_of_one_short_name_are_refused_in_the_form_naming_them(page, live_server):
    """The chart's axis shows short names: two keys sharing one would look like one category
    (a voivodeship's value vanished from the line). The form says which, and nothing is saved."""
    sign_in(page, live_server)
    name = live_server.unique("Województwa")
    page.goto("/graph")
    page.get_by_role("link", name="Dodaj wykres").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(f"wojewodztwa-{uuid.uuid4().hex[:8]}")
    page.get_by_label("Typ wykresu").select_option("CIRCLE")
    page.get_by_label("Motyw").select_option(label="modern")
    page.get_by_label("Tytuł pozycji").fill("Województwo")
    page.get_by_label("Tytuł wartości").fill("Liczba")
    for index, (key, short) in enumerate([("lubelskie", "lu"), ("lubuskie", "lu")]):
        page.get_by_role("button", name="Dodaj klucz").click()
        row = page.get_by_role("group", name=f"Klucz {index + 1}")
        row.get_by_label("Nazwa klucza").fill(key)
        row.get_by_label("Krótka nazwa").fill(short)
    page.get_by_role("button", name="Zapisz").click()
    expect(
        page.get_by_text("Krótka nazwa „lu” występuje dwa razy (klucze „lubelskie” i „lubuskie”).").first
    ).to_be_visible()
    expect(page.get_by_text(SUCCESS)).to_have_count(0)
    page.goto("/graph")
    expect(page.get_by_role("row").filter(has_text=name)).to_have_count(0)
