"""What a public kind is and how its payload is built and cached: the part of the public side
that its views (smogpanel.public, .data, .share, .oembed) share, in a module of its own so they
import it rather than the package that includes them."""

from collections.abc import Callable
from dataclasses import dataclass

from ..answer_cache import Built
from ..data_versions import request_version
from ..envelope import dumps

NOT_FOUND_PAGE = "<!doctype html><title>404</title><p>Nie znaleziono.</p>"

# The environ key a replayable answer is left under, for smogpanel.ops.replay to repeat it.
REPLAYABLE = "smogpanel.replayable"


@dataclass(frozen=True)
class PublicKind:
    kind: str  # e.g. "timer": the path segment of /view/<kind>/...
    load: Callable  # (request, internal_name) -> payload dict, or None when absent/deleted
    plugin: str = ""  # the plugin whose static/embed/embed.js renders it
    title: str = ""  # Polish page title
    # Every table the payload is read from (tables, mapped classes, table names, or
    # `GAZETTEER` for the hierarchy's names): a write to any of them gives
    # the payload a new version. A test compares it with the tables `load` actually reads.
    shows: tuple = ()
    # Share and download (smogpanel.public.sheets, .data, .share): `table(request, internal_name,
    # payload)` -> [Sheet], the numbers behind the widget ("Pobierz dane", the share card's
    # bars); None: no data download. `describe(payload)` -> (title, description) for the
    # og: tags and the card; None: the payload's name/title and subtitle/details.
    table: Callable | None = None
    describe: Callable | None = None
    # Reach (smogpanel.reach): the steps after a view that the plugin counts with `count_event`,
    # as (event, Polish label), the first being the view itself: ("view", "Formularz wyświetlony").
    funnel: tuple = ()


def public_kinds(registry):
    return registry["smogpanel.public_kinds"]


def kind_of(request):
    return public_kinds(request.registry).get(request.matchdict["kind"])


def built_payload(request, kind, name):
    """(data version, the payload's envelope as `Built` bytes or None when the record is
    absent); the version is None for a kind that is never cached."""
    tables = request.registry["smogpanel.public_tables"][kind.kind]

    def build():
        payload = kind.load(request, name)
        return None if payload is None else Built.of(dumps({"success": True, "message": payload}))

    if not tables:  # a kind that declares nothing it shows is never cached: it cannot go stale
        return None, build()
    version = request_version(request, tables)
    return version, request.registry["smogpanel.public_cache"].get_or_build(
        ("payload", kind.kind, version, name), build
    )


def replayable(request, version, built, content_type):
    """Lets `public_replay` answer this URL again while `version` lasts (None: never)."""
    if version is not None:
        request.environ[REPLAYABLE] = (version, built, content_type)


def public_cache_control(request):
    return request.registry.settings["smogpanel.public_cache_control"]
