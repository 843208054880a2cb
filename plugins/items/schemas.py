"""What the item form may send (SPEC sections 5 and 7 "Letters, recipients, items"): the
shape here; each hook's value is checked against its type's hook in `values.py`."""

import colander

from smogpanel.item_types import BOROUGH, INTEGRATION, TEXT
from smogpanel.resources import MAX_ID
from smogpanel.schemas import MULTI_LINE, InternalName, String, Text, described


@described(type=None)
class AnyValue(colander.SchemaType):
    """A hook's value as sent (text, an id, or null); `values.check_hooks` judges it."""

    def serialize(self, node, appstruct):
        return appstruct

    def deserialize(self, node, cstruct):
        return None if cstruct is colander.null else cstruct


@described(
    anyOf=[
        {"required": [field], "properties": {field: {"type": "string", "minLength": 1}}}
        for field in ("item_type_hook_id", "item_type_hook_name")
    ]
)
def _hook_named(node, value):
    if not (value.get("item_type_hook_id") or value.get("item_type_hook_name")):
        raise colander.Invalid(node, "Każda właściwość musi mieć item_type_hook_id albo item_type_hook_name.")


class HookValueSchema(colander.MappingSchema):
    item_type_hook_id = colander.SchemaNode(String(), title="Właściwość", missing=None)
    item_type_hook_name = colander.SchemaNode(String(), title="Właściwość", missing=None)
    value = colander.SchemaNode(AnyValue(), title="Wartość", missing=None)


class HookValues(colander.SequenceSchema):
    hook = HookValueSchema(title="Właściwość", validator=_hook_named)


class ItemSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="elementu")
    item_type_id = colander.SchemaNode(String(), title="Typ", preparer=lambda v: v.strip() if isinstance(v, str) else v)
    # None (absent) on edit: the values stay as they are.
    hooks = HookValues(title="Właściwości", missing=None)


# -- the API description of the types' hooks (values.check_hooks on creation) ------------------
# A text's rule: after trimming, one visible character; tab and line breaks allowed.
_VISIBLE_TEXT = MULTI_LINE[:-1] + r"[^\s\x00-\x1f\x7f-\x9f]" + MULTI_LINE[1:]
_ID = {"type": "integer", "minimum": 1, "maximum": MAX_ID}


def _named(names):
    """A hook entry naming one of `names` (by item_type_hook_id, or by item_type_hook_name when
    the id is empty)."""
    return {
        "type": "object",
        "anyOf": [
            {"required": ["item_type_hook_id"], "properties": {"item_type_hook_id": {"enum": names}}},
            {
                "required": ["item_type_hook_name"],
                "properties": {"item_type_hook_id": {"enum": [None, ""]}, "item_type_hook_name": {"enum": names}},
            },
        ],
    }


def _value(hook):
    if hook.type == TEXT:
        return {"type": "string", "maxLength": 2000, "pattern": _VISIBLE_TEXT}
    kind = "borough" if hook.type == BOROUGH else "voivodeship"
    return {
        "anyOf": [_ID, {"type": "object", "required": ["id"], "properties": {"id": _ID}}],
        "x-refers-to": kind,
    }


def _hooks_of(item_type):
    """A type's hooks: every entry names one of them, every entry naming an entered hook holds a
    value by its rule (a hook sent twice counts as its last entry: both must be right), and each
    entered hook is among them (INTEGRATION hooks are the integration's to fill)."""
    entered = [hook for hook in item_type.hooks if hook.type != INTEGRATION]
    rules = [
        {"if": _named([hook.name]), "then": {"required": ["value"], "properties": {"value": _value(hook)}}}
        for hook in entered
    ]
    schema = {"type": "array", "items": {"allOf": [_named([hook.name for hook in item_type.hooks]), *rules]}}
    if entered:
        schema["allOf"] = [{"contains": _named([hook.name])} for hook in entered]
    return {"required": ["hooks"], "properties": {"hooks": schema}} if entered else {"properties": {"hooks": schema}}


def _described_by_type(node):
    """On creation (the edit schema has no item_type_id: the type is the stored one): the enabled
    plugins' item types, and for each the hooks it requires with their values' rules. Read from
    the app's registry, which the API description binds (`node.bindings`)."""
    registry = (node.bindings or {}).get("registry")
    if registry is None or "item_type_id" not in node:
        return {}
    from .types import catalogue

    types = catalogue(registry).types
    return {
        "allOf": [
            {"properties": {"item_type_id": {"enum": sorted(types)}}},
            *(
                {
                    "if": {"required": ["item_type_id"], "properties": {"item_type_id": {"const": code}}},
                    "then": _hooks_of(item_type),
                }
                for code, item_type in sorted(types.items())
            ),
        ]
    }


ItemSchema.openapi = staticmethod(_described_by_type)
