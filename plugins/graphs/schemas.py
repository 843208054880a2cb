"""What the graph forms may send (SPEC sections 5 and 7 "Graphs"), checked before anything is
written. Messages are Polish. Type-dependent rules (keys or key groups, the unit, entry colours)
are checked by the views, which know the graph's type."""

import colander

from smogpanel.keyed_values import ConfirmRemoval, distinct_names
from smogpanel.numbers import Number
from smogpanel.schemas import FlagNode, Id, InternalName, LongText, OptionalText, Text, UploadNode, described
from smogpanel.spreadsheets.imports import header_key

from .colors import ColorNode
from .models import GROUPED, STYLES, TYPES

# The chart types' labels: the form's options (GET /api/form/graph) and history's.
TYPE_LABELS = {
    "BAR": "słupkowy (BAR)",
    "CIRCLE": "kołowy (CIRCLE)",
    "LINE": "liniowy (LINE)",
    "MULTILINE": "wieloliniowy (MULTILINE)",
}
GOAL_MINIMUM = 1  # SPEC 9
COLOR_HELP = "Angielska nazwa (np. {example}), rgb(…), rgba(…) albo #rrggbb."
VALUE_MINIMUM = 0  # SPEC 9


def _upper(value):
    return value.strip().upper() if isinstance(value, str) else value


def Choice(name, title, choices, message, options=None):
    return colander.SchemaNode(
        colander.String(),
        name=name,
        title=title,
        preparer=_upper,
        validator=colander.OneOf(choices, msg_err=message),
        options=options,  # {code: the form's label}, for history
    )


def KeyId(title):
    return colander.SchemaNode(
        colander.Int(),
        name="id",
        title=title,
        missing=None,
        validator=colander.Range(min=1, min_err="Niepoprawny identyfikator."),
        refers_to="graph_key",  # a key of this very graph (only the database knows them)
    )


class GraphKeySchema(colander.MappingSchema):
    id = KeyId("Identyfikator klucza")
    name = Text("Nazwa klucza")
    short_name = Text("Krótka nazwa klucza", max_length=100, form_label="Krótka nazwa")


_distinct_names = distinct_names("„{name}” występuje dwa razy. Nazwy kluczy wykresu muszą się różnić.")
_distinct_groups = distinct_names("„{name}” występuje dwa razy. Nazwy grup kluczy muszą się różnić.")
SHORT_TWICE = (
    "Krótka nazwa „{short}” występuje dwa razy (klucze „{first}” i „{name}”). Krótkie nazwy kluczy "
    "wykresu muszą się różnić."
)


def _short_names(keys_at):
    """Errors for short names that stand for two keys of different names (compared as imports
    match them): the chart's categories carry the short names, so such keys would look the same.
    Keys of one name in different key groups are one category and may share theirs.
    `keys_at`: [(path of the key list, index, key)]."""
    first, errors = {}, []
    for path, index, key in keys_at:
        short = header_key(key["short_name"])
        seen = first.setdefault(short, key)
        if header_key(seen["name"]) != header_key(key["name"]):
            errors.append(
                (path, index, SHORT_TWICE.format(short=key["short_name"], first=seen["name"], name=key["name"]))
            )
    return errors


def _raise(node, errors):
    """`errors` [(path of node names and indexes below `node`, index, message)] as one colander error."""
    if not errors:
        return
    top = colander.Invalid(node)
    for path, index, message in errors:
        parent, error = node, top
        for step in path:
            child = parent.children[0] if isinstance(step, int) else parent[step]
            inner = colander.Invalid(child)
            error.add(inner, step if isinstance(step, int) else parent.children.index(child))
            parent, error = child, inner
        error.add(colander.Invalid(parent.children[0], message), index)
    raise top


def _distinct_keys(node, keys):
    _distinct_names(node, keys)
    _raise(node, _short_names([((), index, key) for index, key in enumerate(keys or ())]))


def _distinct_key_groups(node, groups):
    _distinct_groups(node, groups)
    _raise(
        node,
        _short_names(
            [
                ((index, "graph_keys"), position, key)
                for index, group in enumerate(groups or ())
                for position, key in enumerate(group["graph_keys"])
            ]
        ),
    )


class GraphKeys(colander.SequenceSchema):
    key = GraphKeySchema(title="Klucz")


class GraphKeyGroupSchema(colander.MappingSchema):
    id = KeyId("Identyfikator grupy kluczy")
    name = Text("Nazwa grupy kluczy", form_label="Nazwa grupy")
    color = ColorNode("Kolor grupy", form_label="Kolor", description=COLOR_HELP.format(example="red"))
    graph_keys = GraphKeys(title="Klucze grupy", missing=(), validator=_distinct_keys)


class GraphKeyGroups(colander.SequenceSchema):
    group = GraphKeyGroupSchema(title="Grupa kluczy")


class GraphSchema(colander.MappingSchema):
    title = OptionalText("Tytuł")
    subtitle = OptionalText("Podtytuł")
    name = Text("Nazwa")
    internal_name = InternalName(of="wykresu", view="graph")
    subname = OptionalText("Podnazwa")
    unit = OptionalText("Jednostka", max_length=100, description="Np. szt., zł, %.")
    source = OptionalText("Źródło")
    legend = LongText("Legenda")
    graph_type_name = Choice(
        "graph_type_name",
        "Typ wykresu",
        TYPES,
        "Wybierz typ wykresu: BAR, CIRCLE, LINE albo MULTILINE.",
        TYPE_LABELS,
    )
    graph_style_name = Choice(
        "graph_style_name",
        "Motyw",
        STYLES,
        "Wybierz motyw: CLASSIC albo MODERN.",
        {"CLASSIC": "classic", "MODERN": "modern"},
    )
    position_title = Text("Tytuł pozycji")
    value_title = Text("Tytuł wartości", description="Możesz użyć %GROUP%: zostanie zastąpione nazwą wybranej grupy.")
    # None (absent) on edit: the keys stay as they are. Both drawn by the screens' 'graph_keys'
    # widget (web/src/keys.jsx); the form shows the one the type keeps.
    graph_keys = GraphKeys(
        title="Klucze", form_label="Klucze wykresu", missing=None, validator=_distinct_keys, widget="graph_keys"
    )
    graph_key_groups = GraphKeyGroups(
        title="Grupy kluczy", missing=None, validator=_distinct_key_groups, widget="graph_keys"
    )
    remove_keys_with_values = ConfirmRemoval()

    # The API description of structure.plan's rule: keys live in key groups for BAR and LINE,
    # as plain keys for the others; the other family's list must be absent or empty.
    openapi = {
        "if": {"required": ["graph_type_name"], "properties": {"graph_type_name": {"enum": list(GROUPED)}}},
        "then": {"properties": {"graph_keys": {"maxItems": 0}}},
        "else": {"properties": {"graph_key_groups": {"maxItems": 0}}},
    }


class GraphGroupSchema(colander.MappingSchema):
    name = Text("Nazwa grupy", description="Np. rok: 2024.")
    graph_id = Id("Wykres", refers_to="graph")


# -- entries --------------------------------------------------------------------------------
def _minimum(minimum, message):
    @described(minimum=minimum)
    def validator(node, value):
        if value is not None and value < minimum:
            raise colander.Invalid(node, message)

    return validator


def Values():
    """`values`: [{key: {id}, group: {id} (BAR and LINE, optional), value: {value}}]; an empty
    value means no value for that key."""
    values = colander.SchemaNode(colander.Sequence(), name="values", title="Wartości", missing=None)
    item = colander.SchemaNode(colander.Mapping(), name="item", title="Wartość")
    key = colander.SchemaNode(colander.Mapping(), name="key", title="Klucz")
    key.add(Id("Klucz", name="id"))
    group = colander.SchemaNode(colander.Mapping(), name="group", title="Grupa kluczy", missing=None)
    group.add(Id("Grupa kluczy", name="id", missing=None))
    value = colander.SchemaNode(colander.Mapping(), name="value", title="Wartość", missing={"value": None})
    value.add(
        colander.SchemaNode(
            Number(),
            name="value",
            title="Wartość",
            missing=None,
            validator=_minimum(VALUE_MINIMUM, "Wartość nie może być mniejsza niż 0."),
        )
    )
    item.add(key)
    item.add(group)
    item.add(value)
    values.add(item)
    return values


def GraphEntrySchema():
    """POST /api/graph_entry/ (and, without the group id, POST /api/graph_entry/<id>)."""
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(Text("Nazwa", name="name"))
    schema.add(
        colander.SchemaNode(
            colander.String(),
            name="color",
            title="Kolor",
            form_label="Kolor linii",
            description=COLOR_HELP.format(example="navy"),
            missing="",
        )
    )
    schema.add(FlagNode("Z celem", name="with_goal", form_title="Wpis ma cel"))
    schema.add(
        colander.SchemaNode(
            Number(),
            name="goal",
            title="Cel",
            missing=None,
            validator=_minimum(GOAL_MINIMUM, "Cel musi wynosić co najmniej 1."),
        )
    )
    goal_texts = (
        ("goal_progress_info", "Opis postępu celu", "Opis postępu", "Np. „Złożone wnioski”."),
        ("goal_value_info", "Opis wartości celu", "Opis celu", "Np. „Cel programu”."),
        ("goal_value_subinfo", "Dopisek wartości celu", "Dopisek celu", "Np. „do końca 2029 r.”."),
    )
    for name, title, label, help_text in goal_texts:
        schema.add(OptionalText(title, name=name, form_label=label, description=help_text))
    schema.add(Values())
    schema.add(Id("Grupa", refers_to="graph_group", name="graph_group_id"))
    return schema


def GraphImportSchema():
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(Text("Nazwa", name="name"))
    schema.add(Id("Wykres", refers_to="graph", name="graph_id"))
    schema.add(colander.SchemaNode(colander.String(), name="type", title="Typ pliku", missing=None))
    # {name, data}; checked (400, 413, 422) by the import itself.
    schema.add(UploadNode(name="file", missing=None))
    return schema
