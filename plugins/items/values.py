"""An item's hook values: checked against its type's hooks when written, and shown as the API
answers them (SPEC 3 "Item": hooks of {item_type_hook_id, item_type_hook_name,
item_type_hook_display_name, item_type_hook_type_name, value}).

Stored as `Item.hook_values` {hook name: {"value", "display_name", "type", ...}}: what a hook
was called and how to show it travels with the value, so a hook that a new version of its
plugin dropped, or a type whose plugin is gone, is still shown, marked as no longer offered.
"""

from smogpanel.envelope import ApiError
from smogpanel.gazetteer import gazetteer
from smogpanel.item_types import BOROUGH, INTEGRATION, TEXT, VOIVODESHIP
from smogpanel.resources import MAX_ID
from smogpanel.schemas import control_character_problem

MAX_TEXT = 2000
REQUIRED = "To pole jest wymagane."
NOT_OURS = "Typ „{type}” nie ma właściwości „{name}”. Odśwież formularz."
BOROUGH_GONE = "Wybrana gmina nie istnieje albo została usunięta."
VOIVODESHIP_GONE = "Wybrane województwo nie istnieje albo zostało usunięte."
NOT_AN_ID = "Wybierz pozycję z listy."


def hook_meta(hook):
    meta = {"display_name": hook.display_name, "type": hook.type}
    if hook.unit:
        meta["unit"] = hook.unit
    if hook.display != "text":
        meta["display"] = hook.display
    if hook.integration:
        meta["integration"] = hook.integration
    return meta


def _id_of(value):
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if 0 < value <= MAX_ID else None
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) < 11:
        return _id_of(int(value.strip()))
    if isinstance(value, dict):  # a select's {id, name}
        return _id_of(value.get("id"))
    return None


def check_hooks(request, item_type, sent, stored):
    """The hook values to store for `sent` ([{item_type_hook_id|item_type_hook_name, value}])
    on an item of `item_type` that holds `stored`; a 400 naming every wrong field otherwise.
    Every non-INTEGRATION hook is required; INTEGRATION values are the integration's (what the
    form sends for them is ignored); hooks the type no longer has are dropped."""
    by_name = {}
    errors = []
    for entry in sent:
        name = entry.get("item_type_hook_id") or entry.get("item_type_hook_name")
        if item_type.hook(name) is None:
            if name not in stored:  # a hook shown as no longer offered may come back: ignored
                errors.append(
                    {"name": f"hooks.{name}", "description": NOT_OURS.format(type=item_type.display_name, name=name)}
                )
            continue
        by_name[name] = entry.get("value")
    places = gazetteer(request)
    checked = {}
    for hook in item_type.hooks:
        field = f"hooks.{hook.name}"
        if hook.type == INTEGRATION:
            kept = stored.get(hook.name) or {}
            value = kept.get("value") if kept.get("type") == INTEGRATION else None
            # Saving the form keeps what the last refresh stored with the value.
            reading = {"read_at": kept["read_at"]} if kept.get("read_at") and value is not None else {}
            reading.update(
                {
                    key: kept[key]
                    for key in ("note", "error", "error_at")
                    if kept.get(key) and kept.get("type") == INTEGRATION
                }
            )
            checked[hook.name] = dict(hook_meta(hook), value=value, **reading)
            continue
        value = by_name.get(hook.name)
        problem = None
        if hook.type == TEXT:
            value = value.strip() if isinstance(value, str) else value
            if value in (None, ""):
                problem = REQUIRED
            elif not isinstance(value, str):
                problem = "Wartość musi być tekstem."
            elif len(value) > MAX_TEXT:
                problem = f"Tekst może mieć najwyżej {MAX_TEXT} znaków."
            else:
                problem = control_character_problem(value, multiline=True)
        elif value in (None, ""):
            problem = REQUIRED
        else:
            value = _id_of(value)
            if value is None:
                problem = NOT_AN_ID
            elif hook.type == BOROUGH and not places.boroughs_by_ids(request.db, [value]):
                problem = BOROUGH_GONE
            elif hook.type == VOIVODESHIP and value not in places.voivodeships(request.db):
                problem = VOIVODESHIP_GONE
        if problem:
            errors.append({"name": field, "description": f"{hook.display_name}: {problem}"})
        checked[hook.name] = dict(hook_meta(hook), value=value)
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)
    return checked


def hooks_of(request, item, item_type, names=None):
    """The item's hooks as the API answers them: the type's hooks in its order, then those it
    no longer has (`available: false`). INTEGRATION hooks add `read_at`, `source`, `error` and
    `error_at` (the integration's last failure), `note` (where the value came from) and
    `value_error`, `value_error_at` (this value's last failure); BOROUGH and VOIVODESHIP hooks
    add `value_name`."""
    stored = item.hook_values or {}
    state = item.integration_state or {}
    rows = []
    order = [hook.name for hook in item_type.hooks] if item_type else []
    order += [name for name in stored if name not in order]
    for name in order:
        hook = item_type.hook(name) if item_type else None
        kept = stored.get(name) or {}
        meta = hook_meta(hook) if hook else kept
        row = {
            "item_type_hook_id": name,
            "item_type_hook_name": name,
            "item_type_hook_display_name": meta.get("display_name", name),
            "item_type_hook_type_name": meta.get("type", TEXT),
            "value": kept.get("value") if kept.get("type", meta.get("type")) == meta.get("type") else None,
            "available": hook is not None,
        }
        if meta.get("unit"):
            row["unit"] = meta["unit"]
        if meta.get("display"):
            row["display"] = meta["display"]
        if row["item_type_hook_type_name"] == INTEGRATION:
            integration = state.get(meta.get("integration")) or {}
            row.update(
                read_at=kept.get("read_at") if row["value"] is not None else None,
                integration=meta.get("integration"),
                source=integration.get("source"),
                error=integration.get("error"),
                error_at=integration.get("error_at"),
                note=kept.get("note"),
                value_error=kept.get("error"),
                value_error_at=kept.get("error_at"),
            )
        rows.append(row)
    _add_names(request, rows, names)
    return rows


def _add_names(request, rows, names=None):
    names = names or place_names(request, [rows])
    for row in rows:
        kind = row["item_type_hook_type_name"]
        if kind in (BOROUGH, VOIVODESHIP):
            row["value_name"] = names[kind].get(row["value"])


def place_names(request, groups):
    """{BOROUGH: {id: "Gmina (powiat …, województwo …)"}, VOIVODESHIP: {id: name}} for the
    hooks in `groups` (lists of API hook rows), read through the gazetteer."""
    places = gazetteer(request)
    ids = [
        row["value"]
        for rows in groups
        for row in rows
        if row["item_type_hook_type_name"] == BOROUGH and isinstance(row["value"], int)
    ]
    boroughs = places.boroughs_by_ids(request.db, ids) if ids else {}
    wanted = any(row["item_type_hook_type_name"] == VOIVODESHIP for rows in groups for row in rows)
    voivodeships = places.voivodeships(request.db) if wanted else {}
    return {
        BOROUGH: {i: borough_label(n) for i, n in boroughs.items()},
        VOIVODESHIP: {i: v["name"] for i, v in voivodeships.items()},
    }


def borough_label(names):
    return f"{names['borough_name']} (powiat {names['district_name']}, województwo {names['voivodeship_name']})"


def places_of(request, values):
    """{voivodeship id} of an item's stored hook `values`: its VOIVODESHIP values and the
    voivodeships of its BOROUGH values (read through the gazetteer)."""
    by_type = {BOROUGH: [], VOIVODESHIP: []}
    for value in values.values():
        if isinstance(value, dict) and value.get("type") in by_type and isinstance(value.get("value"), int):
            by_type[value["type"]].append(value["value"])
    gminy = gazetteer(request).voivodeships_of(request.db, by_type[BOROUGH]) if by_type[BOROUGH] else {}
    return frozenset(by_type[VOIVODESHIP]) | frozenset(gminy.values())
