"""The calculators in a real browser: set the definition, import a POBE sheet (assumed layout),
create a calculator beside its preview, the public widget (area, refund) and the embed on a
partner page of another origin. The figures are the worked example of docs/calculators.md."""

import re
import uuid

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in
from smogpanel.testing.files import XLSX_TYPE, xlsx

SUCCESS = "Operacja została zakończona :)"
POBE_SHEET = [
    ("Porównanie kosztów ogrzewania (przykład, nie dane POBE)",),
    (),
    (
        "Źródło ciepła",
        "Sprawność",
        "Cena",
        "Jednostka ceny",
        "Wartość opałowa",
        "Opłaty stałe",
        "Koszt inwestycji",
        "Dotacja",
    ),
    ("Węgiel – kocioł zasypowy", 0.6, 1500, "zł/t", 24, None, None, None),
    ("Pompa ciepła powietrzna", 3, 0.8, "zł/kWh", None, None, 45000, 30000),
]


def fill_definition(page, index, name, value):
    rows = page.locator(f"#field-types-{index}-name").locator("xpath=ancestor::fieldset[1]")
    rows.get_by_role("button", name="Dodaj definicję").click()
    count = rows.locator("input[id$='-name']").count() - 1  # the type's own name field counts too
    page.locator(f"#field-types-{index}-definitions-{count - 1}-name").fill(name)
    value_field = page.locator(f"#field-types-{index}-definitions-{count - 1}-value")
    expect(value_field).to_have_attribute("placeholder", name.replace("_", " "))
    value_field.press_sequentially(value)  # typed on the keyboard, as an operator does


def rows_text(frame):
    return [re.sub(r"\s+", " ", text) for text in frame.locator(".spk tbody tr").all_inner_texts()]


def test_definition_import_calculator_and_public_widget(page, live_server):
    sign_in(page, live_server)
    page.get_by_role("link", name="Kalkulatory").click()
    page.wait_for_url(re.compile(r"/calculator$"))

    # Set the definition by hand: the building standards and one source.
    page.get_by_role("link", name="Ustaw definicję kalkulatorów").click()
    expect(page.get_by_role("button", name="Dodaj typ")).to_be_visible()
    # Browser tests share the live database: another one may have set a definition already.
    while page.get_by_role("button", name="Usuń typ").count():
        page.get_by_role("button", name="Usuń typ").first.click()
    page.get_by_role("button", name="Dodaj typ").click()
    page.locator("#field-types-0-name").fill("Standard budynku")
    fill_definition(page, 0, "dom_ocieplony", "120")
    fill_definition(page, 0, "dom_energooszczędny", "70")  # a standard is its label: Polish letters allowed
    page.get_by_role("button", name="Dodaj typ").click()
    page.locator("#field-types-1-name").fill("Ogrzewanie elektryczne")
    fill_definition(page, 1, "sprawnosc", "1")
    fill_definition(page, 1, "cena_za_kwh", "0,8")  # a decimal comma, as a Polish operator types it
    fill_definition(page, 1, "oplata_stala", "12,5,0")  # no number: refused under the field, nothing sent
    page.get_by_role("button", name="Zapisz").click()
    refused = page.locator("#field-types-1-definitions-2-value")
    expect(refused).to_be_focused()
    expect(page.locator("#field-types-1-definitions-2-value-error")).to_have_text(re.compile("^Wpisz liczbę, np. 12,5"))
    refused.locator("xpath=ancestor::fieldset[1]").get_by_role("button", name="Usuń", exact=True).click()
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/calculator$"))
    page.get_by_role("link", name="Ustaw definicję kalkulatorów").click()
    expect(page.locator("#field-types-1-definitions-1-value")).to_have_value("0,8")  # 0.8 stored, not 8
    page.goto("/calculator")

    # Import a POBE sheet: the sources are replaced, the building standards stay.
    page.get_by_role("link", name="Importuj definicję").click()
    page.get_by_label("Typ pliku").select_option("POBE_HC_XLS_2025")
    layout = page.get_by_role("note", name="Układ pliku")  # as the other imports: the columns and the template
    expect(layout).to_contain_text(
        "Kolumny pliku: „Źródło ciepła”, „Sprawność”, „Cena”, „Jednostka ceny”, „Wartość opałowa” (opcjonalna)"
    )
    expect(layout.get_by_role("link", name="Pobierz szablon pliku POBE_HC_XLS_2025")).to_have_attribute(
        "href", "/api/import/POBE_HC_XLS_2025/template"
    )
    page.get_by_label("Plik", exact=True).set_input_files(
        files=[{"name": "pobe-2025.xlsx", "mimeType": XLSX_TYPE, "buffer": xlsx(POBE_SHEET)}]
    )
    page.get_by_role("button", name="Importuj").click()
    page.wait_for_url(re.compile(r"/calculator$"), timeout=30_000)  # SPEC 2.1: back to the list, with the report
    expect(page.get_by_role("status")).to_contain_text(
        "Zaimportowano definicję (POBE: standard 2025): typy 3, definicje"
    )
    page.get_by_role("link", name="Ustaw definicję kalkulatorów").click()
    expect(page.locator("#field-types-0-name")).to_have_value("Standard budynku")
    expect(page.locator("#field-types-2-name")).to_have_value("Pompa ciepła powietrzna")
    expect(page.locator("#field-types-3-name")).to_have_count(0)
    expect(
        page.get_by_role("row").filter(has_text="Import: POBE: porównanie kosztów ogrzewania, standard 2025")
    ).to_be_visible()

    # A calculator, created beside its preview.
    page.goto("/calculator/add")
    name = live_server.unique("Kalkulator")
    internal = f"kalkulator-{uuid.uuid4().hex[:8]}"
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label(re.compile("Pokaż pole dotacji")).check()
    page.get_by_label("Tekst pola dotacji").fill("Uwzględnij dotację z programu")
    page.get_by_label("Stopka").fill("Liczby przykładowe.")
    preview = page.get_by_test_id("calculator-preview")
    expect(preview.locator("h2")).to_have_text(name)
    expect(preview.locator("tbody tr")).to_have_count(2)
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/calculator$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row).to_contain_text("Kalkulator kosztów ogrzewania")

    # The public widget: 120 m², coal now, the refund ticked: the docs' worked example.
    public = page.context.new_page()
    public.goto(f"/view/calculator/{internal}")
    public.get_by_label("Powierzchnia ogrzewana (m²)").fill("120")
    public.get_by_label("Obecne źródło ciepła").select_option("Węgiel – kocioł zasypowy")
    expect(public.get_by_label("Standard budynku").locator("option")).to_have_text(
        ["dom ocieplony", "dom energooszczędny"]
    )
    expect(public.locator(".spk-demand")).to_have_text(re.compile(r"14\s400 kWh"))
    assert rows_text(public) == [
        "Pompa ciepła powietrzna 4 800 kWh 3 840,00 zł",
        "Węgiel – kocioł zasypowy (obecne) 3,6 t 5 400,00 zł",
    ]
    public.get_by_label("Uwzględnij dotację z programu").check()
    expect(public.locator(".spk thead th")).to_have_count(7)
    assert rows_text(public)[0] == (
        "Pompa ciepła powietrzna 4 800 kWh 3 840,00 zł 45 000,00 zł 30 000,00 zł 15 000,00 zł 9,6 roku"
    )
    public.get_by_label("Powierzchnia ogrzewana (m²)").fill("80")
    expect(public.locator(".spk tbody tr").nth(1)).to_contain_text(re.compile(r"3\s600,00\szł"))
    expect(public.locator(".spk svg")).to_have_count(1)
    expect(public.locator(".spk-footer")).to_have_text("Liczby przykładowe.")
    public.close()


def test_the_calculator_embedded_on_a_partner_page(page, live_server, partner_site):
    from smogpanel.plugins.calculators.definition import current_version, write_version
    from smogpanel.plugins.calculators.models import Calculator
    from smogpanel.plugins.calculators.seed import demo_types

    internal = f"kalkulator-{uuid.uuid4().hex[:8]}"
    with live_server.session_factory() as db, db.begin():
        if current_version(db) is None:
            write_version(db, demo_types(), "Dane przykładowe")
        db.add(
            Calculator(
                name=live_server.unique("Kalkulator"),
                internal_name=internal,
                calculator_type_name="HEATING_COST",
                show_refund=0,
                refund_checkbox="",
                legend="Legenda u partnera",
                footer="",
            )
        )
    sign_in(page, live_server, land="/calculator")
    page.get_by_role("row").filter(has_text=internal).get_by_role("button", name="Osadź").click()
    dialog = page.get_by_role("dialog")
    dialog.get_by_label(re.compile("Pełna szerokość")).check()
    target = f"{partner_site.url}/cel.html"
    dialog.get_by_label(re.compile("Link po kliknięciu")).fill(target)
    expect(dialog.frame_locator("iframe").locator(".spk-legend")).to_have_text("Legenda u partnera")
    snippet = dialog.get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert f"{live_server.url}/view/calculator/{internal}/embed/" in snippet
    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body style='margin:0'><div style='width:900px'><h1>Strona partnera</h1>{snippet}</div></body></html>",
        encoding="utf-8",
    )
    (partner_site.folder / "cel.html").write_text(
        "<!doctype html><title>Cel</title><h1>Strona docelowa</h1>", encoding="utf-8"
    )
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    frame.get_by_label("Powierzchnia ogrzewana (m²)").fill("120")
    expect(frame.locator(".spk-demand")).to_contain_text("kWh")
    expect(frame.get_by_label("Uwzględnij dotację do wymiany źródła ciepła")).to_have_count(0)
    # The loader follows the widget's height (the whole table), not the 800 px square.
    page.wait_for_function("() => document.querySelector('iframe').style.height !== '800px'", timeout=30_000)
    widget_frame = next(f for f in page.frames if f.url.startswith(live_server.url))
    content = widget_frame.evaluate("Math.ceil(document.body.getBoundingClientRect().height)")
    box = page.locator("iframe").bounding_box()
    assert box["height"] == content and box["width"] == 900
    # The partner's link does not cover the inputs: it is a link under the widget.
    frame.get_by_role("link", name="Przejdź do strony partnera").click()
    page.wait_for_url(target)
