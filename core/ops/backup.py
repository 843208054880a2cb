"""Backups: `smogpanel backup FILE` and `smogpanel restore-backup FILE --yes`.

A backup is a tar archive (docs/deployment.md, "Backups") of two members:

- `manifest.json`, first: the format and its version, the database kind (`sqlite` or
  `postgresql`), when it was taken, the Smogpanel version, the alembic revisions of every branch,
  the rows of every table, and the payload's name, size and SHA-256;
- the payload: `database.sqlite` (a copy made with SQLite's online backup API) or
  `database.pgdump` (`pg_dump --format=custom` of the app's schema).

Both copies are consistent while the server writes: SQLite's backup API copies one read
snapshot, pg_dump reads the snapshot of a transaction that also read the revisions and the row
counts (`pg_export_snapshot`). Uploaded files live in the database (`stored_file`), so they
are in the copy.

The manifest is signed: a third member, `manifest.sig`, right after it, holds an HMAC-SHA256
of the manifest's bytes under a key the settings hold (`smogpanel.backup.key`,
SMOGPANEL_BACKUP_KEY, else the app's secret `smogpanel.secret`). The manifest holds the payload's
SHA-256, so the signature covers the whole backup: the checksum alone detects damage, not
tampering (an account made super and the checksum recomputed).

A restore reads it back: smogpanel.ops.restore.
"""

import hashlib
import hmac
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa

from ..release import __version__
from ..security import settings_secret

FORMAT = "smogpanel-backup"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
SIGNATURE = "manifest.sig"
SIGNATURE_ALGORITHM = "HMAC-SHA256"
KEY_SETTING = "smogpanel.backup.key"
PAYLOADS = {"sqlite": "database.sqlite", "postgresql": "database.pgdump"}
KIND_NAMES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
MAX_MANIFEST_BYTES = 1024 * 1024
CHUNK = 1024 * 1024


class BackupError(Exception):
    """A refusal or failure, with the Polish sentence the operator reads."""


# -- what both directions share ----------------------------------------------------------
def database_kind(url):
    name = sa.engine.make_url(url).get_backend_name()
    if name not in PAYLOADS:
        raise BackupError(f"Kopie zapasowe obsługują SQLite i PostgreSQL, a nie bazę „{name}”.")
    return name


def quoted_name(name):
    return '"' + name.replace('"', '""') + '"'


def table_names(connection, schema=None):
    inspector = sa.inspect(connection)
    return sorted(inspector.get_table_names(schema=schema))


def row_counts(connection, schema=None):
    prefix = f"{quoted_name(schema)}." if schema else ""
    return {
        table: connection.exec_driver_sql(f"SELECT count(*) FROM {prefix}{quoted_name(table)}").scalar_one()
        for table in table_names(connection, schema)
    }


def schema_revisions(connection, schema=None):
    prefix = f"{quoted_name(schema)}." if schema else ""
    if "alembic_version" not in table_names(connection, schema):
        return []
    return sorted(connection.exec_driver_sql(f"SELECT version_num FROM {prefix}alembic_version").scalars())


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for chunk in iter(lambda: file.read(CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def signing_key(settings):
    """The key backups are signed and checked with: `smogpanel.backup.key` when set (so that
    staging can check production's backups without sharing the secret that signs its tokens),
    else the app's secret."""
    return (settings.get(KEY_SETTING) or "").strip() or settings_secret(settings)


def signature(manifest_bytes, key):
    # A key of its own for backups, derived from the setting: a signature is never a token's.
    derived = hmac.new(key.encode(), b"smogpanel backup manifest", hashlib.sha256).digest()
    return hmac.new(derived, manifest_bytes, hashlib.sha256).hexdigest()


def private_member(info):
    info.mode = 0o600  # `tar -xf` gives a copy only its owner reads (password hashes inside)
    return info


def megabytes(size):
    return f"{size / (1024 * 1024):.1f}".replace(".", ",") + " MB"


# -- writing -----------------------------------------------------------------------------
def backup(url, target, key):
    """Writes a backup of the database at `url` to the file `target` (replaced only once the
    new copy is complete), signed with `key`. Returns the manifest."""
    kind = database_kind(url)
    target = Path(target)
    if kind == "sqlite":
        _refuse_the_database_itself(url, target)
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".smogpanel-backup-") as folder:
        payload = Path(folder) / PAYLOADS[kind]
        started = datetime.now(UTC)  # the copy's snapshot is taken right after
        facts = _backup_sqlite(url, payload) if kind == "sqlite" else _backup_postgresql(url, payload)
        manifest = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "database": kind,
            "created": started.isoformat(timespec="seconds"),
            "smogpanel_version": __version__,
            **facts,
            "payload": {"name": payload.name, "size": payload.stat().st_size, "sha256": sha256_of(payload)},
        }
        partial = Path(folder) / "backup.tar"
        data = json.dumps(manifest, ensure_ascii=False, indent=2).encode()
        signed = json.dumps({"algorithm": SIGNATURE_ALGORITHM, "signature": signature(data, key)}).encode()
        with tarfile.open(partial, "w", format=tarfile.PAX_FORMAT) as archive:
            for name, member in ((MANIFEST, data), (SIGNATURE, signed)):
                info = tarfile.TarInfo(name)
                info.size, info.mtime, info.mode = len(member), int(datetime.now().timestamp()), 0o600
                archive.addfile(info, io.BytesIO(member))
            archive.add(payload, arcname=payload.name, filter=private_member)
        os.chmod(partial, 0o600)  # the copy holds password hashes and residents' addresses
        os.replace(partial, target)
    return manifest


def sqlite_path(url):
    database = sa.engine.make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("Baza SQLite w pamięci nie ma kopii zapasowej: podaj plik bazy.")
    return Path(database)


def _refuse_the_database_itself(url, target):
    """FILE naming the live database (or its -wal, -shm, -journal) would replace it with the
    archive: the next request would fail with "file is not a database"."""
    database = sqlite_path(url).resolve()
    own = {database, *(database.with_name(database.name + suffix) for suffix in ("-wal", "-shm", "-journal"))}
    try:
        same = target.exists() and database.exists() and os.path.samefile(target, database)
    except OSError:
        same = False
    if same or target.resolve() in own:
        raise BackupError(
            f"{target} to plik bazy, z której powstaje kopia: zapisanie kopii w nim zniszczyłoby bazę. "
            "Podaj inny plik, np. var/kopie/smogpanel.backup."
        )


def _backup_sqlite(url, payload):
    source_path = sqlite_path(url)
    if not source_path.exists():
        raise BackupError(f"Nie ma pliku bazy {source_path}.")
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True, timeout=30)
    copy = sqlite3.connect(payload)
    try:
        # One step (pages=-1): the whole file from one read snapshot, while writers go on (WAL).
        source.backup(copy)
        copy.execute("PRAGMA journal_mode=DELETE")  # self-contained: no -wal file beside it
    finally:
        source.close()
    try:
        engine = sa.create_engine("sqlite://", creator=lambda: copy)
        with engine.connect() as connection:
            facts = {"revisions": schema_revisions(connection), "tables": row_counts(connection)}
    finally:
        copy.close()
    return facts


def libpq(url):
    """(libpq URI without the password, environment with PGPASSWORD) for the client tools."""
    parsed = sa.engine.make_url(url)
    env = dict(os.environ)
    if parsed.password:
        env["PGPASSWORD"] = parsed.password
    uri = parsed.set(drivername="postgresql", password=None).render_as_string(hide_password=False)
    return uri, env


def major_version(version_text):
    match = re.search(r"(\d+)(?:\.(\d+))?", version_text)
    return int(match.group(1)) if match else 0


def client_tool(name, server_major=None):
    """The path of a PostgreSQL client tool (`pg_dump`, `pg_restore`, `psql`), checked to be at
    least the server's major version (an older pg_dump refuses a newer server)."""
    path = shutil.which(name)
    if path is None:
        raise BackupError(
            f"Kopia bazy PostgreSQL wymaga programu {name} (pakiet postgresql-client"
            f"{f' w wersji {server_major} lub nowszej' if server_major else ''}), a nie ma go w PATH."
        )
    if server_major:
        found = major_version(subprocess.run([path, "--version"], capture_output=True, text=True).stdout)
        if found < server_major:
            raise BackupError(
                f"{name} jest w wersji {found}, a serwer PostgreSQL w wersji {server_major}: "
                f"zainstaluj postgresql-client w wersji {server_major} lub nowszej."
            )
    return path


def server_major(connection):
    return int(connection.exec_driver_sql("SHOW server_version_num").scalar_one()) // 10000


def _backup_postgresql(url, payload):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect().execution_options(
            isolation_level="REPEATABLE READ", postgresql_readonly=True
        ) as connection:
            major = server_major(connection)
            pg_dump = client_tool("pg_dump", major)
            schema = connection.exec_driver_sql("SELECT current_schema()").scalar_one()
            snapshot = connection.exec_driver_sql("SELECT pg_export_snapshot()").scalar_one()
            # Read in the same snapshot pg_dump will copy: they describe exactly the payload.
            facts = {
                "revisions": schema_revisions(connection, schema),
                "tables": row_counts(connection, schema),
                "schema": schema,
                "server_version": major,
            }
            uri, env = libpq(url)
            done = subprocess.run(
                [
                    pg_dump,
                    "--format=custom",
                    "--no-owner",
                    "--no-privileges",
                    f"--snapshot={snapshot}",
                    f"--schema={quoted_name(schema)}",
                    f"--file={payload}",
                    uri,
                ],
                env=env,
                capture_output=True,
                text=True,
            )
            connection.rollback()  # read only; pg_dump's snapshot lived until here
    finally:
        engine.dispose()
    if done.returncode != 0:
        raise BackupError(f"pg_dump nie zrobił kopii: {done.stderr.strip()}")
    return facts
