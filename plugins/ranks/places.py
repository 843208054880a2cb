"""Places computed from points, as in sports tables: highest points first, equal points share a
place and the next place skips (points 9, 7, 7, 5 give places 1, 2, 2, 4). Stored zero-based.

A ranking with `lock_place_refresh = 0` has its places recomputed after every create, edit,
delete and import of a group's (gminy) or an entry's (voivodeships) values, in the same
transaction; with `lock_place_refresh = 1` places are what the operator entered.
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
