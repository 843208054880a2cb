"""'Importuj TERYT' in a real browser: from the voivodeship list, a TERC file in, the report
on screen, the gmina in the lists with its code; a second import changes nothing; a broken
file shows the Polish error naming its line; a run that would leave too many units gone asks
for the consent, and with it retires them."""

import re
from pathlib import Path

from playwright.sync_api import expect

from smogpanel.testing.browser import assert_accessible, sign_in

HEADER = "WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n"
SAMPLE = (Path(__file__).parents[1] / "fixtures" / "terc_sample.csv").read_text(encoding="utf-8")


def terc(district, gmina, pow_="58"):
    # The TERC-shaped sample (a whole register in its structure, made-up codes) with a made-up
    # district in małopolskie: the live database is shared by the browser tests.
    return (
        "\ufeff" + SAMPLE + f"12;{pow_};;;{district};powiat;2025-01-01\n"
        f"12;{pow_};01;2;{gmina};gmina wiejska;2025-01-01\n"
        f"12;{pow_};02;3;{gmina} Zdrój;gmina miejsko-wiejska;2025-01-01\n"
        f"12;{pow_};02;4;{gmina} Zdrój;miasto;2025-01-01\n12;{pow_};02;5;{gmina} Zdrój;obszar wiejski;2025-01-01\n"
    ).encode()


def upload(page, name, data):
    page.get_by_label("Plik TERC").set_input_files(files=[{"name": name, "buffer": data, "mimeType": "text/csv"}])
    page.get_by_role("button", name="Importuj").click()


def test_importing_a_terc_file_from_the_voivodeship_list(page, live_server):
    district, gmina = live_server.unique("powiat"), live_server.unique("Gmina")
    sign_in(page, live_server)
    page.get_by_role("link", name="Importuj TERYT").click()
    page.wait_for_url(re.compile(r"/voivodeship/import-teryt$"))

    upload(page, "TERC_Urzedowy.csv", terc(district, gmina))
    report = page.get_by_test_id("teryt-report")
    expect(report).to_contain_text("Import zakończony.")
    assert_accessible(page)  # the import screen with its report

    upload(page, "TERC_Urzedowy.csv", terc(district, gmina))
    expect(report).to_contain_text("Dodano: 0")
    expect(report).to_contain_text("Zmieniono nazwę: 0")

    upload(page, "TERC_Urzedowy.csv", terc(district, gmina + " Nowa"))
    expect(report).to_contain_text("Zmieniono nazwę: 2")  # both gminy carry the name
    expect(report).to_contain_text(f"gmina 1258012: „{gmina}” → „{gmina} Nowa”")

    page.get_by_role("link", name="Wróć do listy województw").click()
    page.get_by_role("link", name="małopolskie").click()
    row = page.get_by_role("row").filter(has_text=district)
    expect(row).to_contain_text("1258")
    row.get_by_role("link", name=district).click()
    expect(page.get_by_role("row").filter(has_text="1258012")).to_contain_text(f"{gmina} Nowa")
    expect(page.get_by_role("row").filter(has_text=f"{gmina} Nowa Zdrój")).to_contain_text("1258023")


def test_a_broken_file_shows_the_error_naming_the_line_and_writes_nothing(page, live_server):
    district = live_server.unique("powiat")
    sign_in(page, live_server, land="/voivodeship/import-teryt")
    broken = (
        HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n"
        f"12;57;;;{district};powiat;2025-01-01\n12;57;01;7;X;gmina;2025-01-01\n"
    ).encode()
    upload(page, "zly.csv", broken)
    expect(page.get_by_role("alert").get_by_text(re.compile("Wiersz 4: RODZ „7”"))).to_be_visible()
    # on the file field too, which takes the focus
    file_field = page.get_by_label("Plik TERC")
    expect(file_field).to_be_focused()
    expect(file_field).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#field-file-error")).to_contain_text("Wiersz 4: RODZ „7”")
    expect(page.get_by_test_id("teryt-report")).to_have_count(0)
    page.goto("/voivodeship")
    page.get_by_role("link", name="małopolskie").click()
    expect(page.get_by_role("row").first).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=district)).to_have_count(0)


def test_a_cut_file_is_refused_and_removals_need_the_consent_then_retire(page, live_server):
    district, gmina = live_server.unique("powiat"), live_server.unique("Gmina")
    sign_in(page, live_server, land="/voivodeship/import-teryt")
    whole = terc(district, gmina, pow_="56")
    upload(page, "TERC_Urzedowy.csv", whole[: whole.index(b"16;;;;")])
    expect(
        page.get_by_role("alert").get_by_text(re.compile("Brak wierszy województw: opolskie \\(16\\)"))
    ).to_be_visible()
    expect(page.get_by_test_id("teryt-report")).to_have_count(0)

    consent = page.get_by_label(re.compile("^Zgoda na ubytki"))
    retire = page.get_by_label(re.compile("^Wycofaj jednostki"))
    consent.check()  # the other browser tests' made-up districts may be live: this file lacks them
    upload(page, "TERC_Urzedowy.csv", whole)
    expect(page.get_by_test_id("teryt-report")).to_contain_text("Import zakończony.")
    consent.uncheck()
    upload(page, "TERC_Urzedowy.csv", SAMPLE.encode())  # the made-up district and its gminy are gone
    expect(
        page.get_by_role("alert").get_by_text(
            re.compile(
                r"nie byłoby już w rejestrze, a dopuszczalne jest 2\u00a0%\. "
                r"Województwa: małopolskie \(\d+\)"
            )
        )
    ).to_be_visible()
    expect(page.get_by_test_id("teryt-report")).to_have_count(0)

    consent.check()
    retire.check()
    page.get_by_role("button", name="Importuj").click()
    report = page.get_by_test_id("teryt-report")
    expect(report).to_contain_text(f"gmina 1256012: „{gmina}”")
    expect(report).to_contain_text("Zostawiono (są odwołania): 0")
    page.goto("/voivodeship")
    page.get_by_role("link", name="małopolskie").click()
    expect(page.get_by_role("row").first).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=district)).to_have_count(0)
