"""One number validation for a value however it arrives: typed into a form (JSON number or
text), read from a spreadsheet cell, or sent by any later plugin's import.

`to_number(value)` gives an exact `Decimal` (or None for no value) or raises `NumberError`
with the Polish reason. The rules, the same everywhere:

- JSON numbers, Decimals and text in Polish or plain format ('1 234,56', '1.234,56',
  '1,234.56', '1234.56', '12 zł', '1e3') are numbers; booleans, NaN and infinities are not;
- the magnitude is below `MAX_NUMBER` (10**15: at most 999 999 999 999 999, which every
  numeric column of the product holds);
- the number is kept exact (a float as its shortest text: 0.1 is 0.1); a kind that stores
  fewer decimal places rounds with `rounded(number, places)` where it writes (maps keep 4,
  so 1e-20 is stored as 0), or asks the field for `places=` to round on reading.

Forms use the colander type `Number` (or `NumberNode`); spreadsheet cells go through
`smogpanel.spreadsheets.cells.parse_number`, which calls `to_number` and names the cell; answers show
stored numbers with `json_number`, which never fails on what a database holds.
"""

import math
import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

import colander

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["Number", "NumberError", "to_number", "rounded", "json_number", "MAX_NUMBER"]

MAX_NUMBER = Decimal(10**15)
NOT_A_NUMBER = "{shown} nie jest liczbą. Wpisz liczbę, np. 1234 albo 1 234,5."
OUT_OF_RANGE = "Liczba musi mieścić się w zakresie od -999 999 999 999 999 do 999 999 999 999 999."

_SPACES = re.compile(r"[\s\u00a0\u202f\u2009']+")
_CURRENCY = re.compile(r"(zł|pln)$", re.IGNORECASE)
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_GROUPED_BY_DOTS = re.compile(r"[+-]?\d{1,3}(\.\d{3})+")
EMPTY_TEXTS = {"", "-", "–", "—"}


class NumberError(ValueError):
    """`message`: the Polish reason, without the field's or cell's name."""

    def __init__(self, message):
        super().__init__(message)
        self.message = message


def shown(value):
    """The value as quoted in an error: trimmed, at most 40 characters."""
    text = str(value).strip()
    return text if len(text) <= 40 else text[:39] + "…"


def _text_to_plain(text):
    """'1 234,5' → '1234.5'; '1.234,5' and '1,234.5' too (the last separator is the decimal
    one); None when the text is not a number."""
    text = _CURRENCY.sub("", _SPACES.sub("", text.replace("\u2212", "-")))
    if "," in text and "." in text:
        decimal_mark = "," if text.rfind(",") > text.rfind(".") else "."
        thousands = "." if decimal_mark == "," else ","
        text = text.replace(thousands, "").replace(decimal_mark, ".")
    elif "," in text:
        if text.count(",") > 1:
            return None
        text = text.replace(",", ".")
    elif text.count(".") > 1 and _GROUPED_BY_DOTS.fullmatch(text):
        text = text.replace(".", "")
    return text if _PLAIN_NUMBER.fullmatch(text) else None


def _exact(value):
    """An exact Decimal of an int, float, Decimal or numeric text; None when it is none."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, float):
        # repr gives the shortest text that reads back as this float: 0.1 is 0.1, not 0.1000…055
        return Decimal(repr(value)) if math.isfinite(value) else None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, str):
        plain = _text_to_plain(value)
        if plain is None:
            return None
        try:
            return Decimal(plain)
        except InvalidOperation:
            return None
    return None


def rounded(number, places):
    """`number` (a Decimal or int, as `to_number` and `parse_number` give) rounded half up to
    `places` decimal places, without '-0' or an exponent form (1E+3 is 1000); None stays None."""
    if number is None:
        return None
    if isinstance(number, int):  # a spreadsheet's whole number (Table.number's cheap path)
        return Decimal(number)
    result = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return result.normalize() + 0 if result else Decimal(0)  # + 0: 1E+3 → 1000


def to_number(value, places=None):
    """The exact number `value` holds (rounded to `places` decimal places when given); None
    for None, empty text or a lone dash. Raises NumberError (Polish) for anything else, for
    values of magnitude 10**15 or more, NaN and infinities."""
    if value is None or (isinstance(value, str) and value.strip() in EMPTY_TEXTS):
        return None
    number = _exact(value)
    if number is None:
        # Text is quoted as typed; anything else (true, NaN, a list) is never shown as Python writes it.
        quoted = f"„{shown(value)}”" if isinstance(value, str) else "Ta wartość"
        raise NumberError(NOT_A_NUMBER.format(shown=quoted))
    if number.copy_abs() >= MAX_NUMBER:  # copy_abs: no context, so 1e999999999 cannot overflow
        raise NumberError(OUT_OF_RANGE)
    if places is not None:
        return rounded(number, places)
    return number + 0 if number else Decimal(0)  # + 0: no '-0'; exponent kept for 1E-20, shown by str as 1E-20


def json_number(value):
    """A stored number as answers give it: whole numbers as ints (up to 2**53, what a browser
    holds exactly), others as floats, and None for what is no usable number (NULL, NaN,
    infinities, unreadable text). Never raises, and its result always encodes as JSON, so a
    read never fails on what the database holds (even a value stored out of range)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        number = value if isinstance(value, Decimal) else Decimal(repr(value) if isinstance(value, float) else value)
    except (InvalidOperation, TypeError, ValueError):
        return None
    if not number.is_finite():
        return None
    if number == number.to_integral_value() and number.copy_abs() < 2**53:
        return int(number)
    return float(number)


class Number(colander.Number):
    """The colander type of a number field: `to_number`'s rules, giving a Decimal; empty
    ('' or null) is no value. `places`: decimal places kept (rounded half up); None: exact."""

    def __init__(self, places=None):
        self.places = places

    def num(self, value):
        return to_number(value, self.places)

    def serialize(self, node, appstruct):
        if appstruct is colander.null or appstruct is None:
            return colander.null
        return str(appstruct)

    def deserialize(self, node, cstruct):
        if cstruct is colander.null:
            return colander.null
        try:
            number = to_number(cstruct, self.places)
        except NumberError as exc:
            raise colander.Invalid(node, exc.message)
        return colander.null if number is None else number


def NumberNode(title, missing=None, places=None, **kw):
    """An optional (unless `missing=colander.required`) number field: absent, null or ''
    give `missing` (None by default)."""
    return colander.SchemaNode(Number(places), title=title, missing=missing, **kw)


# The API description (smogpanel.openapi) states the range `to_number` keeps.
Number.openapi = {"exclusiveMinimum": -int(MAX_NUMBER), "exclusiveMaximum": int(MAX_NUMBER)}
