"""The records a history page reads (smogpanel.history.record_rows) read as the ORM gives them,
each column's value and type (timestamps aware, decimals exact), deleted records too, though
the columns a page never asks for are converted only when read."""

from smogpanel.history.record_rows import record_rows
from smogpanel.plugins.ranks.models import RankValue
from smogpanel.plugins.ranks.tests.helpers import add_gmina, add_group, add_rank, add_value


def test_a_record_row_reads_as_the_mapped_record_deleted_ones_too(api, db):
    group = add_group(api, add_rank(api))
    kept = add_value(api, group, add_gmina(api, "Zabierzów"), "12.3456", 7)["message"]
    gone = add_value(api, group, add_gmina(api, "Liszki"), 1, 2)["message"]
    api.delete(f"/api/rank_value/{gone['id']}")

    rows = {row.id: row for row in record_rows(db, RankValue, [kept["id"], gone["id"], 10**9])}

    assert sorted(rows) == sorted([kept["id"], gone["id"]])
    for record_id, row in rows.items():
        mapped = db.get(RankValue, record_id, execution_options={"include_deleted": True})
        for attribute in RankValue.__mapper__.column_attrs:
            value, expected = getattr(row, attribute.key), getattr(mapped, attribute.key)
            assert (value, type(value)) == (expected, type(expected)), attribute.key
    assert rows[gone["id"]].deleted is not None and rows[kept["id"]].deleted is None
    assert str(rows[kept["id"]].value) == "12.3456"
    assert not hasattr(rows[kept["id"]], "name")  # record_name asks; a value has none
