"""What the calculator forms may send (SPEC 5 "Calculator", 7 "Calculators"), checked before
anything is written."""

import re

import colander

from smogpanel.numbers import NumberError, to_number
from smogpanel.schemas import FlagNode, InternalName, LongText, OptionalText, StringNode, Text, UploadNode, described

# SPEC 3 and 9: one calculator type, the heating-cost calculator.
TYPES = {"HEATING_COST": "Kalkulator kosztów ogrzewania"}
DEFAULT_REFUND_CHECKBOX = "Uwzględnij dotację do wymiany źródła ciepła"
SNAKE_CASE = re.compile(r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$")
# A building standard's name is its label in the widget (underscores shown as spaces), so it may
# be written in Polish; other definitions are names the widget reads (sprawnosc, cena_za_tone).
STANDARDS_TYPE = "Standard budynku"
POLISH_SNAKE_CASE = re.compile(r"^[a-ząćęłńóśźż][a-ząćęłńóśźż0-9]*(_[a-ząćęłńóśźż0-9]+)*$")
# Follows the field's name ("Nazwa definicji: tylko ...").
NAME_RULE = (
    "tylko małe litery, cyfry i „_” (np. cena_za_tone); polskie litery tylko w nazwach standardów budynku "
    "(np. dom_energooszczędny)."
)


def is_standards(type_name):
    return type_name.strip().casefold() == STANDARDS_TYPE.casefold()


def name_fits(type_name, name):
    """Whether `name` may name a definition of the type `type_name` (see NAME_RULE)."""
    rule = POLISH_SNAKE_CASE if is_standards(type_name) else SNAKE_CASE
    return len(name) <= 100 and rule.match(name) is not None


# A definition's number: the core's bound (below 10**15) and at most 10 digits after the point
# (prices, efficiencies and calorific values fit with room to spare).
MAX_FRACTION_DIGITS = 10
MAX_TYPES = 100
MAX_DEFINITIONS = 100


def exact_decimal(value):
    """A JSON number or numeric text ('0.85', '1 234,5') as an exact Decimal by the core's one
    number validation (smogpanel.numbers: finite, below 10**15, the same Polish wording as every
    number), with at most MAX_FRACTION_DIGITS digits after the point; raises ValueError with a
    Polish reason."""
    try:
        number = to_number(value)
    except NumberError as error:
        raise ValueError(error.message)
    if number is None:
        raise ValueError("Podaj liczbę.")
    if max(0, -number.normalize().as_tuple().exponent) > MAX_FRACTION_DIGITS:
        raise ValueError(f"Liczba może mieć najwyżej {MAX_FRACTION_DIGITS} cyfr po przecinku.")
    return number.normalize() + 0  # +0: no '-0', no exponent form like 1E+3


@described(
    type="number",
    minimum=-(10**15),
    maximum=10**15,
    exclusiveMinimum=True,
    exclusiveMaximum=True,
    multipleOf=10.0**-MAX_FRACTION_DIGITS,
)
class ExactDecimal(colander.SchemaType):
    """A required decimal kept exact (never through float when sent as a string)."""

    def serialize(self, node, appstruct):
        return colander.null if appstruct is colander.null else str(appstruct)

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        try:
            return exact_decimal(cstruct)
        except ValueError as error:
            raise colander.Invalid(node, str(error))


@described(pattern=POLISH_SNAKE_CASE.pattern, maxLength=100)
def _snake_case(node, value):
    """The widest rule (a standard's); the type's own is checked with the type (definition.check_names)."""
    if len(value) > 100 or not POLISH_SNAKE_CASE.match(value):
        raise colander.Invalid(node, NAME_RULE)


@described(enum=list(TYPES))
def _type_validator(node, value):
    if node.missing is colander.required and value not in TYPES:
        raise colander.Invalid(node, "Wybierz typ: " + ", ".join(TYPES.values()) + ".")


class CalculatorSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="kalkulatora", view="calculator")
    calculator_type_name = StringNode("Typ", validator=_type_validator, options=TYPES)
    show_refund = FlagNode(
        "Pokaż pole dotacji", form_label="Pokaż pole dotacji (koszt wymiany źródła po dotacji i czas zwrotu)"
    )
    refund_checkbox = OptionalText("Tekst pola dotacji", max_length=500)
    legend = LongText("Legenda")
    footer = LongText("Stopka")

    def validator(self, node, value):
        if value.get("show_refund") and not value.get("refund_checkbox"):
            value["refund_checkbox"] = DEFAULT_REFUND_CHECKBOX


class DefinitionSchema(colander.MappingSchema):
    id = colander.SchemaNode(colander.Int(), missing=None)  # sent back by the form; a new version gets new ids
    name = StringNode(
        "Nazwa definicji",
        validator=_snake_case,
        preparer=lambda v: v.strip() if isinstance(v, str) else v,
        description="np. cena_za_tone",
    )
    value = colander.SchemaNode(ExactDecimal(), title="Wartość")


class DefinitionList(colander.SequenceSchema):
    definition = DefinitionSchema(title="Definicja")
    validator = colander.Length(
        min=1,
        max=MAX_DEFINITIONS,
        min_err="Typ musi mieć co najmniej jedną definicję.",
        max_err=f"Typ może mieć najwyżej {MAX_DEFINITIONS} definicji.",
    )


class TypeSchema(colander.MappingSchema):
    id = colander.SchemaNode(colander.Int(), missing=None)
    name = Text("Nazwa typu")
    definitions = DefinitionList(title="Definicje")


class TypeList(colander.SequenceSchema):
    type = TypeSchema(title="Typ")
    validator = colander.Length(
        min=1,
        max=MAX_TYPES,
        min_err="Definicja musi mieć co najmniej jeden typ.",
        max_err=f"Definicja może mieć najwyżej {MAX_TYPES} typów.",
    )


TYPES_HELP = (
    "Typ „Standard budynku” podaje zapotrzebowanie na ciepło w kWh na m² rocznie dla każdego standardu. "
    "Każdy inny typ to źródło ciepła: sprawnosc, cena (cena_za_tone z wartosc_opalowa_gj_t, cena_za_m3 z "
    "wartosc_opalowa_kwh_m3, cena_za_litr z wartosc_opalowa_kwh_l, cena_za_gj albo cena_za_kwh) oraz opcjonalnie "
    "oplaty_stale, koszt_inwestycji i dotacja."
)


class DefinitionSetSchema(colander.MappingSchema):
    """POST /api/calculator/definition/, and its form (GET /api/form/calculator_definition): the
    types drawn by the screen's 'definition_types' widget, each with its definitions."""

    types = TypeList(title="Typy", description=TYPES_HELP, widget="definition_types")


class DefinitionImportSchema(colander.MappingSchema):
    type = StringNode("Typ pliku", missing=None)
    # {name, data}; checked (400, 413, 422) by the import itself.
    file = UploadNode(missing=None)
