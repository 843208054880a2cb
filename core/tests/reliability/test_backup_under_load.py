"""A backup (`smogpanel backup`, a process of its own) taken while writers create records
through a live server's API restores to the database as it was at the backup's moment: every
write acknowledged before the backup began is there, none sent after it ended, each writer's
records are a prefix of what it wrote (no gap), and every write is whole (a timer with its
uploaded logo and its data version bump, one transaction) or absent. Every other table equals
the source."""

import base64
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from smogpanel.migrate import script_directory
from smogpanel.ops.backup import signing_key
from smogpanel.ops.restore import restore
from smogpanel.plugin_manager import build_plugin_manager
from smogpanel.settings import resolve
from smogpanel.testing.data import contents
from smogpanel.testing.files import png
from smogpanel.testing.serve import PATIENT_WAIT, add_accounts, drop_schema, start_live

pytestmark = pytest.mark.live  # the app served in a thread (start_live)

WRITERS = 4
SCHEMA = "live_backup"
TIMER = {
    "timer_style_name": "SEA",
    "text_above": "Do końca sezonu",
    "deadline": "2027-05-01",
    "countdown": True,
    "text_below": "Ogrzewaj czysto.",
    "hidden_brand": 0,
}


@pytest.fixture
def live(tmp_path_factory):
    # the subject is what the backup holds, not how long a write may queue under a loaded CI
    live, server, app = start_live(tmp_path_factory, SCHEMA, **PATIENT_WAIT)
    yield live
    server.close()
    app.registry["db.engine"].dispose()
    live.engine.dispose()
    drop_schema(live.database_url, SCHEMA)


class Writer(threading.Thread):
    """Creates timers with a logo one after another until told to stop; keeps, per timer, when
    its request was sent, when it was acknowledged, and the answer."""

    def __init__(self, live, number, token, stop):
        super().__init__(daemon=True)
        self.live, self.number, self.token, self.stop = live, number, token, stop
        self.writes = []  # (internal_name, sent, acknowledged, status)
        self.refusals = []  # (internal_name, status, answer) of every write not acknowledged

    def run(self):
        count = 0
        while not self.stop.is_set():
            name = f"w{self.number}-{count:05d}"
            logo = "data:image/png;base64," + base64.b64encode(png(2, 2, padding=count)).decode()
            sent = time.monotonic()
            answer = self.live.request(
                "POST",
                "/api/timer/",
                dict(TIMER, name=name, internal_name=name, logo_path={"name": "logo.png", "data": logo}),
                token=self.token,
            )
            self.writes.append((name, sent, time.monotonic(), answer.status))
            if answer.status != 200:
                self.refusals.append((name, answer.status, answer.body))  # the failure message names them
            count += 1


def test_a_backup_taken_during_writes_restores_the_database_at_the_backup_s_moment(live, tmp_path):
    emails = [f"pisarz{number}@example.pl" for number in range(WRITERS)]
    add_accounts(live.factory, emails)
    tokens = [live.sign_in(email).body["message"] for email in emails]
    before = contents(live.database_url)
    stop = threading.Event()
    writers = [Writer(live, number, tokens[number], stop) for number in range(WRITERS)]
    for writer in writers:
        writer.start()
    while sum(len(writer.writes) for writer in writers) < 3 * WRITERS:
        time.sleep(0.05)
    began = time.monotonic()
    # `smogpanel backup` in a process of its own, as an operator's cron runs it.
    done = subprocess.run(
        [str(Path(sys.executable).with_name("smogpanel")), "-c", "", "backup", str(tmp_path / "under-load.backup")],
        env=dict(os.environ, SMOGPANEL_DATABASE_URL=live.database_url),
        capture_output=True,
        text=True,
    )
    ended = time.monotonic()
    assert done.returncode == 0, done.stderr
    time.sleep(1)  # the writers go on after the backup
    stop.set()
    for writer in writers:
        writer.join(60)
    writes = [write for writer in writers for write in writer.writes]
    assert {status for *_, status in writes} == {200}, [refusal for writer in writers for refusal in writer.refusals]
    assert any(sent > ended for _, sent, _, _ in writes), "no write after the backup: the test proves nothing"
    final = contents(live.database_url)

    restore(
        live.database_url,
        tmp_path / "under-load.backup",
        script_directory(live.database_url, build_plugin_manager()),
        signing_key(resolve({})),  # the key the command signed with: the same settings
    )
    restored = contents(live.database_url)

    columns = [c.name for c in live_columns(live, "timer")]
    name_at, logo_at = columns.index("internal_name"), columns.index("logo_path")
    restored_timers = {row[name_at]: row for row in restored["timer"]}
    written = {row[name_at]: row for row in final["timer"]}
    for writer in writers:
        names = [name for name, *_ in writer.writes]
        present = [name in restored_timers for name in names]
        # A prefix: what the backup holds of one writer's sequence has no gap.
        assert present == sorted(present, reverse=True), present
        for name, sent, acknowledged, _ in writer.writes:
            if acknowledged < began:
                assert name in restored_timers, f"{name} was acknowledged before the backup began"
            if sent > ended:
                assert name not in restored_timers, f"{name} was sent after the backup ended"
    # Restored rows are the rows written, whole: each new timer with its logo, nothing else new.
    for name, row in restored_timers.items():
        assert row == written[name]
    new_timers = [row for name, row in restored_timers.items() if name.startswith("w")]
    file_columns = [c.name for c in live_columns(live, "stored_file")]
    file_name_at = file_columns.index("name")
    old_files = {row[file_name_at] for row in before["stored_file"]}
    new_files = {row[file_name_at] for row in restored["stored_file"]} - old_files
    assert new_files == {row[logo_at] for row in new_timers}
    assert set(restored["stored_file"]) <= set(final["stored_file"])
    # The data version counts the transactions that wrote timers: one per restored timer.
    assert version_of(restored, "timer") - version_of(before, "timer") == len(new_timers)
    # History: the restored timers' own entries (each write records its create), and no other.
    entry_name_at = [c.name for c in live_columns(live, "history_entry")].index("record_name")
    restored_entries, final_entries = (
        set(map(tuple, restored["history_entry"])),
        set(map(tuple, final["history_entry"])),
    )
    assert restored_entries <= final_entries
    new_entries = restored_entries - set(map(tuple, before["history_entry"]))
    assert sorted(row[entry_name_at] for row in new_entries) == sorted(row[name_at] for row in new_timers)
    # Publishing (immediate by default): each restored timer's version frozen by its create, and no other.
    record_id_at = [c.name for c in live_columns(live, "publication")].index("record_id")
    restored_versions = set(map(tuple, restored["publication"]))
    assert restored_versions <= set(map(tuple, final["publication"]))
    new_versions = restored_versions - set(map(tuple, before["publication"]))
    id_at = columns.index("id")
    assert sorted(row[record_id_at] for row in new_versions) == sorted(row[id_at] for row in new_timers)
    for table in set(final) - {"timer", "stored_file", "table_version", "history_entry", "publication"}:
        assert restored[table] == final[table], table


def live_columns(live, table):
    import sqlalchemy as sa

    return sa.Table(table, sa.MetaData(), autoload_with=live.engine).columns


def version_of(rows, table):
    return dict(rows["table_version"]).get(table, 0)
