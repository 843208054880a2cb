"""Deleting several records of a list at once, as one batch history puts back with one revert:

    POST /api/<kind>/bulk-delete   {"ids": [3, 5, 8]}   -> {"ids": [...], "entry": <history id>}

Every record goes through `Resource.remove` (its own checks, cascade and history entry, as
`DELETE /api/<kind>/<id>` does); then one more entry, the batch, names them all:
`action "delete", record_id None, changes {"batch": [{"id", "name", "entry"}, ...]}`.
Reverting the batch restores every record of it (smogpanel.history.views). All or nothing: a
missing id or a refused delete answers the error and nothing is deleted.
"""

import colander
import sqlalchemy as sa

from . import history
from .db import MAX_ID
from .envelope import ApiError
from .models import HistoryEntry
from .validation import body_validator

MAX_IDS = 1000


class Ids(colander.SequenceSchema):
    id = colander.SchemaNode(colander.Integer(), validator=colander.Range(1, MAX_ID))


class BulkDeleteSchema(colander.MappingSchema):
    ids = Ids(
        title="Zaznaczone",
        validator=colander.Length(min=1, max=MAX_IDS),
        description=f"id usuwanych elementów (1 do {MAX_IDS})",
    )


def _ids(raw):
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 < i <= MAX_ID for i in raw):
        raise ApiError.invalid("ids", "Zaznaczone: podaj listę identyfikatorów (liczb całkowitych).")
    return list(dict.fromkeys(raw))


def batch_label(resource, count):
    return f"Usunięcie zbiorcze: {count} × {resource.label}"


def bulk_delete_view(resource):
    def view(request):
        ids = _ids(request.validated["ids"])
        model = resource.model
        found = {
            obj.id: obj
            for obj in request.db.scalars(sa.select(model).where(model.id.in_(ids), model.deleted.is_(None))).all()
        }
        missing = [i for i in ids if i not in found]
        if missing:
            shown = ", ".join(str(i) for i in missing[:10])
            raise ApiError(
                "NOT_FOUND",
                [{"name": "ids", "description": f"Nie ma (albo już usunięto) elementów o id: {shown}. Odśwież listę."}],
            )
        batch = []
        for record_id in ids:
            obj = found[record_id]
            if obj.deleted is not None:  # went with an earlier one of the batch (a cascade)
                continue
            resource.remove(request, obj)  # the same path as DELETE /api/<kind>/<id>
            entry = request.db.scalar(
                sa.select(sa.func.max(HistoryEntry.id)).where(
                    HistoryEntry.kind == resource.kind,
                    HistoryEntry.record_id == record_id,
                    HistoryEntry.action == "delete",
                )
            )
            batch.append({"id": record_id, "name": resource.history_name(request, obj), "entry": entry})
        entry = history.record(
            request, "delete", resource.kind, None, batch_label(resource, len(batch)), {"batch": batch}
        )
        return {"ids": [item["id"] for item in batch], "entry": entry}

    view.__name__ = f"bulk_delete_{resource.kind}"
    view.__doc__ = f"{resource.kind}: delete the records `ids` as one batch (history: one revert puts them back)"
    return view


def bulk_delete_service(resource):
    service = resource.service(
        f"{resource.kind}-bulk-delete",
        f"/api/{resource.kind}/bulk-delete",
        f"{resource.kind}: delete several records as one batch",
    )
    service.add_view(
        "POST",
        bulk_delete_view(resource),
        renderer="envelope",
        schema=BulkDeleteSchema(),
        validators=(body_validator,),
        permission="delete",
    )
    return service
