"""A long list in a real browser, on a group's recipients: found without Polish
letters, paged with the row count, the search, sort and page kept in the URL (Back restores
them, Edytuj → Anuluj comes back to them), the rows shown exported and opened with openpyxl,
and two rows deleted at once and put back by one revert in 'Historia zmian'."""

import io
import re

from openpyxl import load_workbook
from playwright.sync_api import expect

from smogpanel.testing.browser import api_headers, assert_accessible, sign_in

SUCCESS = "Operacja została zakończona :)"


def make_group(page, live_server, count):
    headers = api_headers(page)

    def post(path, body):
        answer = page.request.post(path, data=body, headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["message"]

    group = post("/api/recipient_group/", {"name": live_server.unique("Radni")})
    people = [("Łucja Żółć", "lucja@example.org"), ("Jan Łódzki", "jan@przyklad.pl")]
    people += [(f"Adresat {n:03d}", f"adresat{n:03d}@example.org") for n in range(count - len(people))]
    for name, email in people:
        post("/api/recipient/", {"name": name, "email": email, "recipient_group_id": group["id"]})
    return group


def test_search_pages_url_state_export_and_bulk_delete(page, live_server, tmp_path):
    sign_in(page, live_server)
    group = make_group(page, live_server, 62)
    path = f"/letter/recipient_group/{group['id']}/recipient"
    page.goto(path)
    expect(page.get_by_text("Wierszy: 62 (pokazano 1–50)")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(50)
    expect(page.get_by_text("Strona 1 z 2")).to_be_visible()

    # without Polish letters, any case
    page.get_by_label("Szukaj", exact=True).fill("LUCJA zolc")
    expect(page.get_by_text("Znaleziono: 1")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(1)
    expect(page.locator("tbody")).to_contain_text("Łucja Żółć")
    page.wait_for_url(re.compile(r"q=LUCJA"))
    page.get_by_label("Szukaj", exact=True).fill("lodzki")
    expect(page.locator("tbody")).to_contain_text("Jan Łódzki")

    # Edytuj → Anuluj comes back to the search
    page.get_by_role("link", name="Edytuj").click()
    expect(page.get_by_label("Nazwa")).to_have_value("Jan Łódzki")
    page.get_by_role("link", name="Anuluj").click()
    page.wait_for_url(re.compile(r"q=lodzki"))
    expect(page.get_by_label("Szukaj", exact=True)).to_have_value("lodzki")
    expect(page.locator("tbody tr")).to_have_count(1)

    # sort and page in the URL; Back restores the page before
    page.get_by_label("Szukaj", exact=True).fill("")
    expect(page.get_by_text("Wierszy: 62 (pokazano 1–50)")).to_be_visible()
    page.get_by_role("button", name="Nazwa").click()
    page.wait_for_url(re.compile(r"order=name&asc=1"))
    expect(page.locator("tbody tr").first).to_contain_text("Adresat 000")
    page.get_by_role("button", name="Następna").click()
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    expect(page.locator("tbody tr")).to_have_count(12)
    expect(page.locator("tbody tr").last).to_contain_text("Łucja Żółć")  # Ł after J, in Polish
    page.go_back()
    expect(page.get_by_text("Strona 1 z 2")).to_be_visible()
    expect(page.locator("tbody tr").first).to_contain_text("Adresat 000")
    page.go_forward()
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    # a shared link opens the same rows
    shared = page.url
    page.goto("/voivodeship")
    page.goto(shared)
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    expect(page.locator("tbody tr").last).to_contain_text("Łucja Żółć")
    # the first and the last page at once, and any page by its number
    expect(page.get_by_role("button", name="Ostatnia")).to_be_disabled()
    page.get_by_role("button", name="Pierwsza").click()
    expect(page.get_by_text("Strona 1 z 2")).to_be_visible()
    page.get_by_role("button", name="Ostatnia").click()
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    page.get_by_role("button", name="Pierwsza").click()
    page.get_by_label("Numer strony").fill("2")
    page.get_by_role("button", name="Przejdź").click()
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    page.get_by_label("Numer strony").fill("99")  # past the end: the last page
    page.get_by_role("button", name="Przejdź").click()
    expect(page.get_by_text("Strona 2 z 2")).to_be_visible()
    assert_accessible(page)

    # the export holds exactly the rows the search leaves, in the list's order
    page.goto(path + "?q=przyklad")
    expect(page.get_by_text("Znaleziono: 1")).to_be_visible()
    page.goto(path + "?q=adresat%200&order=name&asc=0")
    expect(page.get_by_text("Znaleziono: 60 (pokazano 1–50)")).to_be_visible()
    with page.expect_download() as info:
        page.get_by_role("button", name="Eksport .xlsx").click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    assert saved.suffix == ".xlsx"
    sheet = load_workbook(io.BytesIO(saved.read_bytes())).active
    table = [[cell.value for cell in row] for row in sheet.iter_rows()]
    assert table[0] == ["ID", "Nazwa", "E-mail", "Wysłane", "Aktualizacja"]
    assert [row[1] for row in table[1:]] == [f"Adresat {n:03d}" for n in range(59, -1, -1)]
    with page.expect_download() as info:
        page.get_by_role("button", name="Eksport .csv").click()
    data = info.value.path().read_bytes()
    assert data.startswith("\ufeff".encode()) and "Adresat 059" in data.decode("utf-8-sig")

    # two rows deleted at once; one revert in 'Historia zmian' puts both back
    page.goto(path + "?q=adresat%2000&order=name&asc=1")
    expect(page.get_by_text("Znaleziono: 10")).to_be_visible()
    page.get_by_label("Zaznacz wiersz", exact=False).nth(0).check()
    page.get_by_label("Zaznacz wiersz", exact=False).nth(1).check()
    page.get_by_role("button", name="Usuń zaznaczone (2)").click()
    # the question names the rows it deletes
    expect(page.get_by_role("dialog")).to_contain_text("zaznaczone elementy (2): „Adresat 000”, „Adresat 001”?")
    page.get_by_role("dialog").get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_text("Znaleziono: 8")).to_be_visible()
    expect(page.locator("tbody")).not_to_contain_text("Adresat 000")

    page.goto("/history")
    entry = page.locator("li").filter(has_text="Usunięcie zbiorcze: 2 × adresat")
    expect(entry).to_contain_text("Adresat 000")
    expect(entry).to_contain_text("Adresat 001")
    entry.get_by_role("button", name="Przywróć tę wersję").click()
    page.get_by_role("dialog").get_by_role("button", name="Tak, przywróć.").click()  # a revert asks first
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.goto(path + "?q=adresat%2000&order=name&asc=1")
    expect(page.get_by_text("Znaleziono: 10")).to_be_visible()
    expect(page.locator("tbody tr").first).to_contain_text("Adresat 000")
