"""Where a measurement lies for an editor scoped to voivodeships (smogpanel.authority's
`regions_of` and `regions_changed`): in every voivodeship, since its sixteen cells per property
are theirs, so creating or deleting one is not such an editor's; a save changes the voivodeships
whose cells differ from the stored numbers, and every one when it changes what they all share
(the name, the source, whether it is hidden)."""

from decimal import Decimal

from smogpanel.gazetteer import gazetteer
from smogpanel.numbers import rounded
from smogpanel.regions import CODES

from .values import PLACES, VALUES, sent_numbers

SHARED = ("name", "source", "hidden")  # a measurement's fields shown for every voivodeship
# request.environ: {id(sent item): (the item, its rounded numbers)}, what the check rounded of
# the very items the save then stores (`sent_numbers_kept`): 176 roundings a save, not twice.
ROUNDED = "smogpanel.maps.rounded"


def every_voivodeship(request):
    return frozenset(gazetteer(request).voivodeships(request.db))


def changed_voivodeships(request, checkpoint, data):
    """The ids of the voivodeships whose cells `data` (a validated edit) changes: a cell sent as
    stored (to the column's 4 decimal places) changes nothing; a property left out empties its
    cells. Only the map's live properties count (those the form shows and the save writes)."""
    if any(field in data and data[field] != getattr(checkpoint, field) for field in SHARED):
        return every_voivodeship(request)
    sent = data.get("properties")
    if sent is None:  # values left as they are
        return frozenset()
    keys = VALUES.live_keys(request.db, checkpoint.map_id)
    stored = VALUES.value_rows(request.db, [checkpoint.id]).get(checkpoint.id, {})
    sent_by_key = {item["key"]["id"]: item for item in sent}
    rounded_here = request.environ.setdefault(ROUNDED, {})
    changed = set()
    for key in keys:
        row, item = stored.get(key.id), sent_by_key.get(key.id)
        numbers = None
        if item is not None:
            numbers = sent_numbers(item, key)
            rounded_here[id(item)] = (item, numbers)
        numbers = numbers or dict.fromkeys(CODES)
        changed.update(code for code in CODES if _differs(row, code, numbers[code]))
    known = gazetteer(request).voivodeships(request.db)
    ids = {info["code"]: voivodeship_id for voivodeship_id, info in known.items() if info["code"]}
    if changed - set(ids):  # a cell of a voivodeship the hierarchy lacks: nobody's scope holds it
        return every_voivodeship(request) | {0}
    return frozenset(ids[code] for code in changed)


def sent_numbers_kept(request):
    """`sent_numbers` that takes what `changed_voivodeships` rounded of the same item in this
    request (and forgets it: the request's next save rounds its own)."""
    kept = request.environ.pop(ROUNDED, None)
    if not kept:
        return sent_numbers

    def numbers_of(item, key):
        found = kept.get(id(item))
        return found[1] if found is not None and found[0] is item else sent_numbers(item, key)

    return numbers_of


# Below this magnitude two numbers of 4 decimal places never share a float (2**53 / 10**4 is
# about 9·10**11), so a stored cell's float tells whether the sent number equals it.
EXACT_AS_FLOAT = 10**11


def _differs(row, code, number):
    """Whether a sent cell (an exact number rounded to the column's places, or None) differs
    from the stored one (the column gives floats)."""
    value = getattr(row, code) if row is not None else None
    if value is None or number is None:
        return (value is None) != (number is None)
    if abs(value) < EXACT_AS_FLOAT:
        return float(number) != value
    return rounded(Decimal(str(value)), PLACES) != number
