"""The public side of a search: `/view/search/<internal_name>` and its embed. Built for 2,477
gminy without sending every text up front: the payload lists the gminy that have entries
(`GET /api/public/search/<name>`), and one gmina's card comes on demand
(`GET /api/public/search/<name>/<boroughId>`). Texts are plain: the widget writes them as text,
so no HTML from a spreadsheet reaches a partner's page."""

import sqlalchemy as sa
from cornice import Service
from pyramid.security import NO_PERMISSION_REQUIRED

from smogpanel.envelope import ApiError
from smogpanel.gazetteer import gazetteer
from smogpanel.public import GAZETTEER, PublicKind, Sheet, live_part
from smogpanel.regions import polish_sort_key
from smogpanel.resources import MAX_ID

from .models import Search, SearchEntry, SearchKey, SearchValue

VALUES = SearchValue.__table__
CACHE_CONTROL = "public, max-age=60"


def live_search(db, internal_name):
    return db.scalars(sa.select(Search).where(Search.internal_name == internal_name).limit(1)).first()


def search_payload(request, internal_name):
    """{name, source, boroughs: [[id, name, district, voivodeship], ...]} in Polish alphabetical
    order of the gminy that have an entry (and are live), or None when no live search has that
    internal name. Arrays rather than objects: the list is the widget's largest download."""
    search = live_search(request.db, internal_name)
    if search is None:
        return None
    borough_ids = request.db.scalars(
        sa.select(SearchEntry.borough_id).where(SearchEntry.search_id == search.id, SearchEntry.deleted.is_(None))
    ).all()
    found = gazetteer(request).boroughs_by_ids(request.db, borough_ids)
    boroughs = sorted(
        (
            [borough_id, row["borough_name"], row["district_name"], row["voivodeship_name"]]
            for borough_id, row in found.items()
        ),
        key=lambda item: (polish_sort_key(item[1]), polish_sort_key(item[2])),
    )
    return {"name": search.name, "source": search.source, "boroughs": boroughs}


def card_payload(request, internal_name, borough_id):
    """One gmina's card: {id, name, district, voivodeship, values: [{name, hide_name, place,
    value}]} in the keys' order, or None. Three indexed reads (the entry, the gmina, the texts
    with their keys): the card is what residents ask for most."""
    if borough_id > MAX_ID:
        return None
    connection = request.db.connection()
    entry_id = connection.execute(
        sa.select(SearchEntry.id)
        .join(Search, Search.id == SearchEntry.search_id)
        .where(
            Search.internal_name == internal_name,
            Search.deleted.is_(None),
            SearchEntry.borough_id == borough_id,
            SearchEntry.deleted.is_(None),
        )
        .limit(1)
    ).scalar()
    borough = entry_id and gazetteer(request).boroughs_by_ids(request.db, [borough_id]).get(borough_id)
    if not borough:
        return None
    texts = connection.execute(
        sa.select(SearchKey.name, SearchKey.hide_name, SearchKey.search_key_place_name, VALUES.c.value)
        .join(SearchKey, SearchKey.id == VALUES.c.key_id)
        .where(VALUES.c.entry_id == entry_id, SearchKey.deleted.is_(None))
        .order_by(SearchKey.position, SearchKey.id)
    )
    return {
        "id": borough_id,
        "name": borough["borough_name"],
        "district": borough["district_name"],
        "voivodeship": borough["voivodeship_name"],
        "values": [
            {"name": name, "hide_name": hide_name, "place": place, "value": value}
            for name, hide_name, place, value in texts
        ],
    }


def all_cards(request, internal_name):
    """{borough id as text: card} of every gmina of the search, each as `card_payload` answers
    it: what a version freezes at publish time (`PublicKind.parts`), so a pinned search's cards
    never change. Four queries whatever the number of gminy (2,477 gminy: docs/performance.md)."""
    connection = request.db.connection()
    search_id = connection.execute(
        sa.select(Search.id).where(Search.internal_name == internal_name, Search.deleted.is_(None)).limit(1)
    ).scalar()
    if search_id is None:
        return {}
    live = (SearchEntry.search_id == search_id, SearchEntry.deleted.is_(None))
    entries = dict(connection.execute(sa.select(SearchEntry.id, SearchEntry.borough_id).where(*live)).all())
    found = gazetteer(request).boroughs_by_ids(request.db, list(entries.values()))
    cards = {}
    for entry_id, borough_id in entries.items():
        borough = found.get(borough_id)
        if borough:
            cards[entry_id] = {
                "id": borough_id,
                "name": borough["borough_name"],
                "district": borough["district_name"],
                "voivodeship": borough["voivodeship_name"],
                "values": [],
            }
    keys = connection.execute(
        sa.select(SearchKey.id, SearchKey.name, SearchKey.hide_name, SearchKey.search_key_place_name)
        .where(SearchKey.search_id == search_id, SearchKey.deleted.is_(None))
        .order_by(SearchKey.position, SearchKey.id)
    ).all()
    order = {key[0]: index for index, key in enumerate(keys)}
    # The texts of the search's live keys (only its entries have them) as three plain columns:
    # each card's key fields come from the few key rows, not from each of the ~15,000 texts.
    texts = connection.execute(
        sa.select(VALUES.c.entry_id, VALUES.c.key_id, VALUES.c.value).where(VALUES.c.key_id.in_(list(order)))
    ).all()
    slots = {}
    for entry_id, key_id, value in texts:
        if entry_id in cards:
            slots.setdefault(entry_id, []).append((order[key_id], value))
    for entry_id, found_texts in slots.items():
        card_values = cards[entry_id]["values"]
        for index, value in sorted(found_texts):
            _id, name, hide_name, place = keys[index]
            card_values.append({"name": name, "hide_name": hide_name, "place": place, "value": value})
    return {str(card["id"]): card for card in cards.values()}


def card_view(request):
    name = request.matchdict["internal_name"]
    borough_id = int(request.matchdict["borough_id"])
    # A search not public now (a draft, withdrawn, before its release) shows no card either; in
    # reviewed mode the card is the live version's, as it was published.
    card = live_part(request, "search", name, str(borough_id), lambda: card_payload(request, name, borough_id))
    if card is None:
        raise ApiError("NOT_FOUND")
    request.response.cache_control = CACHE_CONTROL
    return card


def includeme(config):
    card = Service(
        name="search-public-card",
        path="/api/public/search/{internal_name}/{borough_id:\\d+}",
        description="search: one gmina's public card (no sign-in, cacheable)",
    )
    card.add_view("GET", card_view, renderer="envelope", permission=NO_PERMISSION_REQUIRED)
    config.add_cornice_service(card)


def search_table(request, internal_name, payload):
    """ "Pobierz dane": every gmina of the search (as its list orders them) with each key's text,
    the cards the widget opens one by one, in one table."""
    search = live_search(request.db, internal_name)
    keys = request.db.execute(
        sa.select(SearchKey.id, SearchKey.name)
        .where(SearchKey.search_id == search.id, SearchKey.deleted.is_(None))
        .order_by(SearchKey.position, SearchKey.id)
    ).all()
    texts = {}
    for borough_id, key_id, value in request.db.execute(
        sa.select(SearchEntry.borough_id, VALUES.c.key_id, VALUES.c.value)
        .join(SearchEntry, SearchEntry.id == VALUES.c.entry_id)
        .where(SearchEntry.search_id == search.id, SearchEntry.deleted.is_(None))
    ):
        texts[(borough_id, key_id)] = value
    header = ("Gmina", "Powiat", "Województwo", *(name for _id, name in keys))
    rows = [
        (name, district, voivodeship, *(texts.get((bid, key_id)) for key_id, _n in keys))
        for bid, name, district, voivodeship in payload["boroughs"]
    ]
    # The share card lists the gminy only: the texts are not in the payload its image is kept by.
    return [Sheet(payload["name"] or "Wyszukiwarka", header, rows, card_columns=3)]


SEARCH = PublicKind(
    kind="search",
    load=search_payload,
    plugin="searches",
    title="Wyszukiwarka",
    shows=(Search, SearchKey, SearchEntry, SearchValue, GAZETTEER),
    table=search_table,
    parts=all_cards,
)
# What the payloads show, for the public version (once the core tracks versions):
SHOWS = {SearchKey: "search_id", SearchEntry: "search_id", SearchValue: "entry_id.search_id"}
