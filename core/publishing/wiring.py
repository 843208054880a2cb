"""How publishing joins the rest of the core: the record answers' and list rows' state, the
subscribers to the write events, and the pointers' cache (smogpanel.publishing)."""

from sqlalchemy.orm import Session

from ..app_state import hold
from ..events import RecordChanged, RecordCreated, RecordUpdated
from ..public.live import IMMEDIATE, POINTERS, REVIEWED, PointerCache, check_mode, mode, publishable
from ..resources.parts import ANSWER_PARTS, ROW_MARKS
from .actions import draft_saved, freeze_saved, published_ancestor, record_state, row_states


def record_answer(request, resource, obj):
    """{publication: {state, label, live}} for a record's answer (nothing for a kind that is not
    published)."""
    if publishable(request.registry, resource.kind) is None:
        return {}
    return {"publication": record_state(request, resource, obj)}


def mark_rows(request, resource, rows):
    """Each list row's `publication_state` and `publication_label` (a published kind's)."""
    if rows and "id" in rows[0] and publishable(request.registry, resource.kind) is not None:
        row_states(request, resource, rows)


def saved(event):
    """Subscriber to RecordCreated and RecordUpdated: in immediate mode a save of a public
    record publishes it as a new version."""
    request = event.request
    if event.record_id is None or isinstance(request, Session) or mode(request.registry.settings) != IMMEDIATE:
        return
    resource = publishable(request.registry, event.kind)
    if resource is not None:
        freeze_saved(request, resource, event.record_id)


def changed(event):
    """Subscriber to every RecordChanged: in reviewed mode a write to a public record, or to a
    record under one (a ranking's value), marks its versions as behind the draft."""
    request = event.request
    if event.record_id is None or isinstance(request, Session) or mode(request.registry.settings) != REVIEWED:
        return
    resource = request.registry.get("smogpanel.resources", {}).get(event.kind)
    found = published_ancestor(request, resource, event.record_id) if resource is not None else None
    if found is not None:
        draft_saved(request, *found)


def includeme(config):
    registry = config.registry
    check_mode(registry.settings)
    registry[POINTERS] = hold(registry, PointerCache())
    registry.setdefault(ANSWER_PARTS, []).append(record_answer)
    registry.setdefault(ROW_MARKS, []).append(mark_rows)
    config.add_subscriber(saved, RecordCreated)
    config.add_subscriber(saved, RecordUpdated)
    config.add_subscriber(changed, RecordChanged)
