"""The public side of a search: `/view/search/<internal_name>` and its embed. Built for 2,477
gminy without sending every text up front: the payload lists the gminy that have entries
(`GET /api/public/search/<name>`), and one gmina's card comes on demand
(`GET /api/public/search/<name>/<boroughId>`). Texts are plain: the widget writes them as text,
so no HTML from a spreadsheet reaches a partner's page."""
import sqlalchemy as sa
from pyramid.security import NO_PERMISSION_REQUIRED
from smogpanel.envelope import ApiError
from smogpanel.public import PublicKind
from smogpanel.resources import MAX_ID

from . import places
from .models import Search, SearchEntry, SearchKey, SearchValue
from .values import live_keys, value_rows

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
    borough_ids = request.db.scalars(sa.select(SearchEntry.borough_id).where(
        SearchEntry.search_id == search.id, SearchEntry.deleted.is_(None))).all()
    found = places.boroughs_by_ids(request.db, borough_ids)
    boroughs = sorted(([borough_id, row["borough_name"], row["district_name"], row["voivodeship_name"]]
                       for borough_id, row in found.items()),
                      key=lambda item: (places.polish_key(item[1]), places.polish_key(item[2])))
    return {"name": search.name, "source": search.source, "boroughs": boroughs}


def card_payload(request, internal_name, borough_id):
    """One gmina's card: {id, name, district, voivodeship, values: [{name, hide_name, place,
    value}]} in the keys' order, or None."""
    search = live_search(request.db, internal_name)
    if search is None or borough_id > MAX_ID:
        return None
    entry = request.db.scalars(sa.select(SearchEntry).where(
        SearchEntry.search_id == search.id, SearchEntry.borough_id == borough_id,
        SearchEntry.deleted.is_(None)).limit(1)).first()
    borough = entry and places.boroughs_by_ids(request.db, [borough_id]).get(borough_id)
    if not borough:
        return None
    rows = value_rows(request.db, [entry.id]).get(entry.id, {})
    return {
        "id": borough_id,
        "name": borough["borough_name"],
        "district": borough["district_name"],
        "voivodeship": borough["voivodeship_name"],
        "values": [{"name": key.name, "hide_name": key.hide_name, "place": key.search_key_place_name,
                    "value": rows[key.id].value}
                   for key in live_keys(request.db, search.id) if key.id in rows],
    }


def card_view(request):
    card = card_payload(request, request.matchdict["internal_name"], int(request.matchdict["borough_id"]))
    if card is None:
        raise ApiError("NOT_FOUND")
    request.response.cache_control = CACHE_CONTROL
    return card


def includeme(config):
    config.add_route("api-public-search-card", "/api/public/search/{internal_name}/{borough_id:\\d+}")
    config.add_view(card_view, route_name="api-public-search-card", request_method="GET", renderer="envelope",
                    permission=NO_PERMISSION_REQUIRED)


SEARCH = PublicKind(kind="search", load=search_payload, plugin="searches", title="Wyszukiwarka")
# What the payloads show, for the public version (once the core tracks versions):
SHOWS = {SearchKey: "search_id", SearchEntry: "search_id", SearchValue: "entry_id.search_id"}
