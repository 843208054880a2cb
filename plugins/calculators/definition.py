"""The shared definition: reading the current version, replacing it with a new one (the form,
an import, a restore), listing and restoring versions. Every replacement is one new version
written in the request's transaction; nothing is overwritten."""

from zoneinfo import ZoneInfo

import sqlalchemy as sa

from smogpanel.envelope import ApiError
from smogpanel.resources import MAX_ID

from .models import Definition, DefinitionType, DefinitionVersion
from .schemas import NAME_RULE, name_fits


def current_version(db):
    return db.scalars(sa.select(DefinitionVersion).order_by(DefinitionVersion.id.desc()).limit(1)).first()


def types_of(db, version, with_ids=True):
    """[{id, name, definitions: [{id, name, value}]}] of a version, values as exact decimal
    text ('0.85'), in the order they were given."""
    if version is None:
        return []
    types = db.scalars(
        sa.select(DefinitionType).where(DefinitionType.version_id == version.id).order_by(DefinitionType.position)
    ).all()
    definitions = {}
    if types:
        rows = db.scalars(
            sa.select(Definition)
            .where(Definition.type_id.in_([t.id for t in types]))
            .order_by(Definition.type_id, Definition.position)
        ).all()
        for row in rows:
            item = {"name": row.name, "value": format(row.value, "f")}
            if with_ids:
                item = {"id": row.id, **item}
            definitions.setdefault(row.type_id, []).append(item)
    result = []
    for a_type in types:
        item = {"name": a_type.name, "definitions": definitions.get(a_type.id, [])}
        result.append({"id": a_type.id, **item} if with_ids else item)
    return result


def check_names(types, field="types"):
    """Type names once (case-insensitive), definition names once within their type and fitting
    it (Polish letters only in building standards): a 400 naming each, before anything is written."""
    errors, seen = [], {}
    for index, a_type in enumerate(types):
        key = a_type["name"].casefold()
        if key in seen:
            errors.append(
                {
                    "name": f"{field}.{index}.name",
                    "description": f"Typ „{a_type['name']}” występuje już jako typ nr {seen[key] + 1}.",
                }
            )
        seen.setdefault(key, index)
        names = set()
        for position, definition in enumerate(a_type["definitions"]):
            if not name_fits(a_type["name"], definition["name"]):
                errors.append(
                    {
                        "name": f"{field}.{index}.definitions.{position}.name",
                        "description": f"Nazwa definicji „{definition['name']}” typu „{a_type['name']}”: {NAME_RULE}",
                    }
                )
            elif definition["name"] in names:
                errors.append(
                    {
                        "name": f"{field}.{index}.definitions.{position}.name",
                        "description": f"Definicja „{definition['name']}” występuje już w typie „{a_type['name']}”.",
                    }
                )
            names.add(definition["name"])
    if errors:
        raise ApiError("VALIDATION_FAILED", errors)


def write_version(db, types, source):
    """A new current version holding `types` ([{name, definitions: [{name, value}]}])."""
    version = DefinitionVersion(source=source[:500])
    db.add(version)
    db.flush()
    for position, a_type in enumerate(types):
        row = DefinitionType(version_id=version.id, name=a_type["name"], position=position)
        db.add(row)
        db.flush()
        db.execute(
            sa.insert(Definition.__table__),
            [
                {
                    "type_id": row.id,
                    "name": d["name"],
                    "value": d["value"],
                    "position": index,
                    "created": version.created,
                    "updated": version.created,
                }
                for index, d in enumerate(a_type["definitions"])
            ],
        )
    return version


def list_versions(db):
    """Every version, newest first: {id, created, source, types, definitions, current}."""
    counts = dict(
        db.execute(
            sa.select(DefinitionType.version_id, sa.func.count(Definition.id))
            .join(Definition, Definition.type_id == DefinitionType.id)
            .group_by(DefinitionType.version_id)
        ).all()
    )
    type_counts = dict(
        db.execute(
            sa.select(DefinitionType.version_id, sa.func.count(DefinitionType.id)).group_by(DefinitionType.version_id)
        ).all()
    )
    versions = db.scalars(sa.select(DefinitionVersion).order_by(DefinitionVersion.id.desc())).all()
    return [
        {
            "id": v.id,
            "created": v.created,
            "source": v.source,
            "types": type_counts.get(v.id, 0),
            "definitions": counts.get(v.id, 0),
            "current": index == 0,
        }
        for index, v in enumerate(versions)
    ]


def restore_version(db, version_id):
    """Makes a copy of an earlier version the current one (the versions in between stay)."""
    version = db.get(DefinitionVersion, version_id) if version_id <= MAX_ID else None
    if version is None or version.deleted is not None:
        raise ApiError("NOT_FOUND", [{"name": "id", "description": "Nie ma takiej wersji definicji."}])
    stamp = version.created.astimezone(ZoneInfo("Europe/Warsaw")).strftime("%Y-%m-%d %H:%M")
    return write_version(
        db, types_of(db, version, with_ids=False), f"Przywrócenie wersji {version.id} z {stamp} ({version.source})"
    )
