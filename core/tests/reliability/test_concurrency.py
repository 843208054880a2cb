"""Concurrency against a live server (waitress, 8 threads) on the run's database: a burst of
sign-ins and writes answers no 5xx and loses no acknowledged write, and concurrent wrong
passwords for one account check at most the limit."""

from concurrent.futures import ThreadPoolExecutor

import pytest

from smogpanel.testing.serve import PASSWORD, add_accounts

pytestmark = pytest.mark.live  # the app served in a thread and as `smogpanel serve`

BURST = 40


def burst(count, action):
    with ThreadPoolExecutor(max_workers=count) as pool:
        return list(pool.map(action, range(count)))


def test_a_burst_of_sign_ins_and_writes_answers_no_5xx_and_loses_nothing(live):
    emails = [f"burst{number}@example.pl" for number in range(BURST)]
    add_accounts(live.factory, emails, is_super=True)

    def session(number):
        statuses = []
        answer = live.sign_in(emails[number])
        statuses.append(answer.status)
        if answer.status != 200:
            return statuses, None
        token = answer.body["message"]
        created = live.request(
            "POST",
            "/api/user/",
            {"email": f"nowy{number}@example.pl", "firstname": "Nowy", "lastname": f"Numer {number}"},
            token=token,
        )
        statuses.append(created.status)
        profile = live.request(
            "POST",
            "/api/user/update",
            {"email": emails[number], "firstname": f"Zmieniony {number}", "lastname": "Test", "password": ""},
            token=token,
        )
        statuses.append(profile.status)
        statuses.append(live.request("GET", "/api/user/", token=token).status)
        return statuses, created.body["message"]["id"] if created.status == 200 else None

    results = burst(BURST, session)
    statuses = [status for answer in results for status in answer[0]]
    assert [s for s in statuses if s >= 500] == []
    assert statuses.count(200) == len(statuses), statuses
    acknowledged = [created for _, created in results if created is not None]
    assert len(acknowledged) == BURST
    assert live.count("user_account", "WHERE email LIKE :pattern", pattern="nowy%") == BURST
    assert live.count("user_account", "WHERE firstname LIKE :pattern", pattern="Zmieniony %") == BURST


def test_two_processes_on_one_database_answer_no_5xx_and_lose_nothing(live, second_process):
    """The burst split between this process's server and another `smogpanel serve` process."""
    emails = [f"dwa{number}@example.pl" for number in range(BURST)]
    add_accounts(live.factory, emails, is_super=True)
    urls = [live.url, second_process]

    def session(number):
        url = urls[number % 2]
        answer = live.request("POST", "/api/auth/login", {"email": emails[number], "password": PASSWORD}, base=url)
        if answer.status != 200:
            return [answer.status], None
        token = answer.body["message"]
        created = live.request(
            "POST",
            "/api/user/",
            {"email": f"drugi{number}@example.pl", "firstname": "Drugi", "lastname": "Proces"},
            token=token,
            base=url,
        )
        listed = live.request("GET", "/api/user/", token=token, base=url)
        return [200, created.status, listed.status], created.status == 200

    results = burst(BURST, session)
    statuses = [status for answer in results for status in answer[0]]
    assert [s for s in statuses if s >= 500] == []
    assert statuses.count(200) == len(statuses), statuses
    assert live.count("user_account", "WHERE email LIKE :pattern", pattern="drugi%") == BURST


def test_concurrent_wrong_passwords_check_at_most_the_limit(live):
    add_accounts(live.factory, ["cel@example.pl"])
    answers = burst(BURST, lambda _: live.sign_in("cel@example.pl", "zle-haslo-123"))
    statuses = sorted(answer.status for answer in answers)
    assert [s for s in statuses if s >= 500] == []
    assert statuses.count(401) == 5  # the per-e-mail limit: only five passwords were checked
    assert statuses.count(429) == BURST - 5
    assert live.sign_in("cel@example.pl", PASSWORD).status == 429  # still locked out


def test_a_database_locked_past_the_busy_timeout_answers_503_and_then_works(tmp_path_factory, monkeypatch):
    """SQLite only: another process holding the write lock longer than the busy timeout: a 503
    SERVICE_BUSY envelope once the timeout has run out (not retried: it would only wait again),
    never a 500."""
    monkeypatch.delenv("SMOGPANEL_TEST_DATABASE_URL", raising=False)
    from smogpanel.testing.serve import start_live

    live, server, app = start_live(tmp_path_factory, "locked", **{"smogpanel.sqlite_busy_timeout_ms": "50"})
    try:
        add_accounts(live.factory, ["zamek@example.pl"])
        import sqlite3

        holder = sqlite3.connect(live.engine.url.database, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            answer = live.sign_in("zamek@example.pl")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert answer.status == 503
        assert answer.body["message"] == "SERVICE_BUSY"
        assert answer.headers["Retry-After"] == "1"
        assert live.sign_in("zamek@example.pl").status == 200
    finally:
        server.close()
        app.registry["db.engine"].dispose()
        live.engine.dispose()


TIMER = {
    "name": "Do końca sezonu",
    "internal_name": "wyscig",
    "timer_style_name": "SEA",
    "text_above": "Zostało",
    "deadline": "2027-05-01",
    "countdown": True,
    "text_below": "Ogrzewaj czysto.",
    "logo_path": None,
    "hidden_brand": 0,
}


def entry_of(live, token, timer_id, action):
    entries = live.request("GET", f"/api/history/?kind=timer&record_id={timer_id}", token=token).body["message"]
    return next(entry["id"] for entry in entries["list"] if entry["action"] == action)


def test_simultaneous_reverts_of_one_entry_put_it_back_once(live):
    """Ten operators revert the same edit at once, then eight the same creation: exactly one of
    each succeeds and writes one entry; the others answer 409 (on PostgreSQL they raced: 2 to 7
    succeeded, each writing its own entry)."""
    add_accounts(live.factory, ["wyscig@example.pl"], is_super=True)
    token = live.sign_in("wyscig@example.pl").body["message"]
    timer = live.request("POST", "/api/timer/", TIMER, token=token).body["message"]
    edit = {key: value for key, value in TIMER.items() if key != "internal_name"}
    assert live.request("POST", f"/api/timer/{timer['id']}", dict(edit, name="Do wiosny"), token=token).status == 200

    update = entry_of(live, token, timer["id"], "update")
    statuses = burst(10, lambda _: live.request("POST", f"/api/history/{update}/revert", {}, token=token).status)
    assert sorted(statuses) == [200] + [409] * 9
    assert live.count("history_entry", "WHERE reverts = :entry", entry=update) == 1
    assert live.request("GET", f"/api/timer/{timer['id']}", token=token).body["message"]["name"] == "Do końca sezonu"

    created = entry_of(live, token, timer["id"], "create")
    statuses = burst(8, lambda _: live.request("POST", f"/api/history/{created}/revert", {}, token=token).status)
    assert sorted(statuses) == [200] + [409] * 7
    assert live.count("history_entry", "WHERE reverts = :entry", entry=created) == 1
    assert live.count("history_entry", "WHERE kind = 'timer' AND action = 'delete'") == 1
