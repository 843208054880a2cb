"""The gminy the live entries of live searches hold (the `smogpanel_references` hook), so the
hierarchy never retires a gmina a search still has a card for."""

from collections import defaultdict

import sqlalchemy as sa

from .models import Search, SearchEntry

_CHUNK = 500  # ids per IN (...)


def references(db, kind, ids):
    if kind != "borough":
        return {}
    found = defaultdict(list)
    ids = list(ids)
    for start in range(0, len(ids), _CHUNK):
        rows = db.execute(
            sa.select(SearchEntry.borough_id, Search.name)
            .join(Search, Search.id == SearchEntry.search_id)
            .where(
                SearchEntry.borough_id.in_(ids[start : start + _CHUNK]),
                SearchEntry.deleted.is_(None),
                Search.deleted.is_(None),
            )
        )
        for borough_id, name in rows:
            found[borough_id].append(f"wyszukiwarka „{name}”")
    return dict(found)
