"""The hierarchy's answer to the gazetteer hook: live gminy with their district's and
voivodeship's names, for the plugins that must not import this one (rankings, searches)."""

import threading

import sqlalchemy as sa

from smogpanel.gazetteer import BoroughIndex, Gazetteer, same_name_qualifiers, shown_name, stable_version

from .models import Borough, District, Voivodeship

_CHUNK = 900  # ids per IN (...): under SQLite's bound-parameter limit
# What tells apart two gminy of one name in one district (core: same_name_qualifiers).
_TELLING = (Borough.district_id, Borough.teryt, Borough.kind)


def _boroughs(*extra):
    return (
        sa.select(
            Borough.id,
            Borough.name.label("borough_name"),
            District.name.label("district_name"),
            Voivodeship.name.label("voivodeship_name"),
            *extra,
        )
        .join(District, District.id == Borough.district_id)
        .join(Voivodeship, Voivodeship.id == District.voivodeship_id)
        .where(Borough.deleted.is_(None), District.deleted.is_(None), Voivodeship.deleted.is_(None))
    )


def _names(rows, qualifiers):
    """{id: names} of (id, borough, district, voivodeship, ...) rows, unpacked as tuples: named
    access to each Row costs more than the query for a whole list of gminy. A gmina sharing
    its name with another in its district is shown with its kind ('Bolesławiec (gmina miejska)')."""
    return {
        row_id: {
            "borough_name": shown_name(borough, qualifiers.get(row_id)),
            "district_name": district,
            "voivodeship_name": voivodeship,
        }
        for row_id, borough, district, voivodeship, *_ in rows
    }


def _telling(rows):
    """(id, name, district_id, teryt, kind) of rows selected with _TELLING after the four names."""
    return ((row[0], row[1], *row[4:7]) for row in rows)


class HierarchyGazetteer(Gazetteer):
    tables = (Borough.__tablename__, District.__tablename__, Voivodeship.__tablename__)
    gminy_path = "/borough/"  # the gmina picker's list (GET /api/borough/?order=name&asc=1)
    voivodeships_path = "/voivodeship/"

    def boroughs_by_ids(self, db, ids):
        ids = sorted(set(ids))
        if not ids:
            return {}
        # Every gmina's names are kept while the hierarchy keeps its version (all_boroughs): read
        # once per change of the register, then each answer, history entry and log page that
        # names a few gminy costs no query beyond the version's. Only a transaction that has
        # written the hierarchy itself (no stable version) reads its few gminy in SQL.
        version = stable_version(db, self.tables)
        if len(ids) > _CHUNK or version is not None:
            every = self._every_borough(db, version)
            return {key: every[key] for key in ids if key in every}
        connection = db.connection()
        rows = connection.execute(_boroughs(*_TELLING).where(Borough.id.in_(ids))).all()
        districts = sorted({row[4] for row in rows})
        namesakes = (
            connection.execute(
                sa.select(Borough.id, Borough.name, *_TELLING).where(
                    Borough.district_id.in_(districts), Borough.deleted.is_(None)
                )
            ).all()
            if districts
            else ()
        )
        return _names(rows, same_name_qualifiers(tuple(row) for row in namesakes))

    def __init__(self):
        self._every = (None, None, None)  # (version of the tables, {id: names}, {id: voivodeship id}); _kept
        self._voivodeships = (None, None)  # (version of the tables, {id: {name, code}})
        self._lock = threading.Lock()

    def all_boroughs(self, db):
        """Kept between requests while the hierarchy's tables keep their version (one indexed
        read instead of reading 2,477 gminy for every list). The answer is shared: read it,
        never change it."""
        return self._every_borough(db, stable_version(db, self.tables))

    def _every_borough(self, db, version):
        return self._kept(db, version)[0]

    def _kept(self, db, version):
        """({id: names}, {id: voivodeship id}) of every live gmina, kept while `version` lasts."""
        cached_version, *cached = self._every
        if version is not None and cached_version == version:
            return cached
        rows = db.connection().execute(_boroughs(*_TELLING, District.voivodeship_id)).all()
        kept = [_names(rows, same_name_qualifiers(_telling(rows))), {row[0]: row[7] for row in rows}]
        if version is not None:
            with self._lock:
                self._every = (version, *kept)
        return kept

    def voivodeships_of(self, db, borough_ids):
        # A voivodeship-scoped editor's every write asks where its gminy lie: from what is kept.
        ids = {i for i in borough_ids if i is not None}
        version = stable_version(db, self.tables) if ids else None
        if version is None:
            return super().voivodeships_of(db, ids)
        voivodeship_ids = self._kept(db, version)[1]
        return {i: voivodeship_ids[i] for i in ids if i in voivodeship_ids}

    def forget(self):
        with self._lock:
            self._every = (None, None, None)
            self._voivodeships = (None, None)

    def borough_index(self, db):
        return BoroughIndex(tuple(row) for row in db.connection().execute(_boroughs(Voivodeship.code, Borough.teryt)))

    def names_select(self):
        return _boroughs(Borough.district_id, District.voivodeship_id, Borough.teryt)

    def voivodeship_names_select(self):
        return sa.select(Voivodeship.id, Voivodeship.name).where(Voivodeship.deleted.is_(None))

    def voivodeships(self, db):
        # Kept by the register's version too: a scoped editor's every measurement save asks.
        version = stable_version(db, self.tables)
        cached_version, cached = self._voivodeships
        if version is not None and cached_version == version:
            return dict(cached)
        rows = db.execute(
            sa.select(Voivodeship.id, Voivodeship.name, Voivodeship.code).where(Voivodeship.deleted.is_(None))
        )
        found = {row.id: {"name": row.name, "code": row.code} for row in rows}
        if version is not None:
            with self._lock:
                self._voivodeships = (version, found)
        return dict(found)
