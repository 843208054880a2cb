"""A ranking value's form in a Polish browser, typed on the keyboard: the decimal comma is kept
(never a value ten times larger), what is no number is refused under the field, numbers show with
a comma; two operators saving one value keep each other's changes."""

import re
import uuid
from decimal import Decimal

from playwright.sync_api import expect

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value, voivodeship_id
from smogpanel.testing.browser import sign_in, watch_policy_violations
from smogpanel.testing.serve import add_accounts

SUCCESS = "Operacja została zakończona :)"
CHANGED = "Ktoś zmienił ten element w międzyczasie"


class PageApi:
    """The rankings' test helpers' `api` over the signed-in page's token (the panel's own calls)."""

    def __init__(self, page):
        self.page = page

    def headers(self):
        cookies = {cookie["name"]: cookie["value"] for cookie in self.page.context.cookies()}
        return {
            "Authorization": "Bearer " + self.page.evaluate("localStorage.getItem('token')"),
            "X-XSRF-TOKEN": cookies.get("XSRF-TOKEN", ""),
        }

    def get(self, path):
        answer = self.page.request.get(path, headers=self.headers())
        assert answer.ok, answer.text()
        return answer.json()

    def post(self, path, body, status=200):
        answer = self.page.request.post(path, data=body, headers=self.headers())
        assert answer.status == status, answer.text()
        return answer.json()


def a_value(page, live_server, value="12,5", points=3):
    """A gminy ranking's value (its ranking, group and gmina new): (its edit path, its API path)."""
    api = PageApi(page)
    rank = add_rank(api, name=live_server.unique("Ranking"), internal_name=f"ranking-{uuid.uuid4().hex[:8]}")
    group = add_group(api, rank)
    gmina = add_gmina(api, live_server.unique("Gmina"), district=live_server.unique("powiat"))
    stored = add_value(api, group, gmina, value, points)["message"]
    return f"/rank/{rank['id']}/group/{group['id']}/value/{stored['id']}", f"/api/rank_value/{stored['id']}"


def saved(page, api_path):
    record = PageApi(page).get(api_path)["message"]
    return Decimal(str(record["value"])), Decimal(str(record["points"]))


def retype(locator, text):
    """Clears the field and types `text` on the keyboard, as an operator does."""
    locator.click()
    locator.press("Control+a")
    locator.press("Delete")
    locator.press_sequentially(text)


def under(field):
    """The message under `field` (what its aria-describedby names)."""
    return field.evaluate(
        "el => (el.getAttribute('aria-describedby') || '').split(' ').filter(Boolean)"
        ".map(id => document.getElementById(id).textContent).join(' | ')"
    )


def test_a_decimal_comma_is_kept_and_anything_else_refused_under_the_field(page, live_server):
    sign_in(page, live_server)
    path, api_path = a_value(page, live_server)
    page.goto(path)
    value = page.get_by_label(re.compile("^Wartość"))
    expect(value).to_have_value("12,5")  # as lists and exports show it
    assert value.get_attribute("inputmode") == "decimal"

    retype(value, "55,5")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/value$"))
    assert saved(page, api_path) == (Decimal("55.5"), Decimal(3))  # not 555
    expect(page.get_by_role("row").filter(has_text="55,5")).to_have_count(1)

    page.goto(path)
    value = page.get_by_label(re.compile("^Wartość"))
    expect(value).to_have_value("55,5")
    for typed in ("55,5,5", "1.234,5", "12 34", "5 zł", "1e3"):
        retype(value, typed)
        page.get_by_role("button", name="Zapisz").click()
        expect(value).to_be_focused()
        assert under(value).startswith("Wpisz liczbę, np. 12,5"), typed
        assert saved(page, api_path)[0] == Decimal("55.5"), typed  # nothing sent

    # A dot is read as the decimal point too, and spaces between thousands are fine
    retype(value, "7.25")
    expect(page.locator("#field-value-error")).to_have_count(0)  # the message goes as it is fixed
    retype(page.get_by_label("Punkty"), "1 234,5")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    assert saved(page, api_path) == (Decimal("7.25"), Decimal("1234.5"))


def test_two_operators_one_rank_value_keep_each_others_changes(page, browser, live_server):
    sign_in(page, live_server)  # Barbara
    path, api_path = a_value(page, live_server)
    page.goto(path)
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    violations = watch_policy_violations(context)
    other = context.new_page()
    errors = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    sign_in(other, live_server, live_server.user_email)  # Piotr
    other.goto(path)
    expect(other.get_by_label("Punkty")).to_have_value("3")

    retype(page.get_by_label(re.compile("^Wartość")), "66,6")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()

    retype(other.get_by_label("Punkty"), "4")
    other.get_by_role("button", name="Zapisz").click()
    panel = other.get_by_role("region", name=CHANGED)
    expect(other.get_by_role("alert")).to_contain_text("Barbara Szefowa")
    # The numbers as the operator reads them: with a comma
    expect(panel.get_by_role("row").filter(has_text="Wartość").get_by_role("cell")).to_have_text(
        ["12,5", "66,6", "zapisana wersja"]
    )
    expect(panel.get_by_role("row").filter(has_text="Punkty").get_by_role("cell")).to_have_text(
        ["4", "3", "twoja wersja"]
    )
    panel.get_by_role("button", name="Wczytaj aktualną wersję").click()
    expect(other.get_by_label(re.compile("^Wartość"))).to_have_value("66,6")
    expect(other.get_by_label("Punkty")).to_have_value("4")  # his own change kept
    other.get_by_role("button", name="Zapisz").click()
    expect(other.get_by_text(SUCCESS)).to_be_visible()
    assert saved(page, api_path) == (Decimal("66.6"), Decimal(4))

    # Both change the value: saving anyway keeps what he chose in the table, and Barbara's points
    page.goto(path)
    other.goto(path)
    expect(other.get_by_label("Punkty")).to_have_value("4")
    retype(page.get_by_label(re.compile("^Wartość")), "70")
    retype(page.get_by_label("Punkty"), "9")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    retype(other.get_by_label(re.compile("^Wartość")), "71,5")
    other.get_by_role("button", name="Zapisz").click()
    panel = other.get_by_role("region", name=CHANGED)
    choice = panel.get_by_role("group", name=re.compile("^Wartość"))
    expect(choice.get_by_role("radio", name="twoja wersja")).to_be_checked()
    panel.get_by_role("button", name="Zapisz mimo to").click()
    expect(other.get_by_text(SUCCESS)).to_be_visible()
    assert saved(page, api_path) == (Decimal("71.5"), Decimal(9))

    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"
    assert not violations, f"Content-Security-Policy violations: {violations}"


def test_a_refusal_out_of_the_accounts_scope_says_so_instead_of_blaming_the_data(page, browser, live_server):
    sign_in(page, live_server)
    api = PageApi(page)
    rank = add_rank(api, name=live_server.unique("Ranking"), internal_name=f"ranking-{uuid.uuid4().hex[:8]}")
    group = add_group(api, rank)
    gmina = live_server.unique("Gmina")
    district = live_server.unique("powiat")
    add_gmina(api, gmina, district=district, voivodeship="łódzkie")
    email = f"malopolska-{uuid.uuid4().hex[:8]}@example.pl"
    add_accounts(
        live_server.session_factory,
        [email],
        False,
        firstname="Marta",
        lastname="Małopolska",
        scope_voivodeships=str(voivodeship_id(api, "małopolskie")),
    )
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    try:
        editor = context.new_page()
        sign_in(editor, live_server, email, land=f"/rank/{rank['id']}/group/{group['id']}/value/add")
        editor.get_by_label("Gmina", exact=True).press_sequentially(gmina.split()[-1])
        choice = editor.get_by_label("Gmina: wybór")
        choice.select_option(choice.locator("option", has_text=gmina).get_attribute("value"))
        editor.get_by_label(re.compile("^Wartość")).press_sequentially("1,5")
        editor.get_by_label("Punkty").press_sequentially("2")
        editor.get_by_role("button", name="Zapisz").click()
        alert = editor.get_by_role("alert")
        expect(alert).to_contain_text("spoza zakresu Twojego konta: łódzkie.")
        expect(alert).not_to_contain_text("Sprawdź przekazane dane")
    finally:
        context.close()
