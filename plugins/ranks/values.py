"""Rank values: a gmina's value in a group (gminy rankings) or a voivodeship's in an entry
(voivodeships rankings). Every write recomputes the places of its group or entry in the same
transaction (places.py); list rows carry borough_name, district_name and voivodeship_name."""

import sqlalchemy as sa

from smogpanel.envelope import ApiError
from smogpanel.gazetteer import NAME_FIELDS, gazetteer
from smogpanel.resources import Resource

from .loading import RANK_ENTRY, RANK_GROUP, load_entry, load_group
from .models import RankValue
from .places import refresh_places
from .schemas import RankValueEditSchema, RankValueSchema

PLACE_REQUIRED = "Miejsce: Ranking ma zablokowane przeliczanie miejsc – podaj miejsce."


class RankValueResource(Resource):
    kind = "rank_value"
    model = RankValue
    schema = RankValueSchema
    label = "wartość"
    parents = (RANK_GROUP, RANK_ENTRY)  # listed per group, and per entry in voivodeships rankings
    screen = "/rank/{rank}/group/{rank_group}/value/{id}"
    sortable = ("id", "value", "points", "place", "updated", *NAME_FIELDS)
    default_order = ("place", True)
    list_all = False
    exact_numbers = True  # decimals arrive exactly as typed
    gazetteer_names = True  # a gmina's value names it, a voivodeship's its voivodeship

    def screen_path(self, obj, ids):
        if obj.rank_entry_id is not None and {"rank", "rank_group"} <= ids.keys():  # under its entry
            return f"/rank/{ids['rank']}/group/{ids['rank_group']}/entry/{obj.rank_entry_id}/value/{obj.id}"
        return super().screen_path(obj, ids)

    def edit_schema(self):
        return RankValueEditSchema()

    # -- writes ----------------------------------------------------------------------
    def create(self, request, data):
        data = dict(data)
        if data["rank_entry_id"] is not None:
            entry, group, rank = load_entry(request, data["rank_entry_id"])
            self._check_voivodeship(request, data, entry)
            data.update(rank_group_id=group.id, borough_id=None)
        else:
            if data["rank_group_id"] is None:
                raise ApiError.invalid("rank_group_id", "Grupa: To pole jest wymagane.")
            group, rank = load_group(request, data["rank_group_id"])
            if rank.rank_type_name != "gminy":
                raise ApiError.invalid(
                    "rank_entry_id",
                    "W rankingu województw wartość dodaje się do pozycji grupy: wybierz pozycję (rank_entry_id).",
                )
            self._check_borough(request, data, group)
            data["voivodeship_id"] = None
        self._check_place(rank, data)
        obj = RankValue(**data)
        request.db.add(obj)
        self.flush(request)
        self._refresh(request, rank, obj)
        return obj

    def _check_borough(self, request, data, group):
        if data["borough_id"] is None:
            raise ApiError.invalid("borough_id", "Gmina: Wybierz gminę.")
        if data["borough_id"] not in gazetteer(request).boroughs_by_ids(request.db, [data["borough_id"]]):
            raise ApiError.invalid("borough_id", "Wybrana gmina nie istnieje albo została usunięta.")
        self._check_free(
            request,
            RankValue.rank_group_id == group.id,
            RankValue.borough_id == data["borough_id"],
            "borough_id",
            "Ta gmina ma już wartość w tej grupie. Popraw istniejącą wartość.",
        )

    def _check_voivodeship(self, request, data, entry):
        if data["voivodeship_id"] is None:
            raise ApiError.invalid("voivodeship_id", "Województwo: Wybierz województwo.")
        if data["voivodeship_id"] not in gazetteer(request).voivodeships(request.db):
            raise ApiError.invalid("voivodeship_id", "Wybrane województwo nie istnieje albo zostało usunięte.")
        self._check_free(
            request,
            RankValue.rank_entry_id == entry.id,
            RankValue.voivodeship_id == data["voivodeship_id"],
            "voivodeship_id",
            "To województwo ma już wartość w tej pozycji. Popraw istniejącą wartość.",
        )

    def _check_free(self, request, scope, who, field, message):
        clash = sa.select(RankValue.id).where(scope, who, RankValue.deleted.is_(None)).limit(1)
        if request.db.execute(clash).first() is not None:
            raise ApiError("CONFLICT", [{"name": field, "description": message}])

    @staticmethod
    def _check_place(rank, data):
        if rank.lock_place_refresh:
            if data.get("place") is None:
                raise ApiError.invalid("place", PLACE_REQUIRED)
        elif "place" in data:
            data["place"] = 0  # computed from points right after the write

    def _refresh(self, request, rank, obj):
        refresh_places(request.db, rank, rank_group_id=obj.rank_group_id, rank_entry_id=obj.rank_entry_id)
        request.db.expire(obj, ["place", "updated"])

    def _rank_of(self, request, obj):
        if obj.rank_entry_id is not None:
            return load_entry(request, obj.rank_entry_id)[2]
        return load_group(request, obj.rank_group_id)[1]

    def update(self, request, obj, data):
        data = dict(data)
        rank = self._rank_of(request, obj)
        self._check_place(rank, data)
        if not rank.lock_place_refresh:
            data.pop("place", None)
        for name, value in data.items():
            setattr(obj, name, value)
        self.flush(request)
        self._refresh(request, rank, obj)
        return obj

    def delete(self, request, obj):
        super().delete(request, obj)
        self.flush(request)
        self._refresh(request, self._rank_of(request, obj), obj)

    def after_import_reverted(self, request, objs):
        """The places of every group or entry whose values an import's revert deleted or put back."""
        scopes = {(obj.rank_group_id, obj.rank_entry_id): obj for obj in objs}
        for obj in scopes.values():
            self._refresh(request, self._rank_of(request, obj), obj)
