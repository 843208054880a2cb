"""Loading the live ranking, group or entry a payload names, or a 400 naming the field."""
from smogpanel.envelope import ApiError
from smogpanel.regions import voivodeship_code
from smogpanel.resources import MAX_ID

from .models import Rank, RankEntry, RankGroup


def live(request, model, record_id, field, message):
    obj = request.db.get(model, record_id) if record_id and record_id <= MAX_ID else None
    if obj is None or obj.deleted is not None:
        raise ApiError.invalid(field, message)
    return obj


def load_rank(request, rank_id, field="rank_id"):
    return live(request, Rank, rank_id, field, "Wybrany ranking nie istnieje albo został usunięty.")


def load_group(request, group_id, field="rank_group_id"):
    """The live group and its ranking."""
    group = live(request, RankGroup, group_id, field, "Wybrana grupa nie istnieje albo została usunięta.")
    return group, load_rank(request, group.rank_id, field)


def load_entry(request, entry_id, field="rank_entry_id"):
    """The live entry, its group and its ranking."""
    entry = live(request, RankEntry, entry_id, field, "Wybrana pozycja nie istnieje albo została usunięta.")
    group, rank = load_group(request, entry.rank_group_id, field)
    return entry, group, rank


def voivodeships_with_codes(places, db):
    """{id: {name, code}} of the live voivodeships from the gazetteer, the two-letter code
    derived from the name where the hierarchy keeps none (a voivodeship added by hand)."""
    return {vid: {"name": info["name"], "code": info["code"] or voivodeship_code(info["name"])}
            for vid, info in places.voivodeships(db).items()}
