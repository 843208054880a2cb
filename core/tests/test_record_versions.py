"""No lost updates (smogpanel.record_etags): two operators open the same record; the second
one's save, loaded before the first one's, is refused with 412 naming who changed which fields,
and writes nothing. A save naming the current version, or naming none, goes through as before."""

import pytest
import sqlalchemy as sa

from smogpanel.models import HistoryEntry
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import create_user, signed_in

STALE = '"0123456789abcdef0123-00"'  # a version no record has


@pytest.fixture
def ewa(testapp, db):
    return signed_in(testapp, create_user(db, email="ewa@example.pl", firstname="Ewa"))


@pytest.fixture
def jan(testapp, db):
    return signed_in(testapp, create_user(db, email="jan@example.pl", firstname="Jan"))


def load(api, path):
    """The record and its ETag, as the edit form loads them."""
    response = api.app.get(path, headers=api.headers())
    return response.json["message"], response.headers["ETag"]


def save(api, path, body, if_match=None, status=200):
    headers = api.headers({"If-Match": if_match} if if_match else None)
    return api.app.post_json(path, body, headers=headers, status=status)


def version_part(etag):
    return etag.removeprefix("W/").strip('"').split("-")[0]


def entries(db):
    return db.scalar(sa.select(sa.func.count()).select_from(HistoryEntry))


def test_a_save_loaded_before_another_operators_is_refused_and_writes_nothing(ewa, jan, db):
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    ewas, ewas_version = load(ewa, path)
    jans, jans_version = load(jan, path)
    assert ewas_version == jans_version

    first = save(ewa, path, timer_edit(ewas, name="Do wiosny"), ewas_version)
    assert first.json["message"]["name"] == "Do wiosny"
    written = entries(db)

    refused = save(jan, path, timer_edit(jans, text_below="Wietrz krótko."), jans_version, status=412)
    assert refused.json["success"] is False and refused.json["message"] == "CHANGED_MEANWHILE"
    [error] = refused.json["errors"]
    # The colleague by the account's name (an account without one: by e-mail, below)
    assert "po wczytaniu formularza: Ewa Nowak (pole „Nazwa”)." in error["description"]
    assert "ewa@example.pl" not in error["description"]
    assert "Nic nie zapisano" in error["description"]
    now, _ = load(ewa, path)
    assert (now["name"], now["text_below"]) == ("Do wiosny", "Ogrzewaj czysto.")
    assert entries(db) == written

    # Reloaded (or told by the edit's own answer), the same save goes through
    current, version = load(jan, path)
    assert version_part(version) == version_part(first.headers["ETag"])
    saved = save(jan, path, timer_edit(current, text_below="Wietrz krótko."), version)
    assert (saved.json["message"]["name"], saved.json["message"]["text_below"]) == ("Do wiosny", "Wietrz krótko.")


def test_an_account_without_a_name_is_named_by_its_e_mail(testapp, db, jan):
    nameless = signed_in(testapp, create_user(db, email="bez.imienia@example.pl", firstname="", lastname=""))
    timer = add_timer(jan)
    path = f"/api/timer/{timer['id']}"
    jans, jans_version = load(jan, path)
    save(nameless, path, timer_edit(jans, name="Do wiosny"), load(nameless, path)[1])
    error = save(jan, path, timer_edit(jans, text_below="Wietrz."), jans_version, status=412).json["errors"][0]
    assert "po wczytaniu formularza: bez.imienia@example.pl (pole „Nazwa”)." in error["description"]


def test_a_save_without_if_match_overwrites_as_the_spec_calls_do(ewa, jan):
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    jans, _ = load(jan, path)
    save(ewa, path, timer_edit(jans, name="Do wiosny"))
    save(jan, path, timer_edit(jans, text_below="Wietrz krótko."))
    now, _ = load(ewa, path)
    assert (now["name"], now["text_below"]) == ("Do końca sezonu", "Wietrz krótko.")


def test_if_match_tags_weak_listed_or_any(ewa):
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    record, version = load(ewa, path)
    version_only = version_part(version)
    for header in (f"W/{version}", f'"{version_only}"', f"{STALE}, {version}", "*"):
        save(ewa, path, timer_edit(record), header)
    save(ewa, path, timer_edit(record), "nonsense", status=412)


def test_every_changes_since_are_named_and_unchanged_saves_keep_the_version(ewa, jan):
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    old, old_version = load(jan, path)
    record, version = load(ewa, path)
    record = save(ewa, path, timer_edit(record, name="Do wiosny"), version).json["message"]
    _, version = load(ewa, path)
    # A save that changes nothing is no new version
    assert version_part(save(ewa, path, timer_edit(record), version).headers["ETag"]) == version_part(version)
    save(jan, path, timer_edit(record, countdown=False), version)

    errors = save(jan, path, timer_edit(old, text_above="Zostało"), old_version, status=412).json["errors"]
    assert "Ewa Nowak, Jan Nowak (" in errors[0]["description"]
    assert "pola „Nazwa”, „Odliczanie”" in errors[0]["description"]


def test_a_record_changed_outside_history_is_refused_all_the_same(ewa, db):
    """An import changes values without an entry per record: still 412, saying so."""
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    record, version = load(ewa, path)
    from smogpanel.plugins.timers.models import Timer

    db.execute(sa.update(Timer).where(Timer.id == timer["id"]).values(text_above="Zmienione importem"))
    db.commit()
    error = save(ewa, path, timer_edit(record, name="Nowa"), version, status=412).json["errors"][0]
    assert "zmienił się po wczytaniu formularza" in error["description"]
    assert load(ewa, path)[0]["name"] == "Do końca sezonu"


def test_a_rank_value_saved_over_another_operators_change_is_refused(ewa, jan, db):
    rank = add_rank(ewa)
    group = add_group(ewa, rank)
    value = add_value(ewa, group, add_gmina(ewa, "Zakopane", district="tatrzański"), "12,5", 3)["message"]
    path = f"/api/rank_value/{value['id']}"
    ewas, ewas_version = load(ewa, path)
    jans, jans_version = load(jan, path)
    body = {k: ewas[k] for k in ("value", "points", "place", "borough_id")}
    save(ewa, path, dict(body, value="13,1"), ewas_version)

    written = entries(db)
    error = save(jan, path, dict(body, points=4), jans_version, status=412).json["errors"][0]
    assert "Ewa Nowak" in error["description"] and "„Wartość”" in error["description"]
    assert entries(db) == written
    now, _ = load(ewa, path)
    assert (str(now["value"]), now["points"]) == ("13.1", 3)
    save(jan, path, dict(body, points=4), load(jan, path)[1])
    assert load(ewa, path)[0]["points"] == 4


def test_a_record_answer_keeps_its_304(ewa):
    timer = add_timer(ewa)
    path = f"/api/timer/{timer['id']}"
    _, version = load(ewa, path)
    ewa.app.get(path, headers=ewa.headers({"If-None-Match": version}), status=304)


def test_every_kind_is_saved_conditionally_with_no_code_of_its_own(api, demo, db, testapp):
    """Each kind's newest demo record, saved as loaded: a stale If-Match is refused and changes
    nothing, a fresh one goes through, and the version the edit answers is the one its GET gives."""
    resources = testapp.app.registry["smogpanel.resources"]
    tried = []
    for kind, resource in sorted(resources.items()):
        record_id = db.scalar(sa.select(sa.func.max(resource.model.id)).where(resource.model.deleted.is_(None)))
        if record_id is None or kind == "user":  # accounts are edited by their owners only (/api/user/update)
            continue
        path = f"/api/{kind}/{record_id}"
        record, version = load(api, path)
        editable = [node.name for node in resource.edit_schema().children]
        body = {name: record[name] for name in editable if name in record}
        written = entries(db)
        save(api, path, body, STALE, status=412)
        assert load(api, path)[0] == record, kind
        assert entries(db) == written, kind
        saved = save(api, path, body, version)
        # The edit's answer names the version a GET then gives (hand-written `update`s included)
        assert version_part(saved.headers["ETag"]) == version_part(load(api, path)[1]), kind
        save(api, path, body, saved.headers["ETag"])
        tried.append(kind)
    assert {"timer", "map", "rank", "rank_value", "search", "search_entry", "graph", "letter", "item"} <= set(tried)
