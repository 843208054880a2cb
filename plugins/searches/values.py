"""A search's keys and its entries' texts (declared for smogpanel.keyed_values). Shared by the admin
views, the import, the seed and the public payload."""

import sqlalchemy as sa

from smogpanel.keyed_values import KeyedValues

from .models import SearchEntry, SearchKey, SearchValue

VALUES = KeyedValues(
    key_model=SearchKey,
    owner="search_id",
    table=SearchValue.__table__,
    entry_model=SearchEntry,
    key_fields=("id", "name", "value_type_name"),
    full_fields=("hide_name", "search_key_place_name"),
    not_ours="Ta właściwość nie należy do tej wyszukiwarki (albo została usunięta). Odśwież formularz.",
)


def entry_of(db, search_id, borough_id):
    """The live entry of a gmina in a search, or None."""
    return db.scalars(
        sa.select(SearchEntry)
        .where(SearchEntry.search_id == search_id, SearchEntry.borough_id == borough_id, SearchEntry.deleted.is_(None))
        .limit(1)
    ).first()
