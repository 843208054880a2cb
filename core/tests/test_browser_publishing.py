"""Publishing in a real Chromium (issue 44), on a panel in `reviewed` mode: the state badge in a
public kind's list and on its edit screen, the publish dialog showing what will change in the
form's words, scheduling (a time the spring clock change skips refused with the server's Polish
reason under 'Zaplanuj na', a valid one scheduled: 'Zaplanowany'), a preview link of the draft
made in the dialog, opened and revoked (the 410 page), and the embed dialog's
"ta wersja", whose code and preview pin the live version."""

import re
import uuid
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from smogpanel.public.notes import WARSAW
from smogpanel.testing.browser import api_headers, assert_accessible, own_panel, sign_in, watched_page

SPRING_GAP = "2027-03-28T02:30"  # the clocks jump from 02:00 to 03:00 that night
SCHEDULED = "2027-03-28T03:30"


@pytest.fixture(scope="module")
def panel(tmp_path_factory):
    settings = {"smogpanel.publishing": "reviewed"}
    with own_panel(tmp_path_factory, "live_publishing", "wydawca@example.pl", "Wanda", "Wydawczyni", **settings) as (
        panel,
        _app,
    ):
        yield panel


@pytest.fixture
def page(browser, panel):
    with watched_page(browser, panel.url) as page:
        yield page


def in_a_week():
    """The day a new preview link ends, as the dialog writes it (DD.MM.RRRR, Warsaw time)."""
    return (datetime.now(UTC) + timedelta(days=7)).astimezone(WARSAW).strftime("%d.%m.%Y")


def call(page, path, data=None):
    answer = page.request.post(path, data=data or {}, headers=api_headers(page))
    assert answer.ok, answer.text()
    return answer.json()["message"]


def test_an_operator_publishes_schedules_and_pins_a_version(page, panel):
    sign_in(page, panel)
    internal = f"publikacja-{uuid.uuid4().hex[:8]}"
    name = panel.unique("Licznik publikacji")
    timer = call(
        page,
        "/api/timer/",
        {
            "name": name,
            "internal_name": internal,
            "timer_style_name": "SEA",
            "text_above": "Stary tekst nad licznikiem",
            "text_below": "Ogrzewaj czysto.",
            "deadline": (datetime.now(UTC) + timedelta(days=400)).isoformat(),
            "countdown": 1,
            "hidden_brand": 0,
        },
    )
    call(page, f"/api/timer/{timer['id']}/publish", {"note": "Pierwsza"})
    edited = {key: timer[key] for key in ("name", "timer_style_name", "deadline", "countdown", "text_below")}
    call(page, f"/api/timer/{timer['id']}", {**edited, "text_above": "Nowy tekst nad licznikiem", "hidden_brand": 0})

    # The list: each public record's state.
    page.goto(f"/timer?q={internal}")
    row = page.get_by_role("row").filter(has_text=name)
    expect(row.get_by_text("Opublikowany (zmiany nieopublikowane)")).to_be_visible()

    # The edit screen: the badge, and the dialog showing the change in the form's words.
    page.goto(f"/timer/{timer['id']}")
    expect(page.get_by_test_id("publication-state")).to_have_text(
        "Stan publikacji: Opublikowany (zmiany nieopublikowane)"
    )
    page.get_by_role("button", name="Publikacja").click()
    dialog = page.get_by_role("dialog", name=f"Publikacja: {name}")
    diff = dialog.get_by_test_id("publish-diff")
    changed = diff.get_by_role("row").filter(has_text="Tekst nad licznikiem")
    expect(changed).to_contain_text("Stary tekst nad licznikiem")
    expect(changed).to_contain_text("Nowy tekst nad licznikiem")
    expect(dialog.get_by_text("żadna strona partnerska go nie pokazywała")).to_be_visible()

    # Scheduling: the spring gap refused under the field, in Polish; a time that exists taken.
    at = dialog.get_by_label("Zaplanuj na")
    at.fill(SPRING_GAP)
    dialog.get_by_role("button", name="Zaplanuj publikację").click()
    expect(dialog.locator("#publish-at-error")).to_contain_text("nie istnieje w czasie polskim")
    expect(at).to_have_attribute("aria-invalid", "true")
    assert_accessible(page)
    at.fill(SCHEDULED)
    dialog.get_by_role("button", name="Zaplanuj publikację").click()
    expect(dialog.get_by_role("status")).to_have_text("Zaplanowano publikację wersji 2 na 2027-03-28 03:30.")
    expect(dialog.get_by_test_id("publish-scheduled")).to_have_text("Publikacja wersji 2: 2027-03-28 03:30")
    expect(dialog.locator("[data-publication]").first).to_have_text("Zaplanowany")

    # A preview link of the draft: opened in the same browser it draws the new text; revoked, 410.
    dialog.get_by_role("button", name="Utwórz odnośnik do podglądu").click()
    link = dialog.get_by_label("Odnośnik do podglądu")
    expect(link).to_have_value(re.compile(r"/preview/"))
    expect(dialog.locator("#preview-link-expiry")).to_contain_text(f"Ważny do {in_a_week()}")
    assert_accessible(page)
    preview = page.context.new_page()
    preview.goto(urlsplit(link.input_value()).path)
    expect(preview.locator(".spt-above")).to_have_text("Nowy tekst nad licznikiem")
    dialog.get_by_role("button", name="Wycofaj odnośniki do podglądu").click()
    dialog.get_by_role("button", name="Tak, wycofaj odnośniki").click()
    expect(dialog.get_by_role("region", name="Podgląd szkicu").get_by_role("status")).to_have_text(
        "Wycofano wszystkie odnośniki do podglądu: żaden już się nie otworzy."
    )
    answer = preview.reload()
    assert answer.status == 410
    expect(preview.get_by_text("Ten podgląd został wycofany. Poproś o nowy odnośnik.")).to_be_visible()
    preview.close()
    dialog.get_by_role("button", name="Zamknij", exact=True).click()
    expect(page.get_by_test_id("publication-state")).to_have_text("Stan publikacji: Zaplanowany")
    # The public still sees version 1 until then.
    public = page.request.get(f"/api/public/timer/{internal}").json()["message"]
    assert public["text_above"] == "Stary tekst nad licznikiem"

    # The embed dialog: the newest by default, "ta wersja" pins version 1 in the code and preview.
    page.goto(f"/timer?q={internal}")
    page.get_by_role("row").filter(has_text=name).get_by_role("button", name="Osadź").click()
    embed = page.get_by_role("dialog")
    code = embed.get_by_label("Fragment kodu HTML do wklejenia na stronę")
    expect(embed.get_by_label("zawsze najnowsza")).to_be_checked()
    assert_accessible(page)
    expect(code).to_have_value(re.compile(f"/view/timer/{internal}/embed/"))
    embed.get_by_label("ta wersja (1)").check()
    expect(code).to_have_value(re.compile(f"/view/timer/{internal}/v/1/embed/"))
    preview = embed.frame_locator("iframe")
    expect(preview.get_by_text("Stary tekst nad licznikiem")).to_be_visible()
