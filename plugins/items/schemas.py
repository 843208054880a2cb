"""What the item form may send (SPEC sections 5 and 7 "Letters, recipients, items"): the
shape here; each hook's value is checked against its type's hook in `values.py`."""

import colander

from smogpanel.schemas import InternalName, String, Text


class AnyValue(colander.SchemaType):
    """A hook's value as sent (text, an id, or null); `values.check_hooks` judges it."""

    def serialize(self, node, appstruct):
        return appstruct

    def deserialize(self, node, cstruct):
        return None if cstruct is colander.null else cstruct


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
    internal_name = InternalName()
    item_type_id = colander.SchemaNode(String(), title="Typ", preparer=lambda v: v.strip() if isinstance(v, str) else v)
    # None (absent) on edit: the values stay as they are.
    hooks = HookValues(title="Właściwości", missing=None)
