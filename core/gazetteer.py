"""The gazetteer: how a plugin finds live gminy, districts' and voivodeships' names without
importing the plugin that keeps the hierarchy. That plugin returns a `Gazetteer` from the
`smogpanel_gazetteer` hook; with it disabled, the empty `Gazetteer` below answers (no gminy).

    places = gazetteer(request)                   # in a view
    names = places.boroughs_by_ids(request.db, [12, 15])
    # {12: {"borough_name": "Zabierzów", "district_name": "krakowski", "voivodeship_name": "małopolskie"}}
    # (two live gminy of one name in one district: "Bolesławiec (gmina miejska)", see shown_name)
    index = places.borough_index(request.db)      # for imports
    index.find("ZABIERZOW", "Krakowski", "mp")    # [12]: case, diacritics, spacing ignored
    index.find_code("1206032")                    # [12]: by the gmina's TERYT code

Every method reads only live records (a gmina whose district or voivodeship is deleted is gone).
"""

from collections import defaultdict

import sqlalchemy as sa

from .app_state import hold
from .data_versions import stable_version  # noqa: F401 (the gazetteer's keeper versions what it answers)
from .regions import normalise, voivodeship_code

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "Gazetteer",
    "BoroughIndex",
    "gazetteer",
    "same_name_qualifiers",
    "shown_name",
    "NAME_FIELDS",
    "stable_version",
]


class BoroughIndex:
    """Every live gmina, found by (name, district, voivodeship) the way a spreadsheet writes
    them: case, diacritics and spacing ignored; the voivodeship by name, two-letter or TERYT
    code; or by the gmina's seven-digit TERYT code (`find_code`, `locate`).
    `rows`: (id, borough_name, district_name, voivodeship_name, voivodeship_code or None[, teryt])."""

    def __init__(self, rows):
        self.by_key = defaultdict(list)
        self.by_name = defaultdict(list)
        self.by_teryt = {}
        self.by_id = {}
        for row_id, borough, district, voivodeship, code, *rest in rows:
            teryt = rest[0] if rest else None
            code = code or voivodeship_code(voivodeship) or normalise(voivodeship)
            self.by_key[(normalise(borough), normalise(district), code)].append(row_id)
            names = {
                "id": row_id,
                "borough_name": borough,
                "district_name": district,
                "voivodeship_name": voivodeship,
                "teryt": teryt,
            }
            self.by_name[normalise(borough)].append(names)
            self.by_id[row_id] = names
            if teryt:
                self.by_teryt[teryt] = row_id

    def find(self, name, district, voivodeship):
        """The ids of the matching gminy: none, one, or several when the hierarchy repeats one."""
        code = voivodeship_code(voivodeship) or normalise(voivodeship)
        return list(self.by_key.get((normalise(name), normalise(district), code), ()))

    def find_code(self, teryt):
        """The id of the live gmina with that TERYT code ('1206012'; spaces, dashes and a
        spreadsheet number's lost leading zero allowed) in a list, or []."""
        code = teryt_gmina_code(teryt)
        return [self.by_teryt[code]] if code in self.by_teryt else []

    def locate(self, name, district, voivodeship, teryt=None):
        """By the TERYT code when one is given, else by the three names: the ids found."""
        if teryt not in (None, ""):
            return self.find_code(teryt)
        return self.find(name, district, voivodeship)

    def candidates(self, name):
        """The live gminy of that name anywhere, for an error that names them."""
        return list(self.by_name.get(normalise(name), ()))

    def describe(self, ids):
        """'Bolesławiec (powiat bolesławiecki, województwo dolnośląskie, kod TERYT 0201011); ...':
        the gminy `ids` for an error about an ambiguous name."""
        return "; ".join(_described(self.by_id[i]) for i in ids if i in self.by_id)


def _described(names):
    code = f", kod TERYT {names['teryt']}" if names.get("teryt") else f", id {names['id']}"
    return f"{names['borough_name']} (powiat {names['district_name']}, województwo {names['voivodeship_name']}{code})"


def teryt_gmina_code(value):
    """A gmina's seven-digit TERYT code as written in a cell ('1206012', '12 06 01 2',
    '120601-2', the number 206012 for '0206012'), or None when it is none."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    digits = "".join(ch for ch in str(value) if ch not in " -_")
    if len(digits) == 6 and digits.isdigit():
        digits = "0" + digits
    return digits if len(digits) == 7 and digits.isdigit() else None


# The kinds of gmina the register knows (RODZ, the last digit of a gmina's TERYT code).
GMINA_KINDS = {"1": "gmina miejska", "2": "gmina wiejska", "3": "gmina miejsko-wiejska"}


def gmina_kind(teryt=None, kind=None):
    """'gmina miejska', 'gmina wiejska' or 'gmina miejsko-wiejska': from the TERYT code's last
    digit (the register's), else from a stored RODZ digit (`kind`); None when unknown."""
    if teryt and len(teryt) == 7:
        return GMINA_KINDS.get(teryt[-1])
    return GMINA_KINDS.get(kind) if kind else None


def same_name_qualifiers(rows, with_code=False):
    """{id: qualifier} of the gminy that share their name with another live gmina of the same
    district (the register has e.g. Bolesławiec gmina miejska and Bolesławiec gmina wiejska, both
    in powiat bolesławiecki): the district, shown beside every gmina, cannot tell them apart, the
    kind can. `rows`: (id, name, district_id, teryt, kind) of every live gmina of the districts
    concerned. The qualifier is the kind when it tells the gmina apart, else its id; `with_code`
    (the panel) adds the TERYT code. Gminy without a namesake get none."""
    ties = defaultdict(list)
    for row_id, name, district_id, teryt, kind in rows:
        ties[(district_id, normalise(name))].append((row_id, teryt, gmina_kind(teryt, kind)))
    qualifiers = {}
    for group in ties.values():
        if len(group) < 2:
            continue
        kinds = [kind for _, _, kind in group]
        for row_id, teryt, kind in group:
            parts = [kind if kind and kinds.count(kind) == 1 else f"id {row_id}"]
            if with_code and teryt:
                parts.append(f"kod TERYT {teryt}")
            qualifiers[row_id] = ", ".join(parts)
    return qualifiers


def shown_name(name, qualifier):
    """'Bolesławiec (gmina miejska)': a gmina's name as lists and public tables show it."""
    return f"{name} ({qualifier})" if qualifier else name


class Gazetteer:
    """The interface, and the answer when no enabled plugin keeps a hierarchy: no gminy."""

    # The names of the tables the answers are read from: a public payload that shows names
    # from the gazetteer changes version when they change (`smogpanel.data_versions.GAZETTEER`).
    tables = ()

    # The API path (under /api) listing every live gmina for the panel's gmina picker: GET, sortable
    # by name, rows {id, name, label?, district_name, voivodeship_name}. The shell learns it from
    # its configuration (`gminyPath`, smogpanel.web.client_config), so it names no plugin.
    gminy_path = None
    # The same for the voivodeships (rows {id, name}): the accounts' voivodeship scopes choose from it.
    voivodeships_path = None

    def boroughs_by_ids(self, db, ids):
        """{id: {borough_name, district_name, voivodeship_name}} of the live gminy among `ids`.
        `borough_name` is the name as shown: with the kind in brackets when another live gmina
        of that name lies in the same district ('Bolesławiec (gmina miejska)', `shown_name`)."""
        return {}

    def all_boroughs(self, db):
        """The same for every live gmina."""
        return {}

    def borough_index(self, db):
        """A `BoroughIndex` of every live gmina (with their TERYT codes, when the keeper has them)."""
        return BoroughIndex(())

    def voivodeships(self, db):
        """{id: {name, code}} of the live voivodeships (code: two letters, or None)."""
        return {}

    def forget(self):
        """Forgets what the keeper holds between requests (smogpanel.app_state); nothing here."""

    # -- in SQL: lists search, filter and sort by the names in the database (smogpanel.listing) --
    def names_select(self):
        """A select of every live gmina's (id, borough_name, district_name, voivodeship_name,
        district_id, voivodeship_id, teryt) over the keeper's tables, for a list to join or
        search in its own query; None when no plugin keeps gminy."""
        return None

    def voivodeship_names_select(self):
        """A select of every live voivodeship's (id, name); None when none is kept."""
        return None

    def voivodeships_of(self, db, borough_ids):
        """{gmina id: its voivodeship's id} of the live gminy among `borough_ids`, in one query
        over `names_select` (what a voivodeship-scoped account's rules ask, smogpanel.authority)."""
        names, ids = self.names_select(), sorted({i for i in borough_ids if i is not None})
        if names is None or not ids:
            return {}
        names = names.subquery()
        rows = db.execute(sa.select(names.c.id, names.c.voivodeship_id).where(names.c.id.in_(ids)))
        return dict(rows.all())


def find_gazetteer(plugin_manager):
    """The enabled plugins' gazetteer (the first one returned), or the empty one."""
    return plugin_manager.hook.smogpanel_gazetteer() or Gazetteer()


def gazetteer(request):
    return request.registry["smogpanel.gazetteer"]


NAME_FIELDS = ("borough_name", "district_name", "voivodeship_name")


def attach_names(request, rows, voivodeships=None):
    """Adds NAME_FIELDS to rows (dicts with `borough_id`, and `voivodeship_id` where a row may
    name a voivodeship instead of a gmina): the names of a gone gmina are None."""
    db, places = request.db, gazetteer(request)
    boroughs = places.boroughs_by_ids(db, [row["borough_id"] for row in rows if row["borough_id"]])
    voivodeships = (
        voivodeships
        if voivodeships is not None
        else (places.voivodeships(db) if any(row.get("voivodeship_id") for row in rows) else {})
    )
    empty = dict.fromkeys(NAME_FIELDS)
    for row in rows:
        if row["borough_id"]:
            row.update(boroughs.get(row["borough_id"], empty))
        else:
            row.update(empty)
            if row.get("voivodeship_id") in voivodeships:
                row["voivodeship_name"] = voivodeships[row["voivodeship_id"]]["name"]
    return rows


def includeme(config):
    keeper = config.registry["smogpanel.gazetteer"] = find_gazetteer(config.registry.plugin_manager)
    if hasattr(keeper, "forget"):  # a keeper need not subclass Gazetteer; one with state says how to drop it
        hold(config.registry, keeper)
