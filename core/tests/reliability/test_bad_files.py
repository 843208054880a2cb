"""The bad-file corpus (smogpanel.testing.hostile: zip bombs, a lying zip, a far cell, truncated
and foreign files, polyglots, SVG, a million rows, formula cells, an upload over the limit) sent
with every import type of the registry to every import endpoint, and to every upload field, found
among the app's Cornice services (a schema with `type` and `file`, or a FileNode field), so a plugin added
later is covered without listing it here: each answers 4xx and the database is unchanged.

Endpoints get their other fields from the plugins' demo data (an `<x>_id` is a live row of table
`<x>`; a record's edit form is the record as its GET answers it); the test checks that the file
really reached the reader or the image check, so a request refused earlier proves nothing."""

import datetime
import itertools
import re
import sys
import warnings

import colander
import pytest
import sqlalchemy as sa

from smogpanel import files
from smogpanel.db import Base
from smogpanel.schemas import FileValue
from smogpanel.spreadsheets import imports
from smogpanel.testing.files import png, upload, xlsx
from smogpanel.testing.hostile import corpus

pytestmark = pytest.mark.slow  # every bad file against every import endpoint and file field

OVER_LIMIT = ("upload over the limit", png(2, 2) + b"\0" * (5 * 1024 * 1024), "duzy.png")


def snapshot(db):
    """Rows per table: what a refused request must leave as it was."""
    db.expire_all()
    return {
        table.name: db.scalar(sa.select(sa.func.count()).select_from(table)) for table in Base.metadata.sorted_tables
    }


@pytest.fixture
def reached(monkeypatch):
    """Counts the uploads that reached the spreadsheet reader or the image check."""
    calls = []

    def counting(module, name, tag):
        real = getattr(module, name)

        def wrapper(*args, **kwargs):
            calls.append(tag)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, wrapper)

    counting(imports, "read_table", "read")
    # Every module holding the core's decode_upload (plugins import it by name).
    for module in [m for m in list(sys.modules.values()) if getattr(m, "decode_upload", None) is files.decode_upload]:
        counting(module, "decode_upload", "decode")
    return calls


def endpoints(registry):
    """(method, path pattern, schema, kind) of every import ('import') and file-field
    ('upload') endpoint among the app's Cornice services."""
    found = []
    for service in registry.cornice_services.values():
        for method, _view, args in service.definitions:
            schema = args.get("schema")
            if schema is None or method != "POST":
                continue
            names = {child.name for child in schema.children}
            uploads = [child.name for child in schema.children if isinstance(child.typ, FileValue)]
            if {"type", "file"} <= names:
                found.append((method, service.path, schema, "import"))
            elif uploads and "{id" in service.path:  # the edit form: the record is there to edit
                found.append((method, service.path, schema, uploads))
    return found


def live_ids(db, table_name, limit=4):
    table = Base.metadata.tables.get(table_name)
    if table is None:
        return [None]
    query = sa.select(table.c.id).order_by(table.c.id).limit(limit)
    if "deleted" in table.c:
        query = query.where(table.c.deleted.is_(None))
    return db.scalars(query).all() or [None]


def id_choices(db, schema):
    """Every combination of live ids for the schema's `<x>_id` fields (a few per table)."""
    fields = [child.name for child in schema.children if child.name.endswith("_id")]
    return [
        dict(zip(fields, combination))
        for combination in itertools.product(*(live_ids(db, field[: -len("_id")]) for field in fields))
    ]


def import_body(schema, ids, type_code, data, name):
    body = {"type": type_code, "file": upload(data, name), **ids}
    for child in schema.children:
        if child.name in body:
            continue
        elif isinstance(child.typ, colander.Date):
            body[child.name] = datetime.date.today().isoformat()
        elif isinstance(child.typ, colander.String):
            body[child.name] = "Test niezawodności"
    return body


def test_every_import_endpoint_answers_4xx_to_every_bad_file_and_writes_nothing(api, db, demo, reached):
    routes = [(m, p, s) for m, p, s, kind in endpoints(api.app.app.registry) if kind == "import"]
    assert len(routes) >= 5
    good = xlsx([("x",)])
    unread = []
    for _method, pattern, schema in routes:
        path = re.sub(r"\{[^}]+\}", "1", pattern)
        # The demo records, then the types, with which this endpoint reads a plain sheet.
        codes = list(imports.import_types(api.app.app.registry))

        def reads(ids, code):
            before = reached.count("read")
            api.app.post_json(
                path, import_body(schema, ids, code, good, "a.xlsx"), headers=api.headers(), expect_errors=True
            )
            return reached.count("read") > before

        ids = next((ids for ids in id_choices(db, schema) if any(reads(ids, code) for code in codes)), None)
        accepted = [(code, ids) for code in codes if ids is not None and reads(ids, code)]
        if not accepted:  # an endpoint that reads no file yet (a plugin being built): 4xx all the same
            unread.append(pattern)
            accepted = [(code, ids or {}) for code in codes[:1]]
        before_rows = snapshot(db)
        for (label, data, name), (code, ids) in ((bad, ok) for bad in corpus() + [OVER_LIMIT] for ok in accepted):
            calls = reached.count("decode")
            answer = api.app.post_json(
                path, import_body(schema, ids, code, data, name), headers=api.headers(), expect_errors=True
            )
            assert 400 <= answer.status_int < 500, (pattern, code, label, answer.status, answer.body[:300])
            assert answer.json["success"] is False
            assert reached.count("decode") > calls or pattern in unread, (
                pattern,
                label,
                "refused before the file was looked at",
            )
        assert snapshot(db) == before_rows, pattern
    assert len(unread) < len(routes), f"no import endpoint reached the reader: {unread}"
    if unread:
        warnings.warn(f"import endpoints that read no file with the demo data: {unread}", stacklevel=2)


def test_every_file_field_refuses_every_bad_file_and_writes_nothing(api, db, demo, reached):
    routes = [(m, p, fields) for m, p, _, fields in endpoints(api.app.app.registry) if fields != "import"]
    assert len(routes) >= 2
    for _method, pattern, fields in routes:
        collection = pattern.split("{", 1)[0]
        listing = api.get(collection)["message"]
        records = listing["list"] if isinstance(listing, dict) else listing
        assert records, f"{collection}: no demo record to edit"
        record_id = records[0]["id"]
        record = api.get(f"{collection}{record_id}")["message"]
        path = re.sub(r"\{[^}]+\}", str(record_id), pattern)
        before_rows = snapshot(db)
        for field in fields:
            for label, data, name in corpus() + [OVER_LIMIT]:
                if label == "png as xlsx":  # a real image: a fine logo
                    continue
                calls = reached.count("decode")
                body = dict(record, **{field: upload(data, name, "image/png")})
                answer = api.app.post_json(path, body, headers=api.headers(), expect_errors=True)
                assert 400 <= answer.status_int < 500, (pattern, field, label, answer.status, answer.body[:300])
                assert reached.count("decode") > calls, (
                    pattern,
                    field,
                    label,
                    "refused before the file was looked at",
                    answer.body[:300],
                )
        assert snapshot(db) == before_rows, pattern
