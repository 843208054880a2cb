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

A restore checks the whole file before it touches the target: the signature (a backup signed
with another key, or with none, is refused unless the operator accepts it: --accept-unsigned),
the manifest's fields and their types, the checksum, the database kind, and that the code knows
every revision (a backup of a newer release, or of a plugin that is not enabled here, is
refused). Then it replaces the target's whole content in one transaction and checks every
table's rows against the manifest before committing.
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
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import sqlalchemy as sa
from alembic.util import CommandError

from ..private_files import create_private_file
from ..security import settings_secret
from ..version import __version__

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


def _quote(name):
    return '"' + name.replace('"', '""') + '"'


def _tables(connection, schema=None):
    inspector = sa.inspect(connection)
    return sorted(inspector.get_table_names(schema=schema))


def _row_counts(connection, schema=None):
    prefix = f"{_quote(schema)}." if schema else ""
    return {
        table: connection.exec_driver_sql(f"SELECT count(*) FROM {prefix}{_quote(table)}").scalar_one()
        for table in _tables(connection, schema)
    }


def _revisions(connection, schema=None):
    prefix = f"{_quote(schema)}." if schema else ""
    if "alembic_version" not in _tables(connection, schema):
        return []
    return sorted(connection.exec_driver_sql(f"SELECT version_num FROM {prefix}alembic_version").scalars())


def _sha256(path):
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


def _private(info):
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
            "payload": {"name": payload.name, "size": payload.stat().st_size, "sha256": _sha256(payload)},
        }
        partial = Path(folder) / "backup.tar"
        data = json.dumps(manifest, ensure_ascii=False, indent=2).encode()
        signed = json.dumps({"algorithm": SIGNATURE_ALGORITHM, "signature": signature(data, key)}).encode()
        with tarfile.open(partial, "w", format=tarfile.PAX_FORMAT) as archive:
            for name, member in ((MANIFEST, data), (SIGNATURE, signed)):
                info = tarfile.TarInfo(name)
                info.size, info.mtime, info.mode = len(member), int(datetime.now().timestamp()), 0o600
                archive.addfile(info, io.BytesIO(member))
            archive.add(payload, arcname=payload.name, filter=_private)
        os.chmod(partial, 0o600)  # the copy holds password hashes and residents' addresses
        os.replace(partial, target)
    return manifest


def _sqlite_path(url):
    database = sa.engine.make_url(url).database
    if not database or database == ":memory:":
        raise BackupError("Baza SQLite w pamięci nie ma kopii zapasowej: podaj plik bazy.")
    return Path(database)


def _refuse_the_database_itself(url, target):
    """FILE naming the live database (or its -wal, -shm, -journal) would replace it with the
    archive: the next request would fail with "file is not a database"."""
    database = _sqlite_path(url).resolve()
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
    source_path = _sqlite_path(url)
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
            facts = {"revisions": _revisions(connection), "tables": _row_counts(connection)}
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


def _major(version_text):
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
        found = _major(subprocess.run([path, "--version"], capture_output=True, text=True).stdout)
        if found < server_major:
            raise BackupError(
                f"{name} jest w wersji {found}, a serwer PostgreSQL w wersji {server_major}: "
                f"zainstaluj postgresql-client w wersji {server_major} lub nowszej."
            )
    return path


def _server_major(connection):
    return int(connection.exec_driver_sql("SHOW server_version_num").scalar_one()) // 10000


def _backup_postgresql(url, payload):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect().execution_options(
            isolation_level="REPEATABLE READ", postgresql_readonly=True
        ) as connection:
            major = _server_major(connection)
            pg_dump = client_tool("pg_dump", major)
            schema = connection.exec_driver_sql("SELECT current_schema()").scalar_one()
            snapshot = connection.exec_driver_sql("SELECT pg_export_snapshot()").scalar_one()
            # Read in the same snapshot pg_dump will copy: they describe exactly the payload.
            facts = {
                "revisions": _revisions(connection, schema),
                "tables": _row_counts(connection, schema),
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
                    f"--schema={_quote(schema)}",
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


# -- reading and checking ----------------------------------------------------------------
@contextmanager
def opened(path, key, accept_unsigned=False):
    """The checked manifest and the payload extracted to a temporary file: (manifest, path,
    signed), `signed` False only for a backup accepted without a good signature."""
    path = Path(path)
    not_a_backup = BackupError(f"Plik {path} nie jest kopią zapasową Smogpanelu.")
    if not path.is_file():
        raise BackupError(f"Nie ma pliku {path}.")
    try:
        archive = tarfile.open(path, "r:")
    except (tarfile.TarError, OSError):
        raise not_a_backup from None
    with archive, tempfile.TemporaryDirectory(prefix="smogpanel-restore-") as folder:
        try:
            first = archive.next()
            if first is None or first.name != MANIFEST or not first.isfile() or first.size > MAX_MANIFEST_BYTES:
                raise not_a_backup
            data = archive.extractfile(first).read()
            manifest = json.loads(data)
            # Written second; looked for anywhere, so a backup unpacked and packed again in
            # another order still finds its signature.
            sent = next((m for m in archive if m.name == SIGNATURE and m.isfile() and m.size < 4096), None)
            if sent is not None:
                sent = json.loads(archive.extractfile(sent).read())
        except (tarfile.TarError, ValueError, OSError, RecursionError):
            raise not_a_backup from None
        if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
            raise not_a_backup
        if manifest.get("format_version") != FORMAT_VERSION:
            raise BackupError(
                f"Kopia ma format w wersji {str(manifest.get('format_version'))[:20]}, a ta wersja Smogpanelu "
                f"czyta wersję {FORMAT_VERSION}."
            )
        signed = _check_signature(path, data, sent, key, accept_unsigned)
        _check_manifest(path, manifest)
        expected = manifest["payload"]
        member = next((m for m in archive if m.name == expected["name"] and m.isfile()), None)
        damaged = BackupError(f"Plik {path} jest uszkodzony albo niepełny (suma kontrolna kopii się nie zgadza).")
        if member is None:
            raise damaged
        extracted = Path(folder) / expected["name"]
        try:
            with archive.extractfile(member) as source, open(extracted, "wb") as out:
                shutil.copyfileobj(source, out, CHUNK)
        except (tarfile.TarError, OSError):
            raise damaged from None
        if extracted.stat().st_size != expected["size"] or _sha256(extracted) != expected["sha256"]:
            raise damaged
        yield manifest, extracted, signed


def _check_signature(path, data, sent, key, accept_unsigned):
    """True for a manifest signed with `key`; otherwise a refusal, or False when the operator
    accepts backups without a good signature."""
    unsigned = not isinstance(sent, dict) or sent.get("algorithm") != SIGNATURE_ALGORITHM
    written = "" if unsigned else str(sent.get("signature", ""))
    if not unsigned and hmac.compare_digest(written.encode(), signature(data, key).encode()):
        return True
    if accept_unsigned:
        return False
    if unsigned:
        raise BackupError(
            f"Kopia {path} nie jest podpisana, więc nie wiadomo, czy nikt jej nie zmienił (kopie zapisane, "
            "zanim Smogpanel zaczął je podpisywać, nie mają podpisu). Jeśli wiesz, skąd pochodzi, dodaj "
            "--accept-unsigned."
        )
    raise BackupError(
        f"Podpis kopii {path} się nie zgadza: ktoś zmienił ją po zapisaniu albo podpisano ją innym "
        f"kluczem ({KEY_SETTING} / SMOGPANEL_BACKUP_KEY, a bez niego smogpanel.secret / SMOGPANEL_SECRET "
        "instalacji, która ją zapisała). Ustaw ten sam klucz albo, jeśli wiesz, skąd kopia pochodzi, "
        "dodaj --accept-unsigned."
    )


def _is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _check_manifest(path, manifest):
    """Every field a restore reads, of the type a backup writes: a refusal naming the wrong ones,
    never a traceback further on."""
    database, payload = manifest.get("database"), manifest.get("payload")
    tables, revisions = manifest.get("tables"), manifest.get("revisions")
    known = isinstance(database, str) and database in PAYLOADS
    checks = {
        "database": known,
        "created": isinstance(manifest.get("created"), str),
        "revisions": isinstance(revisions, list) and all(isinstance(r, str) for r in revisions),
        "tables": isinstance(tables, dict) and all(_is_count(rows) for rows in tables.values()),
        "payload": isinstance(payload, dict)
        and (not known or payload.get("name") == PAYLOADS[database])
        and _is_count(payload.get("size"))
        and isinstance(payload.get("sha256"), str),
        "schema": isinstance(manifest.get("schema", ""), str),
    }
    wrong = [name for name, right in checks.items() if not right]
    if wrong:
        raise BackupError(
            f"Opis kopii {path} ({MANIFEST}) ma niepoprawne pola: {', '.join(wrong)}. Kopia jest uszkodzona "
            "albo nie pochodzi ze Smogpanelu."
        )


def check_revisions(manifest, script):
    """Refuses a backup whose revisions the code does not know; returns the branches that are
    behind the code's heads after the restore (for `smogpanel init`)."""
    unknown = []
    for revision in manifest.get("revisions") or []:
        try:
            if script.get_revision(revision) is None:
                unknown.append(revision)
        except CommandError:
            unknown.append(revision)
    if unknown:
        raise BackupError(
            "Kopia pochodzi z nowszej wersji Smogpanelu albo z wtyczki, której tu nie ma "
            f"(nieznane rewizje schematu: {', '.join(unknown)}). Przywróć ją w wersji, z której "
            "pochodzi, albo włącz brakujące wtyczki."
        )
    return sorted(set(script.get_heads()) - set(manifest.get("revisions") or []))


# -- restoring ---------------------------------------------------------------------------
def restore(url, path, script, key, accept_unsigned=False):
    """Replaces the database at `url` with the backup `path`, checked with the signing `key`.
    Returns (manifest, the code's heads the restored schema has not reached, signed)."""
    kind = database_kind(url)
    with opened(path, key, accept_unsigned) as (manifest, payload, signed):
        if manifest["database"] != kind:
            raise BackupError(
                f"To kopia bazy {KIND_NAMES[manifest['database']]}, a docelowa baza to "
                f"{KIND_NAMES[kind]}: kopię przywraca się do bazy tego samego rodzaju."
            )
        behind = check_revisions(manifest, script)
        if kind == "sqlite":
            _restore_sqlite(url, payload, manifest)
        else:
            _restore_postgresql(url, payload, manifest)
    return manifest, behind, signed


def _check_counts(counts, manifest):
    if counts != manifest.get("tables"):
        raise BackupError("Zawartość kopii nie zgadza się z jej opisem (liczby wierszy tabel): kopia jest uszkodzona.")


def _restore_sqlite(url, payload, manifest):
    copy = sqlite3.connect(payload)
    try:
        if copy.execute("PRAGMA integrity_check").fetchone()[0] != "ok":
            raise BackupError("Baza w kopii jest uszkodzona (PRAGMA integrity_check).")
        engine = sa.create_engine("sqlite://", creator=lambda: copy)
        with engine.connect() as connection:
            if _revisions(connection) != manifest.get("revisions"):
                raise BackupError("Rewizje schematu w kopii nie zgadzają się z jej opisem: kopia jest uszkodzona.")
            _check_counts(_row_counts(connection), manifest)
        target_path = create_private_file(_sqlite_path(url))  # 0600 when the restore makes it
        target = sqlite3.connect(target_path, timeout=30)
        try:
            # The backup API in the other direction: the target's pages replaced in one
            # transaction under its write lock, so a reader never sees half of it.
            copy.backup(target)
            target.execute("PRAGMA journal_mode=WAL")
        finally:
            target.close()
    finally:
        copy.close()


def _restore_postgresql(url, payload, manifest):
    engine = sa.create_engine(url, poolclass=sa.pool.NullPool)
    try:
        with engine.connect() as connection:
            major = _server_major(connection)
            target = connection.exec_driver_sql("SELECT current_schema()").scalar_one() or _first_schema(connection)
            source = manifest.get("schema") or "public"
            exists = connection.exec_driver_sql(
                "SELECT count(*) FROM pg_namespace WHERE nspname = %(name)s", {"name": source}
            ).scalar_one()
            connection.rollback()
    finally:
        engine.dispose()
    pg_restore, psql = client_tool("pg_restore"), client_tool("psql", major)
    listed = subprocess.run([pg_restore, "--list", str(payload)], capture_output=True, text=True)
    if listed.returncode != 0:
        raise BackupError(f"pg_restore nie czyta kopii: {listed.stderr.strip()}")
    # One transaction: the target schema dropped, the dump's schema created by the script, then
    # renamed to the target when they differ (a copy of production restored as staging's schema
    # in the same database: the source schema steps aside meanwhile). Nothing is left half-done.
    aside = f"smogpanel_restore_{os.getpid()}"
    before = ["SET client_min_messages = warning;", f"DROP SCHEMA IF EXISTS {_quote(target)} CASCADE;"]
    lines = []
    if source != target:
        if exists:
            before.append(f"ALTER SCHEMA {_quote(source)} RENAME TO {_quote(aside)};")
        lines.append(f"ALTER SCHEMA {_quote(source)} RENAME TO {_quote(target)};")
        if exists:
            lines.append(f"ALTER SCHEMA {_quote(aside)} RENAME TO {_quote(source)};")
    # Checked inside the transaction: a restore that does not match its manifest commits nothing.
    for table, rows in sorted((manifest.get("tables") or {}).items()):
        name = f"{_quote(target)}.{_quote(table)}"
        lines.append(
            f"DO $$ BEGIN IF (SELECT count(*) FROM {name}) <> {int(rows)} THEN "
            f"RAISE EXCEPTION 'table {table}: rows differ from the manifest'; END IF; END $$;"
        )
    with tempfile.TemporaryDirectory(prefix="smogpanel-restore-") as folder:
        before_file, after_file = Path(folder) / "before.sql", Path(folder) / "after.sql"
        before_file.write_text("\n".join(before) + "\n", encoding="utf-8")
        after_file.write_text("\n".join(lines) + "\n", encoding="utf-8")
        uri, env = libpq(url)
        script = subprocess.Popen(
            [pg_restore, "--no-owner", "--no-privileges", "--file=-", str(payload)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        applied = subprocess.run(
            [
                psql,
                "--no-psqlrc",
                "--quiet",
                "--single-transaction",
                "--set=ON_ERROR_STOP=1",
                f"--file={before_file}",
                "--file=-",
                f"--file={after_file}",
                f"--dbname={uri}",
            ],
            stdin=script.stdout,
            env=env,
            capture_output=True,
            text=True,
        )
        script.stdout.close()
        script_error = script.stderr.read().decode(errors="replace")
        script.wait()
    if script.returncode != 0 or applied.returncode != 0:
        raise BackupError(
            "Przywracanie nie powiodło się; baza została bez zmian. "
            f"{(script_error + ' ' + applied.stderr).strip()[-2000:]}"
        )


def _first_schema(connection):
    path = connection.exec_driver_sql("SHOW search_path").scalar_one()
    names = [name.strip().strip('"') for name in path.split(",") if name.strip() and "$user" not in name]
    return names[0] if names else "public"
