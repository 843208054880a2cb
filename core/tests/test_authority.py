"""Who may do what (smogpanel.authority): the rules declared on each kind hold on every path that
writes. An ordinary operator may not delete an account, directly or by reverting the account's
creation in history; a forgotten check in a plugin's own write is caught when it records history."""

import pytest
import sqlalchemy as sa
import webtest
from pyramid.authorization import ACLHelper

from smogpanel import history
from smogpanel.authority import ACTIONS, Authenticated, Context, Rules, principals
from smogpanel.db import utcnow
from smogpanel.hookspecs import hookimpl
from smogpanel.models import HistoryEntry
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.security import Identity
from smogpanel.testing.app import create_user, signed_in
from smogpanel.users.models import User


@pytest.fixture
def ordinary(testapp, db):
    return signed_in(testapp, create_user(db, email="ewa@example.pl", firstname="Ewa"))


def boss_created_by(api, db):
    """The issue's reproduction: the admin adds boss@… through the API and the system
    administrator makes it a super administrator (`smogpanel user super boss@… on`)."""
    boss_id = api.post("/api/user/", {"email": "boss@example.pl", "firstname": "Szef"})["message"]["id"]
    db.execute(sa.update(User).where(User.id == boss_id).values(super=1))
    db.commit()
    return boss_id


def entries_of(db, kind, record_id):
    return db.scalars(
        sa.select(HistoryEntry).where(HistoryEntry.kind == kind, HistoryEntry.record_id == record_id)
    ).all()


def live(db, user_id):
    db.expire_all()
    return db.scalar(sa.select(User.deleted).where(User.id == user_id).execution_options(include_deleted=True)) is None


def refused(api, path, description):
    answer = api.post(path, {}, status=403)
    assert answer["message"] == "FORBIDDEN"
    assert answer["errors"][0]["description"] == description


def test_an_ordinary_operator_cannot_delete_a_super_administrator_by_reverting_its_creation(api, ordinary, db):
    boss_id = boss_created_by(api, db)
    created = entries_of(db, "user", boss_id)[0]
    assert created.action == "create"

    assert ordinary.delete(f"/api/user/{boss_id}", status=403)["errors"][0]["description"] == (
        "Konto może usunąć tylko superadministrator."
    )
    refused(ordinary, f"/api/history/{created.id}/revert", "Konto może usunąć tylko superadministrator.")
    assert live(db, boss_id)
    assert len(entries_of(db, "user", boss_id)) == 1  # nothing recorded either


def test_every_entry_of_an_account_is_refused_to_an_operator_the_rules_refuse(api, ordinary, testapp, db):
    boss_id = boss_created_by(api, db)
    boss = signed_in(testapp, db.get(User, boss_id))
    boss.post("/api/user/update", {"email": "boss@example.pl", "firstname": "Szefowa", "password": ""})
    api.delete(f"/api/user/{boss_id}")
    restored = api.post(f"/api/history/{entries_of(db, 'user', boss_id)[-1].id}/revert", {})["message"]
    assert restored["action"] == "restore"
    by_action = {entry.action: entry for entry in entries_of(db, "user", boss_id)}
    assert set(by_action) == {"create", "update", "delete", "restore"}
    count = len(by_action)

    # create and restore: reverting deletes the account; delete: reverting restores it;
    # update: reverting changes another's profile.
    refused(ordinary, f"/api/history/{by_action['create'].id}/revert", "Konto może usunąć tylko superadministrator.")
    refused(ordinary, f"/api/history/{by_action['restore'].id}/revert", "Konto może usunąć tylko superadministrator.")
    refused(
        ordinary,
        f"/api/history/{by_action['delete'].id}/revert",
        "Usunięty element może przywrócić tylko superadministrator.",
    )
    refused(
        ordinary,
        f"/api/history/{by_action['update'].id}/revert",
        "Dane konta zmienia tylko jego właściciel (w swoim profilu).",
    )
    assert live(db, boss_id)
    assert db.get(User, boss_id).firstname == "Szefowa"
    assert len(entries_of(db, "user", boss_id)) == count


def test_a_super_administrator_cannot_delete_their_own_account_by_any_path(api, admin, db):
    answer = api.delete(f"/api/user/{admin.id}", status=403)
    assert answer["errors"][0]["description"] == "Nie możesz usunąć siebie samego :) To nie ma zupełnie sensu!"
    other = api.post("/api/user/", {"email": "nowa@example.pl"})["message"]["id"]
    api.delete(f"/api/user/{other}")  # another account: allowed
    assert not live(db, other)


def test_restoring_any_kind_is_refused_to_an_ordinary_operator(api, ordinary, db):
    timer = add_timer(ordinary)
    ordinary.delete(f"/api/timer/{timer['id']}")
    deleted = entries_of(db, "timer", timer["id"])[-1]
    assert deleted.action == "delete"
    refused(ordinary, f"/api/history/{deleted.id}/revert", "Usunięty element może przywrócić tylko superadministrator.")
    ordinary.get(f"/api/timer/{timer['id']}", status=404)
    assert api.post(f"/api/history/{deleted.id}/revert", {})["message"]["action"] == "restore"


def identity(user_id, super=0):
    return Identity(user_id, f"u{user_id}@example.pl", "", "", super, 0)


def undeclared(rules):
    """The actions a kind's rules leave undeclared: neither allowed to someone (`allowed`) nor
    left to the super administrators with a reason (`refusals`). The super administrators' own
    ACE allows them everything, so asking the ACL alone would find nothing undeclared."""
    return [action for action in ACTIONS if action not in rules.allowed and action not in rules.refusals]


def every_kind(registry):
    return {**registry.get("smogpanel.rules", {}), **registry["smogpanel.resources"]}


def test_every_kind_declares_a_rule_for_every_action(testapp):
    """Every kind, a Resource or declared with `config.add_rules`, says who may do each action; a
    super administrator may do everything to every kind (short of a record's own rule, such as
    deleting oneself); restoring is the super administrators' alone everywhere."""
    helper = ACLHelper()
    ordinary, chief = principals(identity(1)), principals(identity(2, super=1))
    kinds = every_kind(testapp.app.registry)
    assert {"user", "timer", "letter_sender"} <= set(kinds)
    assert {kind: undeclared(rules) for kind, rules in kinds.items() if undeclared(rules)} == {}
    for kind, rules in kinds.items():
        for action in ACTIONS:
            assert helper.permits(Context(rules), chief, action), (kind, action)
        assert not helper.permits(Context(rules), ordinary, "restore"), kind
        assert helper.permits(Context(rules), ordinary, "read"), kind


class Undeclared(Rules):
    """A kind that declares nothing of its own (what the test above must catch)."""

    kind = "probe_undeclared"
    allowed = {}
    refusals = {}


def test_a_kind_that_declares_nothing_is_caught(testapp):
    assert undeclared(Undeclared()) == list(ACTIONS)
    # ...although the ACL lets a super administrator do all of it
    chief = principals(identity(2, super=1))
    assert all(ACLHelper().permits(Context(Undeclared()), chief, action) for action in ACTIONS)
    # A kind that declares only some actions is caught for the others.
    partly = Rules(kind="probe_partly")
    partly.allowed = {"read": Authenticated}
    assert undeclared(partly) == ["create", "update", "delete", "import", "personal", "publish"]


class ForgetfulWriter:
    """A plugin made for this test whose own write forgets to ask `authorize`: it deletes an
    account by hand and records it, as a careless hand-written path would."""

    @hookimpl
    def smogpanel_includeme(self, config):
        config.add_route("probe-forgetful", "/api/probe/forget/{id}", request_method="POST")
        config.add_view(self.write, route_name="probe-forgetful", renderer="envelope")

    @staticmethod
    def write(request):
        user = request.db.get(User, int(request.matchdict["id"]))
        user.deleted = utcnow()
        request.db.flush()
        history.record(request, "delete", "user", user.id, user.email)
        return {}


def test_a_write_that_forgot_to_ask_is_refused_when_it_records_and_nothing_is_kept(make_app, db):
    app = webtest.TestApp(make_app(**{"smogpanel.plugin_objects": [("probe", ForgetfulWriter())]}))
    boss = create_user(db, email="boss@example.pl", super=1)
    ordinary = signed_in(app, create_user(db, email="ewa@example.pl"))
    answer = ordinary.post(f"/api/probe/forget/{boss.id}", {}, status=403)
    assert answer["errors"][0]["description"] == "Konto może usunąć tylko superadministrator."
    assert live(db, boss.id)
    assert entries_of(db, "user", boss.id) == []


def test_a_token_issued_before_an_account_was_deleted_stays_dead_after_it_is_restored(api, testapp, db):
    ewa = create_user(db, email="ewa@example.pl")
    before = signed_in(testapp, ewa)
    assert before.get("/api/user/me")["message"]["email"] == "ewa@example.pl"
    api.delete(f"/api/user/{ewa.id}")
    deleted = entries_of(db, "user", ewa.id)[-1]
    api.post(f"/api/history/{deleted.id}/revert", {})
    assert before.get("/api/user/me", status=401)["message"] == "UNAUTHORISED"
    db.expire_all()
    assert signed_in(testapp, db.get(User, ewa.id)).get("/api/user/me")["message"]["email"] == "ewa@example.pl"
