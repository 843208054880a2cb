"""What each kind's fields are, as history shows them: described once per kind from its colander
schema and a few per-field declarations, so a plugin declares a field's wording once.

The schema gives the title, the type (text, number, date, boolean, file), the choices of a
`OneOf` validator and the kind a reference points to (`refers_to`, smogpanel.schemas.Id). A
field adds what the schema cannot say, as keyword arguments of its `SchemaNode`:

    colander.SchemaNode(String(), title="Styl", options={"LIGHT": "Jasny", "SEA": "Morski"})
    colander.SchemaNode(Boolean(), title="Odliczanie", form_title="Odwrotne liczenie",
                        options={True: "nie", False: "tak"})   # the form asks the opposite
    LongText("Treść", widget="richtext")     # HTML: history shows a text diff
    colander.SchemaNode(colander.Int(), title="Miejsce", widget="place")  # stored from 0, shown from 1

- `form_title`: the form's own wording, when it differs from `title` (the API's messages);
- `options`: {value: label} of a choice, or {True: …, False: …} of a boolean;
- `widget`: "richtext", "place" or "checkbox" (a 0/1 number the form shows as a checkbox).

A Resource whose entries record fields its form schema does not hold (an account's role and
scopes) describes them in `history_extra_fields(request)` -> {name: Field}; a list of choices
or references reads as their names joined, or `empty` when there are none.

A sequence of mappings with `key` and `value` is a record's keyed values (smogpanel.keyed_values: a
measurement's properties, a search entry's or a graph entry's values); any other sequence of
mappings is a list of sub-records matched by `id` (a map's property keys).
"""

from dataclasses import dataclass, field

import colander

from ..deprecation import moved
from ..numbers import Number
from ..schemas import Boolean, FileValue, Flag

TEXT, NUMBER, DATE, BOOLEAN, CHOICE, REFERENCE, PLACE, RICHTEXT, FILE, KEYED, LIST = (
    "text",
    "number",
    "date",
    "boolean",
    "choice",
    "reference",
    "place",
    "richtext",
    "file",
    "keyed",
    "list",
)
YES_NO = {True: "tak", False: "nie"}


@dataclass(frozen=True)
class Field:
    name: str
    title: str
    type: str = TEXT
    options: dict | None = None  # {value: label}; booleans by True/False
    refers_to: str | None = None  # the kind a reference points to
    item: dict = field(default_factory=dict)  # a LIST's item fields {name: Field}
    empty: str | None = None  # how an empty list of choices or references reads ("wszystkie")

    def described(self):
        """As the history answer's `fields` describes it (docs/api.md, "History")."""
        data = {"title": self.title, "type": self.type}
        if self.options:
            data["options"] = {_key(value): label for value, label in self.options.items()}
        if self.refers_to:
            data["refers_to"] = self.refers_to
        if self.item:
            data["item"] = {name: inner.described() for name, inner in self.item.items()}
        return data


def _key(value):
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _one_of(validator):
    """The choices of a OneOf validator, also inside colander.All."""
    if isinstance(validator, colander.OneOf):
        return validator.choices
    for inner in getattr(validator, "validators", ()):
        found = _one_of(inner)
        if found:
            return found
    return None


def field_of(node):
    title = getattr(node, "form_title", None) or node.title
    widget = getattr(node, "widget", None)
    options = getattr(node, "options", None)
    refers_to = getattr(node, "refers_to", None)
    typ = node.typ
    if widget == "richtext":
        return Field(node.name, title, RICHTEXT)
    if widget == "place":
        return Field(node.name, title, PLACE)
    if widget == "checkbox" or isinstance(typ, (Boolean, Flag)):
        return Field(node.name, title, BOOLEAN, dict(options or YES_NO))
    if options is None:
        choices = _one_of(node.validator)
        options = {choice: choice for choice in choices} if choices else None
    if options:
        return Field(node.name, title, CHOICE, dict(options))
    if refers_to:
        return Field(node.name, title, REFERENCE, refers_to=refers_to)
    if isinstance(typ, colander.Sequence) and node.children:
        item = node.children[0]
        names = {child.name for child in item.children}
        if {"key", "value"} <= names:
            return Field(node.name, title, KEYED)
        return Field(node.name, title, LIST, item={child.name: field_of(child) for child in item.children})
    if isinstance(typ, (Number, colander.Number)):
        return Field(node.name, title, NUMBER)
    if isinstance(typ, colander.Date):
        return Field(node.name, title, DATE)
    if isinstance(typ, FileValue):
        return Field(node.name, title, FILE)
    return Field(node.name, title, TEXT)


BESIDE_FORM = "smogpanel.history_fields_beside_form"


def add_fields_beside_form(registry, kind, fields):
    """History describes `fields` ({name: Field}) of `kind`'s records besides its form's: fields
    a part of the core keeps beside the record (a public record's download attribution)."""
    registry.setdefault(BESIDE_FORM, {}).setdefault(kind, {}).update(fields)


def form_fields_of(resource):
    """{field: Field} of a kind's form (its schema), kept on the resource."""
    found = getattr(resource, "_history_described", None)
    if found is None:
        found = {node.name: field_of(node) for node in resource.schema().children}
        resource._history_described = found
    return found


def fields_of(resource, request):
    """{field: Field} history describes a kind's entries with: its form's, those kept beside
    it (`add_fields_beside_form`), and the resource's own `history_extra_fields(request)` (an
    account's access, which its form does not hold)."""
    found = dict(form_fields_of(resource))
    found.update(request.registry.get(BESIDE_FORM, {}).get(resource.kind, {}))
    old = getattr(resource, "history_fields_beside_form", None)
    if old:
        moved(
            "Resource.history_fields_beside_form",
            "Resource.history_extra_fields(request) or smogpanel.history.fields.add_fields_beside_form",
        )
        found.update(old)
    extra = getattr(resource, "history_extra_fields", None)
    if extra is not None:
        found.update(extra(request))
    return found


PAGE_FIELDS = "smogpanel.history_fields_of_page"


def page_fields_of(resource, request):
    """`fields_of`, worked out once per request and kind: a page of the log asks it of every
    entry (its rows, its revert offer) and once more for the answer's `fields`."""
    memo = request.__dict__.setdefault(PAGE_FIELDS, {})
    found = memo.get(resource.kind)
    if found is None:
        found = memo[resource.kind] = fields_of(resource, request)
    return found


def page_order_of(resource, request):
    """{field: its place in the form} of `page_fields_of`, once per request and kind: the
    order rows and a revert's fields are shown in."""
    memo = request.__dict__.setdefault(PAGE_FIELDS + ".order", {})
    found = memo.get(resource.kind)
    if found is None:
        found = memo[resource.kind] = {name: index for index, name in enumerate(page_fields_of(resource, request))}
    return found


def labels_of(request, kind):
    """{field: Polish title} of a kind's form fields, for showing changes."""
    cache = request.registry.setdefault("smogpanel.history_labels", {})
    if kind not in cache:
        resource = request.registry["smogpanel.resources"].get(kind)
        cache[kind] = {node.name: node.title for node in resource.schema().children} if resource else {}
    return cache[kind]
