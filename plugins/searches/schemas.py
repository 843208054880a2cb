"""What the search forms may send (SPEC sections 5 and 7 "Searches"), checked before anything
is written. Messages are Polish."""

import colander

from smogpanel.keyed_values import ConfirmRemoval, distinct_names
from smogpanel.schemas import FlagNode, Id, InternalName, OptionalText, String, Text, UploadNode
from smogpanel.spreadsheets.imports import header_key

from .models import PLACES, VALUE_TYPES

MAX_VALUE_LENGTH = 5000  # one key's text on a gmina's card
PLACE_LABELS = {"TOP": "góra", "LEFT": "lewa", "RIGHT": "prawa", "BOTTOM": "dół"}


def _upper(value):
    return value.strip().upper() if isinstance(value, str) else value


def Place():
    return colander.SchemaNode(
        String(),
        name="search_key_place_name",
        title="Miejsce",
        preparer=_upper,
        validator=colander.OneOf(PLACES, msg_err="Wybierz miejsce: TOP, LEFT, RIGHT albo BOTTOM."),
        options=PLACE_LABELS,
    )


class SearchKeySchema(colander.MappingSchema):
    id = colander.SchemaNode(
        colander.Int(),
        title="Identyfikator właściwości",
        missing=None,
        validator=colander.Range(min=1, min_err="Niepoprawny identyfikator właściwości."),
        refers_to="search_key",  # a key of this very record (only the database knows them)
    )
    name = Text("Nazwa właściwości")
    hide_name = FlagNode("Ukryj nazwę")
    search_key_place_name = Place()
    value_type_name = colander.SchemaNode(
        String(),
        title="Typ wartości",
        missing="TEXT",
        preparer=_upper,
        validator=colander.OneOf(VALUE_TYPES, msg_err="Jedyny typ wartości to TEXT."),
    )


class SearchKeys(colander.SequenceSchema):
    key = SearchKeySchema(title="Właściwość")


RESERVED = {"gmina", "powiat", "wojewodztwo"}  # the import's own columns (header_key form)
_distinct = distinct_names("„{name}” występuje dwa razy. Nazwy właściwości wyszukiwarki muszą się różnić.")


def _key_names(node, value):
    _distinct(node, value)
    for index, key in enumerate(value or ()):
        if header_key(key["name"]) in RESERVED:
            error = colander.Invalid(node)
            error.add(
                colander.Invalid(
                    node.children[0],
                    f"„{key['name']}” to nazwa kolumny importu (Gmina, Powiat, "
                    "Województwo). Nazwij właściwość inaczej.",
                ),
                index,
            )
            raise error


KEYS_HELP = (
    "Każda właściwość to jeden tekst na karcie gminy, w wybranym miejscu: u góry, po lewej, po prawej albo na "
    "dole. Z ukrytą nazwą karta pokazuje sam tekst. Nazwy właściwości są nagłówkami kolumn w imporcie WPG_XLS."
)


class SearchSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="wyszukiwarki", view="search")
    source = OptionalText("Źródło", description="Pokazywane pod kartą gminy, np. „Urzędy gmin, stan na marzec 2026”.")
    # None (absent) on edit: the keys stay as they are.
    search_keys = SearchKeys(
        title="Właściwości",
        form_label="Właściwości wyszukiwarki",
        description=KEYS_HELP,
        widget="rows",
        missing=None,
        validator=_key_names,
    )
    remove_keys_with_values = ConfirmRemoval()


# -- entries --------------------------------------------------------------------------------
def _value_text():
    """A key's text on the card: several lines allowed, control characters refused (core String)."""
    return colander.SchemaNode(
        String(multiline=True, allow_empty=True),
        name="value",
        title="Wartość",
        missing="",
        preparer=lambda v: v.strip() if isinstance(v, str) else v,
        validator=colander.Length(max=MAX_VALUE_LENGTH, max_err=f"Tekst może mieć najwyżej {MAX_VALUE_LENGTH} znaków."),
    )


def Values():
    """`values`: [{key: {id}, value: {value}}]; an empty text means no value for that key."""
    values = colander.SchemaNode(colander.Sequence(), name="values", title="Wartości", missing=None)
    item = colander.SchemaNode(colander.Mapping(), name="item", title="Wartość")
    key = colander.SchemaNode(colander.Mapping(), name="key", title="Właściwość")
    key.add(Id("Właściwość", name="id"))
    value = colander.SchemaNode(colander.Mapping(), name="value", title="Wartość", missing={"value": ""})
    value.add(_value_text())
    item.add(key)
    item.add(value)
    values.add(item)
    return values


def SearchEntrySchema():
    """POST /api/search_entry/ (and, values only, POST /api/search_entry/<id>)."""
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(Id("Wyszukiwarka", refers_to="search", name="search_id"))
    schema.add(Id("Gmina", refers_to="borough", name="borough_id", widget="gmina"))  # the kit's gmina picker
    schema.add(Values())
    return schema


def SearchEntryImportSchema():
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(Id("Wyszukiwarka", refers_to="search", name="search_id"))
    schema.add(colander.SchemaNode(String(), name="type", title="Typ pliku", missing=None))
    # {name, data}; checked (400, 413, 422) by the import itself.
    schema.add(UploadNode(name="file", missing=None))
    return schema
