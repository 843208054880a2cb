"""'Zadania' in a real browser: a super administrator finds it in the user menu and reads each
job's last run; an operator has no such entry."""

from datetime import UTC, datetime

from playwright.sync_api import expect

from smogpanel.models import JobState
from smogpanel.testing.browser import assert_accessible, sign_in


def test_a_super_administrator_reads_the_jobs_last_runs(page, live_server):
    with live_server.session_factory() as db, db.begin():
        db.merge(
            JobState(
                code="core.outbox",
                last_tick=0,
                running=False,
                owner="host:1",
                runs=42,
                failures=2,
                started=datetime(2026, 11, 25, 9, 30, tzinfo=UTC),
                finished=datetime(2026, 11, 25, 9, 30, tzinfo=UTC),
                duration_ms=1500,
                outcome="error",
                error="SMTPServerDisconnected: Connection unexpectedly closed",
            )
        )
    sign_in(page, live_server)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("button", name="Barbara Szefowa").click()
    nav.get_by_role("link", name="Zadania").click()
    expect(page.get_by_role("heading", name="Zadania")).to_be_visible()
    outbox = page.get_by_role("row").filter(has_text="core.outbox")
    expect(outbox).to_contain_text("Ponowne wysyłanie wiadomości z kolejki")
    expect(outbox).to_contain_text("co 1 min")
    expect(outbox).to_contain_text("2026-11-25 10:30")  # Warsaw time
    expect(outbox).to_contain_text("1,5 s")
    expect(outbox).to_contain_text("Błąd")
    expect(outbox).to_contain_text("SMTPServerDisconnected: Connection unexpectedly closed")
    expect(outbox).to_contain_text("42 (2)")
    refresh = page.get_by_role("row").filter(has_text="items.refresh")
    expect(refresh).to_contain_text("co 1 godz.")
    expect(refresh).to_contain_text("Jeszcze nie uruchomione")
    assert_accessible(page)


def test_an_operator_has_no_jobs_entry(page, live_server):
    sign_in(page, live_server, email=live_server.user_email)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("button", name="Piotr Pracownik").click()
    expect(nav.get_by_role("link", name="Mój profil")).to_be_visible()
    expect(nav.get_by_role("link", name="Zadania")).to_have_count(0)
    page.goto("/jobs")
    expect(page.get_by_text("Zadania okresowe widzi tylko superadministrator.")).to_be_visible()


def test_a_super_administrator_runs_a_job_now_and_sees_its_outcome_and_next_run(page, live_server):
    sign_in(page, live_server, land="/jobs")
    purge = page.get_by_role("row").filter(has_text="core.history_purge")
    expect(purge).to_contain_text("co 24 godz.")
    runs_before = purge.get_by_role("cell").nth(7).inner_text()
    purge.get_by_role("button", name="Uruchom teraz: Usuwanie starych wpisów historii zmian").click()
    expect(page.get_by_role("status").filter(has_text="zostało uruchomione")).to_be_visible()
    # followed while it runs, until its summary shows
    expect(purge).to_contain_text(
        "Historia jest przechowywana bezterminowo: w ustawieniach serwera nie podano, po ilu dniach ją usuwać."
    )
    expect(purge).not_to_contain_text("keep_days")  # an operator's screen names no setting's key
    expect(purge.get_by_role("cell").nth(7)).not_to_have_text(runs_before)
    expect(purge.get_by_role("button", name="Uruchom teraz: Usuwanie starych wpisów historii zmian")).to_be_enabled()
    expect(purge.get_by_role("cell").nth(3)).to_contain_text(":00")  # the next run: the next tick, Warsaw time
