"""Request body validation: the colander schema given to a Cornice view, checked before the
view runs, so nothing is written when any field is wrong. Errors name each field and say
what is wrong in Polish."""

import json
from decimal import Decimal

import colander

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


def validate(request, schema, body):
    try:
        return schema.deserialize(body)
    except colander.Invalid as exc:
        raise ApiError("VALIDATION_FAILED", colander_errors(exc, request.localizer.translate))


def body_validator(request, **kwargs):
    """Cornice validator: deserialises the JSON body with the view's `schema`."""
    schema = kwargs["schema"]
    request.validated = validate(request, schema, read_json_object(request))


def exact_body_validator(request, **kwargs):
    """`body_validator` for payloads of exact decimals (rank values): fractional JSON numbers
    reach the schema as Decimals, exactly as the client wrote them."""
    schema = kwargs["schema"]
    request.validated = validate(request, schema, read_json_object(request, exact=True))
