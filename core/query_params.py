"""Query-string parameters the panel's figures and logs read by hand (their own Polish errors,
the envelope): a whole number within bounds, and a day. History's log and the reach figures
read them alike."""

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

import colander

from .envelope import ApiError
from .schemas import described

WARSAW = ZoneInfo("Europe/Warsaw")
# A list's export (smogpanel.list_export): `?format=` and the `?columns=` types, and how many;
# here, below the API description that states them.
EXPORT_FORMATS = ("xlsx", "csv")
EXPORT_TYPES = ("text", "number", "date", "updated", "yesno", "ordinal")
EXPORT_MAX_COLUMNS = 40
FIRST_YEAR, LAST_YEAR = 2000, 2999
# A day of the years accepted (FIRST_YEAR to LAST_YEAR), as an API description states it. The
# views read the day themselves (a date that exists: 2026-02-30 is refused): the description
# says so with `format: date` beside the pattern.
DAY = described(format="date")(colander.Regex(r"^2[0-9]{3}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$"))


def whole_number(request, name, minimum=1, maximum=None, default=None):
    """`?name=` as a whole number from `minimum` (to `maximum`), `default` when absent; else a 400."""
    raw = request.params.get(name)
    if raw in (None, ""):
        return default
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12 or int(raw) < minimum or (maximum and int(raw) > maximum):
        bound = f" od {minimum} do {maximum}" if maximum else f" od {minimum}"
        raise ApiError.invalid(name, f"Podaj liczbę całkowitą{bound}.")
    return int(raw)


def day_param(request, name):
    """`?name=RRRR-MM-DD` as a date (None when absent); else a 400."""
    raw = request.params.get(name)
    if raw in (None, ""):
        return None
    try:
        # Only RRRR-MM-DD (DAY, as described): fromisoformat also reads 20261126 and 2026-W48-1.
        found = date.fromisoformat(raw) if DAY.match_object.fullmatch(raw) else None
    except ValueError:
        found = None
    if found is None or not FIRST_YEAR <= found.year <= LAST_YEAR:  # far years overflow the time zone arithmetic
        raise ApiError.invalid(name, f"Podaj datę w postaci RRRR-MM-DD (lata {FIRST_YEAR}–{LAST_YEAR}).")
    return found


def warsaw_midnight(day_):
    """The moment `day_` begins in Warsaw."""
    return datetime.combine(day_, time(), WARSAW)
