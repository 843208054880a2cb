"""Every items endpoint of SPEC section 7 "Letters, recipients, items", plus the 'Odśwież'
action:

    GET  /api/item/?order&asc      GET /api/item/<id>      DELETE /api/item/<id>
    POST /api/item/ {name, internal_name, item_type_id, hooks}
    POST /api/item/<id> {name, hooks}            (the type and internal name are fixed)
    POST /api/item/<id>/refresh                  (reads the item's integrations now)
    GET  /api/item_type/?order&asc               (the enabled plugins' types, by name)
"""

from cornice import Service

from smogpanel import history
from smogpanel.authority import authorize
from smogpanel.db import utcnow
from smogpanel.envelope import ApiError
from smogpanel.events import RecordUpdated
from smogpanel.item_types import INTEGRATION
from smogpanel.record_etags import carry_version
from smogpanel.resources import PublicResource, RecordRoute, Sorting

from .models import Item
from .refresh import fetch_all, plan, store, summarise
from .schemas import ItemSchema
from .types import catalogue
from .values import check_hooks, hooks_of, places_of

UNKNOWN_TYPE = "Wybierz typ z listy. Typu „{code}” nie dodaje żadna włączona wtyczka."
TYPE_FIXED = "Typu elementu nie można zmienić po utworzeniu."
TYPE_GONE = (
    "Typ tego elementu („{name}”) jest niedostępny: wtyczka, która go dodaje, nie jest zainstalowana "
    "albo włączona. Można zmienić tylko nazwę."
)
HIDDEN_COLUMNS = ("deleted", "hook_values", "integration_state")


class ItemResource(PublicResource):
    kind = "item"
    model = Item
    schema = ItemSchema
    label = "element"
    fixed = ("internal_name", "item_type_id")
    sortable = ("id", "name", "internal_name", "item_type_name", "updated")
    record_routes = (
        RecordRoute("refresh", "POST", "view_refresh", "item: read its integrations' sources now ('Odśwież')"),
    )

    # An item whose type has a gmina or voivodeship hook lies where its values say; an editor
    # scoped to voivodeships changes those inside them, and only reads items of no place.
    regional = True

    def regions_of(self, request, obj):
        return places_of(request, obj.hook_values or {})

    def columns(self):
        return [c for c in self.model.__table__.columns if c.name not in HIDDEN_COLUMNS]

    def item_type(self, request, code):
        return catalogue(request.registry).types.get(code)

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        item_type = self.item_type(request, obj.item_type_id)
        data["item_type_available"] = item_type is not None
        if item_type is not None:
            data["item_type_name"] = item_type.display_name
        data["hooks"] = hooks_of(request, obj, item_type)
        return data

    def view_list(self, request):
        answer = self.list_rows(request, self.list_statement())
        types = catalogue(request.registry).types
        for row in answer["list"]:
            item_type = types.get(row["item_type_id"])
            row["item_type_available"] = item_type is not None
            # 'Odśwież' is offered only where there is something to read.
            row["refreshable"] = item_type is not None and any(hook.type == INTEGRATION for hook in item_type.hooks)
            if item_type is not None:
                row["item_type_name"] = item_type.display_name
        return answer

    def create(self, request, data):
        item_type = self.item_type(request, data["item_type_id"])
        if item_type is None:
            raise ApiError.invalid("item_type_id", UNKNOWN_TYPE.format(code=data["item_type_id"]))
        self.check_unique(request, data)
        values = check_hooks(request, item_type, data.get("hooks") or [], {})
        obj = Item(
            name=data["name"],
            internal_name=data["internal_name"],
            item_type_id=item_type.code,
            item_type_name=item_type.display_name,
            hook_values=values,
            integration_state={},
        )
        request.db.add(obj)
        return obj

    def update(self, request, obj, data):
        sent = request.json_body if isinstance(request.json_body, dict) else {}
        if sent.get("item_type_id") not in (None, "", obj.item_type_id):
            raise ApiError.invalid("item_type_id", TYPE_FIXED)
        item_type = self.item_type(request, obj.item_type_id)
        if data.get("hooks") is not None:
            if item_type is None:
                raise ApiError.invalid("hooks", TYPE_GONE.format(name=obj.item_type_name))
            obj.hook_values = check_hooks(request, item_type, data["hooks"], obj.hook_values or {})
            obj.item_type_name = item_type.display_name
        obj.name = data["name"]
        obj.updated = utcnow()
        return obj

    def view_refresh(self, request):
        """'Odśwież': reads the item's sources now. The item is read, the request's transaction
        ended (a writing request holds SQLite's write lock from its first statement, the
        sign-in check's read, and must not hold it while sources are awaited), the sources
        fetched, then the readings written in a new transaction of the request."""
        item_id = int(request.matchdict["id"])
        item = self.load(request, item_id)
        authorize(request, self, "update", item)  # before the sources are fetched
        jobs = plan(request.registry, [item])
        request.tm.commit()
        fetch_all(request.registry, jobs)
        request.tm.begin()
        obj = self.load(request, item_id)  # deleted meanwhile: 404, nothing written
        before = self.history_snapshot(request, obj)
        store(request.registry, obj, jobs)
        self.flush(request)
        data = self.serialize(request, obj)
        after = self.history_snapshot(request, obj, data)
        carry_version(request, after)  # the open form saves against the refreshed item
        changes = history.changes_between(before, after)
        if changes:  # readings that changed nothing are no event in the item's history
            request.registry.notify(RecordUpdated(request, self.kind, obj.id, obj.name, changes))
        data["refresh"] = summarise(jobs).as_dict()
        return data

    def services(self):
        services = super().services()
        types = Service(
            name="item_type-collection",
            path="/api/item_type/",
            description="item_type: the item types of the enabled plugins (read-only)",
        )
        types.add_view("GET", list_item_types, renderer="envelope")
        return services + [types]


def type_dict(item_type, integrations):
    def integration_name(code):
        integration = integrations.get(code)
        return (integration.display_name or integration.source or code) if integration else code

    return {
        "id": item_type.code,
        "name": item_type.display_name,
        "display_name": item_type.display_name,
        "hooks": [
            {
                "id": hook.name,
                "name": hook.name,
                "display_name": hook.display_name,
                "type_name": hook.type,
                **({"unit": hook.unit} if hook.unit else {}),
                **(
                    {"integration": hook.integration, "integration_name": integration_name(hook.integration)}
                    if hook.integration
                    else {}
                ),
            }
            for hook in item_type.hooks
        ],
    }


def list_item_types(request):
    """GET /api/item_type/?order&asc: sorted by name ascending (SPEC 7); `asc=0` reverses."""
    order, asc = Sorting(fields={"name": None}, default=("name", True)).parse(request.params)
    known = catalogue(request.registry)
    return {"order": order, "asc": asc, "list": [type_dict(t, known.integrations) for t in known.sorted_types(asc)]}


def includeme(config):
    from . import types

    types.includeme(config)
    config.add_resource(ItemResource())
