"""The letters in a real browser, end to end: write a letter with bold and a link in the
editor, import recipients, put the letter on a partner page, send it as a resident, follow the
confirmation link from the captured mail and see the counters rise. No script typed into the
editor runs anywhere."""

import email
import re
import uuid
from email import policy
from pathlib import Path

from playwright.sync_api import expect

from smogpanel.testing.browser import api_headers, sign_in, watch_policy_violations
from smogpanel.testing.files import xlsx

SUCCESS = "Operacja została zakończona :)"


def confirmation_path(live_server, address):
    """The path and query of the confirmation link in the newest mail to `address`."""
    for path in sorted(Path(live_server.settings["smogpanel.mail_dir"]).glob("*.eml"), reverse=True):
        message = email.message_from_bytes(path.read_bytes(), policy=policy.default)
        if message["To"] == address:
            match = re.search(
                r"https?://[^/\s]+(/view/letter/\S+/confirm/\d+\?\S+)", message.get_body(("plain",)).get_content()
            )
            if match:
                return match.group(1)
    raise AssertionError(f"no confirmation mail to {address}")


def test_write_import_embed_send_confirm_and_count(page, live_server, partner_site):
    alerts = []
    sign_in(page, live_server)
    page.get_by_role("link", name="Listy").click()
    page.wait_for_url(re.compile(r"/letter$"))

    # A recipient group and its recipients from a spreadsheet.
    earlier = page.request.post(
        "/api/recipient_group/", data={"name": live_server.unique("Adresaci")}, headers=api_headers(page)
    )
    assert earlier.ok, earlier.text()
    group = live_server.unique("Radni")
    page.get_by_role("link", name="Zarządzaj grupami adresatów").click()
    page.get_by_role("link", name="Dodaj grupę adresatów").click()
    page.get_by_label("Nazwa").fill(group)
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    # The list sorts as every list, newest first (SPEC 2.1), not by name: 'Radni' above 'Adresaci'.
    expect(page.get_by_role("row").nth(1)).to_contain_text(group)
    page.get_by_role("link", name=group).click()
    page.get_by_role("link", name="Importuj adresatów").click()
    tag = uuid.uuid4().hex[:6]
    rows = [("Nazwa", "E-mail")] + [(f"Radny {i}", f"radny{i}.{tag}@example.org") for i in range(1, 6)]
    rows.append(("Zły adres", "to-nie-adres"))
    page.get_by_label("Plik").set_input_files(
        files=[{"name": "radni.xlsx", "buffer": xlsx(rows), "mimeType": "application/vnd.ms-excel"}]
    )
    page.get_by_label("Kolumna z nazwą").fill("Nazwa")
    page.get_by_label("Kolumna z adresem e-mail").fill("B")
    page.get_by_role("button", name="Importuj").click()
    expect(page.get_by_text("Dodano adresatów: 5. Pominięto wierszy: 1.")).to_be_visible()
    expect(page.get_by_text("„to-nie-adres” nie jest poprawnym adresem e-mail")).to_be_visible()
    expect(page.get_by_role("row").filter(has_text=f"radny3.{tag}@example.org")).to_be_visible()

    # The letter, written in the editor: bold, a link, and a script typed as text.
    page.goto("/letter/add")
    name = live_server.unique("List")
    internal = f"list-{tag}"
    page.get_by_label("Nazwa", exact=True).fill(name)
    page.get_by_label("Nazwa wewnętrzna").fill(internal)
    page.get_by_label("Grupa adresatów").select_option(label=group)
    page.get_by_label("Tytuł", exact=True).fill("Apel o czyste powietrze")
    editor = page.locator("[data-editor=tiptap] .ProseMirror")
    expect(page.locator("[data-editor=tiptap]")).to_have_css("height", "400px")
    editor.click()
    page.keyboard.type("Prosimy o ")
    page.get_by_role("button", name="Pogrubienie").click()
    page.keyboard.type("czyste powietrze")
    page.get_by_role("button", name="Pogrubienie").click()
    page.keyboard.type(". <script>alert('xss')</script> Raport")
    for _ in range(6):
        page.keyboard.press("Shift+ArrowLeft")
    page.once("dialog", lambda dialog: dialog.accept("https://example.org/raport"))
    page.get_by_role("button", name="Wstaw odnośnik").click()
    expect(editor.locator("a[href='https://example.org/raport']")).to_have_text("Raport")
    expect(editor.locator("strong")).to_have_text("czyste powietrze")
    page.get_by_role("button", name="Zapisz").click()
    expect(page.get_by_text(SUCCESS)).to_be_visible()
    page.wait_for_url(re.compile(r"/letter$"))
    row = page.get_by_role("row").filter(has_text=name)
    expect(row.get_by_role("link", name=internal)).to_have_attribute("href", f"/view/letter/{internal}")

    # The snippet on a partner page of another origin.
    row.get_by_role("button", name="Osadź").click()
    snippet = page.get_by_role("dialog").get_by_label("Fragment kodu HTML do wklejenia na stronę").input_value()
    (partner_site.folder / "index.html").write_text(
        "<!doctype html><html lang='pl'><meta charset='utf-8'><title>Partner</title>"
        f"<body><h1>Strona partnera</h1>{snippet}</body></html>",
        encoding="utf-8",
    )
    resident = page.context.new_page()
    resident.on("dialog", lambda dialog: (alerts.append(dialog.message), dialog.dismiss()))
    resident.goto(f"{partner_site.url}/index.html")
    frame = resident.frame_locator("iframe")
    expect(frame.locator("h1")).to_have_text("Apel o czyste powietrze")
    expect(frame.locator(".spl-content strong")).to_have_text("czyste powietrze")
    expect(frame.locator(".spl-content a")).to_have_attribute("href", "https://example.org/raport")
    expect(frame.locator(".spl-content")).to_contain_text("<script>alert('xss')</script>")  # shown as text
    expect(frame.locator(".spl-content script")).to_have_count(0)
    expect(frame.locator(".spl-to")).to_contain_text("Radny 1; Radny 2")
    expect(frame.locator(".spl-count")).to_have_text("Bądź pierwszą osobą, która wyśle ten list.")
    address = f"ewa.{tag}@example.net"
    frame.get_by_label("Imię i nazwisko").fill("Ewa Mieszkanka")
    frame.get_by_label("Adres e-mail").fill(address)
    frame.get_by_label(re.compile("Wyrażam zgodę")).check()
    frame.get_by_role("button", name="Wyślij list").click()
    expect(frame.locator(".spl-status")).to_contain_text("Wysłaliśmy wiadomość")

    # The confirmation link from the captured mail, then the button on its page.
    resident.goto(live_server.url + confirmation_path(live_server, address))
    expect(resident.get_by_text("Ewa Mieszkanka")).to_be_visible()
    resident.get_by_role("button", name="Potwierdzam i wysyłam list").click()
    expect(resident.get_by_role("heading", name="Dziękujemy! List został wysłany")).to_be_visible()
    expect(resident.get_by_text("wyruszył do 5 adresatów")).to_be_visible()

    # The counters: on the partner page (a new visitor: browsers may keep a public page for
    # the minute docs/deployment.md describes), the letter list and each recipient.
    visitor_context = resident.context.browser.new_context()
    violations = watch_policy_violations(visitor_context)  # as the `page` fixture's are
    visitor = visitor_context.new_page()
    visitor.goto(f"{partner_site.url}/index.html")
    expect(visitor.frame_locator("iframe").locator(".spl-count")).to_have_text("Ten list wysłała już 1 osoba.")
    visitor_context.close()
    assert violations == []
    page.goto("/letter")
    expect(page.get_by_role("row").filter(has_text=name).locator("td").nth(3)).to_have_text("1")  # Wysłane
    page.get_by_role("row").filter(has_text=name).get_by_role("link", name="Nadawcy").click()
    expect(page.get_by_role("row").filter(has_text=address)).to_contain_text("doręczony")
    page.goto("/letter/recipient_group")
    page.get_by_role("link", name=group).click()
    for i in range(1, 6):
        expect(
            page.get_by_role("row").filter(has_text=f"radny{i}.{tag}@example.org").locator("td").nth(3)
        ).to_have_text("1")

    # The group the letter sends to cannot be deleted: the list says which letter uses it.
    page.goto("/letter/recipient_group")
    page.get_by_role("row").filter(has_text=group).get_by_role("button", name="Usuń").click()
    page.get_by_role("button", name="Tak, chcę.").click()
    expect(page.get_by_role("alert")).to_contain_text(f"Nie usunięto grupy adresatów: używa jej list „{name}”.")
    expect(page.get_by_role("row").filter(has_text=group)).to_be_visible()

    # Its recipients all removed: the letter is still read on the partner page, but no sending
    # is offered (no form, no confirmation mail promising what cannot happen).
    headers = api_headers(page)
    groups = page.request.get("/api/recipient_group/?order=name&asc=1", headers=headers).json()["message"]["list"]
    group_id = next(row["id"] for row in groups if row["name"] == group)
    listed = page.request.get(f"/api/recipient/recipient_group/{group_id}", headers=headers).json()["message"]["list"]
    for recipient in listed:
        assert page.request.delete(f"/api/recipient/{recipient['id']}", headers=headers).ok
    reader_context = page.context.browser.new_context()  # the earlier answer may be in this context's cache
    reader_violations = watch_policy_violations(reader_context)
    reader = reader_context.new_page()
    reader.goto(f"{partner_site.url}/index.html")
    frame = reader.frame_locator("iframe")
    expect(frame.locator("h1")).to_have_text("Apel o czyste powietrze")
    expect(frame.locator(".spl-none")).to_have_text(
        "Ten list nie ma teraz żadnych adresatów, więc nie można go wysłać."
    )
    expect(frame.locator("form")).to_have_count(0)
    expect(frame.locator(".spl-to")).to_have_count(0)
    reader_context.close()
    assert reader_violations == []
    assert alerts == []
