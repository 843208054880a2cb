"""Roles and scopes (smogpanel.authority, smogpanel.users.access): a viewer reads and changes
nothing, an editor limited to plugins changes only their kinds, an editor limited to voivodeships
changes only rows of gminy inside them; a super administrator sets them, the system
administrator alone makes super administrators."""

import pytest

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value, voivodeship_id
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in

READ_ONLY = "Twoje konto ma tylko podgląd: nie może niczego zmieniać."
OUT_OF_DOMAIN = "Twoje konto nie może zmieniać tego rodzaju danych."
OUT_OF_REGION = "Ten wiersz dotyczy województwa spoza zakresu Twojego konta: mazowieckie."


def account(testapp, db, email, **access):
    user = create_user(db, email=email)
    for field, value in access.items():
        setattr(user, field, value)
    db.commit()
    return signed_in(testapp, user)


def refused(answer, description):
    assert answer["message"] == "FORBIDDEN", answer
    assert answer["errors"][0]["description"] == description


@pytest.fixture
def ranking(api):
    rank = add_rank(api)
    group = add_group(api, rank)
    krakow = add_gmina(api, "Kraków")
    warszawa = add_gmina(api, "Warszawa", district="Warszawa", voivodeship="mazowieckie")
    return rank, group, krakow, warszawa


def test_a_viewer_reads_everything_and_changes_nothing(api, testapp, db, ranking):
    rank, group, krakow, _ = ranking
    value = add_value(api, group, krakow, 10, 5)["message"]
    timer = add_timer(api)
    viewer = account(testapp, db, "podglad@example.pl", role="viewer")

    assert viewer.get("/api/timer/")["message"]["list"][0]["id"] == timer["id"]
    assert viewer.get(f"/api/rank_value/{value['id']}")["message"]["value"] is not None
    refused(viewer.post("/api/timer/", {}, status=403), READ_ONLY)  # refused before its body is read
    refused(viewer.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Nie"), status=403), READ_ONLY)
    refused(viewer.delete(f"/api/rank_value/{value['id']}", status=403), READ_ONLY)
    refused(viewer.post("/api/rank_value/bulk-delete", {"ids": [value["id"]]}, status=403), READ_ONLY)
    refused(viewer.post("/api/user/", {"email": "nowy@example.pl"}, status=403), READ_ONLY)
    entry = api.get(f"/api/history/?kind=timer&record_id={timer['id']}")["message"]["list"][0]
    refused(viewer.post(f"/api/history/{entry['id']}/revert", {}, status=403), READ_ONLY)
    assert api.get(f"/api/timer/{timer['id']}")["message"]["name"] == timer["name"]

    may = viewer.get("/api/user/me")["message"]["may"]
    assert may["timer"] == ["read"] and may["rank_value"] == ["read"]


def test_an_editor_limited_to_plugins_changes_only_their_kinds(api, testapp, db, ranking):
    rank, group, krakow, _ = ranking
    editor = account(testapp, db, "zegary@example.pl", scope_kinds="timers")
    timer = add_timer(editor)  # in scope
    editor.post(f"/api/timer/{timer['id']}", timer_edit(timer, name="Do wiosny"))
    refused(add_value(editor, group, krakow, 10, 5, status=403), OUT_OF_DOMAIN)
    refused(editor.post(f"/api/rank/{rank['id']}", dict(rank, name="Nie"), status=403), OUT_OF_DOMAIN)
    assert editor.get(f"/api/rank/{rank['id']}")["message"]["name"] == rank["name"]  # reads the rest
    may = editor.get("/api/user/me")["message"]["may"]
    assert "update" in may["timer"] and may["rank"] == ["read"]


def test_an_editor_limited_to_voivodeships_changes_only_rows_inside_them(api, testapp, db, ranking):
    rank, group, krakow, warszawa = ranking
    malopolskie = voivodeship_id(api, "małopolskie")
    editor = account(testapp, db, "krakow@example.pl", scope_voivodeships=str(malopolskie))

    value = add_value(editor, group, krakow, 10, 5)["message"]  # a gmina of małopolskie
    refused(add_value(editor, group, warszawa, 10, 5, status=403), OUT_OF_REGION)
    body = {"value": 11, "points": 6, "place": None, "borough_id": krakow}
    assert editor.post(f"/api/rank_value/{value['id']}", body)["message"]["value"] in (11, "11")
    theirs = add_value(api, group, warszawa, 20, 1)["message"]
    refused(editor.delete(f"/api/rank_value/{theirs['id']}", status=403), OUT_OF_REGION)
    # Kinds that lie in no voivodeship are read-only to such an editor.
    answer = editor.post(f"/api/rank/{rank['id']}", dict(rank, name="Nie"), status=403)
    assert "tylko do odczytu" in answer["errors"][0]["description"]
    editor.delete(f"/api/rank_value/{value['id']}")


def test_a_super_administrator_sets_roles_and_scopes_and_the_change_ends_the_sessions(api, testapp, db):
    ewa = create_user(db, email="ewa@example.pl")
    before = signed_in(testapp, ewa)
    mazowieckie = voivodeship_id(api, "mazowieckie")
    body = {"role": "editor", "scope_kinds": ["ranks"], "scope_voivodeships": [mazowieckie], "personal_data": 0}
    answer = api.post(f"/api/user/{ewa.id}/access", body)["message"]
    assert (answer["role"], answer["scope_kinds"], answer["scope_voivodeships"]) == (
        "editor",
        "ranks",
        str(mazowieckie),
    )
    before.get("/api/user/me", status=401)  # signed out: it signs in again with what it may now do
    entry = api.get(f"/api/history/?kind=user&record_id={ewa.id}")["message"]["list"][0]
    assert entry["changes"]["scope_kinds"] == [[], ["ranks"]]

    refused(
        signed_in(testapp, create_user(db, email="jan@example.pl")).post(
            f"/api/user/{ewa.id}/access", body, status=403
        ),
        "Nie masz uprawnień do tej operacji.",
    )
    bad = api.post(f"/api/user/{ewa.id}/access", dict(body, scope_kinds=["nieznany"]), status=400)
    assert bad["errors"][0]["name"] == "scope_kinds"
    chief = create_user(db, email="szef@example.pl", super=1)
    refused(
        api.post(f"/api/user/{chief.id}/access", body, status=403),
        (
            "Uprawnienia superadministratora nadaje i odbiera administrator systemu "
            "(smogpanel user role EMAIL super|editor|viewer)."
        ),
    )


def test_history_shows_an_accounts_access_in_words_not_codes(api, db):
    ewa = create_user(db, email="ewa@example.pl")
    mazowieckie, malopolskie = voivodeship_id(api, "mazowieckie"), voivodeship_id(api, "małopolskie")
    body = {
        "role": "viewer",
        "scope_kinds": [],
        "scope_voivodeships": [mazowieckie, malopolskie],
        "personal_data": 1,
    }
    api.post(f"/api/user/{ewa.id}/access", body)
    api.post(f"/api/user/{ewa.id}/access", dict(body, role="editor", scope_kinds=["ranks", "timers"]))
    later, first = api.get(f"/api/history/?kind=user&record_id={ewa.id}")["message"]["list"][:2]
    rows = {row["label"]: (row["before"], row["after"]) for row in first["rows"]}
    assert rows == {
        "Rola": ("redaktor", "podgląd"),
        "Województwa": ("wszystkie", "„małopolskie”, „mazowieckie”"),
        "Dane nadawców": ("nie", "tak"),
    }
    assert {row["label"]: (row["before"], row["after"]) for row in later["rows"]} == {
        "Rola": ("podgląd", "redaktor"),
        "Moduły": ("wszystkie", "Rankingi, Liczniki"),
    }
