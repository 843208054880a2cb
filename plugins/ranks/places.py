"""Places computed from points, as in sports tables: highest points first, equal points share a
place and the next place skips (points 9, 7, 7, 5 give places 1, 2, 2, 4). Stored zero-based.

A ranking with `lock_place_refresh = 0` has its places recomputed after every create, edit,
delete and import of a group's (gminy) or an entry's (voivodeships) values, in the same
transaction; with `lock_place_refresh = 1` places are what the operator entered. An import
writes its values with `upsert_values`, then refreshes the places once.
"""

import sqlalchemy as sa

from smogpanel.importing import imported_rows

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


def upsert_values(db, scope, key_field, rows, rank_group_id, rank_entry_id=None, request=None):
    """Writes `rows` [(key id, value, points, place)] into one group or entry: a key with a live
    value there is updated, others are created. Returns (created, updated). With `request` (an
    import), what it created and the values it replaced go to the import's history entry
    (smogpanel.importing.imported_rows), which reverting it puts back."""
    table = RankValue.__table__
    found = db.execute(
        sa.select(
            getattr(RankValue, key_field), RankValue.id, RankValue.value, RankValue.points, RankValue.place
        ).where(scope, RankValue.deleted.is_(None))
    ).all()
    existing = {row[0]: row[1] for row in found}
    before = {row[1]: {"value": row[2], "points": row[3], "place": row[4]} for row in found}
    new, changed, replaced = [], [], {}
    for key, value, points, place in rows:
        if key in existing:
            item = {"row_id": existing[key], "new_value": value, "new_points": points}
            if place is not None:
                item["new_place"] = place
            changed.append(item)
            old = before[existing[key]]
            after = {"value": value, "points": points, **({"place": place} if place is not None else {})}
            fields = {field: [old[field], new_value] for field, new_value in after.items() if old[field] != new_value}
            if fields:
                replaced[existing[key]] = fields
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
    if request is not None:
        kept = set(existing.values())
        live = db.execute(sa.select(RankValue.id).where(scope, RankValue.deleted.is_(None))).scalars()
        imported_rows(request, "rank_value", created=sorted(i for i in live if i not in kept), changed=replaced)
    return len(new), len(changed)
