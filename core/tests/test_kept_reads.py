"""A request's kept reads (smogpanel.db.kept_reads): a measurement's keys and values are read
once while nothing is written, and read again after any write, so a save never compares with
or answers from what it has just changed."""

import sqlalchemy as sa

from smogpanel.db import kept_reads
from smogpanel.plugins.maps.models import CheckpointValue, MapPropertyKey
from smogpanel.plugins.maps.tests.helpers import add_checkpoint, add_map, key_named, prop
from smogpanel.plugins.maps.values import VALUES


def test_keys_and_values_are_read_again_after_any_write(api, db):
    a_map = add_map(api)
    key = key_named(a_map, "Liczba złożonych wniosków")
    checkpoint = add_checkpoint(api, a_map, properties=[prop(key, mp=10)])
    rows = VALUES.value_rows(db, [checkpoint["id"]])
    assert rows[checkpoint["id"]][key["id"]].mp == 10
    assert VALUES.value_rows(db, [checkpoint["id"]]) is rows  # kept: no second read
    # A plain UPDATE: forgotten, the new number read.
    db.execute(sa.update(CheckpointValue.__table__).values(mp=11))
    assert VALUES.value_rows(db, [checkpoint["id"]])[checkpoint["id"]][key["id"]].mp == 11
    keys = VALUES.live_keys(db, a_map["id"])
    # An unflushed change is not hidden by what was kept: the keys are read (and flushed) again.
    db.get(MapPropertyKey, key["id"]).name = "Wnioski"
    assert kept_reads(db) == {}
    assert "Wnioski" in [k.name for k in VALUES.live_keys(db, a_map["id"])]
    assert len(VALUES.live_keys(db, a_map["id"])) == len(keys)
    # A rollback forgets too.
    db.flush()
    VALUES.value_rows(db, [checkpoint["id"]])
    assert kept_reads(db)
    db.rollback()
    assert kept_reads(db) == {}
