"""Reach in tests: the counts a test's app holds in memory written now (a test's app has no
flushing thread: it shares the test's connection), and the rows as stored."""

import sqlalchemy as sa

from smogpanel.reach.counter import flush_all
from smogpanel.reach.models import ReachCount


def flush_reach():
    """Writes every count this process holds; returns the rows written."""
    return flush_all()


def reach_rows(db):
    """Every stored count, as dicts (day, kind, record_id, site, event, count)."""
    return [dict(row) for row in db.execute(sa.select(ReachCount.__table__)).mappings()]
