"""The searches in a real browser: create a search, add an entry by hand, download the search's
template, fill and import it, fix a value, then the public tool and its embed on a partner page,
finding a gmina typed without Polish letters."""

import io
import re
import uuid

from openpyxl import load_workbook
from playwright.sync_api import expect

from smogpanel.testing.browser import add_gmina, sign_in

SUCCESS = "Operacja została zakończona :)"


def plain(text):
    """As a resident types it, without Polish letters."""
    return text.replace("ó", "o").replace("Ł", "L").replace("ą", "a")


def gminy(page, live_server):
    """A district with two gminy (unique names), made through the API as the signed-in operator."""
    token = page.evaluate("localStorage.getItem('token')")
    csrf = next(cookie["value"] for cookie in page.context.cookies() if cookie["name"] == "XSRF-TOKEN")
    headers = {"Authorization": f"Bearer {token}", "X-XSRF-TOKEN": csrf}

    def post(path, body):
        answer = page.request.post(path, data=body, headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["message"]

    voivodeships = page.request.get("/api/voivodeship/", headers=headers).json()["message"]["list"]
    lesser_poland = next(row["id"] for row in voivodeships if row["name"] == "małopolskie")
    suffix = uuid.uuid4().hex[:6]
    district = post("/api/district/", {"name": f"krakowski{suffix}", "voivodeship_id": lesser_poland})
    first = post("/api/borough/", {"name": f"Zabierzów{suffix}", "district_id": district["id"]})
    second = post("/api/borough/", {"name": f"Łączna{suffix}", "district_id": district["id"]})
    return district, first, second


def test_create_a_search_add_and_import_entries_then_find_a_gmina_publicly(page, live_server, partner_site):
    sign_in(page, live_server)
    district, zabierzow, laczna = gminy(page, live_server)
    name = live_server.unique("Dotacje")
    internal = f"dotacje-{uuid.uuid4().hex[:8]}"

    page.get_by_role("link", name="Wyszukiwarki").click()
    page.wait_for_url(re.compile(r"/search$"))
    page.get_by_role("link", name="Dodaj wyszukiwarkę").click()
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Źródło").fill("Urzędy gmin (dane testowe)")
    for index, (key, place) in enumerate((("Dotacja", "góra"), ("Kontakt", "prawa"))):
        page.get_by_role("button", name="Dodaj właściwość").click()
        row = page.get_by_role("group", name=f"Właściwość {index + 1}")
        row.get_by_label("Nazwa właściwości").fill(key)
        row.get_by_label("Miejsce").select_option(label=place)
    page.get_by_role("group", name="Właściwość 2").get_by_label("Ukryj nazwę").check()
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/search$"))

    # An entry by hand: the gmina found by typing it without Polish letters, one input per key.
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name=name).click()
    page.get_by_role("link", name="Dodaj wpis").click()
    page.get_by_label("Dotacja").fill("do 10 000 zł")
    # The gminy listed, none picked: none looks chosen, and the form refuses to send no gmina.
    page.get_by_label("Gmina", exact=True).focus()
    expect(page.get_by_label("Gmina: wybór").get_by_role("option").first).to_be_attached()
    expect(page.get_by_label("Gmina: wybór")).to_have_js_property("selectedIndex", -1)
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text("Popraw dane w formularzu, gdyż wystąpił błąd.")).to_be_visible()
    page.get_by_label("Gmina", exact=True).fill(plain(zabierzow["name"]).lower())
    page.get_by_label("Gmina: wybór").select_option(
        label=f"{zabierzow['name']} (powiat {district['name']}, woj. małopolskie)"
    )
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/entry$"))
    expect(page.get_by_role("row").filter(has_text=zabierzow["name"])).to_be_visible()

    # The powiat filter names a district two voivodeships have with its voivodeship.
    twin = live_server.unique("powiat")
    add_gmina(page, live_server.unique("Gmina"), district=twin, voivodeship="śląskie")
    add_gmina(page, live_server.unique("Gmina"), district=twin, voivodeship="podlaskie")
    page.reload()
    powiat = page.get_by_label("Powiat", exact=True)
    expect(powiat.locator("option", has_text=twin)).to_have_text([f"{twin} (podlaskie)", f"{twin} (śląskie)"])

    # The template has the search's own keys; filled, it imports (one update, one new gmina).
    page.get_by_role("link", name="Importuj wpisy").click()
    with page.expect_download() as download:
        page.get_by_role("link", name=re.compile("Pobierz szablon")).click()
    workbook = load_workbook(io.BytesIO(open(download.value.path(), "rb").read()))
    sheet = workbook["Dane"]
    assert [cell.value for cell in sheet[1]] == ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Dotacja", "Kontakt"]
    sheet.append([plain(zabierzow["name"]).upper(), district["name"], "mp", None, "do 15 000 zł", "tel. 12 000 00 00"])
    sheet.append([laczna["name"], district["name"], "małopolskie", None, "do 8 000 zł", "urząd gminy"])
    buffer = io.BytesIO()
    workbook.save(buffer)
    page.get_by_label("Plik", exact=True).set_input_files(
        files=[
            {
                "name": "wpisy.xlsx",
                "buffer": buffer.getvalue(),
                "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            }
        ]
    )
    page.get_by_role("button", name="Importuj").click()
    page.wait_for_url(re.compile(r"/entry$"))
    expect(page.get_by_text("Zaimportowano wpisy: dodane 1, zaktualizowane 1, bez zmian 0.")).to_be_visible()

    # Fixing one value by hand.
    page.get_by_role("row").filter(has_text=laczna["name"]).get_by_role("link", name="Edytuj").click()
    expect(page.get_by_text(re.compile(f"Gmina: {laczna['name']}"))).to_be_visible()
    page.get_by_label("Dotacja").fill("do 9 000 zł")
    page.get_by_role("button", name="Zapisz").click()
    page.wait_for_url(re.compile(r"/entry$"))

    # The public tool: typed without Polish letters, chosen with the keyboard.
    page.goto(f"/view/search/{internal}")
    box = page.get_by_role("combobox", name="Wpisz nazwę swojej gminy lub powiatu")
    box.fill(plain(laczna["name"]).lower())
    expect(page.get_by_role("option")).to_have_count(1)
    box.press("ArrowDown")
    box.press("Enter")
    card = page.locator(".sps-card")
    expect(card.get_by_role("heading", name=f"Gmina {laczna['name']}")).to_be_visible()
    expect(card.locator(".sps-TOP")).to_have_text("Dotacjado 9 000 zł")
    expect(card.locator(".sps-RIGHT")).to_have_text("urząd gminy")  # its name is hidden
    expect(card.get_by_text("Źródło: Urzędy gmin (dane testowe)")).to_be_visible()
    box.fill(district["name"][:8])  # by the district's name
    expect(page.get_by_role("option")).to_have_count(2)

    # The embed snippet on a partner page of another origin.
    page.goto("/search")
    page.get_by_role("row").filter(has_text=name).get_by_role("button", name="Osadź").click()
    snippet = page.get_by_role("dialog").get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    assert f"{live_server.url}/view/search/{internal}/embed/" in snippet
    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body><h1>Strona partnera</h1>{snippet}</body></html>",
        encoding="utf-8",
    )
    page.goto(f"{partner_site.url}/index.html")
    frame = page.frame_locator("iframe")
    frame.get_by_role("combobox").fill(plain(zabierzow["name"]).lower())
    frame.get_by_role("option").first.click()
    expect(frame.locator(".sps-card h2")).to_have_text(f"Gmina {zabierzow['name']}")
    expect(frame.locator(".sps-TOP p")).to_have_text("do 15 000 zł")
