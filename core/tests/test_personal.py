"""Residents' personal data (smogpanel.personal): fields a kind declares personal, on the Resource
or on a schema node, read "[ukryte]" to an account without 'dane nadawców' in list answers,
record answers, list exports and history, and are not searched for it; with the permission (and
for super administrators) they read as stored. A form that sends the mask back keeps the value.

The kind here is a test plugin's, as a third-party plugin would declare it, over the letters'
recipient table (a table the test database has)."""

import csv
import io
import json

import pytest
import webtest

from smogpanel.hookspecs import hookimpl
from smogpanel.plugins.letters.models import Recipient
from smogpanel.plugins.letters.tests.helpers import group
from smogpanel.resources import Resource
from smogpanel.schemas import Email, Id, Text
from smogpanel.testing.app import create_user, signed_in

MASK = "[ukryte]"


class ContactSchema:
    """Built per call, as colander schemas are: the name marked personal on its node."""

    def __new__(cls):
        import colander

        schema = colander.MappingSchema()
        schema.add(Text("Imię i nazwisko", name="name", personal=True))
        schema.add(Email(name="email"))
        schema.add(Id("Grupa", name="recipient_group_id", refers_to="recipient_group"))
        return schema


class ContactResource(Resource):
    kind = "contact"
    model = Recipient
    schema = ContactSchema
    label = "kontakt"
    personal = ("email",)  # the e-mail declared on the resource, the name on its node
    sortable = ("id", "name", "email", "updated")
    list_reads = (Recipient,)  # lists are kept: masked and unmasked answers must stay apart


class ContactsPlugin:
    @hookimpl
    def smogpanel_includeme(self, config):
        config.add_resource(ContactResource())


CONTACTS_PLUGIN = (("contacts", ContactsPlugin()),)  # one object: one app for the module's tests


@pytest.fixture
def app(make_app):
    return webtest.TestApp(make_app(**{"smogpanel.plugin_objects": CONTACTS_PLUGIN}))


@pytest.fixture
def admin_api(app, admin):
    return signed_in(app, admin)


def account(app, db, email, personal_data):
    user = create_user(db, email=email)
    user.personal_data = personal_data
    db.commit()
    return signed_in(app, user)


@pytest.fixture
def without(app, db):
    return account(app, db, "bez@example.pl", 0)


@pytest.fixture
def allowed(app, db):
    return account(app, db, "z@example.pl", 1)


@pytest.fixture
def contact(admin_api):
    group_id = group(admin_api)["id"]
    body = {"name": "Ewa Mieszkanka", "email": "ewa@example.net", "recipient_group_id": group_id}
    return admin_api.post("/api/contact/", body)["message"]


def test_lists_and_records_are_masked_without_the_permission(contact, admin_api, without, allowed):
    for api in (admin_api, allowed):
        assert api.get("/api/contact/")["message"]["list"][0]["email"] == "ewa@example.net"
        record = api.get(f"/api/contact/{contact['id']}")["message"]
        assert (record["name"], record["email"]) == ("Ewa Mieszkanka", "ewa@example.net")
    listed = without.get("/api/contact/")["message"]["list"][0]
    assert (listed["name"], listed["email"], listed["id"]) == (MASK, MASK, contact["id"])
    record = without.get(f"/api/contact/{contact['id']}")["message"]
    assert (record["name"], record["email"]) == (MASK, MASK)
    # The kept list answered the unmasked account first: the masked one got its own.
    assert admin_api.get("/api/contact/")["message"]["list"][0]["name"] == "Ewa Mieszkanka"


def test_search_does_not_find_a_value_the_account_may_not_see(contact, without, allowed):
    assert [row["id"] for row in allowed.get("/api/contact/?q=ewa@example")["message"]["list"]] == [contact["id"]]
    assert without.get("/api/contact/?q=ewa@example")["message"]["list"] == []
    assert without.get("/api/contact/?q=Mieszkanka")["message"]["list"] == []


def test_a_create_answers_masked_to_its_author_without_the_permission(admin_api, without):
    group_id = group(admin_api)["id"]
    body = {"name": "Jan Nowak", "email": "jan@example.net", "recipient_group_id": group_id}
    created = without.post("/api/contact/", body)["message"]
    assert (created["name"], created["email"]) == (MASK, MASK)
    stored = admin_api.get(f"/api/contact/{created['id']}")["message"]
    assert (stored["name"], stored["email"]) == ("Jan Nowak", "jan@example.net")


def test_an_edit_sending_the_mask_back_keeps_the_stored_value(contact, admin_api, without):
    record = without.get(f"/api/contact/{contact['id']}")["message"]
    body = {key: record[key] for key in ("name", "email", "recipient_group_id")}
    assert without.post(f"/api/contact/{contact['id']}", body)["message"]["email"] == MASK
    stored = admin_api.get(f"/api/contact/{contact['id']}")["message"]
    assert (stored["name"], stored["email"]) == ("Ewa Mieszkanka", "ewa@example.net")
    # A new value is a new value: written, and still masked in the answer.
    changed = without.post(f"/api/contact/{contact['id']}", dict(body, email="nowa@example.net"))["message"]
    assert changed["email"] == MASK
    assert admin_api.get(f"/api/contact/{contact['id']}")["message"]["email"] == "nowa@example.net"
    assert admin_api.get(f"/api/contact/{contact['id']}")["message"]["name"] == "Ewa Mieszkanka"


def export_rows(api, fmt="csv"):
    columns = json.dumps([["id", "ID"], ["name", "Imię"], ["email", "E-mail"]])
    response = api.app.get("/api/contact/export", {"format": fmt, "columns": columns}, headers=api.headers())
    if fmt == "csv":
        return list(csv.reader(io.StringIO(response.body.decode("utf-8-sig")), delimiter=";"))
    from openpyxl import load_workbook

    sheet = load_workbook(io.BytesIO(response.body))["Lista"]
    return [[cell.value for cell in row] for row in sheet.iter_rows()]


def test_exports_are_masked_without_the_permission(contact, without, allowed):
    for fmt in ("csv", "xlsx"):
        assert export_rows(allowed, fmt)[1][1:] == ["Ewa Mieszkanka", "ewa@example.net"]
        assert export_rows(without, fmt)[1][1:] == [MASK, MASK]


def history_of(api, record_id):
    return api.get(f"/api/history/?kind=contact&record_id={record_id}")["message"]["list"]


def test_history_masks_personal_changes_and_the_record_name(contact, admin_api, without, allowed):
    body = {"name": "Ewa Nowa", "email": "ewa@example.net", "recipient_group_id": contact["recipient_group_id"]}
    admin_api.post(f"/api/contact/{contact['id']}", body)
    admin_api.app.post_json(
        "/api/contact/bulk-delete", {"ids": [contact["id"]]}, headers=admin_api.headers(), status="*"
    )
    seen = history_of(allowed, contact["id"])
    update, create = seen[-2], seen[-1]
    assert create["record_name"] == "Ewa Mieszkanka" and create["changes"]["email"] == [None, "ewa@example.net"]
    assert update["changes"] == {"name": ["Ewa Mieszkanka", "Ewa Nowa"]}
    hidden = history_of(without, contact["id"])
    update, create = hidden[-2], hidden[-1]
    assert create["record_name"] == MASK and update["record_name"] == MASK
    assert create["changes"]["email"] == [None, MASK] and create["changes"]["name"] == [None, MASK]
    assert create["changes"]["recipient_group_id"] == [None, contact["recipient_group_id"]]  # not personal
    assert update["changes"] == {"name": [MASK, MASK]}
    assert "ewa@example.net" not in json.dumps(without.get("/api/history/?kind=contact")["message"])
    everything = json.dumps(without.get("/api/history/?kind=contact")["message"], ensure_ascii=False)
    assert "Mieszkanka" not in everything and "Ewa Nowa" not in everything


def test_a_read_only_account_with_the_permission_sees_the_data_but_exports_it_masked(contact, app, db):
    user = create_user(db, email="podglad@example.pl")
    user.role, user.personal_data = "viewer", 1
    db.commit()
    viewer = signed_in(app, user)
    assert viewer.get(f"/api/contact/{contact['id']}")["message"]["email"] == "ewa@example.net"
    assert viewer.get("/api/contact/")["message"]["list"][0]["email"] == "ewa@example.net"
    assert export_rows(viewer)[1][1:] == [MASK, MASK]


def test_the_form_marks_personal_fields_read_only_to_whom_they_are_masked(without, allowed):
    for api, hidden in ((allowed, False), (without, True)):
        fields = api.get("/api/form/contact")["message"]["properties"]
        assert fields["name"]["x-personal"] is fields["email"]["x-personal"] is True  # the node's and the resource's
        assert "x-personal" not in fields["recipient_group_id"]
        assert bool(fields["name"].get("readOnly")) is bool(fields["email"].get("readOnly")) is hidden
