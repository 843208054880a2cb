"""History in a real browser: an operator edits a timer; another opens the timer's 'Historia',
sees the change side by side and puts the earlier version back; 'Historia zmian' lists both."""

import re
import uuid
from datetime import UTC, datetime

from playwright.sync_api import expect

from smogpanel.plugins.timers.models import Timer
from smogpanel.testing.browser import api_headers, assert_accessible, sign_in, watch_policy_violations

SUCCESS = "Operacja została zakończona :)"


def test_an_edit_is_seen_and_reverted_by_another_operator(page, browser, live_server):
    name, internal = live_server.unique("Licznik"), f"licznik-{uuid.uuid4().hex[:8]}"
    with live_server.session_factory() as db, db.begin():
        timer = Timer(
            name=name,
            internal_name=internal,
            timer_style_name="SEA",
            text_above="Zostało",
            deadline=datetime(2031, 1, 1, tzinfo=UTC),
            countdown=True,
            text_below="Ogrzewaj czysto.",
            hidden_brand=0,
        )
        db.add(timer)
        db.flush()
        timer_id = timer.id

    sign_in(page, live_server, live_server.user_email, land=f"/timer/{timer_id}")
    page.get_by_label("Tekst pod licznikiem").fill("Wietrz krótko.")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/timer$"))

    other_context = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    violations = watch_policy_violations(other_context)  # as the `page` fixture's are
    other = other_context.new_page()
    errors = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(other, live_server, land=f"/timer/{timer_id}")
    expect(other.get_by_label("Tekst pod licznikiem")).to_have_value("Wietrz krótko.")
    other.get_by_role("button", name="Historia").click()
    history = other.get_by_role("region", name="Historia")
    change = history.locator("li").filter(has_text="Zmiana")
    expect(change).to_contain_text(live_server.user_email)
    row = change.get_by_role("row").filter(has_text="Tekst pod licznikiem")
    expect(row.get_by_role("cell")).to_have_text(["Ogrzewaj czysto.", "Wietrz krótko."])
    assert_accessible(other)  # the record's 'Historia' panel, its revert buttons included

    change.get_by_role("button", name="Przywróć tę wersję").click()
    dialog = other.get_by_role("dialog")
    expect(dialog).to_contain_text("Przywróci poprzednie wartości pól: Tekst pod licznikiem. Czy na pewno?")
    assert_accessible(other)
    dialog.get_by_role("button", name="Tak, przywróć.").click()
    expect(other.get_by_label("Tekst pod licznikiem")).to_have_value("Ogrzewaj czysto.")
    revert = history.locator("li").filter(has_text=re.compile(r"cofa zmianę z \d{4}-\d{2}-\d{2} \d{2}:\d{2}"))
    expect(revert).to_contain_text(live_server.admin_email)
    # the entry reverted cannot be reverted again
    reverted = history.locator("li").filter(has_text=re.compile(r"cofnięty \d{4}-\d{2}-\d{2}"))
    expect(reverted).to_contain_text(live_server.user_email)
    expect(reverted.get_by_role("button", name="Przywróć tę wersję")).to_be_disabled()

    other.goto("/history")
    expect(other.get_by_role("heading", name="Historia zmian")).to_be_visible()
    other.get_by_label("Rodzaj").select_option(label="licznik")
    entries = other.locator("li").filter(has_text=name)
    expect(entries.first).to_contain_text(live_server.admin_email)
    expect(entries.filter(has_text=live_server.user_email)).to_have_count(1)
    assert_accessible(other)  # 'Historia zmian', the whole log
    other.context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not violations, f"Content-Security-Policy violations: {violations}"


def test_a_rank_value_edit_and_a_deleted_graph_are_seen_and_put_back_by_another_operator(page, browser, live_server):
    """The rest of what history promises in the browser: numbers with the decimal comma in a
    record's 'Historia', and a delete (which has no edit screen) put back from 'Historia zmian'."""
    from smogpanel.plugins.graphs.tests.helpers import graph_body

    tag = uuid.uuid4().hex[:8]
    sign_in(page, live_server, live_server.user_email)
    headers = api_headers(page)

    def post(path, body):
        answer = page.request.post(path, data=body, headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["message"]

    mp = next(
        v
        for v in page.request.get("/api/voivodeship/", headers=headers).json()["message"]["list"]
        if v["name"] == "małopolskie"
    )
    district = post("/api/district/", {"name": f"powiat {tag}", "voivodeship_id": mp["id"]})
    gmina = post("/api/borough/", {"name": f"Gmina {tag}", "district_id": district["id"]})
    rank = post(
        "/api/rank/",
        {
            "name": "Ranking gmin",
            "internal_name": f"historia-{tag}",
            "rank_type_name": "gminy",
            "search_value_title": "ton CO2",
            "table_value_title": "ton CO2 na mieszkańca",
            "choose_group_title": "Wybierz rok",
        },
    )
    group = post("/api/rank_group/", {"name": "2024", "rank_id": rank["id"]})
    value = post(
        "/api/rank_value/",
        {"value": "12,5", "points": 3, "place": None, "rank_group_id": group["id"], "borough_id": gmina["id"]},
    )
    post(f"/api/rank_value/{value['id']}", {"value": "13,75", "points": 4, "place": None})
    graph = post("/api/graph/", graph_body(internal_name=f"historia-{tag}", name=f"Wnioski {tag} %RANGE%"))
    assert page.request.delete(f"/api/graph/{graph['id']}", headers=headers).ok

    other_context = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    violations = watch_policy_violations(other_context)
    other = other_context.new_page()
    sign_in(other, live_server)  # the super administrator: the one who may bring a deleted record back
    other.goto(f"/rank/{rank['id']}/group/{group['id']}/value/{value['id']}")
    other.get_by_role("button", name="Historia").click()
    history = other.get_by_role("region", name="Historia")
    change = history.locator("li").filter(has_text="Zmiana")
    expect(change).to_contain_text(live_server.user_email)
    expect(change.get_by_role("row").filter(has_text="Punkty").get_by_role("cell")).to_have_text(["3", "4"])
    expect(change.get_by_role("row").filter(has_text="Wartość").get_by_role("cell")).to_have_text(["12,5", "13,75"])
    change.get_by_role("button", name="Przywróć tę wersję").click()
    other.get_by_role("dialog").get_by_role("button", name="Tak, przywróć.").click()
    expect(history.locator("li").filter(has_text="cofa zmianę z")).to_contain_text(live_server.admin_email)
    again = other.request.get(f"/api/rank_value/{value['id']}", headers=api_headers(other)).json()["message"]
    assert (again["value"], again["points"]) == (12.5, 3)

    other.goto("/history")
    other.get_by_label("Rodzaj").select_option(label="wykres")
    other.get_by_label("Czynność").select_option(label="Usunięcie")
    deleted = other.locator("li").filter(has_text=f"Wnioski {tag}").filter(has_text=live_server.user_email)
    expect(deleted).to_have_count(1)
    deleted.get_by_role("button", name="Przywróć tę wersję").click()
    expect(other.get_by_role("dialog")).to_contain_text("Przywróci usunięty element: wykres „Wnioski")
    other.get_by_role("dialog").get_by_role("button", name="Tak, przywróć.").click()
    expect(other.get_by_text(SUCCESS)).to_be_visible()
    assert other.request.get(f"/api/graph/{graph['id']}", headers=api_headers(other)).ok
    other.get_by_label("Czynność").select_option(label="Przywrócenie")
    expect(other.locator("li").filter(has_text=f"Wnioski {tag}").first).to_contain_text(live_server.admin_email)
    other_context.close()
    assert not violations, f"Content-Security-Policy violations: {violations}"


def test_the_log_names_records_keeps_its_filters_in_the_url_and_hides_what_an_editor_may_not_revert(page, live_server):
    """An editor's 'Historia zmian': a deleted timer's entry has no revert (only super
    administrators restore), the rank value is named by its gmina with its group and ranking and
    links to its screen, the name filter and page survive a reload, a "from" after "to" is refused."""
    tag = uuid.uuid4().hex[:8]
    sign_in(page, live_server, live_server.user_email)
    headers = api_headers(page)

    def post(path, body):
        answer = page.request.post(path, data=body, headers=headers)
        assert answer.ok, answer.text()
        return answer.json()["message"]

    timer = post(
        "/api/timer/",
        {
            "name": f"Licznik {tag}",
            "internal_name": f"licznik-{tag}",
            "timer_style_name": "SEA",
            "text_above": "Zostało",
            "deadline": "2031-01-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "logo_path": None,
            "hidden_brand": 0,
        },
    )
    assert page.request.delete(f"/api/timer/{timer['id']}", headers=headers).ok
    mp = next(
        v
        for v in page.request.get("/api/voivodeship/", headers=headers).json()["message"]["list"]
        if v["name"] == "małopolskie"
    )
    district = post("/api/district/", {"name": f"powiat {tag}", "voivodeship_id": mp["id"]})
    gmina = post("/api/borough/", {"name": f"Zakopane{tag}", "district_id": district["id"]})
    rank = post(
        "/api/rank/",
        {
            "name": f"Ranking {tag}",
            "internal_name": f"ranking-{tag}",
            "rank_type_name": "gminy",
            "search_value_title": "ton",
            "table_value_title": "ton",
        },
    )
    group = post("/api/rank_group/", {"name": "2024", "rank_id": rank["id"]})
    value = post(
        "/api/rank_value/",
        {"value": "1", "points": 1, "place": None, "rank_group_id": group["id"], "borough_id": gmina["id"]},
    )
    post(f"/api/rank_value/{value['id']}", {"value": "2", "points": 1, "place": None})

    page.goto("/history")
    page.get_by_label("Nazwa elementu").fill(f"licznik {tag}")
    expect(page).to_have_url(re.compile(rf"q=licznik(\+|%20){tag}"))
    deleted = page.locator("li").filter(has_text="Usunięcie")
    expect(deleted).to_have_count(1)
    expect(deleted.get_by_role("button", name="Przywróć tę wersję")).to_have_count(0)

    page.goto(f"/history?q=zakopane{tag}&action=update")
    expect(page.get_by_label("Nazwa elementu")).to_have_value(f"zakopane{tag}")
    edit = page.locator("li").filter(has_text="Zmiana")
    expect(edit).to_have_count(1)
    link = edit.get_by_role("link")
    expect(link).to_contain_text(f"wartość „Zakopane{tag} (powiat powiat {tag}")
    expect(link).to_contain_text(f"ranking „Ranking {tag}”")
    link.click()
    page.wait_for_url(re.compile(rf"/rank/{rank['id']}/group/{group['id']}/value/{value['id']}$"))
    page.go_back()
    expect(page.get_by_label("Nazwa elementu")).to_have_value(f"zakopane{tag}")

    page.get_by_label("Od dnia").fill("2025-03-02")
    page.get_by_label("Do dnia").fill("2025-03-01")
    expect(page.get_by_role("alert")).to_have_text("Data „od” nie może być późniejsza niż data „do”.")
