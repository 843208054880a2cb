"""A page of the history log in the form's words reads its entries' records, their parents,
the gminy's names and the reverts in a number of statements that does not grow with the
page: 50 entries of 50 records take as many as 10 (one statement per kind and level of
parents, not per entry)."""

import pytest
from sqlalchemy import event

from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value

ENTRIES = 50


def page_and_statements(api, connection, per_page):
    statements = []

    def counted(_connection, _cursor, statement, *_args):
        statements.append(statement)

    event.listen(connection, "before_cursor_execute", counted)
    try:
        page = api.get(f"/api/history/?kind=rank_value&action=update&per_page={per_page}")["message"]
    finally:
        event.remove(connection, "before_cursor_execute", counted)
    return page, statements


@pytest.mark.slow  # 150 requests to arrange it
def test_a_page_of_50_entries_takes_as_many_statements_as_a_page_of_10(api, connection):
    rank = add_rank(api, name="Ranking smogowy")
    group = add_group(api, rank)
    for number in range(ENTRIES):
        value = add_value(api, group, add_gmina(api, f"Gmina {number}"), number, number)["message"]
        api.post(f"/api/rank_value/{value['id']}", {"value": number + 0.5, "points": number, "place": None})
    page_and_statements(api, connection, 1)  # the register's names, kept from here on, read once

    short, few = page_and_statements(api, connection, 10)
    full, many = page_and_statements(api, connection, ENTRIES)

    assert len(short["list"]) == 10 and len(full["list"]) == ENTRIES
    # Every entry in the form's words: its own record named by its gmina, with its group and
    # ranking, linked, and the revert offered.
    assert len({entry["record_id"] for entry in full["list"]}) == ENTRIES
    for entry in full["list"]:
        assert entry["record"]["name"].startswith("Gmina ") and "(powiat krakowski" in entry["record"]["name"]
        assert [parent["name"] for parent in entry["record"]["parents"]] == ["2024", "Ranking smogowy"]
        assert entry["record"]["path"].endswith(f"/value/{entry['record_id']}")
        assert entry["revert"]["offered"] and entry["rows"]
    assert len(many) == len(few), "\n".join(many)
