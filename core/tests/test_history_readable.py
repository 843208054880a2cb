"""History in the form's words (smogpanel.history.readable, .fields, .entries): each entry's
`rows` show only what changed, as the form shows it; `record` names the record with its parents
and links to its screen; `revert` says what a revert would do, is offered only to whom it would
be allowed, and names the entry that already reverted it."""

import pytest

from smogpanel.plugins.letters.tests.helpers import edit_body as letter_edit
from smogpanel.plugins.letters.tests.helpers import group as add_recipient_group
from smogpanel.plugins.letters.tests.helpers import letter as add_letter
from smogpanel.plugins.maps.tests.helpers import add_checkpoint, add_map, key_named, prop
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in


@pytest.fixture
def operator(testapp, db):
    return signed_in(testapp, create_user(db, email="ewa@example.pl"))


@pytest.fixture
def admin(testapp, db):
    return signed_in(testapp, create_user(db, email="jan@example.pl", super=1))


def latest(api, kind, record_id):
    return api.get(f"/api/history/?kind={kind}&record_id={record_id}")["message"]["list"][0]


def rows(entry):
    return {row["label"]: (row["before"], row["after"]) for row in entry["rows"]}


def test_a_measurement_cell_edit_shows_only_that_cell_with_polish_names(operator):
    a_map = add_map(operator)
    first, second = a_map["property_keys"][0], a_map["property_keys"][1]
    point = add_checkpoint(operator, a_map, properties=[prop(first, mp=10, sl=7), prop(second, mz=1)])
    body = {"name": "Pomiar", "source": "", "hidden": 0, "map_id": a_map["id"]}
    operator.post(
        f"/api/checkpoint/{point['id']}", {**body, "properties": [prop(first, mp=12.5, sl=7), prop(second, mz=1)]}
    )
    edit = latest(operator, "checkpoint", point["id"])
    assert rows(edit) == {f"{first['name']} × małopolskie": ("10", "12,5")}
    assert edit["revert"]["says"] == "Przywróci poprzednie wartości pól: Właściwości."
    assert edit["record"] == {
        "name": "Pomiar",
        "parents": [{"label": "mapa", "name": "Czyste Powietrze"}],
        "path": f"/map/{a_map['id']}/checkpoint/{point['id']}",
    }
    key = key_named(a_map, second["name"])
    operator.post(f"/api/checkpoint/{point['id']}", {**body, "properties": [prop(first, mp=12.5, sl=7)]})
    assert rows(latest(operator, "checkpoint", point["id"])) == {f"{key['name']} × mazowieckie": ("1", "—")}


def test_a_choice_and_a_boolean_read_as_the_form_shows_them(operator):
    timer = add_timer(operator, timer_style_name="SEA", countdown=True)
    operator.post(f"/api/timer/{timer['id']}", timer_edit(timer, timer_style_name="GRAPHITE", countdown=False))
    edit = latest(operator, "timer", timer["id"])
    # countdown false is what the form's "Odwrotne liczenie" ticked means
    assert rows(edit) == {"Styl": ("Morski", "Grafitowy"), "Odwrotne liczenie": ("nie", "tak")}
    fields = operator.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["fields"]["timer"]
    assert fields["timer_style_name"]["options"]["SEA"] == "Morski" and fields["timer_style_name"]["type"] == "choice"
    assert fields["countdown"] == {
        "title": "Odwrotne liczenie",
        "type": "boolean",
        "options": {"true": "nie", "false": "tak"},
    }
    assert edit["record"]["path"] == f"/timer/{timer['id']}"
    assert edit["revert"] == {
        "offered": True,
        "reverted_by": None,
        "says": "Przywróci poprzednie wartości pól: Styl, Odwrotne liczenie.",
    }


def test_a_place_is_shown_from_one_and_a_rank_value_is_named_by_its_gmina(operator, admin):
    rank = add_rank(operator, name="Ranking smogowy", lock_place_refresh=1)
    group = add_group(operator, rank)
    value = add_value(operator, group, add_gmina(operator, "Skawina"), "12,5", 3, place=0)["message"]
    operator.post(f"/api/rank_value/{value['id']}", {"value": "12,5", "points": 3, "place": 1})
    edit = latest(operator, "rank_value", value["id"])
    assert rows(edit) == {"Miejsce": ("1", "2")}
    assert edit["record_name"].startswith("Skawina (powiat ")
    assert [parent["label"] for parent in edit["record"]["parents"]] == ["grupa (ranking)", "ranking"]
    assert edit["record"]["parents"][1]["name"] == "Ranking smogowy"
    assert edit["record"]["path"] == f"/rank/{rank['id']}/group/{group['id']}/value/{value['id']}"
    # the log finds it by its gmina's name, without Polish letters or case
    found = admin.get("/api/history/?q=SKAWINA&kind=rank_value")["message"]
    assert found["total"] >= 2 and {e["record_id"] for e in found["list"]} == {value["id"]}


def test_a_reference_shows_the_referenced_record_name(operator):
    first, second = add_recipient_group(operator, "Radni Krakowa"), add_recipient_group(operator, "Posłowie")
    letter = add_letter(operator, first["id"])
    operator.post(f"/api/letter/{letter['id']}", letter_edit(letter, recipient_group_id=second["id"]))
    assert rows(latest(operator, "letter", letter["id"])) == {"Grupa adresatów": ("„Radni Krakowa”", "„Posłowie”")}


def test_rich_text_shows_its_words_changed_not_the_markup(operator):
    group = add_recipient_group(operator)
    letter = add_letter(operator, group["id"], content="<p>Prosimy o <strong>czyste</strong> powietrze.</p>")
    operator.post(
        f"/api/letter/{letter['id']}",
        letter_edit(letter, content='<p class="x">Prosimy o <em>czyste</em> powietrze teraz.</p>'),
    )
    row = latest(operator, "letter", letter["id"])["rows"][0]
    assert (row["label"], row["before"], row["after"]) == (
        "Treść",
        "Prosimy o czyste powietrze.",
        "Prosimy o czyste powietrze teraz.",
    )
    assert [part for part in row["diff"] if part[0] != "="] == [["+", " teraz"]]


def test_revert_is_offered_only_where_it_would_be_allowed_and_once(operator, admin):
    timer = add_timer(operator)
    operator.delete(f"/api/timer/{timer['id']}")
    delete = latest(operator, "timer", timer["id"])
    # an editor may not restore (the super administrators' alone): not offered to her
    assert delete["revert"]["offered"] is False
    offered = latest(admin, "timer", timer["id"])["revert"]
    assert offered["offered"] is True and offered["says"].startswith("Przywróci usunięty element: licznik „")
    admin.post(f"/api/history/{delete['id']}/revert", {})
    entries = admin.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["list"]
    restore = entries[0]
    assert next(e for e in entries if e["id"] == delete["id"])["revert"]["reverted_by"] == restore["id"]


def test_an_import_revert_says_it_deletes_what_the_import_created(operator):
    from smogpanel.plugins.maps.tests.helpers import report_rows
    from smogpanel.testing.files import upload, xlsx

    a_map = add_map(operator)
    body = {"name": "Raport 2024", "source": "", "captured": None, "hidden": 0, "map_id": a_map["id"]}
    operator.post("/api/checkpoint/import", {**body, "type": "CP_XLS", "file": upload(xlsx(report_rows()))})
    entry = latest(operator, "map", a_map["id"])
    assert entry["action"] == "import"
    assert entry["revert"]["says"] == "Usunie pomiar „Raport 2024” utworzony tym importem."


def test_a_from_after_to_is_refused_in_polish(operator):
    errors = operator.get("/api/history/?from=2025-03-02&to=2025-03-01", status=400)["errors"]
    assert errors == [{"name": "from", "description": "Data „od” nie może być późniejsza niż data „do”."}]


def test_a_search_entry_shows_the_texts_changed_by_key_and_its_keys_list_by_key(operator):
    from smogpanel.plugins.searches.tests import helpers as searches

    search = searches.add_search(operator)
    gmina = searches.gminy(operator)["zabierzow"]
    dotacja, kontakt = searches.key_named(search, "Dotacja"), searches.key_named(search, "Kontakt")
    entry = searches.add_entry(
        operator, search, gmina, [searches.value(dotacja, "do 30 tys."), searches.value(kontakt, "urząd")]
    )
    changed = [searches.value(dotacja, "do 35 tys."), searches.value(kontakt, "urząd")]
    operator.post(f"/api/search_entry/{entry['id']}", {"values": changed})
    edit = latest(operator, "search_entry", entry["id"])
    assert rows(edit) == {"Dotacja": ("do 30 tys.", "do 35 tys.")}
    assert edit["record"]["path"] == f"/search/{search['id']}/entry/{entry['id']}"
    assert edit["record"]["name"].startswith("Zabierzów (powiat krakowski")

    keys = [dict(key) for key in search["search_keys"]]
    keys[0].update(name="Dofinansowanie", search_key_place_name="LEFT")
    keys.append({"name": "Uwagi", "hide_name": 0, "search_key_place_name": "BOTTOM"})
    operator.post(f"/api/search/{search['id']}", searches.edit_body(search, search_keys=keys))
    assert rows(latest(operator, "search", search["id"])) == {
        "Właściwości „Dofinansowanie”: Nazwa właściwości": ("Dotacja", "Dofinansowanie"),
        "Właściwości „Dofinansowanie”: Miejsce": ("góra", "lewa"),
        "Właściwości": ("—", "dodano „Uwagi”"),
    }


def test_a_create_shows_what_the_record_was_created_with_in_the_form_words(operator):
    timer = add_timer(operator, timer_style_name="RED")
    create = latest(operator, "timer", timer["id"])
    shown = rows(create)
    assert shown["Styl"] == ("—", "Czerwony")
    assert shown["Termin"] == ("—", "2027-05-01 00:00")  # Warsaw time
    assert create["revert"]["offered"] is False  # a create is undone by deleting, not from history


def test_an_item_hook_edit_shows_the_hook_by_its_name(operator):
    from smogpanel.plugins.items.tests.helpers import add_gmina as add_item_gmina
    from smogpanel.plugins.items.tests.helpers import note_payload

    gmina = add_item_gmina(operator)
    item = operator.post("/api/item/", note_payload(gmina["id"]))["message"]
    body = note_payload(gmina["id"])
    body["hooks"][2]["value"] = "Wymień piec."
    operator.post(f"/api/item/{item['id']}", body)
    assert rows(latest(operator, "item", item["id"])) == {
        "Właściwości „Treść”: Wartość": ("Nie pal śmieci.", "Wymień piec.")
    }
