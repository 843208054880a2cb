"""Each list row and each record's answer carry what the signed-in account may do with it
(`may`), by the kind's rules (smogpanel.authority.permissions_of): an editor scoped to
małopolskie sees its gminy's rows editable and mazowieckie's read-only, the record's answer
naming why (`refused`), before any save is refused."""

import pytest

from smogpanel.plugins.maps.tests.helpers import add_checkpoint, add_map, key_named, prop
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.plugins.searches.tests import helpers as searches
from smogpanel.testing.app import create_user, scoped_editor, signed_in, voivodeship_id

OUTSIDE = "Ten wiersz dotyczy województwa spoza zakresu Twojego konta: mazowieckie."
SCOPE = "Twoje konto zmienia tylko dane województw: małopolskie."
READ_ONLY = "Twoje konto ma tylko podgląd: nie może niczego zmieniać."


@pytest.fixture
def malopolska(api, testapp, db):
    return scoped_editor(api, db, "małopolskie")


@pytest.fixture
def viewer(testapp, db):
    user = create_user(db, email="podglad@example.pl")
    user.role = "viewer"
    db.commit()
    return signed_in(testapp, user)


@pytest.fixture
def values(api):
    """A gminy ranking's group with a value in Skawina (małopolskie) and one in Radom (mazowieckie)."""
    skawina = add_gmina(api, "Skawina")
    radom = add_gmina(api, "Radom", district="radomski", voivodeship="mazowieckie")
    group = add_group(api, add_rank(api))
    ours = add_value(api, group, skawina, 10, 10)["message"]
    theirs = add_value(api, group, radom, 20, 20)["message"]
    return group, ours, theirs


def may_by_id(client, path):
    return {row["id"]: row["may"] for row in client.get(path)["message"]["list"]}


def test_rank_values_say_which_rows_a_scoped_editor_may_change(api, malopolska, viewer, values):
    group, ours, theirs = values
    path = f"/api/rank_value/rank_group/{group['id']}?page=1&per_page=50"
    assert may_by_id(malopolska, path) == {ours["id"]: ["update", "delete"], theirs["id"]: []}
    assert may_by_id(api, path) == {ours["id"]: ["update", "delete"], theirs["id"]: ["update", "delete"]}
    assert may_by_id(viewer, path) == {ours["id"]: [], theirs["id"]: []}

    # The record's answer says why, before a save is refused for the same reason.
    answer = malopolska.get(f"/api/rank_value/{theirs['id']}")["message"]
    assert answer["may"] == []
    assert answer["refused"] == {"update": f"{OUTSIDE} {SCOPE}", "delete": f"{OUTSIDE} {SCOPE}"}
    refused = malopolska.post(f"/api/rank_value/{theirs['id']}", {"value": 1, "points": 1}, status=403)
    assert refused["errors"][0]["description"] == OUTSIDE
    own = malopolska.get(f"/api/rank_value/{ours['id']}")["message"]
    assert own["may"] == ["update", "delete"] and own["refused"] == {}
    assert viewer.get(f"/api/rank_value/{ours['id']}")["message"]["refused"]["update"] == READ_ONLY


def test_search_entries_say_it_too(api, malopolska):
    gminy = searches.gminy(api)
    radom = searches.add_borough(api, searches.add_district(api, "mazowieckie", "radomski"), "Radom")
    search = searches.add_search(api)
    ours = searches.add_entry(api, search, gminy["zabierzow"])
    theirs = searches.add_entry(api, search, radom)
    path = f"/api/search_entry/search/{search['id']}"
    assert may_by_id(malopolska, path) == {ours["id"]: ["update", "delete"], theirs["id"]: []}
    assert malopolska.get(f"/api/search_entry/{theirs['id']}")["message"]["refused"]["update"] == f"{OUTSIDE} {SCOPE}"


def test_a_kept_list_is_kept_per_account(api, malopolska, testapp, db):
    """The gminy's list is kept between requests: one account's `may` never reaches another."""
    add_gmina(api, "Radom", district="radomski", voivodeship="mazowieckie")
    districts = api.get("/api/district/voivodeship/" + str(voivodeship_id(api, "mazowieckie")))["message"]["list"]
    path = f"/api/borough/district/{districts[0]['id']}"
    assert [row["may"] for row in api.get(path)["message"]["list"]] == [["update", "delete"]]
    # A voivodeship-scoped editor changes no gmina of the hierarchy (no regional kind).
    assert [row["may"] for row in malopolska.get(path)["message"]["list"]] == [[]]
    assert [row["may"] for row in api.get(path)["message"]["list"]] == [["update", "delete"]]


def test_accounts_and_measurements_follow_their_own_rules(api, malopolska):
    """An account's row: its owner changes it, nobody deletes themselves. A measurement holds
    every voivodeship's values: a scoped editor edits (its cells) but never deletes it."""
    me = api.get("/api/user/me")["message"]
    rows = {row["id"]: row["may"] for row in api.get("/api/user/")["message"]["list"]}
    assert rows[me["id"]] == ["update"]
    a_map = add_map(api)
    checkpoint = add_checkpoint(
        api, a_map, name="Marzec", properties=[prop(key_named(a_map, "Liczba złożonych wniosków"), mp=1)]
    )
    assert may_by_id(malopolska, f"/api/checkpoint/map/{a_map['id']}") == {checkpoint["id"]: ["update"]}
