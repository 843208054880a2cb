"""A group's recipients as an operator works through a long list: found by name or
address without Polish letters, paged, exported as the rows shown (.xlsx opened with openpyxl,
.csv in UTF-8 with a BOM, formula-safe), and deleted several at once as one batch that one
revert from history puts back."""

import csv
import io
import json
from urllib.parse import quote

from openpyxl import load_workbook

from smogpanel.testing.app import create_user, signed_in

from .helpers import group, recipient

PEOPLE = [
    ("Łucja Żółć", "lucja@example.org"),
    ("Jan Kowalski", "jan@example.org"),
    ('=HYPERLINK("http://zly.example")', "zly@example.org"),
    ("Anna Nowak", "anna@przyklad.pl"),
]
COLUMNS = json.dumps([["id", "ID"], ["name", "Nazwa"], ["email", "E-mail"], ["updated", "Aktualizacja", "updated"]])


def setup_group(api):
    gid = group(api)["id"]
    ids = [recipient(api, gid, name, email)["id"] for name, email in PEOPLE]
    return gid, ids


def rows(api, gid, query=""):
    return api.get(f"/api/recipient/recipient_group/{gid}{query}")["message"]["list"]


def test_search_by_name_or_address_and_pages(api):
    gid, _ = setup_group(api)
    assert [r["name"] for r in rows(api, gid, "?q=LUCJA%20zolc")] == ["Łucja Żółć"]
    assert [r["email"] for r in rows(api, gid, "?q=przyklad")] == ["anna@przyklad.pl"]
    page = api.get(f"/api/recipient/recipient_group/{gid}?order=name&asc=1&page=2&per_page=2")["message"]
    assert page["total"] == 4 and [r["name"] for r in page["list"]] == ["Jan Kowalski", "Łucja Żółć"]
    body = api.get(f"/api/recipient/recipient_group/{gid}?group=1", status=400)
    assert "Nieznany parametr listy „group”" in body["errors"][0]["description"]


def test_export_is_the_rows_shown_as_xlsx_and_csv(api):
    gid, _ = setup_group(api)
    path = f"/api/recipient/recipient_group/{gid}/export?order=name&asc=1&q=example&columns={quote(COLUMNS)}"
    answer = api.app.get(path + "&format=xlsx", headers=api.headers())
    assert answer.content_type == "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    assert "attachment" in answer.headers["Content-Disposition"]
    sheet = load_workbook(io.BytesIO(answer.body)).active
    table = [[c.value for c in line] for line in sheet.iter_rows()]
    assert table[0] == ["ID", "Nazwa", "E-mail", "Aktualizacja"]
    # the search's three rows (not anna@przyklad.pl), sorted by name; a formula stays text
    assert [line[1] for line in table[1:]] == ['=HYPERLINK("http://zly.example")', "Jan Kowalski", "Łucja Żółć"]
    assert sheet.cell(2, 2).data_type == "s"
    assert table[1][3].year >= 2024  # a time cell, in Warsaw time

    answer = api.app.get(path + "&format=csv", headers=api.headers())
    assert answer.body.startswith("\ufeff".encode())
    lines = list(csv.reader(io.StringIO(answer.body.decode("utf-8-sig")), delimiter=";"))
    assert lines[0] == ["ID", "Nazwa", "E-mail", "Aktualizacja"]
    assert [line[1] for line in lines[1:]] == ['\'=HYPERLINK("http://zly.example")', "Jan Kowalski", "Łucja Żółć"]

    body = api.get(path.replace("columns=", "columns=x") + "&format=xlsx", status=400)
    assert body["errors"][0]["name"] == "columns"
    control = quote(json.dumps([["id", "I\u0001D"]]))
    body = api.get(path.replace(quote(COLUMNS), control) + "&format=xlsx", status=400)
    assert body["errors"][0]["name"] == "columns"
    body = api.get(path + "&format=pdf", status=400)
    assert body["errors"][0]["description"] == "Format: wybierz xlsx albo csv."


def test_bulk_delete_is_one_batch_one_revert_puts_back(api):
    gid, ids = setup_group(api)
    answer = api.post("/api/recipient/bulk-delete", {"ids": ids[:3]})["message"]
    assert answer["ids"] == ids[:3]
    assert [r["id"] for r in rows(api, gid)] == [ids[3]]
    batch = api.get("/api/history/?kind=recipient&action=delete")["message"]["list"][0]
    assert batch["id"] == answer["entry"] and batch["record_id"] is None
    assert [item["name"] for item in batch["changes"]["batch"]] == [name for name, _ in PEOPLE[:3]]
    api.post(f"/api/history/{batch['id']}/revert")
    assert sorted(r["id"] for r in rows(api, gid)) == sorted(ids)
    restores = api.get("/api/history/?kind=recipient&action=restore")["message"]["list"]
    assert sorted(entry["record_id"] for entry in restores) == sorted(ids[:3])
    # reverting it again has nothing to do
    body = api.post(f"/api/history/{batch['id']}/revert", status=409)
    assert "już przywrócone" in body["errors"][0]["description"]


def test_bulk_delete_is_all_or_nothing_and_checks_its_input(api, db):
    gid, ids = setup_group(api)
    body = api.post("/api/recipient/bulk-delete", {"ids": [ids[0], 999999]}, status=404)
    assert "999999" in body["errors"][0]["description"]
    assert len(rows(api, gid)) == 4  # nothing deleted
    body = api.post("/api/recipient/bulk-delete", {"ids": ["a"]}, status=400)
    assert body["errors"][0]["name"] == "ids.0"  # the element that is no id
    api.post("/api/recipient/bulk-delete", {"ids": []}, status=400)
    # an operator (not a super administrator) deletes, but only a super administrator restores
    operator = signed_in(api.app, create_user(db))
    entry = operator.post("/api/recipient/bulk-delete", {"ids": ids[:2]})["message"]["entry"]
    body = operator.post(f"/api/history/{entry}/revert", status=403)
    assert "superadministrator" in body["errors"][0]["description"]
