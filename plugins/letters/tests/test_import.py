"""POST /api/recipient/import: spreadsheets the tests write, columns by letter or by header,
row errors, and 422 with nothing written when no row is usable."""

import sqlalchemy as sa

from smogpanel.plugins.letters.models import Recipient
from smogpanel.testing.files import upload, xls, xlsx

from .helpers import group, recipient


def do_import(api, group_id, data, name_column="A", email_column="B", filename="adresaci.xlsx", status=200):
    return api.post(
        "/api/recipient/import",
        {
            "recipient_group_id": group_id,
            "file": upload(data, filename),
            "name_column": name_column,
            "email_column": email_column,
        },
        status=status,
    )


def emails(db, group_id):
    return sorted(
        db.scalars(
            sa.select(Recipient.email).where(Recipient.recipient_group_id == group_id, Recipient.deleted.is_(None))
        )
    )


def test_fifty_recipients_from_an_xlsx_by_header_names(api, db):
    one = group(api)
    rows = [("Lp.", "Imię i nazwisko", "Adres e-mail")]
    rows += [(i, f"Radny {i}", f"radny{i}@example.org") for i in range(1, 51)]
    answer = do_import(api, one["id"], xlsx(rows), "imie i nazwisko", "ADRES E-MAIL")["message"]
    assert answer["created"] == 50 and answer["skipped"] == []
    assert len(emails(db, one["id"])) == 50
    listed = api.get(f"/api/recipient/recipient_group/{one['id']}?order=name&asc=1")["message"]["list"]
    assert listed[0]["name"] == "Radny 1"


def test_columns_by_letter_with_or_without_a_header_row(api, db):
    one, two = group(api, "A"), group(api, "B")
    answer = do_import(api, one["id"], xlsx([("x@example.org", "Pani X"), ("y@example.org", "Pan Y")]), "B", "A")
    assert answer["message"]["created"] == 2  # no header: the first row is a recipient
    answer = do_import(
        api, two["id"], xls([("Nazwa", "E-mail"), ("Pani Z", "z@example.org")]), "a", "b", filename="adresaci.xls"
    )
    assert answer["message"]["created"] == 1 and emails(db, two["id"]) == ["z@example.org"]


def test_bad_emails_and_duplicates_are_reported_by_row_and_skipped(api, db):
    one = group(api)
    recipient(api, one["id"], email="juz@example.org")
    csv = (
        b"Nazwa;E-mail\n"
        b"Anna;anna@example.org\n"
        b"Bogdan;to-nie-adres\n"
        b"Celina;ANNA@example.org\n"
        b";bez.nazwy@example.org\n"
        b"Dawid;juz@example.org\n"
        b"Ewa;\n"
        b"Franciszek;franek@example.org\n"
    )
    answer = do_import(api, one["id"], csv, "Nazwa", "E-mail", filename="adresaci.csv")["message"]
    assert answer["created"] == 2
    reasons = {item["name"]: item["description"] for item in answer["skipped"]}
    assert set(reasons) == {"wiersz 3", "wiersz 4", "wiersz 5", "wiersz 6", "wiersz 7"}
    assert "„to-nie-adres” nie jest poprawnym adresem e-mail" in reasons["wiersz 3"]
    assert "powtarza się w pliku (pierwszy raz w wierszu 2)" in reasons["wiersz 4"]
    assert "brak nazwy" in reasons["wiersz 5"]
    assert "jest już w tej grupie" in reasons["wiersz 6"]
    assert "brak adresu e-mail" in reasons["wiersz 7"]
    assert emails(db, one["id"]) == ["anna@example.org", "franek@example.org", "juz@example.org"]


def test_nothing_valid_is_a_422_and_nothing_is_written(api, db):
    one = group(api)
    body = do_import(
        api, one["id"], xlsx([("Nazwa", "E-mail"), ("A", "zly"), ("B", "")]), "Nazwa", "E-mail", status=422
    )
    assert body["message"] == "IMPORT_FAILED"
    assert "nic nie zapisano" in body["errors"][0]["description"]
    assert [e["name"] for e in body["errors"][1:]] == ["wiersz 2", "wiersz 3"]
    assert emails(db, one["id"]) == []


def test_unknown_column_wrong_file_and_missing_group_are_clear_errors(api, db):
    one = group(api)
    body = do_import(
        api, one["id"], xlsx([("Nazwa", "E-mail"), ("A", "a@example.org")]), "Nazwisko", "E-mail", status=422
    )
    assert body["errors"][0]["name"] == "name_column" and "„Nazwa”" in body["errors"][0]["description"]
    body = do_import(api, one["id"], b"%PDF-1.4 to nie arkusz", filename="a.pdf", status=422)
    assert body["message"] == "IMPORT_FAILED"
    body = do_import(api, 999999, xlsx([("A", "a@example.org")]), status=400)
    assert body["errors"][0]["name"] == "recipient_group_id"
    body = api.post(
        "/api/recipient/import",
        {"recipient_group_id": one["id"], "file": upload(xlsx([("a",)])), "name_column": "", "email_column": "B"},
        status=400,
    )
    assert body["errors"][0]["name"] == "name_column"
    assert emails(db, one["id"]) == []
