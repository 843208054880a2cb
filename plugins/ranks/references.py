"""The gminy and voivodeships the live values of live rankings hold (the `smogpanel_references`
hook), so the hierarchy never retires a unit a ranking still shows."""

from collections import defaultdict

import sqlalchemy as sa

from .models import Rank, RankGroup, RankValue

_CHUNK = 500  # ids per IN (...)
COLUMN = {"borough": RankValue.borough_id, "voivodeship": RankValue.voivodeship_id}


def references(db, kind, ids):
    column = COLUMN.get(kind)
    found = defaultdict(list)
    if column is None:
        return {}
    ids = list(ids)
    for start in range(0, len(ids), _CHUNK):
        rows = db.execute(
            sa.select(column, Rank.name)
            .distinct()
            .join(RankGroup, RankGroup.id == RankValue.rank_group_id)
            .join(Rank, Rank.id == RankGroup.rank_id)
            .where(
                column.in_(ids[start : start + _CHUNK]),
                RankValue.deleted.is_(None),
                RankGroup.deleted.is_(None),
                Rank.deleted.is_(None),
            )
        )
        for unit_id, name in rows:
            found[unit_id].append(f"ranking „{name}”")
    return dict(found)
