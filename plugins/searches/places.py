"""Where the searches plugin learns about gminy: live boroughs by id, with their district's and
voivodeship's names, and a Polish sort key for those names.

STAND-IN: the gazetteer hook (issue 11, owned by the hierarchy work) is the way a plugin finds
gminy without importing the hierarchy plugin. Until it lands, this module reads the hierarchy's
tables by name, read-only, and it is the only place in the plugin that does; switching to the
hook changes this file alone.
"""
import sqlalchemy as sa

_borough = sa.table("borough", sa.column("id"), sa.column("name"), sa.column("district_id"), sa.column("deleted"))
_district = sa.table("district", sa.column("id"), sa.column("name"), sa.column("voivodeship_id"),
                     sa.column("deleted"))
_voivodeship = sa.table("voivodeship", sa.column("id"), sa.column("name"), sa.column("deleted"))
_CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit


def _statement():
    return (
        sa.select(_borough.c.id, _borough.c.name.label("borough_name"), _district.c.name.label("district_name"),
                  _voivodeship.c.name.label("voivodeship_name"))
        .join(_district, _district.c.id == _borough.c.district_id)
        .join(_voivodeship, _voivodeship.c.id == _district.c.voivodeship_id)
        .where(_borough.c.deleted.is_(None), _district.c.deleted.is_(None), _voivodeship.c.deleted.is_(None))
    )


def boroughs_by_ids(db, ids):
    """{id: {borough_name, district_name, voivodeship_name}} of the live gminy among `ids`."""
    ids = sorted(set(ids))
    found = {}
    for start in range(0, len(ids), _CHUNK):
        chunk = ids[start:start + _CHUNK]
        for row in db.execute(_statement().where(_borough.c.id.in_(chunk))):
            found[row.id] = {"borough_name": row.borough_name, "district_name": row.district_name,
                             "voivodeship_name": row.voivodeship_name}
    return found


def all_boroughs(db):
    """Every live gmina as (id, borough_name, district_name, voivodeship_name)."""
    return db.execute(_statement()).all()


_ALPHABET = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
_RANK = {letter: index for index, letter in enumerate(_ALPHABET)}


def polish_key(text):
    """Sorts as a Polish reader expects: 'Lubin' < 'Łódź' < 'Żywiec' (letters outside the Polish
    alphabet after it, by code point)."""
    return [(_RANK.get(ch, len(_ALPHABET) + ord(ch))) for ch in (text or "").lower()]
