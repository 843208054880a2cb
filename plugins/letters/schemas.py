"""What the letter, recipient group and recipient forms send (SPEC sections 5 and 7 "Letters,
recipients"), and the public form; checked before anything is written."""

import colander

from smogpanel.schemas import Email, FileNode, Id, InternalName, LongText, String, Text, UploadNode, described

DEFAULT_GDPR_AGREEMENT = "Wyrażam zgodę na przetwarzanie moich danych osobowych podanych w formularzu."
CONTENT_MAX = 200_000  # characters of HTML, about 40 pages of text


class LetterSchema(colander.MappingSchema):
    name = Text("Nazwa")
    internal_name = InternalName(of="listu")
    recipient_group_id = Id(
        "Grupa adresatów", refers_to="recipient_group", description="List trafi do każdego adresata tej grupy."
    )
    cover_path = FileNode("Okładka")
    title = Text("Tytuł", description="Także temat wiadomości do adresatów.")
    content = LongText(
        "Treść",
        widget="richtext",  # HTML of the editor: history shows a text diff
        validator=colander.Length(max=CONTENT_MAX, max_err=f"Treść może mieć najwyżej {CONTENT_MAX} znaków HTML."),
    )
    gdpr_agreement = LongText(
        "Treść zgody",
        description=f"Pusta: „{DEFAULT_GDPR_AGREEMENT}”",
        validator=colander.Length(max=2000, max_err="Treść zgody może mieć najwyżej 2000 znaków."),
    )
    gdpr_info = LongText(
        "Informacja o przetwarzaniu danych",
        validator=colander.Length(max=5000, max_err="Informacja może mieć najwyżej 5000 znaków."),
    )


class RecipientGroupSchema(colander.MappingSchema):
    name = Text("Nazwa", description="Np. Radni Miasta Krakowa.")


class RecipientSchema(colander.MappingSchema):
    name = Text("Nazwa", description="Np. imię, nazwisko i funkcja: Jan Kowalski, radny.")
    email = Email()
    recipient_group_id = Id("Grupa adresatów", refers_to="recipient_group")


def ColumnNode(title, **kw):
    return Text(title, max_length=100, **kw)


class RecipientImportSchema(colander.MappingSchema):
    recipient_group_id = Id("Grupa adresatów", refers_to="recipient_group")
    file = UploadNode()
    name_column = ColumnNode("Kolumna z nazwą")
    email_column = ColumnNode("Kolumna z adresem e-mail")


AGREED = (True, 1, "1", "true", "on")  # a checkbox's values as forms and scripts send them


# Each JSON type on its own: client generators take no enum of mixed types.
@described(anyOf=[{"const": True}, {"type": "integer", "enum": [1]}, {"type": "string", "enum": ["1", "true", "on"]}])
def _must_agree(node, value):
    if value is not True:
        raise colander.Invalid(node, "Zaznacz zgodę na przetwarzanie danych osobowych.")


class AgreementType(colander.SchemaType):
    def serialize(self, node, appstruct):
        return appstruct

    def deserialize(self, node, cstruct):
        if cstruct is colander.null:
            return colander.null
        return cstruct in AGREED


class SendSchema(colander.MappingSchema):
    """The public form. `website` is the honeypot: people leave it empty, bots fill it."""

    name = Text("Imię i nazwisko", max_length=200)
    email = Email()
    # Required: an absent agreement is no agreement (colander checks no validator of a missing value).
    gdpr_agreement = colander.SchemaNode(
        AgreementType(),
        title="Zgoda",
        validator=_must_agree,
        missing_msg="Zaznacz zgodę na przetwarzanie danych osobowych.",
    )
    website = colander.SchemaNode(String(allow_empty=True), title="Strona", missing="")
