"""Cell values as import parsers need them, each failure naming the cell ('C7') in Polish:
`parse_number`, `parse_voivodeship`, `parse_text`, and `ImportFailed`, the error every reader
and parser raises (422 IMPORT_FAILED; the request's transaction is aborted, nothing written).
"""

from datetime import date, datetime, time

from ..envelope import ApiError
from ..numbers import NumberError, shown, to_number
from ..regions import voivodeship_code
from ..text import control_character_problem

MAX_ERRORS = 50


class ImportFailed(ApiError):
    """Raised by readers and parsers: answered as 422 IMPORT_FAILED with `errors`
    `[{"name": "C7", "description": "Polish text"}]`; the request's transaction is aborted."""

    def __init__(self, errors):
        super().__init__("IMPORT_FAILED", errors)

    @classmethod
    def at(cls, name, description):
        return cls([{"name": name, "description": description}])


class ErrorList(list):
    """Collects a parser's errors so the operator sees them all at once, not one per try."""

    def add(self, name, description):
        self.append({"name": name, "description": description})

    def raise_if_any(self):
        if self:
            errors = self[:MAX_ERRORS]
            if len(self) > MAX_ERRORS:
                errors.append({"name": "", "description": f"…i {len(self) - MAX_ERRORS} innych błędów."})
            raise ImportFailed(errors)


def _shown(value):
    return shown(value)


def parse_number(value, ref=""):
    """A cell's number by the one number validation (`smogpanel.numbers.to_number`): an exact
    Decimal, None for an empty cell or a lone dash; text in Polish or plain format ('1 234,5',
    '1.234,5', '1234.5', '1 234 zł'). Anything else, a magnitude of 10**15 or more, NaN and
    infinities raise ImportFailed naming the cell."""
    try:
        return to_number(value)
    except NumberError as exc:
        raise ImportFailed.at(ref, f"Komórka {ref}: {exc.message}")


def parse_voivodeship(value, ref=""):
    """A cell's voivodeship code ('ld' for 'ŁÓDZKIE', 'lodzkie', 'woj. łódzkie' or 'LD'), None
    for an empty cell; an unknown name raises ImportFailed naming the cell."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    code = voivodeship_code(value)
    if code is None:
        raise ImportFailed.at(
            ref,
            f"Komórka {ref}: nieznane województwo „{_shown(value)}”. Wpisz nazwę "
            "województwa (np. łódzkie) albo jego dwuliterowy kod (np. ld).",
        )
    return code


def parse_text(value, ref=""):
    """A cell as trimmed text ('12' for the number 12), None when empty; control characters
    (a NUL byte, ...) raise ImportFailed naming the cell, as text fields refuse them."""
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        value = int(value)
    elif isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(sep=" ")
    elif isinstance(value, (date, time)):
        return value.isoformat()
    text = str(value).strip()
    problem = control_character_problem(text, multiline=True)
    if problem:
        raise ImportFailed.at(ref, f"Komórka {ref}: {problem}")
    return text or None
