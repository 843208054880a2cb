"""Cell values as import parsers need them, each failure naming the cell ('C7') in Polish:
`parse_number`, `parse_voivodeship`, `parse_text`, and `ImportFailed`, the error every reader
and parser raises (422 IMPORT_FAILED; the request's transaction is aborted, nothing written).
"""
import math
import re
from datetime import date, datetime, time
from decimal import Decimal

from .envelope import ApiError
from .regions import voivodeship_code

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


_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']+")
_CURRENCY = re.compile(r"(zł|pln)$", re.IGNORECASE)
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_DASHES = {"-", "–", "—"}


def _shown(value):
    text = str(value).strip()
    return text if len(text) <= 40 else text[:39] + "…"


def _to_number(text):
    """'1 234,5' → 1234.5; '1.234,5' and '1,234.5' too (the last separator is the decimal
    one); None when it is not a number."""
    text = _CURRENCY.sub("", _SPACES.sub("", text.replace("\u2212", "-")))
    if "," in text and "." in text:
        decimal_mark = "," if text.rfind(",") > text.rfind(".") else "."
        thousands = "." if decimal_mark == "," else ","
        text = text.replace(thousands, "").replace(decimal_mark, ".")
    elif "," in text:
        if text.count(",") > 1:
            return None
        text = text.replace(",", ".")
    elif text.count(".") > 1 and re.fullmatch(r"[+-]?\d{1,3}(\.\d{3})+", text):
        text = text.replace(".", "")
    if not _PLAIN_NUMBER.fullmatch(text):
        return None
    return float(text) if any(ch in text for ch in ".eE") else int(text)


def _tidy(number):
    if isinstance(number, float):
        if not math.isfinite(number):
            return None
        if number.is_integer() and abs(number) < 2**53:
            return int(number)
    return number


def parse_number(value, ref=""):
    """A cell's number: ints and floats as they are (integral floats as ints), text in Polish
    or English format ('1 234,5', '1234.5', '1 234 zł'), None for an empty cell or a lone
    dash; anything else raises ImportFailed naming the cell."""
    kind = type(value)
    if kind is int:
        return value
    if value is None:
        return None
    if kind is float or isinstance(value, Decimal):
        number = _tidy(float(value))
        if number is not None:
            return number
    elif isinstance(value, str):
        text = value.strip()
        if not text or text in _DASHES:
            return None
        number = _tidy(_to_number(text))
        if number is not None:
            return number
    raise ImportFailed.at(ref, f"Komórka {ref}: „{_shown(value)}” nie jest liczbą. Wpisz liczbę, np. 1234 albo 1 234,5.")


def parse_voivodeship(value, ref=""):
    """A cell's voivodeship code ('ld' for 'ŁÓDZKIE', 'lodzkie', 'woj. łódzkie' or 'LD'), None
    for an empty cell; an unknown name raises ImportFailed naming the cell."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    code = voivodeship_code(value)
    if code is None:
        raise ImportFailed.at(ref, f"Komórka {ref}: nieznane województwo „{_shown(value)}”. Wpisz nazwę "
                                   "województwa (np. łódzkie) albo jego dwuliterowy kod (np. ld).")
    return code


def parse_text(value, ref=""):
    """A cell as trimmed text ('12' for the number 12), None when empty."""
    if value is None:
        return None
    if isinstance(value, float):
        value = _tidy(value)
    elif isinstance(value, datetime):
        return value.date().isoformat() if value.time() == time() else value.isoformat(sep=" ")
    elif isinstance(value, (date, time)):
        return value.isoformat()
    text = str(value).strip()
    return text or None
