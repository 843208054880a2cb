"""The Content-Security-Policy in a real browser: a script the page did not load from our own
files is refused, on the panel and on a public embed page, and the browser fixture that every
browser test uses notices the refusal (so any test that trips the policy fails)."""

import pytest

from smogpanel.testing.browser import api_headers, sign_in, watch_policy_violations

# Playwright's own evaluate may use eval (DevTools allows it), so the string to evaluate is
# handed to a timer: it runs later, as the page's code, under the page's policy.
INJECT = """() => {
  const script = document.createElement('script');
  script.textContent = 'window.injected = 1';
  document.head.append(script);
  setTimeout('window.evaluated = 1', 0);
}"""


@pytest.fixture
def watched(browser, live_server):
    context = browser.new_context(base_url=live_server.url, locale="pl-PL")
    page = context.new_page()
    yield page, watch_policy_violations(context)
    context.close()


def refused_everything(page, violations):
    page.evaluate(INJECT)
    page.wait_for_timeout(200)  # the timer's turn, and the console report after each refusal
    assert page.evaluate("[window.injected, window.evaluated]") == [None, None]
    assert any("inline script" in text for text in violations), violations
    assert any("eval" in text for text in violations), violations


def test_the_panel_runs_no_inline_script_and_no_eval(watched):
    page, violations = watched
    page.goto("/")
    page.get_by_label("Hasło").wait_for()  # the shell itself started under the policy
    assert violations == []
    refused_everything(page, violations)


def test_a_public_embed_page_runs_no_inline_script_either(watched, live_server):
    page, violations = watched
    name = live_server.unique("csp").replace(" ", "-")
    add_public_timer(page, live_server, name)
    page.goto(f"/view/timer/{name}/embed/0b9d7c1e-2f6a-4c2b-9a55-7d1f3c9e8a10")
    page.get_by_text("Do końca sezonu grzewczego zostało").wait_for()  # drawn from its JSON data
    assert violations == []
    refused_everything(page, violations)


def add_public_timer(page, live_server, name):
    """A timer (the smallest public kind) through the API, as the signed-in administrator."""
    sign_in(page, live_server)
    made = page.request.post(
        "/api/timer/",
        headers=api_headers(page),
        data={
            "name": "Zegar",
            "internal_name": name,
            "timer_style_name": "SEA",
            "text_above": "Do końca sezonu grzewczego zostało",
            "deadline": "2030-05-01",
            "countdown": True,
            "text_below": "Ogrzewaj czysto.",
            "logo_path": None,
            "hidden_brand": 0,
        },
    )
    assert made.ok, made.text()
