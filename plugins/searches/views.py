"""Every endpoint of SPEC section 7 "Searches": the search and search-entry resources and the
entries' import."""

from smogpanel.db import utcnow
from smogpanel.envelope import ApiError
from smogpanel.gazetteer import NAME_FIELDS, gazetteer
from smogpanel.importing import Import
from smogpanel.keyed_values import KeyedResource, KeyList
from smogpanel.resources import Parent, PublicResource, Resource

from .imports import CODE, import_context, write_entries
from .models import Search, SearchEntry
from .schemas import SearchEntryImportSchema, SearchEntrySchema, SearchSchema
from .values import VALUES, entry_of

# Keys removed from the form are soft-deleted; one with entries' texts only when confirmed.
SEARCH_KEYS = KeyList(
    field="search_keys",
    fields=("name", "hide_name", "search_key_place_name", "value_type_name"),
    not_ours="Ta właściwość nie należy do tej wyszukiwarki (albo została usunięta). Odśwież formularz.",
    values_where=lambda count: "w 1 gminie" if count == 1 else f"w {count} gminach",
    lost="wpisane teksty zniknęłyby z kart gmin",
)
BOROUGH_GONE = "Wybrana gmina nie istnieje albo została usunięta."
TAKEN = "Ta gmina ma już wpis w tej wyszukiwarce. Edytuj istniejący wpis."
# An entry's parent, and the search an import fills.
SEARCH = Parent("search", "search_id", "Wybrana wyszukiwarka nie istnieje albo została usunięta.")


class SearchResource(KeyedResource, PublicResource):
    kind = "search"
    model = Search
    schema = SearchSchema
    label = "wyszukiwarka"
    keyed = VALUES
    key_list = SEARCH_KEYS
    import_rows = "search_entry"  # its import writes entries of gminy, asked row by row


class SearchEntryResource(Resource):
    kind = "search_entry"
    model = SearchEntry
    schema = staticmethod(SearchEntrySchema)
    label = "wpis"
    parent = SEARCH
    screen = "/search/{search}/entry/{id}"
    fixed = ("borough_id",)
    sortable = ("id", "updated", *NAME_FIELDS)
    default_order = ("id", True)  # SPEC 9: search entries by id ascending
    list_all = False  # entries are listed per search: GET /api/search_entry/search/<id>
    gazetteer_names = True  # gminy are another plugin's: names and their order come from the gazetteer

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["values"] = VALUES.entry_values(request.db, obj.id, obj.search_id)
        return data

    def create(self, request, data):
        data = dict(data)
        values = data.pop("values") or []
        self.check_parent(request, data)
        if not gazetteer(request).boroughs_by_ids(request.db, [data["borough_id"]]):
            raise ApiError.invalid("borough_id", BOROUGH_GONE)
        if entry_of(request.db, data["search_id"], data["borough_id"]) is not None:
            raise ApiError("CONFLICT", [{"name": "borough_id", "description": TAKEN}])
        wanted = VALUES.check_values(values, VALUES.live_keys(request.db, data["search_id"]))
        obj = SearchEntry(**data)
        request.db.add(obj)
        self.flush(request)
        VALUES.write_values(request.db, {obj.id: wanted}, existing={})
        return obj

    def update(self, request, obj, data):
        VALUES.rewrite(request.db, obj.id, data.get("values"), obj.search_id)
        obj.updated = utcnow()
        return obj

    def put_back(self, request, obj, fields):
        """An import's revert: the entry's texts as they were before it (`values`: [before, after],
        {key id: text})."""
        before = fields.get("values")
        if isinstance(before, list) and len(before) == 2 and isinstance(before[0], dict):
            VALUES.write_values(request.db, {obj.id: {int(key): text for key, text in before[0].items()}})
            obj.updated = utcnow()

    def restore(self, db, obj):
        if obj.deleted is not None and entry_of(db, obj.search_id, obj.borough_id) is not None:
            return "Nie można przywrócić: ta gmina ma już inny wpis w tej wyszukiwarce."
        return super().restore(db, obj)

    def view_list_by_parent(self, request):
        """Rows carry the gmina's, district's and voivodeship's names; sorting by a name
        follows the Polish alphabet (names come from the gazetteer: gminy are another plugin's)."""
        return super().view_list_by_parent(request)  # kept for its docstring: the OpenAPI summary


class SearchEntryImport(Import):
    """POST /api/search_entry/import: creates the gminy's entries that are missing and updates
    those already there; all or nothing."""

    kind = "search_entry"
    description = "search_entry: import entries from a spreadsheet"
    types = (CODE,)
    schema = staticmethod(SearchEntryImportSchema)

    def target(self, request, data):
        return SEARCH.live(request, data["search_id"])

    def context(self, request, data, search):
        return import_context(request, search)

    def apply(self, request, data, search, parsed):
        return write_entries(request, search, parsed)


def includeme(config):
    config.add_resource(SearchResource())
    config.add_resource(SearchEntryResource())
    config.add_import(SearchEntryImport())
