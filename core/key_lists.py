"""A record's ordered list of keys edited in one form (a map's property keys, a search's keys):
sent keys with an `id` are edited, those without are created, the record's keys not sent are
removed (soft-deleted: their values stay in the database, never lost). Removing a key that
still has values is refused (409) with the count, unless the request confirms it with
`remove_keys_with_values: 1`. Everything is checked before anything is written.

    SEARCH_KEYS = KeyList(field="search_keys", fields=("name", "hide_name", "search_key_place_name"),
                          not_ours="Ta właściwość nie należy do tej wyszukiwarki ...",
                          values_where=lambda count: f"{count} gminach", lost="... zniknęłyby z gmin.")
    SEARCH_KEYS.sync(db, live_keys, sent, allow_removal, count_values, create)
"""

from collections.abc import Callable
from dataclasses import dataclass

import colander

from .db import utcnow
from .envelope import ApiError
from .schemas import FlagNode
from .spreadsheets.tables import header_key

CONFIRM_FIELD = "remove_keys_with_values"


@dataclass(frozen=True)
class KeyList:
    field: str  # the payload's list, e.g. "property_keys"
    fields: tuple  # the editable fields of a key, e.g. ("name", "display_name")
    not_ours: str  # Polish: an `id` that is not one of the record's live keys
    values_where: Callable  # count -> Polish "w 3 pomiarach" / "w 1 gminie"
    lost: str  # Polish: what removing would lose, e.g. "zmierzone wartości zniknęłyby z pomiarów"

    def check_ids(self, existing, sent):
        """The ids sent (400 naming the key when one is not the record's, or repeats)."""
        errors, seen = [], set()
        for index, key in enumerate(sent):
            key_id = key.get("id")
            if key_id is None:
                continue
            name = f"{self.field}.{index}.id"
            if key_id not in existing:
                errors.append({"name": name, "description": self.not_ours})
            elif key_id in seen:
                errors.append({"name": name, "description": "Tę właściwość podano dwa razy."})
            seen.add(key_id)
        if errors:
            raise ApiError("VALIDATION_FAILED", errors)
        return seen

    def sync(self, existing_keys, sent, allow_removal, count_values, create):
        """Applies `sent` (validated key dicts) to `existing_keys` (the record's live key
        objects, each with `id`, `name`, `position`, `deleted`). `count_values(ids)` gives
        {key id: number of live records holding values of it}; `create(position, fields)`
        adds a new key. Returns the removed keys."""
        existing = {key.id: key for key in existing_keys}
        kept = self.check_ids(existing, sent)
        removed = [key for key_id, key in existing.items() if key_id not in kept]
        counts = count_values([key.id for key in removed]) if removed else {}
        blocked = [key for key in removed if counts.get(key.id)]
        if blocked and not allow_removal:
            listed = ", ".join(f"„{key.name}” (wartości {self.values_where(counts[key.id])})" for key in blocked)
            raise ApiError(
                "CONFLICT",
                [
                    {
                        "name": self.field,
                        # No API field names in a text the operator reads in a dialog (the form resends
                        # with remove_keys_with_values: 1 once confirmed).
                        "description": f"Nie usunięto właściwości {listed}: {self.lost}. Jeśli na pewno chcesz usunąć "
                        "te właściwości razem z ich wartościami, potwierdź usunięcie.",
                    }
                ],
            )
        stamp = utcnow()
        for key in removed:
            key.deleted = stamp
        for position, key in enumerate(sent):
            values = {name: key[name] for name in self.fields}
            if key.get("id") is None:
                create(position, values)
                continue
            stored = existing[key["id"]]
            values["position"] = position
            if any(getattr(stored, name) != value for name, value in values.items()):
                for name, value in values.items():
                    setattr(stored, name, value)
        return removed


def distinct_names(message):
    """A colander validator of a key list: names must differ as imports match them to headers
    (case, Polish letters and spaces aside). `message` is formatted with the repeated name."""

    def validator(node, value):
        seen = set()
        for index, key in enumerate(value or ()):
            folded = header_key(key["name"])
            if folded in seen:
                error = colander.Invalid(node)
                error.add(colander.Invalid(node.children[0], message.format(name=key["name"])), index)
                raise error
            seen.add(folded)

    return validator


def ConfirmRemoval():
    """The request's consent to remove keys together with their values (0/1)."""
    return FlagNode("Usuń właściwości razem z ich wartościami", name=CONFIRM_FIELD)
