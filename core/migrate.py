"""Schema migrations with alembic: the core branch and each enabled plugin's own branch."""

import os
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url

from .private_files import create_private_file

CORE_MIGRATIONS = Path(__file__).parent / "migrations"


def alembic_config(url, plugin_manager, connection=None):
    locations = [str(CORE_MIGRATIONS / "versions")]
    locations += [path for path in plugin_manager.hook.smogpanel_migrations() if path]
    config = Config()
    config.set_main_option("script_location", str(CORE_MIGRATIONS))
    config.set_main_option("path_separator", "os")
    config.set_main_option("version_locations", os.pathsep.join(locations))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def script_directory(url, plugin_manager):
    """Every revision the code knows: the core's and the enabled plugins'."""
    return ScriptDirectory.from_config(alembic_config(url, plugin_manager))


def upgrade(url, plugin_manager, connection=None):
    """Brings every enabled branch to its newest revision (a disabled plugin's tables are
    neither created nor touched). Returns the revisions applied, in order, as (id, title)."""
    database = make_url(url).database
    if url.startswith("sqlite") and connection is None and database not in (None, "", ":memory:"):
        create_private_file(database)  # 0600 before SQLite makes it (and so its -wal and -shm)
    config = alembic_config(url, plugin_manager, connection)
    config.attributes["applied"] = applied = []
    command.upgrade(config, "heads")
    return applied
