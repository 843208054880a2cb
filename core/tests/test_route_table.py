"""Who may do what, written down by hand: a sample of routes, each against real records inside and
outside a role's scope, with the status each role must get. Unlike the route matrix
(test_route_matrix.py), whose expectations come from the same rules it checks and whose paths
name no record, nothing here is computed from `smogpanel.authority`: the table is what docs/
security.md ("Roles and scopes") promises, so a rule changed by mistake fails here.

Every cell makes its own records first (a timer, a rank value in a gmina of małopolskie or of
mazowieckie, a history entry), so a cell that writes changes nothing another cell reads."""

import itertools

import pytest
import sqlalchemy as sa

from smogpanel.models import HistoryEntry
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value, voivodeship_id
from smogpanel.plugins.timers.tests.test_api import add as add_timer
from smogpanel.plugins.timers.tests.test_api import edit_body as timer_edit
from smogpanel.testing.app import Api, create_user, signed_in

ROLES = ("nobody", "viewer", "editor", "editor of timers", "editor of małopolskie", "super")


@pytest.fixture
def world(testapp, api, db):
    """The roles' clients and what the cells build their records with."""
    małopolskie = voivodeship_id(api, "małopolskie")
    fields = {
        "viewer": {"role": "viewer"},
        "editor": {},
        "editor of timers": {"scope_kinds": "timers"},
        "editor of małopolskie": {"scope_voivodeships": str(małopolskie)},
        "super": {"super": 1},
    }
    clients, accounts = {"nobody": Api(testapp)}, {}
    for role, values in fields.items():
        user = create_user(db, email=f"rola-{len(clients)}@example.pl")
        for field, value in values.items():
            setattr(user, field, value)
        db.commit()
        clients[role], accounts[role] = signed_in(testapp, user), user.id
    rank = add_rank(api)
    gminy = {
        "inside": add_gmina(api, "Wieliczka", "wielicki", "małopolskie"),
        "outside": add_gmina(api, "Piaseczno", "piaseczyński", "mazowieckie"),
    }
    return {
        "api": api,
        "db": db,
        "clients": clients,
        "accounts": accounts,
        "rank": rank,
        "gminy": gminy,
        "serial": itertools.count(1),
    }


def timer(world):
    """A new timer (internal names are unique)."""
    number = next(world["serial"])
    return add_timer(world["api"], name=f"Licznik {number}", internal_name=f"licznik-{number}")


def rank_value(world, where):
    """A rank value in a gmina inside or outside małopolskie, in a group of its own: (its id, its
    edit body)."""
    value = next(world["serial"])
    group = add_group(world["api"], world["rank"], name=f"Rok {value}")  # one value per gmina and group
    made = add_value(world["api"], group, world["gminy"][where], value, 3)["message"]
    body = {
        "value": value + 0.5,
        "points": 3,
        "place": None,
        "rank_group_id": group["id"],
        "borough_id": world["gminy"][where],
    }
    return made["id"], body


def last_entry(world, kind, record_id):
    world["db"].expire_all()
    return world["db"].scalar(
        sa.select(HistoryEntry.id)
        .where(HistoryEntry.kind == kind, HistoryEntry.record_id == record_id)
        .order_by(HistoryEntry.id.desc())
        .limit(1)
    )


# Each cell: how to make the request for a fresh record -> (method, path, body).
def read_timer(world):
    return "GET", f"/api/timer/{timer(world)['id']}", None


def edit_timer(world):
    made = timer(world)
    return "POST", f"/api/timer/{made['id']}", timer_edit(made, name="Zmieniony")


def delete_timer(world):
    return "DELETE", f"/api/timer/{timer(world)['id']}", None


def edit_value(where):
    def cell(world):
        value_id, body = rank_value(world, where)
        return "POST", f"/api/rank_value/{value_id}", body

    return cell


def delete_value(where):
    def cell(world):
        return "DELETE", f"/api/rank_value/{rank_value(world, where)[0]}", None

    return cell


def revert_timer_edit(world):
    made = timer(world)
    world["api"].post(f"/api/timer/{made['id']}", timer_edit(made, name="Zmieniony"))
    return "POST", f"/api/history/{last_entry(world, 'timer', made['id'])}/revert", {}


def revert_timer_delete(world):
    made = timer(world)
    world["api"].delete(f"/api/timer/{made['id']}")
    return "POST", f"/api/history/{last_entry(world, 'timer', made['id'])}/revert", {}


def revert_value_edit(where):
    def cell(world):
        value_id, body = rank_value(world, where)
        world["api"].post(f"/api/rank_value/{value_id}", body)
        return "POST", f"/api/history/{last_entry(world, 'rank_value', value_id)}/revert", {}

    return cell


def delete_other_account(world):
    other = create_user(world["db"], email=f"inna-{next(world['serial'])}@example.pl")
    return "DELETE", f"/api/user/{other.id}", None


def delete_own_account(role):
    def cell(world):
        return "DELETE", f"/api/user/{world['accounts'].get(role, 999999)}", None

    return cell


# The statuses, role by role in ROLES order: nobody, viewer, editor, editor of timers,
# editor of małopolskie, super.
TABLE = [
    ("read a timer", read_timer, (401, 200, 200, 200, 200, 200)),
    ("edit a timer", edit_timer, (401, 403, 200, 200, 403, 200)),
    ("delete a timer", delete_timer, (401, 403, 200, 200, 403, 200)),
    ("edit a rank value in małopolskie", edit_value("inside"), (401, 403, 200, 403, 200, 200)),
    ("edit a rank value in mazowieckie", edit_value("outside"), (401, 403, 200, 403, 403, 200)),
    ("delete a rank value in małopolskie", delete_value("inside"), (401, 403, 200, 403, 200, 200)),
    ("delete a rank value in mazowieckie", delete_value("outside"), (401, 403, 200, 403, 403, 200)),
    ("revert a timer's edit", revert_timer_edit, (401, 403, 200, 200, 403, 200)),
    ("revert a timer's delete (restore)", revert_timer_delete, (401, 403, 403, 403, 403, 200)),
    ("revert a rank value's edit in małopolskie", revert_value_edit("inside"), (401, 403, 200, 403, 200, 200)),
    ("revert a rank value's edit in mazowieckie", revert_value_edit("outside"), (401, 403, 200, 403, 403, 200)),
    ("delete another account", delete_other_account, (401, 403, 403, 403, 403, 200)),
]


@pytest.mark.parametrize("what, make, statuses", TABLE, ids=[row[0] for row in TABLE])
def test_each_role_gets_the_status_the_table_says(world, what, make, statuses):
    got = {}
    for role in ROLES:
        method, path, body = make(world)
        got[role] = send(world["clients"][role], method, path, body)
    assert got == dict(zip(ROLES, statuses))


def test_nobody_deletes_their_own_account_not_even_a_super_administrator(world):
    got = {role: send(world["clients"][role], *delete_own_account(role)(world)) for role in ROLES[1:]}
    assert got == dict.fromkeys(ROLES[1:], 403)


def send(client, method, path, body):
    if method == "GET":
        return client.app.get(path, headers=client.headers(), expect_errors=True).status_int
    if method == "DELETE":
        return client.app.delete(path, headers=client.headers(), expect_errors=True).status_int
    return client.app.post_json(path, body or {}, headers=client.headers(), expect_errors=True).status_int
