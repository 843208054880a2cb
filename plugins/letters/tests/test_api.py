"""The letter, recipient-group and recipient endpoints of SPEC section 7, as clients see them."""

import sqlalchemy as sa

from smogpanel.plugins.letters.models import Letter, Recipient
from smogpanel.testing.files import png, upload

from .helpers import edit_body, group, letter, letter_body, recipient


def test_recipient_groups_list_by_name_for_selects_and_edit_takes_the_name(api):
    zeta = group(api, "Zarząd województwa")
    alfa = group(api, "Apel do posłów")
    listed = api.get("/api/recipient_group/")["message"]
    assert [row["name"] for row in listed["list"]] == ["Apel do posłów", "Zarząd województwa"]
    assert listed["order"] == "name" and listed["asc"] in (1, True)
    edited = api.post(f"/api/recipient_group/{zeta['id']}", {"name": "Radni sejmiku"})["message"]
    assert edited["name"] == "Radni sejmiku"
    assert api.get(f"/api/recipient_group/{alfa['id']}")["message"]["name"] == "Apel do posłów"
    # A list sorted by id on request, as the group screen does.
    by_id = api.get("/api/recipient_group/?order=id&asc=0")["message"]["list"]
    assert [row["id"] for row in by_id][:2] == [alfa["id"], zeta["id"]]
    body = api.post("/api/recipient_group/", {"name": "  "}, status=400)
    assert body["message"] == "VALIDATION_FAILED"


def test_recipients_are_validated_and_unique_within_a_group(api):
    one, two = group(api, "A"), group(api, "B")
    first = recipient(api, one["id"], email="Jan@Example.org")
    assert first["email"] == "jan@example.org" and first["sent"] == 0 and first["recipient_group_id"] == one["id"]
    clash = recipient(api, one["id"], email="jan@example.org", status=409)
    assert clash["message"] == "CONFLICT" and "już w tej grupie" in clash["errors"][0]["description"]
    recipient(api, two["id"], email="jan@example.org")  # another group: fine
    bad = recipient(api, one["id"], email="to-nie-adres", status=400)
    assert bad["errors"][0]["name"] == "email" and "adres e-mail" in bad["errors"][0]["description"]
    gone = recipient(api, 999999, status=400)
    assert "grupa adresatów nie istnieje" in gone["errors"][0]["description"]
    other = recipient(api, one["id"], name="Anna", email="anna@example.org")
    clash = api.post(f"/api/recipient/{other['id']}", {"name": "Anna", "email": "jan@example.org"}, status=409)
    assert clash["errors"][0]["name"] == "email"
    edited = api.post(f"/api/recipient/{other['id']}", {"name": "Anna Nowak", "email": "anna.n@example.org"})
    assert edited["message"]["name"] == "Anna Nowak" and edited["message"]["email"] == "anna.n@example.org"
    # The edit payload is {name, email}: the group cannot be changed.
    moved = api.post(
        f"/api/recipient/{other['id']}", {"name": "Anna", "email": "a@example.org", "recipient_group_id": two["id"]}
    )["message"]
    assert moved["recipient_group_id"] == one["id"]


def test_recipient_list_of_a_group_sorts_and_sent_is_read_only(api, db):
    one = group(api)
    a = recipient(api, one["id"], name="Zofia", email="z@example.org")
    b = recipient(api, one["id"], name="Adam", email="a@example.org")
    listed = api.get(f"/api/recipient/recipient_group/{one['id']}")["message"]
    assert [row["id"] for row in listed["list"]] == [b["id"], a["id"]]  # id descending
    assert set(listed["list"][0]) >= {"id", "name", "email", "sent", "updated", "created"}
    by_name = api.get(f"/api/recipient/recipient_group/{one['id']}?order=name&asc=1")["message"]["list"]
    assert [row["name"] for row in by_name] == ["Adam", "Zofia"]
    assert api.get(f"/api/recipient/recipient_group/{one['id']}?order=sent&asc=0")["message"]["list"]
    # `sent` sent by a client is ignored.
    edited = api.post(f"/api/recipient/{a['id']}", {"name": "Zofia", "email": "z@example.org", "sent": 99})
    assert edited["message"]["sent"] == 0
    assert api.get("/api/recipient/recipient_group/999999", status=404)["message"] == "NOT_FOUND"


def test_deleting_a_group_removes_its_recipients(api):
    one = group(api)
    person = recipient(api, one["id"])
    api.delete(f"/api/recipient_group/{one['id']}")
    assert api.get(f"/api/recipient/{person['id']}", status=404)["message"] == "NOT_FOUND"
    assert api.get("/api/recipient_group/")["message"]["list"] == []


def test_a_group_that_letters_send_to_cannot_be_deleted_and_the_answer_names_them(api):
    one = group(api)
    person = recipient(api, one["id"])
    first = letter(api, one["id"], name="Apel do radnych")
    refused = api.delete(f"/api/recipient_group/{one['id']}", status=409)
    assert refused["message"] == "CONFLICT"
    assert refused["errors"] == [
        {
            "name": "recipient_group_id",
            "description": (
                "Nie usunięto grupy adresatów: używa jej list „Apel do radnych”. Wybierz w nim inną grupę adresatów "
                "albo go usuń, a potem usuń tę grupę."
            ),
        }
    ]
    letter(api, one["id"], name="Apel o dopłaty", internal_name="doplaty")
    description = api.delete(f"/api/recipient_group/{one['id']}", status=409)["errors"][0]["description"]
    assert "używają jej listy „Apel do radnych”, „Apel o dopłaty”" in description
    # Nothing was removed: the group, its recipients and the letters' public pages stay.
    assert api.get(f"/api/recipient/{person['id']}")["message"]["recipient_group_id"] == one["id"]
    assert api.get("/api/public/letter/apel")["message"]["recipients"] == ["Jan Kowalski"]
    # Once no live letter uses it, the group goes.
    for row in api.get("/api/letter/")["message"]["list"]:
        api.delete(f"/api/letter/{row['id']}")
    api.delete(f"/api/recipient_group/{one['id']}")
    assert api.get("/api/recipient_group/")["message"]["list"] == []
    assert first["recipient_group_id"] == one["id"]


def test_create_edit_and_delete_a_letter(api):
    one, two = group(api, "A"), group(api, "B")
    created = letter(api, one["id"])
    assert created["internal_name"] == "apel" and created["sent"] == 0 and created["cover_url"] is None
    assert created["created"] == created["updated"]
    assert api.get(f"/api/letter/{created['id']}")["message"] == created
    edited = api.post(
        f"/api/letter/{created['id']}",
        edit_body(created, title="Nowy tytuł", recipient_group_id=two["id"], internal_name="inna", sent=7),
    )["message"]
    assert edited["title"] == "Nowy tytuł" and edited["recipient_group_id"] == two["id"]
    assert edited["internal_name"] == "apel" and edited["sent"] == 0  # fixed; read-only
    row = api.get("/api/letter/")["message"]["list"][0]
    assert {"id", "name", "internal_name", "sent", "updated"} <= set(row) and "content" not in row
    assert api.get("/api/letter/?order=sent&asc=1")["message"]["list"][0]["id"] == created["id"]
    api.delete(f"/api/letter/{created['id']}")
    assert api.get(f"/api/letter/{created['id']}", status=404)["message"] == "NOT_FOUND"
    assert api.get("/api/public/letter/apel", status=404)["message"] == "NOT_FOUND"


def test_letter_rules_internal_name_group_and_required_fields(api):
    one = group(api)
    letter(api, one["id"])
    taken = api.post("/api/letter/", letter_body(one["id"]), status=409)
    assert taken["errors"][0]["name"] == "internal_name"
    bad = api.post("/api/letter/", letter_body(one["id"], internal_name="Zła Nazwa!"), status=400)
    assert bad["errors"][0]["name"] == "internal_name"
    gone = api.post("/api/letter/", letter_body(999999, internal_name="x"), status=400)
    assert gone["errors"][0]["name"] == "recipient_group_id"
    missing = api.post("/api/letter/", {"internal_name": "y"}, status=400)
    names = {error["name"] for error in missing["errors"]}
    assert {"name", "recipient_group_id", "title"} <= names
    # A deleted letter frees its internal name.
    first = api.get("/api/letter/")["message"]["list"][0]
    api.delete(f"/api/letter/{first['id']}")
    letter(api, one["id"])


def test_cover_image_is_stored_like_a_timer_logo_and_kept_by_name(api):
    one = group(api)
    created = letter(api, one["id"], cover_path=upload(png(4, 3), "okladka.png", "image/png"))
    assert created["cover_path"].endswith(".png") and created["cover_url"] == f"/files/{created['cover_path']}"
    kept = api.post(f"/api/letter/{created['id']}", edit_body(created))["message"]
    assert kept["cover_path"] == created["cover_path"]
    bad = api.post(
        "/api/letter/",
        letter_body(one["id"], internal_name="b", cover_path=upload(b"%PDF-1.4 nie obraz", "x.png", "image/png")),
        status=400,
    )
    assert bad["errors"][0]["name"] == "cover_path"
    removed = api.post(f"/api/letter/{created['id']}", edit_body(created, cover_path=None))["message"]
    assert removed["cover_path"] is None and removed["cover_url"] is None


def test_signed_out_clients_cannot_touch_letters(anonymous):
    assert anonymous.get("/api/letter/", status=401)["message"] == "UNAUTHORISED"
    assert anonymous.post("/api/recipient_group/", {"name": "x"}, status=401)["message"] == "UNAUTHORISED"
    assert anonymous.get("/api/recipient/1", status=401)["message"] == "UNAUTHORISED"


def test_demo_data_is_a_group_of_three_and_a_letter(api, db):
    from smogpanel.plugins.letters.seed import add_demo_data

    add_demo_data(db)
    db.flush()
    demo = db.scalars(sa.select(Letter).where(Letter.internal_name == "apel-o-czyste-powietrze")).one()
    emails = db.scalars(sa.select(Recipient.email).where(Recipient.recipient_group_id == demo.recipient_group_id))
    assert sorted(e.rsplit("@", 1)[1] for e in emails) == ["example.org"] * 3
