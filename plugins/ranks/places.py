"""Places computed from points, as in sports tables: highest points first, equal points share a
place and the next place skips (points 9, 7, 7, 5 give places 1, 2, 2, 4). Stored zero-based.

A ranking with `lock_place_refresh = 0` has its places recomputed after every create, edit,
delete and import of a group's (gminy) or an entry's (voivodeships) values, in the same
transaction; with `lock_place_refresh = 1` places are what the operator entered. An import
writes its values with `upsert_values`, then refreshes the places once.
"""

import sqlalchemy as sa

from .models import RankValue


def competition_places(points):
    """Zero-based places for `points` (any order), in the same order: ties share a place."""
    order = sorted(range(len(points)), key=lambda index: points[index], reverse=True)
    places = [0] * len(points)
    for position, index in enumerate(order):
        if position and points[index] == points[order[position - 1]]:
            places[index] = places[order[position - 1]]
        else:
            places[index] = position
    return places


def refresh_places(db, rank, rank_group_id=None, rank_entry_id=None):
    """Recomputes the places of one group's (gminy) or entry's (voivodeships) live values,
    writing only the rows whose place changed. Nothing when the ranking's places are locked."""
    if rank.lock_place_refresh:
        return 0
    scope = (
        RankValue.rank_entry_id == rank_entry_id
        if rank_entry_id
        else sa.and_(RankValue.rank_group_id == rank_group_id, RankValue.rank_entry_id.is_(None))
    )
    db.flush()
    rows = db.execute(
        sa.select(RankValue.id, RankValue.points, RankValue.place).where(scope, RankValue.deleted.is_(None))
    ).all()
    places = competition_places([row.points for row in rows])
    changed = [{"row_id": row.id, "new_place": place} for row, place in zip(rows, places) if row.place != place]
    if changed:
        table = RankValue.__table__
        db.connection().execute(
            table.update()
            .where(table.c.id == sa.bindparam("row_id"))
            .values(place=sa.bindparam("new_place"), updated=table.c.updated),  # a place is no edit
            changed,
        )
    return len(changed)


def upsert_values(db, scope, key_field, rows, rank_group_id, rank_entry_id=None):
    """Writes `rows` [(key id, value, points, place)] into one group or entry: a key with a live
    value there is updated, others are created. Returns (created, updated)."""
    table = RankValue.__table__
    existing = dict(
        db.execute(
            sa.select(getattr(RankValue, key_field), RankValue.id).where(scope, RankValue.deleted.is_(None))
        ).all()
    )
    new, changed = [], []
    for key, value, points, place in rows:
        if key in existing:
            item = {"row_id": existing[key], "new_value": value, "new_points": points}
            if place is not None:
                item["new_place"] = place
            changed.append(item)
        else:
            new.append(
                {
                    "value": value,
                    "points": points,
                    "place": place or 0,
                    "rank_group_id": rank_group_id,
                    "rank_entry_id": rank_entry_id,
                    key_field: key,
                }
            )
    connection = db.connection()
    if new:
        connection.execute(sa.insert(RankValue), new)  # ORM bulk insert: defaults (created, updated) applied
    with_place = [item for item in changed if "new_place" in item]
    without_place = [item for item in changed if "new_place" not in item]
    for items, extra in ((with_place, {"place": sa.bindparam("new_place")}), (without_place, {})):
        if items:
            connection.execute(
                table.update()
                .where(table.c.id == sa.bindparam("row_id"))
                .values(value=sa.bindparam("new_value"), points=sa.bindparam("new_points"), **extra),
                items,
            )
    return len(new), len(changed)
