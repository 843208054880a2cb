"""Colander building blocks every plugin's schemas share.

Messages are Polish: colander's own catalogue is translated through Pyramid's localizer
(default locale `pl`), and the texts written here are Polish already.
"""
import re

import colander

INTERNAL_NAME = re.compile(r"^[a-z0-9_-]+$")


def _strip(value):
    return value.strip() if isinstance(value, str) else value


def _not_blank(node, value):
    if node.missing is colander.required and not value:
        raise colander.Invalid(node, "To pole jest wymagane.")


def Text(title, max_length=255, **kw):
    """A required (unless `missing` given) single-line text, trimmed."""
    validator = colander.All(
        _not_blank,
        kw.pop("validator", None)
        or colander.Length(max=max_length, max_err=f"Tekst może mieć najwyżej {max_length} znaków."),
    )
    return colander.SchemaNode(colander.String(), title=title, preparer=_strip, validator=validator, **kw)


def OptionalText(title, max_length=255, **kw):
    return Text(title, max_length=max_length, missing="", **kw)


def LongText(title, **kw):
    """Optional multi-line text (legends, rich-text content)."""
    return colander.SchemaNode(colander.String(), title=title, missing="", **kw)


def _internal_name_validator(node, value):
    if len(value) > 100:
        raise colander.Invalid(node, "Nazwa wewnętrzna może mieć najwyżej 100 znaków.")
    if not INTERNAL_NAME.match(value):
        raise colander.Invalid(
            node,
            "Nazwa wewnętrzna może zawierać tylko małe litery, cyfry, „-” i „_”.",
        )


def InternalName(title="Nazwa wewnętrzna", **kw):
    return colander.SchemaNode(
        colander.String(), title=title, preparer=_strip, validator=_internal_name_validator, **kw
    )


def Id(title, **kw):
    return colander.SchemaNode(
        colander.Int(),
        title=title,
        validator=colander.Range(min=1, min_err="Wybierz poprawną pozycję."),
        **kw,
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
    return colander.SchemaNode(Flag(), title=title, missing=default, **kw)


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


def schema_without(schema_class, *names):
    """The same schema with some fields removed (edit payloads omit fixed fields)."""
    schema = schema_class()
    for name in names:
        if name in schema:
            del schema[name]
    return schema
