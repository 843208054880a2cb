"""Request body validation: the colander schema given to a Cornice view, checked before the
view runs, so nothing is written when any field is wrong. Errors name each field and say
what is wrong in Polish."""

import json
import math
import re
from decimal import Decimal

import colander

from .db import MAX_ID, MIN_INTEGER
from .envelope import ApiError
from .schemas import NOT_TEXT, REQUIRED

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["body_validator", "exact_body_validator"]

# colander's own messages said the same as ours in other words, or quoted the value as Python
# writes it ({'name': ''}): one Polish wording per rule, never a repr.
_OWN_WORDING = {
    "Required": REQUIRED,
    '"${val}" is not a number': "Wartość musi być liczbą.",
    "${val} is not a string: ${err}": NOT_TEXT,
    "${val} is not a string": NOT_TEXT,
    '"${val}" is not a mapping type: ${err}': "Wartość musi być obiektem.",
    '"${val}" is not iterable': "Wartość musi być listą.",
    "${cstruct} is not iterable": "Wartość musi być listą.",
    '"${val}" is not one of ${choices}': "Wybierz jedną z dozwolonych wartości.",
}


def _message(message, translate):
    return _OWN_WORDING.get(str(message)) or translate(message)


def colander_errors(exc, translate):
    """`[{name, description}]` from a colander.Invalid, each description prefixed by the
    field's Polish title."""
    errors = []
    for path in exc.paths():
        parts, messages = [], []
        for invalid in path:
            if invalid.msg:
                messages.extend(invalid.messages())
            key = invalid._keyname()
            if key:
                parts.append(key)
        text = "; ".join(_message(message, translate) for message in messages)
        title = path[-1].node.title
        errors.append({"name": ".".join(parts), "description": f"{title}: {text}" if title else text})
    return errors


def read_json_object(request, exact=False):
    """The body as a dict; `exact`: JSON numbers with a fraction or exponent become Decimals
    (as typed), never binary floats."""
    try:
        if exact:
            body = (
                json.loads(request.body.decode(request.charset or "utf-8"), parse_float=Decimal) if request.body else {}
            )
        else:
            body = request.json_body if request.body else {}
    except ValueError:
        raise ApiError.invalid("body", "Treść żądania nie jest poprawnym dokumentem JSON.")
    if not isinstance(body, dict):
        raise ApiError.invalid("body", "Treść żądania musi być obiektem JSON.")
    return body


OUT_OF_RANGE = f"Liczba musi być całkowita, od {MIN_INTEGER} do {MAX_ID}."


def parts(node, value, path):
    """`(child node, its value, its path)` of a mapping's, a sequence's or a tuple's parts that
    `value` holds; nothing for a scalar. The descent both checks below share."""
    typ = node.typ
    if isinstance(typ, colander.Mapping) and isinstance(value, dict):
        for child in node.children:
            if child.name in value:
                yield child, value[child.name], (*path, child.name)
    elif isinstance(typ, (colander.Sequence, colander.List)) and isinstance(value, list | tuple) and node.children:
        for index, item in enumerate(value):
            yield node.children[0], item, (*path, str(index))
    elif isinstance(typ, colander.Tuple) and isinstance(value, list | tuple):
        for index, (child, item) in enumerate(zip(node.children, value, strict=False)):
            yield child, item, (*path, str(index))


def integers_out_of_range(node, value, path=()):
    """`(path, node)` of each integer field (colander.Int) of `value` beyond the database's
    integer columns (`smogpanel.db.MAX_ID`): every such field of this product is an id, a
    place or another sa.Integer, and PostgreSQL refuses more ("integer out of range")."""
    typ = node.typ
    if isinstance(typ, colander.Int):
        if isinstance(value, int) and not MIN_INTEGER <= value <= MAX_ID:
            yield path, node
    else:
        for child, item, where in parts(node, value, path):
            yield from integers_out_of_range(child, item, where)


_WHOLE_TEXT = re.compile(r"-?[0-9]+")
TEXTS = (colander.String, colander.Date, colander.DateTime, colander.Time)
SCALARS = (colander.Int, colander.Number, *TEXTS)
NOT_A_SCALAR = "Podaj jedną wartość, nie obiekt ani listę."


def _whole(number):
    return (
        number.is_finite() and number == number.to_integral_value()
        if isinstance(number, Decimal)
        else math.isfinite(number) and number.is_integer()
    )


def wrong_values(node, value, path=()):
    """`(path, node, message)` of each scalar field given what colander would misread: an
    object or a list (colander read `{}` and `[]` as no value), anything but text for a text
    or a date (`false` and `0` were no value too), and for an integer field
    (colander.Int) anything but a whole number or its digits as text ("" is no value):
    int() took `true` as 1, cut 1.5 to 1 and read " 1", "1_0" or "١"."""
    typ = node.typ
    if isinstance(typ, SCALARS) and isinstance(value, dict | list):
        yield path, node, NOT_A_SCALAR
    elif isinstance(typ, TEXTS) and value is not None and not isinstance(value, str):
        yield path, node, NOT_TEXT  # colander read false and 0 as no value, 5 as "5"
    elif isinstance(typ, colander.Int):
        if isinstance(value, bool) or (isinstance(value, float | Decimal) and not _whole(value)):
            yield path, node, OUT_OF_RANGE
        elif isinstance(value, str) and value and not _WHOLE_TEXT.fullmatch(value):
            yield path, node, OUT_OF_RANGE
    else:
        for child, item, where in parts(node, value, path):
            yield from wrong_values(child, item, where)


def _refused(found):
    """The errors of `(path, node, message)` triples, each message after its field's title."""
    return [
        {"name": ".".join(path), "description": f"{node.title}: {message}" if node.title else message}
        for path, node, message in found
    ]


def validate(request, schema, body):
    """The body deserialised by `schema`, every integer field a whole number within the
    database's integers; VALIDATION_FAILED naming each field that is wrong."""
    wrong = _refused(wrong_values(schema, body))
    if wrong:
        raise ApiError("VALIDATION_FAILED", wrong)
    try:
        validated = schema.deserialize(body)
    except colander.Invalid as exc:
        raise ApiError("VALIDATION_FAILED", colander_errors(exc, request.localizer.translate))
    beyond = _refused((path, node, OUT_OF_RANGE) for path, node in integers_out_of_range(schema, validated))
    if beyond:
        raise ApiError("VALIDATION_FAILED", beyond)
    return validated


def body_validator(request, **kwargs):
    """Cornice validator: deserialises the JSON body with the view's `schema`."""
    schema = kwargs["schema"]
    request.validated = validate(request, schema, read_json_object(request))


def exact_body_validator(request, **kwargs):
    """`body_validator` for payloads of exact decimals (rank values): fractional JSON numbers
    reach the schema as Decimals, exactly as the client wrote them."""
    schema = kwargs["schema"]
    request.validated = validate(request, schema, read_json_object(request, exact=True))
