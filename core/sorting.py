"""The one place that reads `?order=<field>&asc=<1|0>` and checks it against a list's whitelist.

An unknown field is a 400 envelope, never SQL: only whitelisted column expressions ever reach
ORDER BY.
"""

from dataclasses import dataclass

from .envelope import ApiError

_TRUE = {"1", "true", "yes"}
_FALSE = {"0", "false", "no"}


def _any_case(word):
    return "".join(f"[{c.lower()}{c.upper()}]" if c.isalpha() else c for c in word)


# `asc` as the API description states it (JSON Schema has no case-insensitive match): a word of
# either set in any case, or empty (the list's default).
ASC_PATTERN = "^(" + "|".join(_any_case(word) for word in sorted(_TRUE | _FALSE)) + ")?$"


@dataclass(frozen=True)
class Sorting:
    """`fields` maps each sortable name to its SQL expression; `default` is (name, ascending)."""

    fields: dict
    default: tuple = ("id", False)
    tie_breaker: object = None

    def parse(self, params):
        order = params.get("order") or self.default[0]
        if order not in self.fields:
            allowed = ", ".join(sorted(self.fields))
            raise ApiError.invalid("order", f"Nie można sortować według pola „{order}”. Dozwolone pola: {allowed}.")
        raw = params.get("asc")
        if raw is None or raw == "":
            asc = self.default[1] if order == self.default[0] else True
        elif raw.lower() in _TRUE:
            asc = True
        elif raw.lower() in _FALSE:
            asc = False
        else:
            raise ApiError.invalid("asc", "Kierunek sortowania musi mieć wartość 1 albo 0.")
        return order, asc

    def order_by(self, order, asc):
        column = self.fields[order]
        clauses = [column.asc() if asc else column.desc()]
        if self.tie_breaker is not None and column is not self.tie_breaker:
            clauses.append(self.tie_breaker.asc() if asc else self.tie_breaker.desc())
        return clauses
