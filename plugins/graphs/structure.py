"""Editing a graph's keys (CIRCLE, MULTILINE) or key groups with their keys (BAR, LINE) in one
form, as smogpanel.key_lists does for maps and searches: sent items with an `id` are edited, those
without are created, the graph's items not sent are soft-deleted. Removing keys that hold entry
values (directly, with their key group, or because the type changed between the two families)
answers 409 with the counts unless the request sends `remove_keys_with_values: 1`. Everything
is checked before anything is written."""

from smogpanel.db import utcnow
from smogpanel.envelope import ApiError

from .models import GROUPED, GraphKey, GraphKeyGroup
from .values import VALUES, live_groups, live_keys

GROUP_NOT_OURS = "Ta grupa kluczy nie należy do tego wykresu (albo została usunięta). Odśwież formularz."
KEY_NOT_OURS = "Ten klucz nie należy do tej grupy (albo został usunięty). Odśwież formularz."
TWICE = "Ten element podano dwa razy."
WRONG_FAMILY = {
    "graph_keys": "Wykres typu {type} nie ma kluczy bez grup: podaj grupy kluczy (graph_key_groups).",
    "graph_key_groups": "Wykres typu {type} nie ma grup kluczy: podaj klucze (graph_keys).",
}


def _entries(count):
    return "w 1 wpisie" if count == 1 else f"w {count} wpisach"


def _check_ids(sent, existing, field, message, errors):
    seen = set()
    for index, item in enumerate(sent):
        item_id = item.get("id")
        if item_id is None:
            continue
        if item_id not in existing:
            errors.append({"name": f"{field}.{index}.id", "description": message})
        elif item_id in seen:
            errors.append({"name": f"{field}.{index}.id", "description": TWICE})
        seen.add(item_id)
    return seen


def plan(db, graph_id, graph_type, keys_sent, groups_sent):
    """What the edit would do, checked: (groups sent or None, keys sent or None, removed
    groups, removed keys). None: that list is left as it is."""
    grouped = graph_type in GROUPED
    groups = {group.id: group for group in live_groups(db, graph_id)} if graph_id else {}
    keys = {key.id: key for key in live_keys(db, graph_id)} if graph_id else {}
    errors = []
    other_field, other = ("graph_keys", keys_sent) if grouped else ("graph_key_groups", groups_sent)
    if other:
        errors.append({"name": other_field, "description": WRONG_FAMILY[other_field].format(type=graph_type)})
    removed_groups, removed_keys = [], []
    if grouped:
        # Plain keys belong to CIRCLE and MULTILINE: a type change to BAR or LINE removes them.
        removed_keys += [key for key in keys.values() if key.key_group_id is None]
        if groups_sent is not None:
            kept = _check_ids(groups_sent, groups, "graph_key_groups", GROUP_NOT_OURS, errors)
            removed_groups = [group for group_id, group in groups.items() if group_id not in kept]
            removed_keys += [
                key for key in keys.values() if key.key_group_id is not None and key.key_group_id not in kept
            ]
            for index, group in enumerate(groups_sent):
                own = {
                    key_id: key for key_id, key in keys.items() if group.get("id") and key.key_group_id == group["id"]
                }
                field = f"graph_key_groups.{index}.graph_keys"
                kept_keys = _check_ids(group["graph_keys"], own, field, KEY_NOT_OURS, errors)
                removed_keys += [key for key_id, key in own.items() if key_id not in kept_keys]
    else:
        removed_groups = list(groups.values())
        removed_keys += [key for key in keys.values() if key.key_group_id is not None]
        if keys_sent is not None:
            own = {key_id: key for key_id, key in keys.items() if key.key_group_id is None}
            kept = _check_ids(keys_sent, own, "graph_keys", KEY_NOT_OURS, errors)
            removed_keys += [key for key_id, key in own.items() if key_id not in kept]
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)
    return removed_groups, removed_keys


def sync(db, graph, keys_sent, groups_sent, allow_removal):
    """Applies the sent keys or key groups to `graph` (whose graph_type_name is already the new type)."""
    grouped = graph.graph_type_name in GROUPED
    removed_groups, removed_keys = plan(db, graph.id, graph.graph_type_name, keys_sent, groups_sent)
    counts = VALUES.keys_with_values(db, [key.id for key in removed_keys])
    blocked = [key for key in removed_keys if counts.get(key.id)]
    if blocked and not allow_removal:
        listed = ", ".join(f"„{key.name}” (wartości {_entries(counts[key.id])})" for key in blocked)
        raise ApiError(
            "CONFLICT",
            [
                {
                    "name": "graph_key_groups" if grouped else "graph_keys",
                    "description": f"Nie usunięto kluczy {listed}: wpisane wartości zniknęłyby z wykresu. "
                    "Jeśli na pewno chcesz usunąć te klucze razem z ich wartościami, potwierdź usunięcie.",
                }
            ],
        )
    stamp = utcnow()
    for item in (*removed_groups, *removed_keys):
        item.deleted = stamp
    if grouped and groups_sent is not None:
        existing = {group.id: group for group in live_groups(db, graph.id) if group.deleted is None}
        for position, sent in enumerate(groups_sent):
            group = existing.get(sent.get("id"))
            if group is None:
                group = GraphKeyGroup(graph_id=graph.id)
                db.add(group)
            group.name, group.color, group.position = sent["name"], sent["color"], position
            db.flush()
            _sync_keys(db, graph.id, group.id, sent["graph_keys"])
    elif not grouped and keys_sent is not None:
        _sync_keys(db, graph.id, None, keys_sent)
    db.flush()


def _sync_keys(db, graph_id, group_id, sent):
    existing = {key.id: key for key in live_keys(db, graph_id) if key.key_group_id == group_id and key.deleted is None}
    for position, item in enumerate(sent):
        key = existing.get(item.get("id"))
        if key is None:
            key = GraphKey(graph_id=graph_id, key_group_id=group_id)
            db.add(key)
        key.name, key.short_name, key.position = item["name"], item["short_name"], position
