"""The interactive API documentation at /api/docs in a real browser: Swagger UI, served from the
panel's own files, runs under the panel's script policy (the `page` fixture fails on any
Content-Security-Policy violation or script error), shows every service, and calls the API
with the token of a signed-in operator."""

import json
import uuid

from playwright.sync_api import expect

from smogpanel.testing.browser import sign_in
from smogpanel.web import ADMIN_POLICY


def reveal(page, selector):
    """The operation, scrolled to: Swagger UI draws the long list as it comes into view."""
    found = page.locator(selector)
    for _ in range(200):
        if found.count():
            found.scroll_into_view_if_needed()
            return found
        page.mouse.wheel(0, 1500)
        page.wait_for_timeout(50)
    raise AssertionError(f"{selector} never drawn")


# Swagger UI parses and draws the whole description in the browser on each load (every kind's
# endpoints, publishing's among them); alone that took seconds, and with the two databases' suites
# beside it in `.ci/run` the first button came after the usual 10 s. Waited for, not retried.
DRAWN = 45_000


def test_swagger_ui_describes_and_calls_the_api_under_the_panels_script_policy(page, live_server):
    page.set_default_timeout(DRAWN)
    # The panel's CSRF cookie is now in the browser, as for an operator (the panel itself not opened)
    sign_in(page, live_server, land=None)
    token = page.evaluate("localStorage.getItem('token')")

    # One load of the page (each parses and draws the whole description): a deep link, on
    # loading, opens its operation (the list is drawn as it scrolls)
    response = page.goto("/api/docs#/item/create_item")
    assert response.headers["content-security-policy"] == ADMIN_POLICY
    expect(page.get_by_role("heading", name="Smogpanel API")).to_be_visible(timeout=DRAWN)
    # No third-party validator badge (Swagger UI's default sends the description's address there).
    assert page.evaluate("window.ui.getConfigs().validatorUrl") is None
    item = page.locator("#operations-item-create_item")
    expect(item.locator(".opblock-summary-path")).to_have_attribute("data-path", "/api/item/", timeout=DRAWN)
    expect(item.locator(".opblock-body")).to_contain_text("airquality")  # the example plugin's item type

    page.locator(".btn.authorize").first.click()
    page.locator(".modal-ux input").first.fill(token)
    page.locator(".modal-ux .btn.modal-btn.auth.authorize").click()
    page.locator(".modal-ux .btn-done").click()

    operation = reveal(page, "#operations-timer-list_timer")
    operation.locator(".opblock-summary-control").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.get_by_role("button", name="Execute").click()
    status = operation.locator(".live-responses-table .response .response-col_status").first
    expect(status).to_have_text("200")
    expect(operation.locator(".live-responses-table .highlight-code").first).to_contain_text('"success": true')

    # A write goes through too: the CSRF header the panel's cookie asks for is sent.
    create = reveal(page, "#operations-timer-create_timer")
    create.locator(".opblock-summary-control").click()
    create.get_by_role("button", name="Try it out").click()
    timer = {
        "name": live_server.unique("Licznik z dokumentacji"),
        "internal_name": f"licznik-{uuid.uuid4().hex[:8]}",
        "timer_style_name": "SEA",
        "text_above": "Do końca naboru zostało",
        "deadline": "2031-01-01",
        "text_below": "Złóż wniosek",
    }
    create.locator("textarea.body-param__text").fill(json.dumps(timer))
    create.get_by_role("button", name="Execute").click()
    expect(create.locator(".live-responses-table .response .response-col_status").first).to_have_text("200")
    expect(create.locator(".live-responses-table .highlight-code").first).to_contain_text('"success": true')
