"""What a public kind is and how its payload is built and cached: the part of the public side
that its views (smogpanel.public, .data, .share, .oembed) share, in a module of its own so they
import it rather than the package that includes them."""

from collections.abc import Callable
from dataclasses import dataclass

from ..answer_cache import Built
from ..data_versions import request_version
from ..envelope import dumps
from .live import capped_cache_control, live_built

NOT_FOUND_PAGE = "<!doctype html><title>404</title><p>Nie znaleziono.</p>"

# The environ key a replayable answer is left under, for smogpanel.ops.replay to repeat it.
REPLAYABLE = "smogpanel.replayable"
# The environ key of a preview link's request for a plugin's own endpoint beside the payload (a
# search's card): (kind, internal name) whose draft the link shows (smogpanel.publishing.preview).
PREVIEWING = "smogpanel.publishing.previewing"


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
    # Parts frozen with each version (smogpanel.public.parts): `parts(request, internal_name)` ->
    # {part: payload} of every own endpoint beside the payload (`/api/public/<kind>/<name>/<part>`,
    # a search's gmina cards) as the record is now; called at every publish, the answer stored
    # with the version. None: the kind's parts are not frozen (answered as they are now).
    parts: Callable | None = None


def public_kinds(registry):
    return registry["smogpanel.public_kinds"]


def kind_of(request):
    return public_kinds(request.registry).get(request.matchdict["kind"])


def built_payload(request, kind, name):
    """(data version, the payload's envelope as `Built` bytes or None when the record is
    absent or not public now); the version is None for a kind that is never cached, and while a
    change of the record is scheduled (its answer is not replayed)."""
    tables = request.registry["smogpanel.public_tables"][kind.kind]

    def build():
        payload = kind.load(request, name)
        return None if payload is None else Built.of(dumps({"success": True, "message": payload}))

    # What the public sees is the live version (smogpanel.publishing), chosen by time.
    version = request_version(request, tables) if tables else None
    return live_built(request, kind, name, version, build)


def is_public(request, kind, internal_name):
    """True when record `internal_name` of public kind `kind` is public now (its live version;
    smogpanel.publishing): for a plugin's own public endpoint beside the payload (a search's cards).
    True too when a preview link of its draft asks (smogpanel.publishing.preview)."""
    if request.environ.get(PREVIEWING) == (kind, internal_name):
        return True
    found = public_kinds(request.registry).get(kind)
    return found is not None and built_payload(request, found, internal_name)[1] is not None


def replayable(request, version, built, content_type):
    """Lets `public_replay` answer this URL again while `version` lasts (None: never)."""
    if version is not None:
        request.environ[REPLAYABLE] = (version, built, content_type)


def public_cache_control(request):
    """The setting's Cache-Control, its max-age capped by the time left before a scheduled
    change of what the request answered (smogpanel.publishing)."""
    return capped_cache_control(request, request.registry.settings["smogpanel.public_cache_control"])
