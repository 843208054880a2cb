"""The public side of a ranking: what /view/rank/<internal_name> shows, nothing more.

Rows are short arrays to keep a 2,477-gmina group light: gminy `[borough id, place, value,
points]` with the gminy's names given once in `gminy` ({id: [name, district, voivodeship]});
voivodeships `[voivodeship name, code, place, value, points]`, with every live voivodeship given
once in `voivodeships` ([{code, name}], for the map drawn beside each entry's table). Places are
zero-based.

The summary (`show_summary`), titled `summary_title` (default 'Wszystkie pozycje';
%FIRST_ENTRY% and %LAST_ENTRY% become the names of the ranking's first and last group) sums,
over all the ranking's groups: for a gminy ranking, each gmina's values and points; for a
voivodeships ranking, each voivodeship's values and points per entry name (hidden entries left
out). Its places are computed from the summed points like any group's.
"""

from collections import defaultdict

import sqlalchemy as sa

from smogpanel.files import file_url
from smogpanel.gazetteer import gazetteer
from smogpanel.public import GAZETTEER, PublicKind, Sheet
from smogpanel.regions import polish_sort_key

from .loading import voivodeships_with_codes
from .models import Rank, RankEntry, RankGroup, RankValue
from .places import competition_places
from .schemas import DEFAULT_SUMMARY_TITLE


def summary_title(rank, groups):
    title = rank.summary_title or DEFAULT_SUMMARY_TITLE
    if groups:
        title = title.replace("%FIRST_ENTRY%", groups[0].name).replace("%LAST_ENTRY%", groups[-1].name)
    return title


def _summed(pairs):
    """{key: [value sum, points sum]} -> [(key, place, value, points)] by place."""
    keys = list(pairs)
    places = competition_places([pairs[key][1] for key in keys])
    rows = [(key, place, *pairs[key]) for key, place in zip(keys, places)]
    return sorted(rows, key=lambda row: row[1])


def _gminy(request, rank, groups, payload):
    db = request.db
    places = gazetteer(request)
    group_ids = [group.id for group in groups]
    values = (
        db.execute(
            sa.select(RankValue.rank_group_id, RankValue.borough_id, RankValue.place, RankValue.value, RankValue.points)
            .where(
                RankValue.rank_group_id.in_(group_ids), RankValue.rank_entry_id.is_(None), RankValue.deleted.is_(None)
            )
            .order_by(RankValue.place, RankValue.id)
        ).all()
        if group_ids
        else []
    )
    rows = defaultdict(list)
    totals = {}
    for group_id, borough_id, place, value, points in values:  # tuples: named Row access is slow
        rows[group_id].append([borough_id, place, value, points])
        total = totals.setdefault(borough_id, [0, 0])
        total[0] += value
        total[1] += points
    # show_empty: every gmina of the hierarchy is listed, those without a value at the end.
    names = places.all_boroughs(db) if rank.show_empty else places.boroughs_by_ids(db, [row[1] for row in values])
    payload["gminy"] = {
        str(bid): [n["borough_name"], n["district_name"], n["voivodeship_name"]] for bid, n in names.items()
    }
    # A gmina removed from the hierarchy leaves the public table with it.
    payload["groups"] = [
        {"name": group.name, "rows": [r for r in rows[group.id] if str(r[0]) in payload["gminy"]]} for group in groups
    ]
    if rank.show_summary:
        payload["summary"] = {
            "title": summary_title(rank, groups),
            "rows": [list(row) for row in _summed(totals) if str(row[0]) in payload["gminy"]],
        }


def _voivodeships(request, rank, groups, payload):
    db = request.db
    group_ids = [group.id for group in groups]
    entries = (
        db.scalars(
            sa.select(RankEntry)
            .where(RankEntry.rank_group_id.in_(group_ids), RankEntry.hidden == 0)
            .order_by(RankEntry.id)
        ).all()
        if group_ids
        else []
    )
    known = voivodeships_with_codes(gazetteer(request), db)
    values = (
        db.execute(
            sa.select(
                RankValue.rank_entry_id, RankValue.voivodeship_id, RankValue.place, RankValue.value, RankValue.points
            )
            .where(RankValue.rank_entry_id.in_([entry.id for entry in entries]), RankValue.deleted.is_(None))
            .order_by(RankValue.place, RankValue.id)
        ).all()
        if entries
        else []
    )
    rows = defaultdict(list)
    totals = defaultdict(dict)
    by_id = {entry.id: entry for entry in entries}
    for row in values:
        voivodeship = known.get(row.voivodeship_id)
        if voivodeship is None:
            continue
        rows[row.rank_entry_id].append([voivodeship["name"], voivodeship["code"], row.place, row.value, row.points])
        total = totals[by_id[row.rank_entry_id].name].setdefault(row.voivodeship_id, [0, 0])
        total[0] += row.value
        total[1] += row.points
    payload["voivodeships"] = sorted(
        ({"code": info["code"], "name": info["name"]} for info in known.values() if info["code"]),
        key=lambda item: polish_sort_key(item["name"]),
    )
    payload["groups"] = [
        {
            "name": group.name,
            "entries": [
                {"name": entry.name, "rows": rows[entry.id]} for entry in entries if entry.rank_group_id == group.id
            ],
        }
        for group in groups
    ]
    if rank.show_summary:
        payload["summary"] = {
            "title": summary_title(rank, groups),
            "entries": [
                {
                    "name": name,
                    "rows": [
                        [known[vid]["name"], known[vid]["code"], place, value, points]
                        for vid, place, value, points in _summed(sums)
                    ],
                }
                for name, sums in totals.items()
            ],
        }


def rank_payload(request, internal_name):
    """The public table's data, or None when no live ranking has that internal name."""
    db = request.db
    rank = db.scalars(sa.select(Rank).where(Rank.internal_name == internal_name).limit(1)).first()
    if rank is None:
        return None
    groups = db.scalars(sa.select(RankGroup).where(RankGroup.rank_id == rank.id).order_by(RankGroup.id)).all()
    payload = {
        "type": rank.rank_type_name,
        "name": rank.name,
        "subname": rank.subname,
        "choose_group_title": rank.choose_group_title,
        "search_value_title": rank.search_value_title,
        "table_value_title": rank.table_value_title,
        "show_empty": bool(rank.show_empty),
        "legend": rank.legend,
        "logo": file_url(request, rank.logo_path) if rank.logo_path else None,
        "summary": None,
    }
    if rank.rank_type_name == "gminy":
        _gminy(request, rank, groups, payload)
    else:
        _voivodeships(request, rank, groups, payload)
    return payload


def rank_table(request, internal_name, payload):
    """ "Pobierz dane": every group's places (from 1), as the table shows them."""
    if payload["type"] == "gminy":
        gminy = payload["gminy"]
        rows = [
            (group["name"], place + 1, *gminy[str(borough_id)], value, points)
            for group in payload["groups"]
            for borough_id, place, value, points in group["rows"]
        ]
        header = ("Grupa", "Miejsce", "Gmina", "Powiat", "Województwo", "Wartość", "Punkty")
        return [Sheet(payload["name"] or "Ranking", header, rows, value=5, label=2)]
    rows = [
        (group["name"], entry["name"], place + 1, name, value, points)
        for group in payload["groups"]
        for entry in group["entries"]
        for name, _code, place, value, points in entry["rows"]
    ]
    header = ("Grupa", "Pozycja", "Miejsce", "Województwo", "Wartość", "Punkty")
    return [Sheet(payload["name"] or "Ranking", header, rows, value=4, label=3)]


RANK_KIND = PublicKind(
    kind="rank",
    load=rank_payload,
    plugin="ranks",
    title="Ranking",
    shows=(Rank, RankGroup, RankEntry, RankValue, GAZETTEER),
    table=rank_table,
)
