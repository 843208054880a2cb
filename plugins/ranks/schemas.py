"""What the rankings' forms may send (SPEC sections 5 and 7 "Rankings"), checked before
anything is written. Messages are Polish."""

import colander

from smogpanel import numbers
from smogpanel.schemas import (
    NON_BLANK_LINE,
    FileNode,
    FlagNode,
    Id,
    InternalName,
    LongText,
    OptionalText,
    StringNode,
    Text,
    UploadNode,
    described,
)

from .models import RANK_TYPES

TYPE_LABELS = {"gminy": "gminy", "voivodeships": "województwa"}
DEFAULT_SUMMARY_TITLE = "Wszystkie pozycje"

PLACES = 4  # decimal places the value and points columns keep (numeric(20, 4))


def NumberNode(title, **kw):
    """A required number by the core's one number validation, rounded half up to PLACES."""
    return numbers.NumberNode(title, missing=colander.required, places=PLACES, **kw)


@described(enum=list(RANK_TYPES))
def _type_validator(node, value):
    if value not in RANK_TYPES:
        raise colander.Invalid(node, "Wybierz typ rankingu: gminy albo województwa (voivodeships).")


class RankSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="rankingu")
    rank_type_name = StringNode(
        "Typ rankingu",
        validator=_type_validator,
        options=TYPE_LABELS,
        description="Po utworzeniu nie można go zmienić.",
    )
    subname = OptionalText("Podtytuł")
    choose_group_title = OptionalText("Tytuł wyboru grupy")
    show_empty = FlagNode("Pokaż gminy bez wartości")
    search_value_title = OptionalText("Jednostka wyszukiwania")
    table_value_title = OptionalText("Jednostka w tabeli")
    logo_path = FileNode("Logo partnera")
    legend = LongText("Legenda")
    show_summary = FlagNode("Pokaż podsumowanie")
    summary_title = OptionalText(
        "Tytuł podsumowania",
        description="%FIRST_ENTRY% i %LAST_ENTRY% zostaną zastąpione nazwami pierwszej i ostatniej grupy.",
    )
    lock_place_refresh = FlagNode(
        "Zablokuj przeliczanie miejsc", form_label="Zablokuj przeliczanie miejsc (miejsca wpisywane ręcznie)"
    )


def required_titles(rank_type_name):
    """The unit fields SPEC 5 requires of a ranking of that type."""
    if rank_type_name == "gminy":
        return {"search_value_title": "Jednostka wyszukiwania", "table_value_title": "Jednostka w tabeli"}
    return {"table_value_title": "Jednostka w tabeli"}


# The API description of what views._require_titles checks on creation: the unit titles each
# type requires (an edit's type is the stored one, which its body does not carry).
RankSchema.openapi = {
    "allOf": [
        {
            "if": {"required": ["rank_type_name"], "properties": {"rank_type_name": {"const": rank_type}}},
            "then": {
                "required": list(required_titles(rank_type)),
                "properties": {
                    field: {"type": "string", "pattern": NON_BLANK_LINE} for field in required_titles(rank_type)
                },
            },
        }
        for rank_type in RANK_TYPES
    ]
}


class RankGroupSchema(colander.MappingSchema):
    name = Text("Nazwa")
    rank_id = Id("Ranking", refers_to="rank")


class RankEntrySchema(colander.MappingSchema):
    name = Text("Nazwa")
    hidden = FlagNode("Ukryta", form_label="Ukryta (niewidoczna w publicznym rankingu)")
    rank_group_id = Id("Grupa", refers_to="rank_group")


def _place(**kw):
    return colander.SchemaNode(
        colander.Int(),
        title="Miejsce",
        missing=None,
        widget="place",  # stored from 0, shown from 1 (history too)
        validator=colander.Range(
            min=0,
            max=100000,
            min_err="Miejsce musi być co najmniej 1.",
            max_err="Miejsce może wynosić najwyżej 100001.",
        ),
        **kw,
    )


POINTS_HELP = "Najwięcej punktów = miejsce 1."


class RankValueSchema(colander.MappingSchema):
    """POST /api/rank_value/: a gmina's value in a group ({rank_group_id, borough_id}) or a
    voivodeship's in an entry ({rank_entry_id, voivodeship_id})."""

    # The two shapes values.RankValueResource.create accepts (an entry wins over a group).
    openapi = {
        "oneOf": [
            {
                "required": ["rank_entry_id", "voivodeship_id"],
                "properties": {"rank_entry_id": {"type": "integer"}, "voivodeship_id": {"type": "integer"}},
            },
            {
                "required": ["rank_group_id", "borough_id"],
                "properties": {
                    "rank_entry_id": {"enum": [None, ""]},
                    "rank_group_id": {"type": "integer"},
                    "borough_id": {"type": "integer"},
                },
            },
        ]
    }

    value = NumberNode("Wartość")
    points = NumberNode("Punkty", description=POINTS_HELP)
    place = _place()  # zero-based; used only when the ranking's places are locked
    rank_group_id = Id("Grupa", refers_to="rank_group", missing=None)
    # chosen in the form by the kit's gmina picker and voivodeship select (their widgets)
    borough_id = Id("Gmina", refers_to="borough", missing=None, widget="gmina")
    rank_entry_id = Id("Pozycja", refers_to="rank_entry", missing=None)
    voivodeship_id = Id("Województwo", refers_to="voivodeship", missing=None, widget="voivodeship")


class RankValueEditSchema(colander.MappingSchema):
    value = NumberNode("Wartość")
    points = NumberNode("Punkty", description=POINTS_HELP)
    place = _place()


def _upload():
    # {name, data}; checked (400, 413, 422) by the import itself.
    return UploadNode(missing=None)


class RankValueImportSchema(colander.MappingSchema):
    rank_group_id = Id("Grupa", refers_to="rank_group", missing=None)
    rank_entry_id = Id("Pozycja", refers_to="rank_entry", missing=None)
    type = StringNode("Typ pliku", missing=None)
    file = _upload()


class RankImportSchema(colander.MappingSchema):
    name = Text("Nazwa")
    rank_id = Id("Ranking", refers_to="rank")
    type = StringNode("Typ pliku", missing=None)
    file = _upload()
