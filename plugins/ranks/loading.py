"""The rankings' parents (a payload's ranking, group or entry: `.live` loads it or answers a 400
naming the field), the chains from an entry or a group up to its ranking, and the
voivodeships an import's codes name."""

from smogpanel.gazetteer import gazetteer
from smogpanel.regions import voivodeship_code
from smogpanel.resources import Parent
from smogpanel.spreadsheets.imports import ImportFailed

from .places import competition_places

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


def voivodeship_rows(request, numbers, locked):
    """[(voivodeship id, value, points, place)] of {code: number}; places from the numbers when
    the ranking's places are locked (the file carries none)."""
    known = voivodeships_with_codes(gazetteer(request), request.db)
    ids = {info["code"]: vid for vid, info in known.items() if info["code"]}
    missing = [code for code in numbers if code not in ids]
    if missing:
        raise ImportFailed.at("file", "W hierarchii brak województw o kodach: " + ", ".join(missing) + ".")
    codes = list(numbers)
    places = competition_places([numbers[code] for code in codes]) if locked else [None] * len(codes)
    return [(ids[code], numbers[code], numbers[code], place) for code, place in zip(codes, places)]
