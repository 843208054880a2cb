"""Soft delete: a delete marks the record and its live descendants (the records of every kind
that names it among its `parents`, and theirs) with one stamp; a restore brings back the record
with the descendants that went with it, unless a unique value was taken meanwhile, a parent is
still deleted, or a field refers to a record deleted since (`smogpanel restore KIND ID`, the
history's revert)."""

import sqlalchemy as sa

from .. import history
from ..db import utcnow


def deleted_record(db, resource, record_id):
    """ "<label> „<name>”, id <id>" of `resource`'s record `record_id` when it is deleted, else None."""
    if record_id is None:
        return None
    found = db.execute(
        sa.select(resource.model).where(resource.model.id == record_id).execution_options(include_deleted=True)
    ).scalar_one_or_none()
    if found is None or found.deleted is None:
        return None
    name = history.record_name(found)
    return f"{resource.label}{f' „{name}”' if name else ''}, id {found.id}"


class Trash:
    """The soft-delete half of `Resource` (its declarations: `parents`, `unique`)."""

    def child_resources(self):
        """The kinds with this one among their `parents`."""
        return [r for r in self.all_kinds.values() if any(p.kind == self.kind for p in r.parents)]

    def children(self):
        """(child resource, its foreign key column naming this kind) for every child kind's parent of this kind."""
        return [
            (child, getattr(child.model, parent.field))
            for child in self.child_resources()
            for parent in child.parents
            if parent.kind == self.kind
        ]

    def delete(self, request, obj):
        self.cascade(request.db, obj.id, utcnow())
        obj.deleted = obj.deleted or utcnow()

    def cascade(self, db, record_id, stamp):
        """Marks the record and its live descendants with one stamp, so restore can tell
        which children went with it."""
        db.execute(
            sa.update(self.model)
            .where(self.model.id == record_id, self.model.deleted.is_(None))
            .values(deleted=stamp)
            .execution_options(synchronize_session="fetch")
        )
        for child, field in self.children():
            ids = (
                db.execute(sa.select(child.model.id).where(field == record_id, child.model.deleted.is_(None)))
                .scalars()
                .all()
            )
            for child_id in ids:
                child.cascade(db, child_id, stamp)

    def restore(self, db, obj):
        """Brings back a soft-deleted record with the descendants deleted together with it.
        Returns a Polish reason when it cannot (a unique value taken meanwhile)."""
        if obj.deleted is None:
            return "Ten element nie jest usunięty."
        for field in self.unique:
            column = getattr(self.model, field)
            taken = db.execute(
                sa.select(self.model.id)
                .where(column == getattr(obj, field), self.model.deleted.is_(None), self.model.id != obj.id)
                .execution_options(include_deleted=True)
            ).first()
            if taken is not None:
                title = next((node.title for node in self.schema().children if node.name == field), field)
                return (
                    f"Nie można przywrócić: wartość „{getattr(obj, field)}” pola „{title}” "
                    f"jest już zajęta przez element {taken.id}."
                )
        for declared in self.parents:  # an optional parent left empty (a rank value's entry) is none
            parent = self.all_kinds[declared.kind]
            named = deleted_record(db, parent, getattr(obj, declared.field))
            if named is not None:
                return f"Nie można przywrócić: element nadrzędny ({named}) jest usunięty. Przywróć najpierw jego."
        reason = self.deleted_reference(db, obj)
        if reason:
            return reason
        self.uncascade(db, obj.id, obj.deleted)
        return None

    def deleted_reference(self, db, obj):
        """The Polish reason when a field of `obj` refers (`refers_to` in the schema) to a record
        deleted since: restoring it would give a live record pointing at a deleted one (a letter
        whose recipient group is gone), which no form could save."""
        for node in self.schema().children:
            kind, value = getattr(node, "refers_to", None), getattr(obj, node.name, None)
            referred = self.all_kinds.get(kind) if kind else None
            if referred is None or value is None:
                continue
            named = deleted_record(db, referred, value)
            if named is not None:
                return (
                    f"Nie można przywrócić: pole „{node.title}” wskazuje usunięty element ({named}). "
                    "Przywróć najpierw jego."
                )
        return None

    def put_back(self, request, obj, fields):
        """An import's revert: `obj` given back the values an import replaced (`fields`:
        {field: [old, new]} as its history entry keeps them). Here the model's columns; a kind
        whose import changes more (an entry's keyed values) overrides it."""
        columns = {column.key for column in self.model.__mapper__.column_attrs}
        for field, change in fields.items():
            if field in columns and isinstance(change, list) and len(change) == 2:
                setattr(obj, field, change[0])

    def after_import_reverted(self, request, objs):
        """After an import's revert deleted the records it created and put back those it
        changed (`objs`): what the kind recomputes from them (a ranking's places)."""

    def uncascade(self, db, record_id, stamp):
        db.execute(
            sa.update(self.model)
            .where(self.model.id == record_id, self.model.deleted == stamp)
            .values(deleted=None)
            .execution_options(synchronize_session="fetch")
        )
        for child, field in self.children():
            ids = (
                db.execute(
                    sa.select(child.model.id)
                    .where(field == record_id, child.model.deleted == stamp)
                    .execution_options(include_deleted=True)
                )
                .scalars()
                .all()
            )
            for child_id in ids:
                child.uncascade(db, child_id, stamp)
