"""An editor scoped to voivodeships inside records and imports (smogpanel.authority,
smogpanel.region_scope): it changes a measurement's cells of its voivodeships only (never a whole
measurement or map), items of its gminy and voivodeships, no recipient (they lie nowhere); an
import with one row out of its scope is refused whole, naming the row, and writes nothing."""

import pytest

from smogpanel.plugins.maps.tests.helpers import add_checkpoint, add_map, import_body, key_named, prop, report_file
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, group_values, import_file
from smogpanel.plugins.searches.tests import helpers as searches
from smogpanel.regions import VOIVODESHIPS
from smogpanel.testing.app import create_user, scoped_editor, signed_in

READ_ONLY_KIND = "Twoje konto zmienia tylko dane gmin i województw ze swojego zakresu; te są tylko do odczytu."
EVERY_REGION = (
    "Ta zmiana dotyczy wszystkich województw, a Twoje konto zmienia tylko dane województw ze swojego zakresu."
)
APPLICATIONS = "Liczba złożonych wniosków"
RB_HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Wartość", "Punkty", "Miejsce"]


@pytest.fixture
def malopolska(api, testapp, db):
    """An editor scoped to małopolskie."""
    return scoped_editor(api, db, "małopolskie")


def refused(answer, description):
    assert answer["message"] == "FORBIDDEN", answer
    assert answer["errors"][0]["description"] == description, answer["errors"]


# -- a measurement's cells ------------------------------------------------------------------------
@pytest.fixture
def measured(api):
    a_map = add_map(api)
    key = key_named(a_map, APPLICATIONS)
    checkpoint = add_checkpoint(api, a_map, name="Marzec", properties=[prop(key, mp=10, mz=20, sl=30)])
    return a_map, key, checkpoint


def edit(client, checkpoint, key, status=200, **changes):
    numbers = dict({"mp": 10, "mz": 20, "sl": 30}, **changes.pop("numbers", {}))
    body = {"name": "Marzec", "source": "", "hidden": 0, "properties": [prop(key, **numbers)], **changes}
    return client.post(f"/api/checkpoint/{checkpoint['id']}", body, status=status)


def cells(api, checkpoint):
    stored = api.get(f"/api/checkpoint/{checkpoint['id']}")["message"]["properties"][0]["value"]
    return {code: stored[code] for code in ("mp", "mz", "sl")}


def test_a_voivodeship_editor_changes_the_cells_of_its_voivodeships_only(api, malopolska, measured):
    a_map, key, checkpoint = measured
    # Its own cell changed, the others sent back as they were: saved.
    edit(malopolska, checkpoint, key, numbers={"mp": 11.5})
    assert cells(api, checkpoint) == {"mp": 11.5, "mz": 20, "sl": 30}
    # Reverting it from history is no cell-by-cell save: refused, as the measurement is every voivodeship's.
    entry = api.get(f"/api/history/?kind=checkpoint&record_id={checkpoint['id']}")["message"]["list"][0]
    refused(malopolska.post(f"/api/history/{entry['id']}/revert", {}, status=403), EVERY_REGION)

    # Another voivodeship's cell, changed or emptied: refused, naming it, nothing written.
    answer = edit(malopolska, checkpoint, key, status=403, numbers={"mp": 12, "mz": 21})
    refused(answer, "Ta zmiana dotyczy danych województwa spoza zakresu Twojego konta: mazowieckie.")
    answer = edit(malopolska, checkpoint, key, status=403, numbers={"mz": None, "sl": 31})
    refused(answer, "Ta zmiana dotyczy danych województw spoza zakresu Twojego konta: mazowieckie, śląskie.")
    assert cells(api, checkpoint) == {"mp": 11.5, "mz": 20, "sl": 30}

    # What every voivodeship shares: its name; and a whole measurement or map.
    refused(edit(malopolska, checkpoint, key, status=403, name="Kwiecień", numbers={"mp": 11.5}), EVERY_REGION)
    refused(add_checkpoint(malopolska, a_map, properties=[prop(key, mp=1)], status=403), READ_ONLY_KIND)
    refused(malopolska.delete(f"/api/checkpoint/{checkpoint['id']}", status=403), READ_ONLY_KIND)
    refused(malopolska.post(f"/api/map/{a_map['id']}", dict(a_map, name="Nie"), status=403), READ_ONLY_KIND)
    imported = malopolska.post("/api/checkpoint/import", import_body(a_map, report_file()), status=403)
    refused(imported, READ_ONLY_KIND)
    assert len(api.get(f"/api/checkpoint/map/{a_map['id']}")["message"]["list"]) == 1
    assert malopolska.get("/api/user/me")["message"]["may"]["checkpoint"] == ["read", "update"]

    # An unscoped editor still changes every cell.
    edit(api, checkpoint, key, numbers={"mz": 99})
    assert cells(api, checkpoint)["mz"] == 99


def test_a_change_in_the_fourth_decimal_place_of_a_large_number_is_still_a_change(api, malopolska, measured):
    """The scope check tells a sent cell from the stored one by its float (below 10**11, where two
    numbers of 4 places never share one): a change in the last kept place of another
    voivodeship's number is refused, the same number sent back is not."""
    a_map, key, checkpoint = measured
    large = "987654321.1234"
    edit(api, checkpoint, key, numbers={"mz": large, "sl": 12.0001})
    # Sent back as stored (and the same value written with more places, rounded away): allowed.
    edit(malopolska, checkpoint, key, numbers={"mp": 12, "mz": large, "sl": 12.00012})
    for numbers in ({"mz": "987654321.1235", "sl": 12.0001}, {"mz": large, "sl": 12.0002}):
        answer = edit(malopolska, checkpoint, key, status=403, numbers=dict(numbers, mp=12))
        assert answer["errors"][0]["description"].endswith(("mazowieckie.", "śląskie.")), answer
    assert cells(api, checkpoint) == {"mp": 12, "mz": float(large), "sl": 12.0001}


# -- items and recipients -------------------------------------------------------------------------
def note(gmina_id, internal_name):
    return {
        "name": "Komunikat",
        "internal_name": internal_name,
        "item_type_id": "borough-note",
        "hooks": [
            {"item_type_hook_id": "gmina", "value": gmina_id},
            {"item_type_hook_id": "title", "value": "Sezon grzewczy"},
            {"item_type_hook_id": "text", "value": "Nie pal śmieci."},
        ],
    }


def test_an_item_lies_in_its_gmina_and_recipients_in_no_voivodeship(api, malopolska):
    skawina = add_gmina(api, "Skawina")
    radom = add_gmina(api, "Radom", district="radomski", voivodeship="mazowieckie")
    ours = malopolska.post("/api/item/", note(skawina, "skawina"))["message"]
    refused(
        malopolska.post("/api/item/", note(radom, "radom"), status=403),
        "Ten wiersz dotyczy województwa spoza zakresu Twojego konta: mazowieckie.",
    )
    # Moving its own item to a gmina outside: refused; another's item: refused.
    malopolska.post(f"/api/item/{ours['id']}", dict(note(radom, "skawina")), status=403)
    theirs = api.post("/api/item/", note(radom, "radom"))["message"]
    malopolska.delete(f"/api/item/{theirs['id']}", status=403)
    assert {row["internal_name"] for row in api.get("/api/item/")["message"]["list"]} == {"skawina", "radom"}
    assert api.get(f"/api/item/{ours['id']}")["message"]["hooks"][0]["value"] == skawina
    malopolska.delete(f"/api/item/{ours['id']}")

    group = api.post("/api/recipient_group/", {"name": "Radni"})["message"]
    body = {"name": "Jan", "email": "jan@example.pl", "recipient_group_id": group["id"]}
    refused(malopolska.post("/api/recipient/", body, status=403), READ_ONLY_KIND)


# -- imports --------------------------------------------------------------------------------------
def test_a_search_import_with_one_row_out_of_scope_is_refused_whole_naming_it(api, malopolska):
    searches.gminy(api)
    search = searches.add_search(api)
    header = ["Gmina", "Powiat", "Województwo", "Dotacja"]
    rows = [header, ["Zabierzów", "krakowski", "małopolskie", "tak"], ["Łódź", "Łódź", "łódzkie", "nie"]]
    answer = malopolska.post("/api/search_entry/import", searches.import_body(search, rows), status=403)
    assert answer["message"] == "FORBIDDEN"
    assert answer["errors"][0]["name"] == "file" and "nic nie zapisano" in answer["errors"][0]["description"]
    assert answer["errors"][1:] == [
        {"name": "3:3", "description": "Wiersz 3: gmina Łódź (województwo łódzkie) leży poza zakresem Twojego konta."}
    ]
    listed = f"/api/search_entry/search/{search['id']}"
    assert api.get(listed)["message"]["list"] == []

    assert (
        malopolska.post("/api/search_entry/import", searches.import_body(search, rows[:2]))["message"]["created"] == 1
    )
    assert [row["borough_name"] for row in api.get(listed)["message"]["list"]] == ["Zabierzów"]


def test_an_import_by_an_editor_of_other_plugins_is_refused_whole(api, testapp, db):
    searches.gminy(api)
    search = searches.add_search(api)
    user = create_user(db, email="rankingi@example.pl")
    user.scope_kinds = "ranks"
    db.commit()
    rows = [["Gmina", "Powiat", "Województwo", "Dotacja"], ["Zabierzów", "krakowski", "małopolskie", "tak"]]
    answer = signed_in(testapp, user).post("/api/search_entry/import", searches.import_body(search, rows), status=403)
    refused(answer, "Twoje konto nie może zmieniać tego rodzaju danych.")
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []


def test_ranking_imports_by_gmina_and_by_voivodeship_ask_every_row(api, malopolska):
    add_gmina(api, "Skawina")
    add_gmina(api, "Radom", district="radomski", voivodeship="mazowieckie")
    group = add_group(api, add_rank(api))
    rows = [RB_HEADER, ["Skawina", "krakowski", "małopolskie", None, 5, 5, None]]
    rows.append(["Radom", "radomski", "mazowieckie", None, 7, 7, None])
    body = import_file(rows, rank_group_id=group["id"], type="RB_XLS")
    answer = malopolska.post("/api/rank_value/import", body, status=403)
    assert answer["errors"][1] == {
        "name": "3:3",
        "description": "Wiersz 3: gmina Radom (województwo mazowieckie) leży poza zakresem Twojego konta.",
    }
    assert group_values(api, group) == []
    malopolska.post("/api/rank_value/import", import_file(rows[:2], rank_group_id=group["id"], type="RB_XLS"))
    assert [row["borough_name"] for row in group_values(api, group)] == ["Skawina"]

    # A voivodeships ranking's entry: the national report names fifteen rows outside.
    entry_group = add_group(api, add_rank(api, "voivodeships"), name="2025")
    entry = api.post("/api/rank_entry/", {"name": APPLICATIONS, "rank_group_id": entry_group["id"]})["message"]
    report = [["Województwo", APPLICATIONS], *([name, 10] for _, name in VOIVODESHIPS)]
    body = import_file(report, rank_entry_id=entry["id"], type="RV_XLS")
    answer = malopolska.post("/api/rank_value/import", body, status=403)
    assert len(answer["errors"]) == 16 and "15 wierszy" in answer["errors"][0]["description"]
    assert answer["errors"][1]["description"] == (
        "Wiersz 2: województwo dolnośląskie jest poza zakresem Twojego konta."
    )
    assert api.get(f"/api/rank_value/rank_entry/{entry['id']}")["message"]["list"] == []
    own = import_file([report[0], ["małopolskie", 10]], rank_entry_id=entry["id"], type="RV_XLS")
    assert malopolska.post("/api/rank_value/import", own)["message"]["created"] == 1


def test_an_import_that_forgot_to_ask_about_its_rows_is_refused_and_writes_nothing(api, malopolska, monkeypatch):
    """The safety net: a kind whose imports write regional rows (`import_rows`) checks, when the
    import answers, that its rows were asked about."""
    searches.gminy(api)
    search = searches.add_search(api)
    monkeypatch.setattr("smogpanel.plugins.searches.imports.authorize_rows", lambda *args: None)
    rows = [["Gmina", "Powiat", "Województwo", "Dotacja"], ["Łódź", "Łódź", "łódzkie", "nie"]]
    refused(malopolska.post("/api/search_entry/import", searches.import_body(search, rows), status=403), READ_ONLY_KIND)
    assert api.get(f"/api/search_entry/search/{search['id']}")["message"]["list"] == []
