"""Colander building blocks every plugin's schemas share.

Messages are Polish: colander's own catalogue is translated through Pyramid's localizer
(default locale `pl`), and the texts written here are Polish already.
"""

import re

import colander

from .db import MAX_ID
from .numbers import Number, NumberNode  # noqa: F401 (the number field type, re-exported)
from .text import MULTI_LINE, NON_BLANK_LINE, control_character_problem

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = [
    "described",
    "String",
    "StringNode",
    "Text",
    "OptionalText",
    "LongText",
    "InternalName",
    "Id",
    "DateNode",
    "YEARS_PATTERN",
    "NumberNode",
    "Number",
    "FlagNode",
    "Boolean",
    "UploadNode",
    "ImportTypeNode",
    "FileNode",
    "Email",
    "control_character_problem",
    # The text rules as JSON-schema patterns, for a plugin's own API description declarations.
    "NON_BLANK_LINE",
    "MULTI_LINE",
]

INTERNAL_NAME = re.compile(r"^[a-z0-9_-]+$")


REQUIRED = "To pole jest wymagane."


def described(**json_schema):
    """Declares the JSON-schema constraints a custom validator (a function, or a colander type
    class) enforces, so the API description (smogpanel.openapi) says what the check says:
    `@described(enum=["LIGHT", "SEA"])` above `def _style_validator(node, value)`. Clients and
    generated tests then send what the server accepts."""

    def declare(checked):
        checked.openapi = json_schema
        return checked

    return declare


NOT_TEXT = "Wartość musi być tekstem."


class String(colander.String):
    """Text as every text field takes it: anything but a string is refused in Polish (no
    Python repr of the value), and control characters (a NUL byte, ...) are refused here, in
    one place for every field built from this module. `multiline` texts keep tab and line
    breaks."""

    def __init__(self, multiline=False, allow_empty=False):
        super().__init__(allow_empty=allow_empty)
        self.multiline = multiline

    def deserialize(self, node, cstruct):
        if cstruct == "" and self.allow_empty:
            return ""
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        if not isinstance(cstruct, str):
            raise colander.Invalid(node, NOT_TEXT)
        problem = control_character_problem(cstruct, self.multiline)
        if problem:
            raise colander.Invalid(node, problem)
        return cstruct


def StringNode(title, multiline=False, **kw):
    """A plain text field of this module's `String` type (no trimming, no length rule)."""
    return colander.SchemaNode(String(multiline), title=title, **kw)


def _strip(value):
    return value.strip() if isinstance(value, str) else value


def _not_blank(node, value):
    if node.missing is colander.required and not value:
        raise colander.Invalid(node, REQUIRED)


# A required text is trimmed first: it needs one character that is neither a space nor a control.
_not_blank.openapi = lambda node: {"pattern": NON_BLANK_LINE} if node.required else {}


def Text(title, max_length=255, **kw):
    """A required (unless `missing` given) single-line text, trimmed."""
    validator = colander.All(
        _not_blank,
        kw.pop("validator", None)
        or colander.Length(max=max_length, max_err=f"Tekst może mieć najwyżej {max_length} znaków."),
    )
    return colander.SchemaNode(String(), title=title, preparer=_strip, validator=validator, **kw)


def OptionalText(title, max_length=255, **kw):
    return Text(title, max_length=max_length, missing="", **kw)


def LongText(title, **kw):
    """Optional multi-line text (legends, rich-text content)."""
    return colander.SchemaNode(String(multiline=True), title=title, missing="", **kw)


FIRST_YEAR, LAST_YEAR = 1900, 2200  # as timers bound their moments
DATE_FORMAT = "Podaj datę w formacie RRRR-MM-DD, np. 2025-03-31."
DATE_RANGE = f"Data musi przypadać między rokiem {FIRST_YEAR} a {LAST_YEAR}."


# Dates from 1900-01-01 to 2200-12-28 (every day of a month up to the 28th exists).
YEARS_PATTERN = r"^(19[0-9]{2}|2[01][0-9]{2}|2200)-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])"


@described(pattern=YEARS_PATTERN + "$")
def _date_in_range(node, value):
    if value is not None and not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise colander.Invalid(node, DATE_RANGE)


def DateNode(title, **kw):
    """A date (YYYY-MM-DD) between the years 1900 and 2200: 0001-01-01 is a typing mistake."""
    date_type = colander.Date()
    date_type.err_template = DATE_FORMAT
    return colander.SchemaNode(date_type, title=title, validator=_date_in_range, **kw)


@described(pattern=r"^[a-z0-9_-]{1,100}$")
def _internal_name_validator(node, value):
    if len(value) > 100:
        raise colander.Invalid(node, "Nazwa wewnętrzna może mieć najwyżej 100 znaków.")
    if not INTERNAL_NAME.match(value):
        raise colander.Invalid(
            node,
            "Nazwa wewnętrzna może zawierać tylko małe litery, cyfry, „-” i „_”.",
        )


def normalise_email(email):
    """An e-mail address as addresses are compared: trimmed, lower-cased."""
    return (email or "").strip().lower()


def Email(title="E-mail", **kw):
    """A required e-mail address, trimmed and lower-cased (addresses are compared that way)."""
    return colander.SchemaNode(
        String(),
        title=title,
        preparer=lambda value: normalise_email(value) if isinstance(value, str) else value,
        validator=colander.All(
            colander.Length(max=254, max_err="Adres e-mail może mieć najwyżej 254 znaki."),
            colander.Email(msg="To nie jest poprawny adres e-mail."),
        ),
        **kw,
    )


def InternalName(title="Nazwa wewnętrzna", of=None, view=None, **kw):
    """A public record's internal name; `of` (the record in the genitive, 'mapy') and `view` (the
    public kind, when the address is /view/<kind>/…) word the form's help."""
    if of and "description" not in kw:
        where = f" (/view/{view}/…)" if view else ""
        kw["description"] = (
            f"Część publicznego adresu {of}{where}: małe litery, cyfry, „-” i „_”. Po utworzeniu nie można jej zmienić."
        )
    return colander.SchemaNode(String(), title=title, preparer=_strip, validator=_internal_name_validator, **kw)


def Id(title, refers_to=None, **kw):
    """A record's id; `refers_to` names the kind of record it must be (e.g. "district"), which
    the API description carries as `x-refers-to`."""
    node = colander.SchemaNode(
        colander.Int(),
        title=title,
        validator=colander.Range(
            min=1, max=MAX_ID, min_err="Wybierz poprawną pozycję.", max_err="Wybierz poprawną pozycję."
        ),
        **kw,
    )
    node.refers_to = refers_to
    return node


UPLOAD = {
    "type": "object",
    "x-upload": True,
    "required": ["name", "data"],
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 255},
        # Not empty (an empty file is refused): base64 of at least one byte.
        "data": {"type": "string", "pattern": "^data:[a-z]+/[a-z0-9.+-]+;base64,[A-Za-z0-9+/]{2}"},
    },
}


@described(**UPLOAD)
class Upload(colander.Mapping):
    """A file sent as `{name, data}` (a data URL), checked (400, 413, 422) by the import that
    reads it."""

    def __init__(self):
        super().__init__(unknown="preserve")


def UploadNode(title="Plik", **kw):
    return colander.SchemaNode(Upload(), title=title, **kw)


def ImportTypeNode(codes, title="Typ pliku", **kw):
    """An import's `type`: required, one of `codes` (the API description's enum). The import
    itself (smogpanel.spreadsheets.imports.run_import) checks the code against what it allows,
    with the list in its message."""
    return colander.SchemaNode(
        String(), name="type", title=title, missing_msg="Wybierz typ importu.", openapi={"enum": list(codes)}, **kw
    )


class Flag(colander.SchemaType):
    """0/1 flags as the spec writes them; also accepts JSON booleans and '0'/'1'."""

    def serialize(self, node, appstruct):
        return colander.null if appstruct is colander.null else int(bool(appstruct))

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        if cstruct in (True, 1, "1", "true"):
            return 1
        if cstruct in (False, 0, "0", "false"):
            return 0
        raise colander.Invalid(node, "Wartość musi wynosić 0 albo 1.")


def FlagNode(title, default=0, **kw):
    return colander.SchemaNode(Flag(), title=title, missing=default, widget="checkbox", **kw)


class Boolean(colander.SchemaType):
    """A JSON boolean; 1/0 and '1'/'0' are accepted as well."""

    def serialize(self, node, appstruct):
        return colander.null if appstruct is colander.null else bool(appstruct)

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return colander.null
        if cstruct in (True, 1, "1", "true"):
            return True
        if cstruct in (False, 0, "0", "false"):
            return False
        raise colander.Invalid(node, "Wartość musi wynosić true albo false.")


@described(
    anyOf=[UPLOAD, {"type": "string", "minLength": 1, "description": "Nazwa zapisanego pliku (bez zmian)"}],
    description="Nowy plik {name, data} (data URL), nazwa zapisanego pliku (bez zmian) albo null (usuwa plik).",
    **{"x-upload": True},
)
class FileValue(colander.SchemaType):
    """A file field as the panel sends it (SPEC 3, "Uploaded file field"): `{name, data}` (a
    new file), the stored name of a kept file, or nothing (None). The resource checks and
    stores it (`Resource.uploads`, smogpanel.files.resolve_upload) after validation."""

    def serialize(self, node, appstruct):
        return appstruct

    def deserialize(self, node, cstruct):
        if cstruct is colander.null or cstruct is None or cstruct == "":
            return None
        if isinstance(cstruct, (str, dict)):
            return cstruct
        raise colander.Invalid(node, "Nie przesłano pliku albo został przesłany niepoprawnie. Wybierz plik ponownie.")


def FileNode(title, **kw):
    """An optional file field (a logo, a cover image); declare it in the resource's `uploads`."""
    return colander.SchemaNode(FileValue(), title=title, missing=None, **kw)
