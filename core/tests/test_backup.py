"""`smogpanel backup` and `smogpanel restore-backup` on the run's database (SQLite files, or
schemas of the PostgreSQL test database): a copy of a database with rows in every table
restores every table, into an empty database and over an existing one; files that are not a
good backup for this database and this code, or not signed with this installation's key, are
refused before anything changes."""

import io
import json
import stat
import subprocess
import tarfile

import pytest
import sqlalchemy as sa
import webtest

from smogpanel.cli import DEMO_ADMIN
from smogpanel.cli import main as cli
from smogpanel.ops.backup import MANIFEST, SIGNATURE, SIGNATURE_ALGORITHM, signature, signing_key
from smogpanel.settings import resolve
from smogpanel.testing.data import LOGO, contents, empty_tables, populate, sign_in
from smogpanel.testing.serve import drop_schema, empty_database, live_app

SCHEMAS = ("backup_source", "backup_target")


@pytest.fixture(scope="module")
def source(tmp_path_factory):
    """A database with rows in every table, and its contents."""
    url = empty_database(tmp_path_factory, SCHEMAS[0])
    populate(url, tmp_path_factory.mktemp("mail"))
    rows = contents(url)
    assert empty_tables(rows) == []
    yield url, rows
    drop_schema(url, SCHEMAS[0])


@pytest.fixture(scope="module")
def saved(source, tmp_path_factory):
    """A backup of the source, taken by the command."""
    path = tmp_path_factory.mktemp("backups") / "smogpanel.backup"
    assert command(source[0], "backup", str(path)) == 0
    return path


@pytest.fixture
def target(tmp_path_factory):
    url = empty_database(tmp_path_factory, SCHEMAS[1])
    yield url
    drop_schema(url, SCHEMAS[1])


def command(url, *args):
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("SMOGPANEL_DATABASE_URL", url)
        return cli(["-c", "", *args])


def rewritten(path, out, payload_name=None, signed=True, **changes):
    """A copy of the backup `path` at `out` with its manifest changed (the payload kept), signed
    with the commands' key (a forger who has it), or not at all."""
    with tarfile.open(path) as archive:
        manifest = json.loads(archive.extractfile(MANIFEST).read())
        payload = archive.extractfile(manifest["payload"]["name"]).read()
    manifest.update(changes)
    if payload_name:
        manifest["payload"]["name"] = payload_name
    data = json.dumps(manifest).encode()
    members = [
        (MANIFEST, data),
        (manifest["payload"]["name"] if isinstance(manifest["payload"], dict) else "x", payload),
    ]
    if signed:
        key = signing_key(resolve({}))
        members.insert(
            1, (SIGNATURE, json.dumps({"algorithm": SIGNATURE_ALGORITHM, "signature": signature(data, key)}).encode())
        )
    with tarfile.open(out, "w") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return out


def test_a_backup_restores_every_table_into_an_empty_database(source, saved, target, tmp_path, capsys):
    url, rows = source
    assert command(target, "restore-backup", str(saved), "--yes") == 0
    assert "Przywrócono kopię" in capsys.readouterr().out
    assert contents(target) == rows
    # The restored installation works: the demo administrator signs in, the uploaded logo is served.
    client = webtest.TestApp(live_app(target, tmp_path / "mail"))
    headers = sign_in(client)
    timer = next(
        t for t in client.get("/api/timer/", headers=headers).json["message"]["list"] if t["internal_name"] == "z-logo"
    )
    logo_url = client.get(f"/api/timer/{timer['id']}", headers=headers).json["message"]["logo_url"]
    assert client.get(logo_url).body.startswith(LOGO[:8])
    client.app.registry["db.engine"].dispose()


def test_a_restore_over_an_existing_database_puts_back_the_backup_s_content(source, saved, tmp_path, capsys):
    url, rows = source
    client = webtest.TestApp(live_app(url, tmp_path / "mail"))
    headers = sign_in(client)
    client.post_json(
        "/api/user/", {"email": "po-kopii@example.pl", "firstname": "Po", "lastname": "Kopii"}, headers=headers
    )
    timers = client.get("/api/timer/", headers=headers).json["message"]["list"]
    client.delete(f"/api/timer/{timers[0]['id']}", headers=headers)
    client.app.registry["db.engine"].dispose()
    assert contents(url) != rows
    assert command(url, "restore-backup", str(saved), "--yes") == 0
    assert contents(url) == rows


def test_without_yes_nothing_is_restored(saved, target, capsys):
    assert command(target, "restore-backup", str(saved)) == 2
    assert "Aby potwierdzić, dodaj --yes" in capsys.readouterr().err
    assert contents(target) == {}


def test_a_file_that_is_not_a_backup_is_refused(target, tmp_path, capsys):
    other = tmp_path / "notatki.txt"
    other.write_text("to nie jest kopia")
    assert command(target, "restore-backup", str(other), "--yes") == 1
    assert "nie jest kopią zapasową Smogpanelu" in capsys.readouterr().err
    assert command(target, "restore-backup", str(tmp_path / "nie-ma.backup"), "--yes") == 1
    assert "Nie ma pliku" in capsys.readouterr().err
    assert contents(target) == {}


def test_a_damaged_backup_is_refused_and_the_database_is_left_as_it_was(saved, source, tmp_path, capsys):
    url, rows = source
    data = bytearray(saved.read_bytes())
    data[len(data) // 2] ^= 0xFF
    damaged = tmp_path / "uszkodzona.backup"
    damaged.write_bytes(bytes(data))
    assert command(url, "restore-backup", str(damaged), "--yes") == 1
    assert "uszkodzony albo niepełny" in capsys.readouterr().err
    truncated = tmp_path / "urwana.backup"
    truncated.write_bytes(saved.read_bytes()[: len(data) // 3])
    assert command(url, "restore-backup", str(truncated), "--yes") == 1
    assert contents(url) == rows


def test_a_backup_of_the_other_kind_of_database_is_refused(saved, target, tmp_path, capsys):
    with tarfile.open(saved) as archive:
        kind = json.loads(archive.extractfile(MANIFEST).read())["database"]
    other = {"sqlite": "postgresql", "postgresql": "sqlite"}[kind]
    forged = rewritten(
        saved,
        tmp_path / "inna.backup",
        database=other,
        payload_name={"sqlite": "database.sqlite", "postgresql": "database.pgdump"}[other],
    )
    assert command(target, "restore-backup", str(forged), "--yes") == 1
    assert "kopię przywraca się do bazy tego samego rodzaju" in capsys.readouterr().err
    assert contents(target) == {}


def test_a_backup_from_newer_code_is_refused(saved, target, tmp_path, capsys):
    with tarfile.open(saved) as archive:
        revisions = json.loads(archive.extractfile(MANIFEST).read())["revisions"]
    newer = rewritten(saved, tmp_path / "nowsza.backup", revisions=[*revisions, "core_9999"])
    assert command(target, "restore-backup", str(newer), "--yes") == 1
    error = capsys.readouterr().err
    assert "nowszej wersji Smogpanelu" in error and "core_9999" in error
    assert contents(target) == {}


def test_the_manifest_describes_the_copy(saved, source):
    url, rows = source
    with tarfile.open(saved) as archive:
        assert archive.getnames()[0] == MANIFEST
        manifest = json.loads(archive.extractfile(MANIFEST).read())
    assert manifest["database"] == ("postgresql" if url.startswith("postgresql") else "sqlite")
    assert manifest["tables"] == {name: len(found) for name, found in rows.items()}
    assert sorted(manifest["revisions"]) == sorted(revision for (revision,) in rows["alembic_version"])
    assert DEMO_ADMIN[0] not in json.dumps(manifest)


def test_the_backup_and_its_payload_are_readable_by_their_owner_only(saved, tmp_path):
    """`tar -xf` of a backup gave a world-readable copy of the password hashes."""
    assert stat.S_IMODE(saved.stat().st_mode) == 0o600
    with tarfile.open(saved) as archive:
        assert archive.getnames()[:2] == [MANIFEST, SIGNATURE]
        assert {member.mode for member in archive.getmembers()} == {0o600}
    subprocess.run(["tar", "-xf", str(saved), "-C", str(tmp_path)], check=True)
    assert {stat.S_IMODE(path.stat().st_mode) for path in tmp_path.iterdir()} == {0o600}


def test_the_live_sqlite_database_is_refused_as_the_backup_file(source, capsys):
    """It was overwritten with the archive: the next request failed with "file is not a database"."""
    url, rows = source
    if url.startswith("postgresql"):
        pytest.skip("a PostgreSQL database is no file")
    database = url[len("sqlite:///") :]
    for name in (database, database + "-wal", database.replace("/database.sqlite", "/./database.sqlite")):
        assert command(url, "backup", name) == 1
        assert "to plik bazy, z której powstaje kopia" in capsys.readouterr().err
    assert contents(url) == rows


@pytest.mark.parametrize(
    "changes, field",
    [
        ({"payload": "database.sqlite"}, "payload"),
        ({"payload": {"name": "database.sqlite", "size": "12", "sha256": "0" * 64}}, "payload"),
        ({"payload": None}, "payload"),
        ({"revisions": "core_0001"}, "revisions"),
        ({"revisions": [1, 2]}, "revisions"),
        ({"database": ["sqlite"]}, "database"),
        ({"tables": ["user"]}, "tables"),
        ({"tables": {"user": "3"}}, "tables"),
        ({"tables": {"user": True}}, "tables"),
        ({"created": 20261126}, "created"),
        ({"schema": 5}, "schema"),
    ],
)
def test_a_manifest_with_fields_of_the_wrong_type_is_a_polish_refusal(saved, target, tmp_path, capsys, changes, field):
    """Even signed with the right key (the key's holder made a mistake), never a traceback."""
    forged = rewritten(saved, tmp_path / "zle-typy.backup", **changes)
    assert command(target, "restore-backup", str(forged), "--yes") == 1
    error = capsys.readouterr().err
    assert "ma niepoprawne pola" in error and field in error and "Traceback" not in error
    assert contents(target) == {}


def set_super(url, email, value):
    with sa.create_engine(url, poolclass=sa.pool.NullPool).begin() as connection:
        connection.execute(
            sa.text("UPDATE user_account SET super = :value WHERE email = :email"), {"value": value, "email": email}
        )


def supers(url):
    with sa.create_engine(url, poolclass=sa.pool.NullPool).connect() as connection:
        return set(connection.execute(sa.text("SELECT email FROM user_account WHERE super = 1")).scalars())


def test_a_tampered_or_unsigned_backup_is_refused_unless_accepted(saved, target, tmp_path, capsys, monkeypatch):
    """An account made super in the copy, the checksum recomputed: the checksum alone let it
    restore silently. The forger does not have this installation's key."""
    assert command(target, "restore-backup", str(saved), "--yes") == 0
    account = sorted(supers(target))[0]
    set_super(target, account, 0)
    assert command(target, "backup", str(tmp_path / "prawdziwa.backup")) == 0
    set_super(target, account, 1)
    with monkeypatch.context() as patch:
        patch.setenv("SMOGPANEL_BACKUP_KEY", "klucz-napastnika")
        assert command(target, "backup", str(tmp_path / "zmieniona.backup")) == 0
    unsigned = rewritten(tmp_path / "zmieniona.backup", tmp_path / "bez-podpisu.backup", signed=False)
    assert command(target, "restore-backup", str(tmp_path / "prawdziwa.backup"), "--yes") == 0
    assert account not in supers(target)
    capsys.readouterr()
    for forged, refusal in (("zmieniona.backup", "Podpis kopii"), ("bez-podpisu.backup", "nie jest podpisana")):
        assert command(target, "restore-backup", str(tmp_path / forged), "--yes") == 1
        assert refusal in capsys.readouterr().err
        assert command(target, "restore-backup", str(tmp_path / forged)) == 1  # refused before the question
        assert account not in supers(target)
    # The operator who knows where a backup comes from (an older release's, another key's).
    assert command(target, "restore-backup", str(unsigned), "--yes", "--accept-unsigned") == 0
    assert "--accept-unsigned" in capsys.readouterr().err
    assert account in supers(target)


def test_a_backup_unpacked_and_packed_again_keeps_its_signature(saved, target, tmp_path):
    folder = tmp_path / "rozpakowana"
    folder.mkdir()
    subprocess.run(["tar", "-xf", str(saved), "-C", str(folder)], check=True)
    payload = next(path.name for path in folder.iterdir() if path.name.startswith("database."))
    repacked = tmp_path / "przepakowana.backup"
    subprocess.run(["tar", "-cf", str(repacked), "-C", str(folder), MANIFEST, payload, SIGNATURE], check=True)
    assert command(target, "restore-backup", str(repacked), "--yes") == 0


def test_backups_signed_with_the_backup_key_restore_where_the_same_key_is_set(source, target, tmp_path, monkeypatch):
    """smogpanel.backup.key: staging checks production's backups without its token secret."""
    monkeypatch.setenv("SMOGPANEL_BACKUP_KEY", "wspolny-klucz-kopii")
    monkeypatch.setenv("SMOGPANEL_SECRET", "sekret-produkcji-" + "x" * 32)
    assert command(source[0], "backup", str(tmp_path / "produkcja.backup")) == 0
    monkeypatch.setenv("SMOGPANEL_SECRET", "sekret-stagingu-" + "y" * 32)
    assert command(target, "restore-backup", str(tmp_path / "produkcja.backup"), "--yes") == 0
    assert contents(target) == source[1]


def test_a_backup_of_an_older_schema_restores_and_says_to_run_init(target, tmp_path_factory, tmp_path, capsys):
    from alembic import command as alembic

    from smogpanel.migrate import alembic_config
    from smogpanel.plugin_manager import build_plugin_manager

    old = empty_database(tmp_path_factory, "backup_old")
    try:
        alembic.upgrade(alembic_config(old, build_plugin_manager()), "core_0001")
        assert command(old, "backup", str(tmp_path / "stara.backup")) == 0
        assert command(target, "restore-backup", str(tmp_path / "stara.backup"), "--yes") == 0
        assert "uruchom `smogpanel init`" in capsys.readouterr().out
        assert contents(target, ["alembic_version"]) == {"alembic_version": [("core_0001",)]}
        assert command(target, "init") == 0
        assert "core_0002" in capsys.readouterr().out
    finally:
        drop_schema(old, "backup_old")


def test_what_the_backup_needs_on_the_machine(source, tmp_path, monkeypatch, capsys):
    """SQLite: nothing but Python. PostgreSQL: pg_dump of the server's version or newer, and
    the refusal says which package to install."""
    url, _ = source
    bare = tmp_path / "bin"
    bare.mkdir()
    monkeypatch.setenv("PATH", str(bare))
    if not url.startswith("postgresql"):
        assert command(url, "backup", str(tmp_path / "bez-narzedzi.backup")) == 0
        return
    assert command(url, "backup", str(tmp_path / "bez-pg-dump.backup")) == 1
    error = capsys.readouterr().err
    assert "wymaga programu pg_dump (pakiet postgresql-client w wersji" in error
    old = bare / "pg_dump"  # a stand-in for an old client: only its --version is asked
    old.write_text("#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n")
    old.chmod(0o755)
    assert command(url, "backup", str(tmp_path / "stary-pg-dump.backup")) == 1
    assert "pg_dump jest w wersji 9" in capsys.readouterr().err
    assert not (tmp_path / "stary-pg-dump.backup").exists()


def test_a_restore_that_fails_half_way_leaves_the_database_as_it_was(source, saved, tmp_path, capsys):
    """The copy does not match its manifest's row counts: found only once the data is loaded
    (PostgreSQL: inside the restore's transaction), and nothing is kept of it."""
    url, rows = source
    with tarfile.open(saved) as archive:
        tables = json.loads(archive.extractfile(MANIFEST).read())["tables"]
    forged = rewritten(saved, tmp_path / "niezgodna.backup", tables=dict(tables, borough=tables["borough"] + 1))
    assert command(url, "restore-backup", str(forged), "--yes") == 1
    error = capsys.readouterr().err
    if url.startswith("postgresql"):
        assert "Przywracanie nie powiodło się; baza została bez zmian" in error and "table borough" in error
    else:
        assert "nie zgadza się z jej opisem (liczby wierszy tabel)" in error
    assert contents(url) == rows


def test_a_place_that_cannot_be_written_or_a_database_that_cannot_be_reached_is_a_clear_error(source, saved, capsys):
    url, _ = source
    assert command(url, "backup", "/proc/smogpanel/kopia.backup") == 1
    assert "Błąd pliku" in capsys.readouterr().err
    unreachable = (
        "postgresql+psycopg://postgres@127.0.0.1:1/smogpanel"
        if url.startswith("postgresql")
        else "sqlite:////proc/smogpanel/baza.sqlite"
    )
    assert command(unreachable, "restore-backup", str(saved), "--yes") == 1
    error = capsys.readouterr().err
    assert ("Nie można połączyć się z bazą" if url.startswith("postgresql") else "Błąd pliku") in error
