"""GET /healthz for load balancers and monitoring: 200 `{"status": "ok"}` when the database
answers and every enabled branch (the core's, each enabled plugin's) is at its newest
migration; 503 with a stable reason and a Polish message otherwise. Open to anyone (no
sign-in) and so says nothing secret: no address, no database error text, only the names of the
branches behind.
"""

import logging

from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from pyramid.response import Response
from pyramid.security import NO_PERMISSION_REQUIRED

from ..envelope import dumps
from ..migrate import alembic_config

log = logging.getLogger(__name__)

DATABASE_DOWN = "Baza danych nie odpowiada."
BEHIND = "Baza danych nie ma najnowszych migracji: uruchom smogpanel init."


def expected_heads(registry):
    """{head revision: branch name} of the enabled branches, read from the migration files once
    (they do not change while the process runs)."""
    if "smogpanel.migration_heads" not in registry:
        script = ScriptDirectory.from_config(
            alembic_config(registry.settings["sqlalchemy.url"], registry.plugin_manager)
        )
        heads = {}
        for head in script.get_heads():
            labels = sorted(script.get_revision(head).branch_labels or ()) or [head]
            for base in script.iterate_revisions(head, "base"):  # the label sits on a branch's first revision
                labels = sorted(base.branch_labels or ()) or labels
            heads[head] = labels[0]
        registry["smogpanel.migration_heads"] = heads
    return registry["smogpanel.migration_heads"]


def database_state(registry):
    """(reason, body, error): reason None when the database answers and is at every enabled
    branch's head, else DATABASE_UNAVAILABLE or MIGRATIONS_PENDING; body is /healthz's answer;
    error the exception when the database did not answer (for the log, never for the public)."""
    expected = expected_heads(registry)
    try:
        with registry["db.session_factory"]() as db:
            current = set(MigrationContext.configure(db.connection()).get_current_heads())
    except Exception as error:
        return (
            "DATABASE_UNAVAILABLE",
            {"status": "unavailable", "reason": "DATABASE_UNAVAILABLE", "message": DATABASE_DOWN},
            error,
        )
    behind = sorted({branch for head, branch in expected.items() if head not in current})
    if behind:
        body = {"status": "unavailable", "reason": "MIGRATIONS_PENDING", "message": BEHIND, "branches": behind}
        return "MIGRATIONS_PENDING", body, None
    return None, {"status": "ok"}, None


def check(registry):
    """(healthy, body) for /healthz."""
    reason, body, error = database_state(registry)
    if error is not None:  # what failed stays in the log, not in the public answer
        log.warning("health check: the database did not answer: %s", error)
    return reason is None, body


def healthz(request):
    healthy, body = check(request.registry)
    response = Response(dumps(body), status=200 if healthy else 503, content_type="application/json")
    response.cache_control = "no-store"
    return response


def includeme(config):
    config.add_route("healthz", "/healthz")
    config.add_view(healthz, route_name="healthz", request_method=("GET", "HEAD"), permission=NO_PERMISSION_REQUIRED)
