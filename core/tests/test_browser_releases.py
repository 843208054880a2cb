"""'Publikacje' in a real browser: an operator finds two timers by typing (the picker searches the
server), prepares a release of them, opens its preview link (the drafts drawn), sees the one
whose draft changed since, prepares it again, schedules it, calls the schedule off (open again)
and publishes both in one go."""

import re
import uuid
from datetime import UTC, datetime
from urllib.parse import urlsplit

import sqlalchemy as sa
from playwright.sync_api import expect

from smogpanel.plugins.timers.models import Timer
from smogpanel.publications import Publication
from smogpanel.testing.browser import assert_accessible, sign_in


def add_timer(live_server, name):
    with live_server.session_factory() as db, db.begin():
        timer = Timer(
            name=name,
            internal_name=f"licznik-{uuid.uuid4().hex[:8]}",
            timer_style_name="SEA",
            text_above="Zostało",
            deadline=datetime(2031, 1, 1, tzinfo=UTC),
            countdown=True,
            text_below="Ogrzewaj czysto.",
            hidden_brand=0,
        )
        db.add(timer)
        db.flush()
        return timer.id


def test_an_operator_prepares_and_publishes_a_release_of_two_timers(page, live_server):
    first, second = live_server.unique("Licznik A"), live_server.unique("Licznik B")
    ids = [add_timer(live_server, first), add_timer(live_server, second)]
    release = live_server.unique("Sezon")

    sign_in(page, live_server, live_server.user_email)
    nav = page.get_by_role("navigation", name="Główna nawigacja")
    nav.get_by_role("button", name="Piotr Pracownik").click()
    nav.get_by_role("link", name="Publikacje").click()
    expect(page.get_by_role("heading", name="Publikacje", exact=True)).to_be_visible()

    page.get_by_label("Nazwa publikacji").fill(release)
    page.get_by_label("Rodzaj").select_option(label="licznik")
    records = page.get_by_label("Element", exact=True)
    for name in (first, second):
        page.get_by_label("Szukaj elementu").fill(name.split()[-1])  # the unique part of its name
        expect(records.locator("option")).to_have_count(2)  # — wybierz — and the one found
        expect(page.get_by_text("Pasujących: 1.")).to_be_visible()
        records.select_option(label=name)
        page.get_by_role("button", name="Dodaj element").click()
    expect(page.get_by_role("list", name="Elementy nowej publikacji").get_by_role("listitem")).to_have_count(2)
    page.get_by_role("button", name="Przygotuj publikację").click()

    detail = page.get_by_role("region", name=f"Publikacja „{release}”")
    expect(detail).to_contain_text("Otwarta")
    expect(detail.get_by_role("row").filter(has_text=first)).to_contain_text("Bez zmian")
    expect(page.get_by_role("row").filter(has_text=release)).to_contain_text("Otwarta")
    assert_accessible(page)

    # One preview link for the release: its first record's draft, then the second's page.
    detail.get_by_role("button", name="Utwórz odnośnik do podglądu").click()
    link = detail.get_by_label("Odnośnik do podglądu publikacji")
    expect(link).to_have_value(re.compile(r"/preview/"))
    expect(detail.get_by_text("Utworzono odnośnik do podglądu 2 elementów.")).to_be_visible()
    preview = page.context.new_page()
    preview.goto(urlsplit(link.input_value()).path)
    expect(preview.locator(".spt-above")).to_have_text("Zostało")
    preview.goto(urlsplit(detail.get_by_role("link", name=second).get_attribute("href")).path)
    expect(preview.locator(".spt-above")).to_have_text("Zostało")
    preview.close()

    # Someone changes the second timer's text meanwhile: the release names it and publishes nothing.
    with live_server.session_factory() as db, db.begin():
        db.get(Timer, ids[1]).text_above = "Zmienione w międzyczasie"
    detail.get_by_role("button", name="Opublikuj teraz").click()
    expect(detail.get_by_role("alert").filter(has_text=second)).to_contain_text(
        "szkic zmienił się od przygotowania publikacji"
    )
    expect(detail.get_by_role("row").filter(has_text=second)).to_contain_text("Zmieniony od przygotowania")
    with live_server.session_factory() as db:
        assert (
            db.scalar(sa.select(sa.func.count()).where(Publication.record_id.in_(ids), Publication.kind == "timer"))
            == 0
        )

    detail.get_by_role("button", name="Przygotuj ponownie").click()
    expect(detail.get_by_role("row").filter(has_text=second)).to_contain_text("Bez zmian")

    # Scheduled, then called off: open again, with no time.
    detail.get_by_label("Termin (czas polski; puste: teraz)").fill("2031-06-01T10:00")
    detail.get_by_role("button", name="Zaplanuj publikację").click()
    expect(detail.get_by_role("status")).to_have_text(f"Zaplanowano publikację „{release}” na 2031-06-01 10:00.")
    detail.get_by_role("button", name="Odwołaj zaplanowaną publikację").click()
    confirm = page.get_by_role("dialog", name="Odwołać zaplanowaną publikację?")
    expect(confirm).to_contain_text("w terminie 2031-06-01 10:00")
    assert_accessible(page)
    confirm.get_by_role("button", name="Odwołaj").click()
    expect(detail.get_by_role("status")).to_have_text(
        f"Odwołano zaplanowaną publikację „{release}”: znów jest otwarta, bez terminu."
    )
    expect(detail).to_contain_text("Otwarta")
    expect(page.get_by_role("row").filter(has_text=release)).to_contain_text("Otwarta")
    detail.get_by_role("button", name="Opublikuj teraz").click()
    expect(detail.get_by_role("status")).to_have_text(f"Opublikowano wszystkie elementy publikacji „{release}”.")
    expect(detail).to_contain_text("Opublikowana")
    expect(detail.get_by_role("row").filter(has_text=first)).to_contain_text("wersja 2")  # 1 was called off
    expect(page.get_by_role("row").filter(has_text=release)).to_contain_text("Opublikowana")
    with live_server.session_factory() as db:
        published = db.execute(
            sa.select(Publication.record_id, Publication.seq).where(
                Publication.record_id.in_(ids), Publication.kind == "timer", Publication.cancelled.is_(None)
            )
        ).all()
    assert sorted(published) == [(ids[0], 2), (ids[1], 2)]
    assert_accessible(page)
