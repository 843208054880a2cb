"""Residents' data in a real browser: the senders screen shows an operator without 'dane
nadawców' masked names and addresses with a note saying why, a super administrator the real ones;
the resident's erase link from the captured confirmation mail opens a page whose button erases
the data (no script, nothing the Content-Security-Policy refuses)."""

import email
import re
import uuid
from email import policy
from pathlib import Path

from playwright.sync_api import expect

from smogpanel.testing.browser import api_headers, sign_in

from .test_browser import confirmation_path

MASK = "[ukryte]"


def erase_path(live_server, address):
    """The path and query of the erase link in the newest confirmation mail to `address`."""
    for path in sorted(Path(live_server.settings["smogpanel.mail_dir"]).glob("*.eml"), reverse=True):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if message["To"] == address:
            match = re.search(
                r"https?://[^/\s]+(/view/letter/erase/\d+\?\S+)", message.get_body(("plain",)).get_content()
            )
            if match:
                return match.group(1)
    raise AssertionError(f"no erase link in a mail to {address}")


def test_the_senders_screen_masks_residents_and_their_link_erases_them(page, browser, live_server):
    sign_in(page, live_server)
    headers = api_headers(page)
    tag = uuid.uuid4().hex[:8]
    group = page.request.post("/api/recipient_group/", data={"name": f"Radni {tag}"}, headers=headers).json()
    group_id = group["message"]["id"]
    body = {"name": "Radny", "email": f"radny.{tag}@example.org", "recipient_group_id": group_id}
    assert page.request.post("/api/recipient/", data=body, headers=headers).ok
    letter = {
        "name": f"List {tag}",
        "internal_name": f"list-{tag}",
        "recipient_group_id": group_id,
        "cover_path": None,
        "title": "Apel",
        "content": "<p>Prosimy.</p>",
        "gdpr_agreement": "",
        "gdpr_info": "",
    }
    letter_id = page.request.post("/api/letter/", data=letter, headers=headers).json()["message"]["id"]
    address = f"ewa.{tag}@example.net"
    resident = {"name": "Ewa Mieszkanka", "email": address, "gdpr_agreement": True}
    assert page.request.post(f"/api/public/letter/list-{tag}/send", data=resident).ok
    assert page.request.post(confirmation_path(live_server, address)).ok

    # A super administrator sees who sent it.
    page.goto(f"/letter/{letter_id}/sender")
    row = page.get_by_role("row").filter(has_text=address)
    expect(row).to_contain_text("Ewa Mieszkanka")
    expect(page.get_by_role("note")).to_have_count(0)

    # An operator without 'dane nadawców' sees the delivery, not the person.
    context = browser.new_context(base_url=live_server.url, locale="pl-PL", timezone_id="Europe/Warsaw")
    operator = context.new_page()
    errors = []
    operator.on("pageerror", lambda error: errors.append(str(error)))
    operator.on("console", lambda message: "Content Security Policy" in message.text and errors.append(message.text))
    sign_in(operator, live_server, live_server.user_email, land=f"/letter/{letter_id}/sender")
    expect(operator.get_by_role("note")).to_contain_text("Twoje konto nie ma uprawnienia „dane nadawców”")
    cells = operator.get_by_role("row").nth(1).locator("td")
    expect(cells.nth(1)).to_have_text(MASK)
    expect(cells.nth(2)).to_have_text(MASK)
    expect(cells.nth(5)).to_have_text("1 z 1")
    expect(operator.get_by_text(address)).to_have_count(0)
    expect(operator.get_by_text("Ewa Mieszkanka")).to_have_count(0)
    context.close()
    assert errors == []

    # The resident follows the erase link: a page with a button; pressing it erases.
    page.goto(erase_path(live_server, address))
    expect(page.get_by_role("heading", name="Usunięcie Twoich danych")).to_be_visible()
    expect(page.get_by_text(address)).to_be_visible()
    page.get_by_role("button", name="Usuń moje dane").click()
    expect(page.get_by_role("heading", name="Twoje dane zostały usunięte")).to_be_visible()
    page.goto(f"/letter/{letter_id}/sender")
    expect(page.get_by_role("row").nth(1)).to_contain_text("dane usunięte (RODO)")
    expect(page.get_by_text(address)).to_have_count(0)
