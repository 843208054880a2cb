"""The gazetteer: how a plugin finds live gminy, districts' and voivodeships' names without
importing the plugin that keeps the hierarchy. That plugin returns a `Gazetteer` from the
`smogpanel_gazetteer` hook; with it disabled, the empty `Gazetteer` below answers (no gminy).

    places = gazetteer(request)                   # in a view
    names = places.boroughs_by_ids(request.db, [12, 15])
    # {12: {"borough_name": "Zabierzów", "district_name": "krakowski", "voivodeship_name": "małopolskie"}}
    index = places.borough_index(request.db)      # for imports
    index.find("ZABIERZOW", "Krakowski", "mp")    # [12]: case, diacritics, spacing ignored

Every method reads only live records (a gmina whose district or voivodeship is deleted is gone).
"""
from collections import defaultdict

from .regions import normalise, voivodeship_code


class BoroughIndex:
    """Every live gmina, found by (name, district, voivodeship) the way a spreadsheet writes
    them: case, diacritics and spacing ignored; the voivodeship by name or two-letter code.
    `rows`: (id, borough_name, district_name, voivodeship_name, voivodeship_code or None)."""

    def __init__(self, rows):
        self.by_key = defaultdict(list)
        self.by_name = defaultdict(list)
        for row_id, borough, district, voivodeship, code in rows:
            code = code or voivodeship_code(voivodeship) or normalise(voivodeship)
            self.by_key[(normalise(borough), normalise(district), code)].append(row_id)
            self.by_name[normalise(borough)].append(
                {"id": row_id, "borough_name": borough, "district_name": district, "voivodeship_name": voivodeship})

    def find(self, name, district, voivodeship):
        """The ids of the matching gminy: none, one, or several when the hierarchy repeats one."""
        code = voivodeship_code(voivodeship) or normalise(voivodeship)
        return list(self.by_key.get((normalise(name), normalise(district), code), ()))

    def candidates(self, name):
        """The live gminy of that name anywhere, for an error that names them."""
        return list(self.by_name.get(normalise(name), ()))


class Gazetteer:
    """The interface, and the answer when no enabled plugin keeps a hierarchy: no gminy."""

    def boroughs_by_ids(self, db, ids):
        """{id: {borough_name, district_name, voivodeship_name}} of the live gminy among `ids`."""
        return {}

    def all_boroughs(self, db):
        """The same for every live gmina."""
        return {}

    def borough_index(self, db):
        """A `BoroughIndex` of every live gmina."""
        return BoroughIndex(())

    def voivodeships(self, db):
        """{id: {name, code}} of the live voivodeships (code: two letters, or None)."""
        return {}


def find_gazetteer(plugin_manager):
    """The enabled plugins' gazetteer (the first one returned), or the empty one."""
    return plugin_manager.hook.smogpanel_gazetteer() or Gazetteer()


def gazetteer(request):
    return request.registry["smogpanel.gazetteer"]


def includeme(config):
    config.registry["smogpanel.gazetteer"] = find_gazetteer(config.registry.plugin_manager)
