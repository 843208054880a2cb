"""The gminy and voivodeships live items name in their hooks (the `smogpanel_references` hook),
so the hierarchy never retires a unit an item still shows. Hook values are JSON: read in Python
(items are few)."""

from collections import defaultdict

import sqlalchemy as sa

from smogpanel.item_types import BOROUGH, VOIVODESHIP

from .models import Item

TYPE_OF = {"borough": BOROUGH, "voivodeship": VOIVODESHIP}


def references(db, kind, ids):
    hook_type = TYPE_OF.get(kind)
    if hook_type is None:
        return {}
    wanted, found = set(ids), defaultdict(list)
    for name, values in db.execute(sa.select(Item.name, Item.hook_values).where(Item.deleted.is_(None))):
        for hook in (values or {}).values():
            if isinstance(hook, dict) and hook.get("type") == hook_type and hook.get("value") in wanted:
                found[hook["value"]].append(f"element „{name}”")
    return dict(found)
