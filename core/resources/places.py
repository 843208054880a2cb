"""Where a resource's records lie: the voivodeships an editor scoped to voivodeships is
asked about (smogpanel.authority), from the record's gmina (`borough_id`) or voivodeship
(`voivodeship_id`)."""

import sqlalchemy as sa

from ..gazetteer import gazetteer

GMINY_PER_QUERY = 900  # ids per IN (...): under SQLite's bound-parameter limit


class Places:
    """The places half of `Resource`'s rules (its declaration: `gazetteer_names`)."""

    @property
    def regional(self):
        """Records of a gmina or voivodeship lie in a voivodeship (smogpanel.authority)."""
        return self.gazetteer_names

    def regions_of(self, request, obj):
        """{voivodeship id} of the record's gmina (`borough_id`) or voivodeship (`voivodeship_id`)."""
        return self._regions_by_place(request, [obj])[obj.id]

    def regions_of_records(self, request, records):
        """{record id: `regions_of` it}: the gminy's voivodeships read in one query. A kind that
        places its records otherwise (its own `regions_of`) is asked record by record, each
        loaded in one query (a list's rows carry only its columns)."""
        if type(self).regions_of is not Places.regions_of:
            ids = [record.id for record in records]
            loaded = request.db.scalars(
                sa.select(self.model).where(self.model.id.in_(ids)).execution_options(include_deleted=True)
            )
            return {obj.id: self.regions_of(request, obj) for obj in loaded}
        return self._regions_by_place(request, records)

    def _regions_by_place(self, request, records):
        gminy, of_gmina = [getattr(record, "borough_id", None) for record in records], {}
        for start in range(0, len(gminy), GMINY_PER_QUERY):
            of_gmina.update(gazetteer(request).voivodeships_of(request.db, gminy[start : start + GMINY_PER_QUERY]))
        found = {}
        for record in records:
            voivodeship_id = getattr(record, "voivodeship_id", None)
            if voivodeship_id is None:
                voivodeship_id = of_gmina.get(getattr(record, "borough_id", None))
            found[record.id] = frozenset() if voivodeship_id is None else frozenset({voivodeship_id})
        return found
