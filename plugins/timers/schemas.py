"""What a timer form may send (SPEC sections 5 and 7 "Timers"), checked before anything is written."""

from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

import colander

from smogpanel.schemas import YEARS_PATTERN, Boolean, FileNode, FlagNode, InternalName, String, Text, described

WARSAW = ZoneInfo("Europe/Warsaw")

# SPEC 3, enumerations: code -> Polish label, in the order the form offers them.
STYLES = {
    "LIGHT": "Jasny",
    "SEA": "Morski",
    "RED": "Czerwony",
    "DARKRED": "Ciemno-czerwony",
    "GRAPHITE": "Grafitowy",
    "DARK": "Ciemny",
}

DEADLINE_FORMAT = "Podaj datę (RRRR-MM-DD) albo datę z godziną (RRRR-MM-DDTGG:MM)."


# A date alone, or a date with a time of day (Warsaw time unless an offset follows).
@described(pattern=YEARS_PATTERN + r"(T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9])?)?$")
class Deadline(colander.SchemaType):
    """An ISO 8601 date or date-time, kept as an aware UTC datetime in whole seconds.

    A date alone means that day's midnight in Warsaw; a date-time without an offset is Warsaw
    time too (what the panel's date-time field sends); one with an offset is taken as given."""

    def serialize(self, node, appstruct):
        return colander.null if appstruct is colander.null else appstruct.isoformat()

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        if not isinstance(cstruct, str):
            raise colander.Invalid(node, DEADLINE_FORMAT)
        text = cstruct.strip()
        try:
            if len(text) == 10:
                moment = datetime.combine(date.fromisoformat(text), time(), WARSAW)
            else:
                moment = datetime.fromisoformat(text)
                if moment.tzinfo is None:
                    moment = moment.replace(tzinfo=WARSAW)
        except ValueError:
            raise colander.Invalid(node, DEADLINE_FORMAT)
        if not 1900 <= moment.year <= 2200:
            raise colander.Invalid(node, "Data musi przypadać między rokiem 1900 a 2200.")
        return moment.astimezone(UTC).replace(microsecond=0)


@described(enum=list(STYLES))
def _style_validator(node, value):
    if value not in STYLES:
        raise colander.Invalid(node, "Wybierz jeden ze stylów: " + ", ".join(STYLES.values()) + ".")


class TimerSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="licznika")
    timer_style_name = colander.SchemaNode(String(), title="Styl", validator=_style_validator, options=STYLES)
    text_above = Text("Tekst nad licznikiem", max_length=500)
    deadline = colander.SchemaNode(
        Deadline(), title="Termin", widget="datetime", description="Data i godzina czasu polskiego."
    )
    # The form asks the opposite ("Odwrotne liczenie"): history shows its wording (smogpanel.history.fields),
    # the form's checkbox says more (`form_label`); ticked is countdown false (the option "tak").
    countdown = colander.SchemaNode(
        Boolean(),
        title="Odliczanie",
        missing=True,
        form_title="Odwrotne liczenie",
        form_label="Odwrotne liczenie (czas liczony od daty zamiast do niej)",
        options={True: "nie", False: "tak"},
    )
    text_below = Text("Tekst pod licznikiem", max_length=500)
    logo_path = FileNode("Logo partnera")
    hidden_brand = FlagNode("Ukryj markę serwisu")
