"""The hierarchy's answer to the gazetteer hook: live gminy with their district's and
voivodeship's names, for the plugins that must not import this one (rankings, searches)."""
import threading

import sqlalchemy as sa
from smogpanel.gazetteer import BoroughIndex, Gazetteer
from smogpanel.versions import stable_version

from .models import Borough, District, Voivodeship

_CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit


def _boroughs(*extra):
    return (
        sa.select(Borough.id, Borough.name.label("borough_name"), District.name.label("district_name"),
                  Voivodeship.name.label("voivodeship_name"), *extra)
        .join(District, District.id == Borough.district_id)
        .join(Voivodeship, Voivodeship.id == District.voivodeship_id)
        .where(Borough.deleted.is_(None), District.deleted.is_(None), Voivodeship.deleted.is_(None))
    )


def _names(rows):
    """{id: names} of (id, borough, district, voivodeship) rows, unpacked as tuples: named
    access to each Row costs more than the query for a whole list of gminy."""
    return {row_id: {"borough_name": borough, "district_name": district, "voivodeship_name": voivodeship}
            for row_id, borough, district, voivodeship in rows}


class HierarchyGazetteer(Gazetteer):
    tables = (Borough.__tablename__, District.__tablename__, Voivodeship.__tablename__)

    def boroughs_by_ids(self, db, ids):
        ids = sorted(set(ids))
        if len(ids) > _CHUNK:  # a whole search or group: one scan beats many IN lists
            wanted = set(ids)
            return {key: names for key, names in self.all_boroughs(db).items() if key in wanted}
        return _names(db.connection().execute(_boroughs().where(Borough.id.in_(ids))).all()) if ids else {}

    def __init__(self):
        self._every = (None, None)  # (version of the tables, {id: names}); see all_boroughs
        self._lock = threading.Lock()

    def all_boroughs(self, db):
        """Kept between requests while the hierarchy's tables keep their version (one indexed
        read instead of reading 2,477 gminy for every list). The answer is shared: read it,
        never change it."""
        version = stable_version(db, self.tables)
        cached_version, cached = self._every
        if version is not None and cached_version == version:
            return cached
        names = _names(db.connection().execute(_boroughs()).all())
        if version is not None:
            with self._lock:
                self._every = (version, names)
        return names

    def borough_index(self, db):
        return BoroughIndex(tuple(row) for row in db.connection().execute(_boroughs(Voivodeship.code, Borough.teryt)))

    def voivodeships(self, db):
        rows = db.execute(sa.select(Voivodeship.id, Voivodeship.name, Voivodeship.code)
                          .where(Voivodeship.deleted.is_(None)))
        return {row.id: {"name": row.name, "code": row.code} for row in rows}
