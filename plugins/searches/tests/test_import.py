"""WPG_XLS: entries from a spreadsheet through the core registry, with the search's own
template; re-import updates; an unknown gmina or column names the cell and writes nothing."""

import io

from openpyxl import load_workbook

from smogpanel.plugins.searches.tests.helpers import add_entry, add_search, gminy, import_body, key_named, value
from smogpanel.testing.files import upload, xls

HEADER = ["Gmina", "Powiat", "Województwo", "Dotacja", "Warunki", "Kontakt", "Termin"]


def rows(*data, header=HEADER):
    return [header, *data]


def entries(api, search):
    listed = api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"]
    return {row["borough_name"]: api.get(f"/api/search_entry/{row['id']}")["message"] for row in listed}


def texts(entry):
    return {v["key"]["name"]: v["value"]["value"] for v in entry["values"]}


def test_the_template_is_the_searchs_own_header_and_needs_sign_in_or_a_signed_link(api):
    search = add_search(api)
    path = f"/api/import/WPG_XLS/template?search_id={search['id']}"
    refused = api.app.get(path, status=401).json  # it names the search's keys
    assert refused["errors"][0]["description"].startswith("Szablon z danymi elementu")
    assert api.app.get(path, headers=api.headers()).status_code == 200
    link = api.get(f"/api/import/WPG_XLS/template/link?search_id={search['id']}")["message"]
    assert link.startswith(path + "&expires=")
    other = add_search(api, internal_name="inna")
    api.app.get(link.replace(f"search_id={search['id']}", f"search_id={other['id']}"), status=401)  # not that one's
    response = api.app.get(link)  # no token: the signed link is enough
    sheet = load_workbook(io.BytesIO(response.body))["Dane"]
    assert [cell.value for cell in sheet[1]] == [*HEADER[:3], "Kod TERYT", *HEADER[3:]]  # the code optional
    assert "no-cache" in response.headers["Cache-Control"]
    listed = {t["code"]: t for t in api.get("/api/import/")["message"]}
    assert listed["WPG_XLS"]["template_query"] == ["search_id"]


def test_a_template_without_a_live_search_is_a_polish_400(api):
    for query in ("", "?search_id=abc", "?search_id=4242"):
        for path in ("/api/import/WPG_XLS/template", "/api/import/WPG_XLS/template/link"):
            answer = api.get(f"{path}{query}", status=400)
            assert answer["errors"][0]["name"] == "search_id" and "wyszukiwark" in answer["errors"][0]["description"]


def test_a_fixed_types_template_stays_public(anonymous):
    response = anonymous.app.get("/api/import/RV_XLS/template")
    assert response.status_code == 200 and "public" in response.headers["Cache-Control"]


def test_a_filled_in_template_imports_and_reimport_updates(api):
    gminy(api)
    search = add_search(api)
    template = api.app.get(f"/api/import/WPG_XLS/template?search_id={search['id']}", headers=api.headers()).body
    workbook = load_workbook(io.BytesIO(template))
    sheet = workbook["Dane"]
    sheet.append(["ZABIERZOW", "Krakowski", "malopolskie", None, "do 15 000 zł", "Wymiana kotła", "12 345 67 89", 2026])
    sheet.append(["Łódź", "łódź", "ld", None, "do 10 000 zł", None, None, None])
    buffer = io.BytesIO()
    workbook.save(buffer)
    answer = api.post(
        "/api/search_entry/import",
        {"search_id": search["id"], "type": "WPG_XLS", "file": upload(buffer.getvalue(), "wpisy.xlsx")},
    )["message"]
    assert (answer["created"], answer["updated"], answer["skipped"]) == (2, 0, [])
    stored = entries(api, search)
    assert texts(stored["Zabierzów"]) == {
        "Dotacja": "do 15 000 zł",
        "Warunki": "Wymiana kotła",
        "Kontakt": "12 345 67 89",
        "Termin": "2026",
    }
    assert texts(stored["Łódź"]) == {"Dotacja": "do 10 000 zł"}
    again = api.post(
        "/api/search_entry/import",
        import_body(
            search,
            rows(
                ["Zabierzów", "krakowski", "małopolskie", "do 20 000 zł", "Wymiana kotła", "", "2026"],
                ["Łódź", "Łódź", "łódzkie", "do 10 000 zł", None, None, None],
                ["Liszki", "krakowski", "małopolskie", "tak", None, None, None],
            ),
        ),
    )["message"]
    assert (again["created"], again["updated"], again["unchanged"]) == (1, 1, 1)
    stored = entries(api, search)
    assert len(stored) == 3
    assert texts(stored["Zabierzów"]) == {"Dotacja": "do 20 000 zł", "Warunki": "Wymiana kotła", "Termin": "2026"}


def test_keys_without_a_column_are_left_as_they_are_and_reported(api):
    places = gminy(api)
    search = add_search(api)
    add_entry(api, search, places["liszki"], [value(key_named(search, "Kontakt"), "urząd gminy")])
    answer = api.post(
        "/api/search_entry/import",
        import_body(search, rows(["Liszki", "krakowski", "małopolskie", "tak"], header=HEADER[:4])),
    )["message"]
    assert answer["updated"] == 1
    assert [item["name"] for item in answer["skipped"]] == ["Warunki", "Kontakt", "Termin"]
    assert texts(entries(api, search)["Liszki"]) == {"Dotacja": "tak", "Kontakt": "urząd gminy"}


def test_an_xls_file_imports_too(api):
    gminy(api)
    search = add_search(api)
    body = {
        "search_id": search["id"],
        "type": "WPG_XLS",
        "file": upload(
            xls(rows(["Wieliczka", "wielicki", "MP", "tak", "", "", ""])), "wpisy.xls", "application/vnd.ms-excel"
        ),
    }
    assert api.post("/api/search_entry/import", body)["message"]["created"] == 1


def assert_refused(api, search, data, cell, words):
    answer = api.post("/api/search_entry/import", import_body(search, data), status=422)
    assert answer["message"] == "IMPORT_FAILED"
    errors = {error["name"]: error["description"] for error in answer["errors"]}
    assert cell in errors, errors
    assert all(word in errors[cell] for word in words), errors[cell]
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_an_unknown_gmina_names_the_cell_and_nothing_is_written(api):
    gminy(api)
    search = add_search(api)
    assert_refused(
        api,
        search,
        rows(["Liszki", "krakowski", "małopolskie", "tak"], ["Liszki", "wielicki", "małopolskie", "tak"]),
        "A3",
        ["nie ma gminy", "Liszki"],
    )


def test_an_ambiguous_gmina_names_the_cell_and_the_candidates(api):
    places = gminy(api)
    from smogpanel.plugins.searches.tests.helpers import add_borough

    twin = add_borough(api, {"id": places["liszki"]["district_id"]}, "Liszki")
    search = add_search(api)
    assert_refused(api, search, rows(["Liszki", "krakowski", "małopolskie", "tak"]), "A2", ["2 razy", str(twin["id"])])


def test_a_gmina_twice_an_unknown_column_a_missing_place_cell_are_named(api):
    gminy(api)
    search = add_search(api)
    assert_refused(
        api, search, rows(["Liszki", "krakowski", "małopolskie"], ["liszki", "KRAKOWSKI", "mp"]), "A3", ["wierszu 2"]
    )
    assert_refused(
        api,
        search,
        rows(["Liszki", "krakowski", "małopolskie", "x"], header=["Gmina", "Powiat", "Województwo", "Dopłata"]),
        "D1",
        ["Dopłata", "nie jest właściwością"],
    )
    assert_refused(api, search, rows(["Liszki", None, "małopolskie", "x"], header=HEADER[:4]), "B2", ["Powiat"])


def test_a_control_character_in_a_text_cell_is_refused_naming_it(api):
    gminy(api)
    search = add_search(api)
    body = {
        "search_id": search["id"],
        "type": "WPG_XLS",  # openpyxl refuses to write one, xlwt does not
        "file": upload(
            xls(rows(["Liszki", "krakowski", "małopolskie", "tak\x07"], header=HEADER[:4])),
            "wpisy.xls",
            "application/vnd.ms-excel",
        ),
    }
    answer = api.post("/api/search_entry/import", body, status=422)
    assert answer["errors"][0]["name"] == "D2"
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_a_missing_place_column_is_refused(api):
    search = add_search(api)
    answer = api.post(
        "/api/search_entry/import", import_body(search, rows(["Liszki", "x"], header=["Gmina", "Dotacja"])), status=422
    )
    assert "Powiat" in " ".join(error["description"] for error in answer["errors"])


def test_a_file_with_no_rows_or_a_wrong_type_is_refused(api):
    search = add_search(api)
    answer = api.post("/api/search_entry/import", import_body(search, rows()), status=422)
    assert "Nic do zaimportowania" in answer["errors"][0]["description"]
    answer = api.post("/api/search_entry/import", import_body(search, rows(), type_="CP_XLS"), status=400)
    assert answer["errors"][0]["name"] == "type" and "WPG_XLS" in answer["errors"][0]["description"]
    answer = api.post("/api/search_entry/import", dict(import_body(search, rows()), search_id=4242), status=400)
    assert answer["errors"][0]["name"] == "search_id"


def test_every_problem_of_the_file_comes_in_one_answer(api):
    """docs/imports.md: all bad cells at once. An unknown column, an empty required cell and a
    gmina not found are reported together, not one kind per try."""
    gminy(api)
    search = add_search(api)
    data = rows(
        ["Liszki", None, "małopolskie", "x", "y"],  # Powiat empty
        ["Liszki", "wielicki", "małopolskie", "x", "y"],  # no such gmina
        ["Liszki", "krakowski", "małopolskie", "x", "y"],
        header=[*HEADER[:4], "Dopłata"],
    )
    answer = api.post("/api/search_entry/import", import_body(search, data), status=422)
    errors = {error["name"]: error["description"] for error in answer["errors"]}
    assert list(errors) == ["E1", "B2", "A3"]
    assert "nie jest właściwością" in errors["E1"] and "Powiat" in errors["B2"] and "nie ma gminy" in errors["A3"]
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_an_import_is_reverted_as_one_batch_and_refused_when_an_entry_changed_since(api):
    gminy(api)
    search = add_search(api)
    api.post(
        "/api/search_entry/import",
        import_body(search, rows(["Zabierzów", "krakowski", "małopolskie", "do 15 000 zł", "Kocioł", None, None])),
    )
    second = import_body(
        search,
        rows(
            ["Zabierzów", "krakowski", "małopolskie", "do 20 000 zł", None, None, None],
            ["Liszki", "krakowski", "małopolskie", "tak", None, None, None],
        ),
    )
    assert (api.post("/api/search_entry/import", second)["message"]["created"]) == 1
    listed = api.get(f"/api/history/?kind=search&record_id={search['id']}&action=import")["message"]["list"]
    newest = listed[0]
    assert newest["revert"]["says"].startswith(
        "Cofnie cały import: usunie elementy utworzone tym importem (wpis (wyszukiwarka): 1) i przywróci "
        "wartości sprzed importu w elementach, które zmienił (1)."
    )
    api.post(f"/api/history/{newest['id']}/revert", {})
    stored = entries(api, search)
    assert list(stored) == ["Zabierzów"]
    assert texts(stored["Zabierzów"]) == {"Dotacja": "do 15 000 zł", "Warunki": "Kocioł"}

    # The first import: the second, which changed Zabierzów's entry, is reverted: the entries are
    # as the first left them, and it is reverted too.
    first = listed[-1]
    api.post(f"/api/history/{first['id']}/revert", {})
    assert entries(api, search) == {}
    # An import whose entry was changed since by hand: refused, naming it, nothing written.
    third = import_body(search, rows(["Zabierzów", "krakowski", "małopolskie", "do 15 000 zł", None, None, None]))
    api.post("/api/search_entry/import", third)
    latest = api.get(f"/api/history/?kind=search&record_id={search['id']}&action=import")["message"]["list"][0]
    zabierzow = entries(api, search)["Zabierzów"]
    body = {"values": [value(key_named(search, "Dotacja"), "do 30 000 zł")]}
    api.post(f"/api/search_entry/{zabierzow['id']}", body)
    add_entry(api, search, api.get("/api/borough/?q=wieliczka")["message"]["list"][0])
    answer = api.post(f"/api/history/{latest['id']}/revert", {}, status=409)
    assert answer["errors"][0]["description"].startswith(
        "Nie można cofnąć importu: od importu zmieniono wiersze: „Zabierzów"
    )
    assert set(entries(api, search)) == {"Zabierzów", "Wieliczka"}
    assert texts(entries(api, search)["Zabierzów"]) == {"Dotacja": "do 30 000 zł"}
