"""The maps plugin's payloads (SPEC section 7 "Maps and measurements"), checked before
anything is written. Messages are Polish."""

import colander

from smogpanel.keyed_values import ConfirmRemoval, distinct_names
from smogpanel.regions import CODES, NAME_OF
from smogpanel.schemas import (
    DateNode,
    FlagNode,
    Id,
    InternalName,
    LongText,
    NumberNode,
    OptionalText,
    String,
    Text,
    UploadNode,
)

from .models import PROPERTY_TYPES

# In the order the form offers them.
TYPE_LABELS = {"STATISTIC": "statystyczna", "PRECISE": "doprecyzowująca (podmapa)", "INFORMATIVE": "informacyjna"}


# -- maps -----------------------------------------------------------------------------------
class PropertyKeySchema(colander.MappingSchema):
    id = colander.SchemaNode(
        colander.Int(),
        title="Identyfikator właściwości",
        missing=None,
        validator=colander.Range(min=1, min_err="Niepoprawny identyfikator właściwości."),
        refers_to="map_property_key",  # a key of this very record (only the database knows them)
    )
    name = Text("Nazwa właściwości")
    display_name = OptionalText("Nazwa wyświetlana")
    property_type_name = colander.SchemaNode(
        colander.String(),
        title="Typ właściwości",
        form_label="Typ",
        validator=colander.OneOf(PROPERTY_TYPES, msg_err="Wybierz typ: INFORMATIVE, STATISTIC albo PRECISE."),
        options=TYPE_LABELS,
    )


class PropertyKeys(colander.SequenceSchema):
    key = PropertyKeySchema(title="Właściwość")


_distinct_key_names = distinct_names("„{name}” występuje dwa razy. Nazwy właściwości mapy muszą się różnić.")


KEYS_HELP = (
    "Statystyczne są pokazywane na mapie i sumowane w podsumowaniu. Doprecyzowujące tworzą podmapy: nazwa "
    "właściwości jest nazwą podmapy, a nazwa wyświetlana (opcjonalna) jest pokazywana, gdy jest inna. "
    "Informacyjne nie są pokazywane na mapie. Import CP_XLS wypełnia właściwości nazwane jak kolumny raportu."
)
SUMMARY_TITLE_HELP = (
    "Możesz użyć %FIRST_CHECKPOINT% i %LAST_CHECKPOINT% – zostaną zastąpione nazwą pierwszego i ostatniego "
    "widocznego pomiaru. Sumy obejmują także pomiary ukryte (mapa o tym informuje). Domyślnie: „Wszystkie pomiary”."
)


class MapSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="mapy", view="map")
    source = Text("Źródło danych", description="Domyślne źródło pomiarów, pokazywane pod mapą.")
    details = LongText("Szczegóły")
    show_summary = FlagNode(
        "Pokaż podsumowanie", form_label="Pokaż podsumowanie (sumy wszystkich pomiarów, także ukrytych)"
    )
    summary_title = OptionalText("Tytuł podsumowania", description=SUMMARY_TITLE_HELP)
    # None (absent) on edit: the keys stay as they are.
    property_keys = PropertyKeys(
        title="Właściwości",
        form_label="Właściwości mapy",
        description=KEYS_HELP,
        widget="rows",
        missing=None,
        validator=_distinct_key_names,
    )
    remove_keys_with_values = ConfirmRemoval()


# -- measurements -----------------------------------------------------------------------------
def _values():
    """`value`: the sixteen numbers by voivodeship code (its `id`, if sent, is ignored)."""
    values = colander.SchemaNode(colander.Mapping(), name="value", title="Wartości", missing=None)
    for code in CODES:
        # the form's cell is labelled by the voivodeship's name alone (under its property's legend)
        values.add(NumberNode(f"Województwo {NAME_OF[code]}", name=code, form_label=NAME_OF[code]))
    return values


def _captured():
    """Optional (None: today in Poland, set by the view)."""
    return DateNode("Data pomiaru", name="captured", missing=None)


def _measurement():
    """The fields a measurement has whether entered by hand or imported."""
    schema = colander.SchemaNode(colander.Mapping())
    schema.add(Text("Nazwa", name="name"))
    schema.add(OptionalText("Źródło", name="source", description="Tylko jeśli inne niż źródło mapy."))
    schema.add(_captured())
    schema.add(
        FlagNode("Ukryty", name="hidden", form_label="Ukryty (niewidoczny na mapie, ale liczony w podsumowaniu)")
    )
    schema.add(Id("Mapa", refers_to="map", name="map_id"))
    return schema


CELLS_HELP = "Właściwości bez żadnej wartości nie zostaną zapisane w pomiarze."


def CheckpointSchema():
    """POST /api/checkpoint/ (and, less `captured` and `map_id`, POST /api/checkpoint/<id>)."""
    schema = _measurement()
    # None (absent) on edit: the values stay as they are. The form draws them with the maps
    # screens' 'voivodeship_cells' widget: sixteen inputs per property key of the map.
    properties = colander.SchemaNode(
        colander.Sequence(),
        name="properties",
        title="Właściwości",
        form_label="Wartości według województw",
        description=CELLS_HELP,
        widget="voivodeship_cells",
        missing=None,
    )
    item = colander.SchemaNode(colander.Mapping(), name="property", title="Właściwość")
    key = colander.SchemaNode(colander.Mapping(), name="key", title="Właściwość")
    key.add(Id("Właściwość", name="id"))
    item.add(key)
    item.add(_values())
    properties.add(item)
    schema.add(properties)
    return schema


def CheckpointImportSchema():
    schema = _measurement()
    schema.add(colander.SchemaNode(String(), name="type", title="Typ pliku", missing=None))
    # {name, data}; checked (400, 413, 422) by the import itself.
    schema.add(UploadNode(name="file", missing=None))
    return schema
