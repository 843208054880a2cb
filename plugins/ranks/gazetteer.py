"""Where the rankings plugin learns about gminy and voivodeships: live boroughs by id (with
their district's and voivodeship's names), gminy by name + district + voivodeship, live
voivodeships by id and by code.

STAND-IN: the gazetteer hook (issue 11, owned by the hierarchy work) is the way a plugin finds
gminy without importing the hierarchy plugin. Until it lands, this module reads the hierarchy's
tables by name, read-only, and it is the only place in the plugin that does; switching to the
hook changes this file alone.
"""
from collections import defaultdict

import sqlalchemy as sa
from smogpanel.regions import normalise, voivodeship_code

_borough = sa.table("borough", sa.column("id"), sa.column("name"), sa.column("district_id"), sa.column("deleted"))
_district = sa.table("district", sa.column("id"), sa.column("name"), sa.column("voivodeship_id"),
                     sa.column("deleted"))
_voivodeship = sa.table("voivodeship", sa.column("id"), sa.column("name"), sa.column("code"), sa.column("deleted"))
_CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit


def _boroughs():
    return (
        sa.select(_borough.c.id, _borough.c.name.label("borough_name"), _district.c.name.label("district_name"),
                  _voivodeship.c.name.label("voivodeship_name"), _voivodeship.c.id.label("voivodeship_id"))
        .join(_district, _district.c.id == _borough.c.district_id)
        .join(_voivodeship, _voivodeship.c.id == _district.c.voivodeship_id)
        .where(_borough.c.deleted.is_(None), _district.c.deleted.is_(None), _voivodeship.c.deleted.is_(None))
    )


def _names(row):
    return {"borough_name": row.borough_name, "district_name": row.district_name,
            "voivodeship_name": row.voivodeship_name}


def boroughs_by_ids(db, ids):
    """{id: {borough_name, district_name, voivodeship_name}} of the live gminy among `ids`."""
    ids = sorted(set(ids))
    found = {}
    if len(ids) > _CHUNK:  # a whole group: one scan beats many IN lists
        wanted = set(ids)
        return {bid: names for bid, names in all_boroughs(db).items() if bid in wanted}
    if ids:
        for row in db.execute(_boroughs().where(_borough.c.id.in_(ids))):
            found[row.id] = _names(row)
    return found


def all_boroughs(db):
    """{id: {borough_name, district_name, voivodeship_name}} of every live gmina."""
    return {row.id: _names(row) for row in db.execute(_boroughs())}


class BoroughIndex:
    """Every live gmina, found by (name, district, voivodeship) the way a spreadsheet writes
    them: case, diacritics and spacing ignored; the voivodeship by name or code."""

    def __init__(self, db):
        self.by_key = defaultdict(list)
        self.by_name = defaultdict(list)
        for row in db.execute(_boroughs().add_columns(_voivodeship.c.code)):
            code = row.code or voivodeship_code(row.voivodeship_name) or normalise(row.voivodeship_name)
            self.by_key[(normalise(row.borough_name), normalise(row.district_name), code)].append(row.id)
            self.by_name[normalise(row.borough_name)].append(_names(row))

    def find(self, name, district, voivodeship):
        """The ids of the gminy matching (several when the hierarchy repeats one)."""
        code = voivodeship_code(voivodeship) or normalise(voivodeship)
        return self.by_key.get((normalise(name), normalise(district), code), [])

    def candidates(self, name):
        """The live gminy of that name anywhere, for an error that names them."""
        return self.by_name.get(normalise(name), [])


def voivodeships(db):
    """{id: {name, code}} of the live voivodeships."""
    rows = db.execute(sa.select(_voivodeship.c.id, _voivodeship.c.name, _voivodeship.c.code)
                      .where(_voivodeship.c.deleted.is_(None)))
    return {row.id: {"name": row.name, "code": row.code or voivodeship_code(row.name)} for row in rows}


def voivodeship_ids_by_code(db):
    """{two-letter code: id} of the live voivodeships that have one."""
    return {info["code"]: vid for vid, info in voivodeships(db).items() if info["code"]}
