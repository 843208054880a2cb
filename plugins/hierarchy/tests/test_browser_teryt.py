"""'Importuj TERYT' in a real browser: from the voivodeship list, a TERC file in, the report
on screen, the gmina in the lists with its code; a second import changes nothing; a broken
file shows the Polish error naming its line."""
import re

from playwright.sync_api import expect

from smogpanel.testing_browser import sign_in

HEADER = "WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA\n"


def terc(district, gmina):
    # TERC-shaped test data: a made-up district 1298 in małopolskie (the live database is
    # shared by the browser tests, so the import brings only these units).
    return ("\ufeff" + HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n"
            f"12;98;;;{district};powiat;2025-01-01\n12;98;01;2;{gmina};gmina wiejska;2025-01-01\n"
            f"12;98;02;3;{gmina} Zdrój;gmina miejsko-wiejska;2025-01-01\n"
            f"12;98;02;4;{gmina} Zdrój;miasto;2025-01-01\n").encode()


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
    expect(report).to_contain_text("Dodano: 3")

    upload(page, "TERC_Urzedowy.csv", terc(district, gmina))
    expect(report).to_contain_text("Dodano: 0")
    expect(report).to_contain_text("Zmieniono nazwę: 0")

    upload(page, "TERC_Urzedowy.csv", terc(district, gmina + " Nowa"))
    expect(report).to_contain_text("Zmieniono nazwę: 2")  # both gminy carry the name
    expect(report).to_contain_text(f"gmina 1298012: „{gmina}” → „{gmina} Nowa”")

    page.get_by_role("link", name="Wróć do listy województw").click()
    page.get_by_role("link", name="małopolskie").click()
    row = page.get_by_role("row").filter(has_text=district)
    expect(row).to_contain_text("1298")
    row.get_by_role("link", name=district).click()
    expect(page.get_by_role("row").filter(has_text="1298012")).to_contain_text(f"{gmina} Nowa")
    expect(page.get_by_role("row").filter(has_text=f"{gmina} Nowa Zdrój")).to_contain_text("1298023")


def test_a_broken_file_shows_the_error_naming_the_line_and_writes_nothing(page, live_server):
    district = live_server.unique("powiat")
    sign_in(page, live_server)
    page.goto("/voivodeship/import-teryt")
    broken = (HEADER + "12;;;;MAŁOPOLSKIE;województwo;2025-01-01\n"
              f"12;97;;;{district};powiat;2025-01-01\n12;97;01;7;X;gmina;2025-01-01\n").encode()
    upload(page, "zly.csv", broken)
    expect(page.get_by_text(re.compile("Wiersz 4: RODZ „7”"))).to_be_visible()
    expect(page.get_by_test_id("teryt-report")).to_have_count(0)
    page.goto("/voivodeship")
    page.get_by_role("link", name="małopolskie").click()
    expect(page.get_by_role("row").first).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=district)).to_have_count(0)
