"""Restoring a backup (smogpanel.ops.backup says what one holds): `smogpanel restore-backup FILE
--yes`. The whole file is checked before the target is touched: the signature (a backup signed
with another key, or with none, is refused unless the operator accepts it: --accept-unsigned),
the manifest's fields and their types, the checksum, the database kind, and that the code knows
every revision (a backup of a newer release, or of a plugin that is not enabled here, is
refused). Then the target's whole content is replaced in one transaction and every table's rows
are checked against the manifest before committing.
"""

import hmac
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from contextlib import contextmanager
from pathlib import Path

import sqlalchemy as sa
from alembic.util import CommandError

from ..private_files import create_private_file
from .backup import (
    CHUNK,
    FORMAT,
    FORMAT_VERSION,
    KEY_SETTING,
    KIND_NAMES,
    MANIFEST,
    MAX_MANIFEST_BYTES,
    PAYLOADS,
    SIGNATURE,
    SIGNATURE_ALGORITHM,
    BackupError,
    client_tool,
    database_kind,
    libpq,
    quoted_name,
    row_counts,
    schema_revisions,
    server_major,
    sha256_of,
    signature,
    sqlite_path,
)


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
        if extracted.stat().st_size != expected["size"] or sha256_of(extracted) != expected["sha256"]:
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
            if schema_revisions(connection) != manifest.get("revisions"):
                raise BackupError("Rewizje schematu w kopii nie zgadzają się z jej opisem: kopia jest uszkodzona.")
            _check_counts(row_counts(connection), manifest)
        target_path = create_private_file(sqlite_path(url))  # 0600 when the restore makes it
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
            major = server_major(connection)
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
    before = ["SET client_min_messages = warning;", f"DROP SCHEMA IF EXISTS {quoted_name(target)} CASCADE;"]
    lines = []
    if source != target:
        if exists:
            before.append(f"ALTER SCHEMA {quoted_name(source)} RENAME TO {quoted_name(aside)};")
        lines.append(f"ALTER SCHEMA {quoted_name(source)} RENAME TO {quoted_name(target)};")
        if exists:
            lines.append(f"ALTER SCHEMA {quoted_name(aside)} RENAME TO {quoted_name(source)};")
    # Checked inside the transaction: a restore that does not match its manifest commits nothing.
    for table, rows in sorted((manifest.get("tables") or {}).items()):
        name = f"{quoted_name(target)}.{quoted_name(table)}"
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
