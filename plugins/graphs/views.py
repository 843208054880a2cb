"""Every endpoint of SPEC section 7 "Graphs": graphs (with keys or key groups), graph groups,
graph entries (with values and goals) and the import."""

from smogpanel.db import utcnow
from smogpanel.envelope import ApiError
from smogpanel.importing import Import
from smogpanel.numbers import json_number
from smogpanel.resources import Parent, PublicResource, Resource, column_filter

from . import structure
from .colors import MESSAGE as COLOR_MESSAGE
from .colors import normalize_color
from .imports import BY_GRAPH_TYPE, write_entry
from .models import TYPES, Graph, GraphEntry, GraphGroup
from .schemas import GraphEntrySchema, GraphGroupSchema, GraphImportSchema, GraphSchema
from .values import VALUES, group_dict, live_groups, live_keys, values_of

GOAL_FIELDS = ("goal_progress_info", "goal_value_info", "goal_value_subinfo")
REQUIRED_WITH_GOAL = "To pole jest wymagane, gdy wpis ma cel."
# A group's parent, and the graph an import fills.
GRAPH = Parent("graph", "graph_id", "Wybrany wykres nie istnieje albo został usunięty.")
GRAPH_GROUP = Parent("graph_group", "graph_group_id", "Wybrana grupa nie istnieje albo została usunięta.")


class GraphResource(PublicResource):
    kind = "graph"
    model = Graph
    schema = GraphSchema
    label = "wykres"
    sortable = ("id", "name", "internal_name", "graph_type_name", "graph_style_name", "updated")
    filters = (column_filter("graph_type_name", "Typ wykresu", Graph.graph_type_name, TYPES),)

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        keys = live_keys(request.db, obj.id)
        data["graph_keys"] = [VALUES.key_dict(key) for key in keys if key.key_group_id is None]
        data["graph_key_groups"] = [group_dict(group, keys) for group in live_groups(request.db, obj.id)]
        return data

    @staticmethod
    def split(data):
        data = dict(data)
        keys, groups = data.pop("graph_keys", None), data.pop("graph_key_groups", None)
        allow_removal = bool(data.pop("remove_keys_with_values", 0))
        if data.get("graph_type_name", "BAR") != "BAR":
            data["unit"] = ""  # SPEC 3: the unit belongs to bar charts
        return data, keys, groups, allow_removal

    def create(self, request, data):
        data, keys, groups, _ = self.split(data)
        structure.plan(request.db, None, data["graph_type_name"], keys, groups)
        self.check_unique(request, data)
        obj = Graph(**data)
        request.db.add(obj)
        self.flush(request)
        structure.sync(request.db, obj, keys or [], groups or [], allow_removal=False)
        return obj

    def update(self, request, obj, data):
        data, keys, groups, allow_removal = self.split(data)
        structure.plan(request.db, obj.id, data["graph_type_name"], keys, groups)
        for name, value in data.items():
            setattr(obj, name, value)
        structure.sync(request.db, obj, keys, groups, allow_removal)
        obj.updated = utcnow()
        return obj


class GraphGroupResource(Resource):
    kind = "graph_group"
    model = GraphGroup
    schema = GraphGroupSchema
    label = "grupa"
    parent = GRAPH
    screen = "/graph/{graph}/group/{id}"
    list_all = False


class GraphEntryResource(Resource):
    kind = "graph_entry"
    model = GraphEntry
    schema = staticmethod(GraphEntrySchema)
    label = "wpis"
    parent = GRAPH_GROUP
    screen = "/graph/{graph}/group/{graph_group}/entry/{id}"
    list_all = False
    exact_numbers = True  # decimals arrive exactly as typed

    def graph_of(self, request, group_id):
        return request.db.get(Graph, GRAPH_GROUP.live(request, group_id).graph_id)

    def serialize(self, request, obj):
        data = super().serialize(request, obj)
        data["goal"] = json_number(obj.goal)
        graph = self.graph_of(request, obj.graph_group_id)
        rows = VALUES.value_rows(request.db, [obj.id]).get(obj.id, {})
        data["values"] = values_of(live_keys(request.db, graph.id), live_groups(request.db, graph.id), rows)
        return data

    def checked(self, graph, data):
        """`data` with the type-dependent rules applied (400 naming each field)."""
        data = dict(data)
        errors = []
        if graph.graph_type_name == "MULTILINE":
            color = normalize_color(data.get("color") or "")
            if not data.get("color"):
                errors.append({"name": "color", "description": "Kolor: To pole jest wymagane."})
            elif color is None:
                errors.append(
                    {"name": "color", "description": "Kolor: " + COLOR_MESSAGE.format(shown=str(data["color"])[:40])}
                )
            data["color"] = color or ""
        else:
            data["color"] = ""  # SPEC 3: the entry colour belongs to multiline charts
        if data.get("with_goal"):
            if data.get("goal") is None:
                errors.append({"name": "goal", "description": "Cel: " + REQUIRED_WITH_GOAL})
            for field in GOAL_FIELDS:
                if not data.get(field):
                    errors.append({"name": field, "description": REQUIRED_WITH_GOAL})
        if errors:
            raise ApiError("VALIDATION_FAILED", errors)
        return data

    def create(self, request, data):
        graph = self.graph_of(request, data["graph_group_id"])
        data = self.checked(graph, data)
        wanted = VALUES.check_values(data.pop("values") or [], live_keys(request.db, graph.id))
        obj = GraphEntry(**data)
        request.db.add(obj)
        self.flush(request)
        VALUES.write_values(request.db, {obj.id: wanted}, existing={})
        return obj

    def update(self, request, obj, data):
        graph = self.graph_of(request, obj.graph_group_id)
        data = self.checked(graph, data)
        values = data.pop("values")
        if values is not None:
            VALUES.write_values(request.db, {obj.id: VALUES.check_values(values, live_keys(request.db, graph.id))})
        for name, value in data.items():
            setattr(obj, name, value)
        obj.updated = utcnow()
        return obj


class GraphImport(Import):
    """POST /api/graph/import {graph_id, name, type, file}: one entry of the graph, named `name`,
    from a file of a type its graph type takes; all or nothing."""

    kind = "graph"
    description = "graph: import a spreadsheet"
    # Every graph type's; which ones a graph takes depends on its stored type (`allowed`).
    types = tuple(sorted({code for codes in BY_GRAPH_TYPE.values() for code in codes}))
    schema = staticmethod(GraphImportSchema)
    exact_numbers = True

    def target(self, request, data):
        return GRAPH.live(request, data["graph_id"])

    def allowed(self, request, data, graph):
        return BY_GRAPH_TYPE[graph.graph_type_name]

    def apply(self, request, data, graph, parsed):
        return write_entry(request, graph, data["name"], parsed)


def includeme(config):
    config.add_resource(GraphResource())
    config.add_resource(GraphGroupResource())
    config.add_resource(GraphEntryResource())
    config.add_import(GraphImport())
