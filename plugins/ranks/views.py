"""Rankings, their groups and entries: SPEC section 7 "Rankings" (values in values.py)."""

import sqlalchemy as sa

from smogpanel.envelope import ApiError
from smogpanel.files import IMAGES
from smogpanel.resources import PublicResource, Resource, column_filter

from .loading import RANK, RANK_GROUP, load_group
from .models import RANK_TYPES, Rank, RankEntry, RankGroup
from .places import refresh_places
from .schemas import RankEntrySchema, RankGroupSchema, RankSchema, required_titles


def _require_titles(rank_type_name, data):
    errors = [
        {"name": field, "description": f"{title}: To pole jest wymagane w rankingu tego typu."}
        for field, title in required_titles(rank_type_name).items()
        if not data.get(field)
    ]
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)


class RankResource(PublicResource):
    kind = "rank"
    model = Rank
    schema = RankSchema
    label = "ranking"
    fixed = ("internal_name", "rank_type_name")
    sortable = ("id", "name", "internal_name", "rank_type_name", "updated")
    filters = (column_filter("rank_type_name", "Typ rankingu", Rank.rank_type_name, RANK_TYPES),)
    uploads = {"logo_path": IMAGES}

    def create(self, request, data):
        _require_titles(data["rank_type_name"], data)
        return super().create(request, data)

    def update(self, request, obj, data):
        _require_titles(obj.rank_type_name, data)
        unlocking = obj.lock_place_refresh and not data.get("lock_place_refresh", obj.lock_place_refresh)
        super().update(request, obj, data)
        if unlocking:  # places entered by hand give way to places computed from points
            refresh_all(request.db, obj)
        return obj


def refresh_all(db, rank):
    groups = db.scalars(sa.select(RankGroup.id).where(RankGroup.rank_id == rank.id)).all()
    for group_id in groups:
        refresh_places(db, rank, rank_group_id=group_id)
    entries = db.scalars(
        sa.select(RankEntry.id)
        .join(RankGroup, RankGroup.id == RankEntry.rank_group_id)
        .where(RankGroup.rank_id == rank.id)
    ).all()
    for entry_id in entries:
        refresh_places(db, rank, rank_entry_id=entry_id)


class RankGroupResource(Resource):
    kind = "rank_group"
    model = RankGroup
    schema = RankGroupSchema
    label = "grupa"
    parent = RANK
    screen = "/rank/{rank}/group/{id}"
    list_all = False  # groups are listed per ranking: GET /api/rank_group/rank/<id>
    import_rows = "rank_value"  # a value import writes the group's values, asked row by row


class RankEntryResource(Resource):
    kind = "rank_entry"
    model = RankEntry
    schema = RankEntrySchema
    label = "pozycja"
    parent = RANK_GROUP
    screen = "/rank/{rank}/group/{rank_group}/entry/{id}"
    list_all = False
    import_rows = "rank_value"  # a value import writes the entry's values, asked row by row

    def check_parent(self, request, data):
        _, rank = load_group(request, data["rank_group_id"])
        if rank.rank_type_name != "voivodeships":
            raise ApiError.invalid(
                "rank_group_id",
                "Pozycje mają tylko rankingi województw; w rankingu gmin wartości dodaje się bezpośrednio do grupy.",
            )
