"""One request is one transaction: what a writing request does with plain SQL (Core
statements, no ORM object touched) is committed like any ORM change, and a failing request
leaves nothing behind."""

import sqlalchemy as sa
import webtest

from smogpanel.hookspecs import hookimpl
from smogpanel.models import Setting
from smogpanel.testing.app import signed_in


class CoreWriter:
    """A plugin made for these tests: POST /api/probe/core-write inserts a row with a Core
    statement only (no mark_changed); ?fail=1 raises after the insert."""

    @hookimpl
    def smogpanel_includeme(self, config):
        config.add_route("probe-core-write", "/api/probe/core-write", request_method="POST")
        config.add_view(self.write, route_name="probe-core-write", renderer="envelope")

    @staticmethod
    def write(request):
        request.db.execute(sa.insert(Setting.__table__).values(key="probe", value=request.params.get("value", "")))
        if request.params.get("fail"):
            raise RuntimeError("after the write")
        return {}


def probe_app(make_app, admin):
    app = webtest.TestApp(make_app(**{"smogpanel.plugin_objects": [("probe", CoreWriter())]}))
    return signed_in(app, admin)


def test_a_plain_sql_write_of_a_post_is_committed(make_app, admin, db):
    api = probe_app(make_app, admin)
    api.post("/api/probe/core-write?value=core")
    assert db.get(Setting, "probe").value == "core"


def test_a_failing_post_leaves_its_plain_sql_write_out(make_app, admin, db):
    api = probe_app(make_app, admin)
    api.post("/api/probe/core-write?value=core&fail=1", status=500)
    assert db.get(Setting, "probe") is None
