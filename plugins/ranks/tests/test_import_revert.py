"""A values import is one revertible batch: its history entry keeps what it created and the
values it replaced; reverting it deletes the created values and puts back the replaced ones in
one transaction, after saying what it will do, and is refused, naming the rows, where a row was
changed since."""

from decimal import Decimal

import pytest

from .helpers import add_gmina, add_group, add_rank, add_value, group_values, import_file

RB_HEADER = ["Gmina", "Powiat", "Województwo", "Kod TERYT", "Wartość", "Punkty", "Miejsce"]


@pytest.fixture
def imported(api):
    """A group with Skawina's and Liszki's values; a file changing Skawina's, keeping Liszki's
    and adding Zabierzów's and Wieliczka's."""
    gminy = {name: add_gmina(api, name) for name in ("Skawina", "Liszki", "Zabierzów")}
    gminy["Wieliczka"] = add_gmina(api, "Wieliczka", district="wielicki")
    group = add_group(api, add_rank(api))
    add_value(api, group, gminy["Skawina"], 10, 10)
    add_value(api, group, gminy["Liszki"], 5, 5)
    rows = [
        RB_HEADER,
        ["Skawina", "krakowski", "małopolskie", None, 12.5, 30, None],
        ["Liszki", "krakowski", "małopolskie", None, 5, 5, None],
        ["Zabierzów", "krakowski", "małopolskie", None, 7, 20, None],
        ["Wieliczka", "wielicki", "małopolskie", None, 1, 1, None],
    ]
    answer = api.post("/api/rank_value/import", import_file(rows, rank_group_id=group["id"], type="RB_XLS"))
    assert (answer["message"]["created"], answer["message"]["updated"]) == (2, 2)
    return group


def values_of(api, group):
    return {
        row["borough_name"]: (Decimal(str(row["value"])), Decimal(str(row["points"])), row["place"])
        for row in group_values(api, group)
    }


def import_entry(api, group, entry_id=None):
    """The group's import entry (the oldest: a revert is recorded as an import entry too), or `entry_id`."""
    entries = api.get(f"/api/history/?kind=rank_group&record_id={group['id']}&action=import")["message"]["list"]
    return next(e for e in entries if e["id"] == entry_id) if entry_id else entries[-1]


def test_reverting_a_values_import_deletes_what_it_created_and_puts_back_what_it_changed(api, imported):
    group = imported
    entry = import_entry(api, group)
    # The entry keeps the values it replaced (Liszki's were the same: nothing replaced there).
    rows = entry["changes"]["rows"]
    assert rows["kind"] == "rank_value" and len(rows["created"]) == 2
    assert [fields for fields in rows["changed"].values()] == [{"value": [10, 12.5], "points": [10, 30]}]
    assert entry["revert"]["offered"] is True
    assert entry["revert"]["says"] == (
        "Cofnie cały import: usunie elementy utworzone tym importem (wartość: 2) i przywróci wartości sprzed "
        "importu w elementach, które zmienił (1). Jeśli któryś z nich zmieniono od importu, nic nie zostanie zmienione."
    )

    answer = api.post(f"/api/history/{entry['id']}/revert", {})["message"]
    assert (answer["deleted"], answer["restored"]) == (2, 1)
    # As before the import, places recomputed (Skawina first again).
    assert values_of(api, group) == {"Skawina": (10, 10, 0), "Liszki": (5, 5, 1)}
    newest = api.get(f"/api/history/?kind=rank_group&record_id={group['id']}")["message"]["list"][0]
    assert newest["reverts"] == entry["id"]
    assert import_entry(api, group, entry["id"])["revert"]["reverted_by"] == newest["id"]
    assert newest["revert"]["offered"] is False  # the revert itself is not reverted from here
    # Once is enough.
    again = api.post(f"/api/history/{entry['id']}/revert", {}, status=409)
    assert "już cofnięty" in again["errors"][0]["description"]


def test_an_import_that_only_created_values_is_reverted_too(api):
    gmina = add_gmina(api, "Skawina")
    group = add_group(api, add_rank(api))
    rows = [RB_HEADER, ["Skawina", "krakowski", "małopolskie", None, 3, 3, None]]
    api.post("/api/rank_value/import", import_file(rows, rank_group_id=group["id"], type="RB_XLS"))
    entry = import_entry(api, group)
    assert entry["revert"]["says"].startswith(
        "Cofnie cały import: usunie elementy utworzone tym importem (wartość: 1)."
    )
    api.post(f"/api/history/{entry['id']}/revert", {})
    assert group_values(api, group) == []
    assert gmina


def test_a_row_changed_since_the_import_refuses_the_revert_naming_it(api, imported):
    group = imported
    zabierzow = next(row for row in group_values(api, group) if row["borough_name"] == "Zabierzów")
    api.post(f"/api/rank_value/{zabierzow['id']}", {"value": 8, "points": 20})
    entry = import_entry(api, group)
    answer = api.post(f"/api/history/{entry['id']}/revert", {}, status=409)
    description = answer["errors"][0]["description"]
    assert description.startswith("Nie można cofnąć importu: od importu zmieniono wiersze: „Zabierzów")
    assert f"(id {zabierzow['id']})" in description
    # Nothing written: the import's values are all there.
    assert values_of(api, group)["Skawina"][:2] == (Decimal("12.5"), Decimal("30"))
    assert len(group_values(api, group)) == 4
