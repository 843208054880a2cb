"""The rankings' parents (a payload's ranking, group or entry: `.live` loads it or answers a 400
naming the field) and the chains from an entry or a group up to its ranking."""

from smogpanel.regions import voivodeship_code
from smogpanel.resources import Parent

RANK = Parent("rank", "rank_id", "Wybrany ranking nie istnieje albo został usunięty.")
RANK_GROUP = Parent("rank_group", "rank_group_id", "Wybrana grupa nie istnieje albo została usunięta.")
RANK_ENTRY = Parent("rank_entry", "rank_entry_id", "Wybrana pozycja nie istnieje albo została usunięta.")


def load_group(request, group_id, field="rank_group_id"):
    """The live group and its ranking."""
    group = RANK_GROUP.live(request, group_id, field)
    return group, RANK.live(request, group.rank_id, field)


def load_entry(request, entry_id, field="rank_entry_id"):
    """The live entry, its group and its ranking."""
    entry = RANK_ENTRY.live(request, entry_id, field)
    group, rank = load_group(request, entry.rank_group_id, field)
    return entry, group, rank


def voivodeships_with_codes(places, db):
    """{id: {name, code}} of the live voivodeships from the gazetteer, the two-letter code
    derived from the name where the hierarchy keeps none (a voivodeship added by hand)."""
    return {
        vid: {"name": info["name"], "code": info["code"] or voivodeship_code(info["name"])}
        for vid, info in places.voivodeships(db).items()
    }
