"""How long the reach counts are kept: the daily job `core.reach_purge` deletes the days older
than `smogpanel.reach.keep_days` (default 400).

400 days, not 365: a year and a month, so that on any day the longest range 'Zasięg' and
/api/reach/ answer (366 days) is whole, and a month can still be compared with the same month
a year before. The rows hold no
personal data (a day, a widget, an origin, a count), so the limit is about the table's size, not
privacy: ~1 row per widget, site and day, a few MB a year for a panel of hundreds of widgets.
"""

from datetime import timedelta

import sqlalchemy as sa

from ..db import own_transaction
from .counter import today
from .models import ReachCount

SETTING = "smogpanel.reach.keep_days"
DEFAULT_KEEP_DAYS = 400
MAX_KEEP_DAYS = 36500
BATCH_DAYS = 31  # one month's rows a transaction: SQLite's write lock is never held for the whole purge


def keep_days(settings):
    """The setting as whole days (1 to 36500; unset: 400); ValueError with the Polish reason."""
    configured = str(settings.get(SETTING) or "").strip()
    if not configured:
        return DEFAULT_KEEP_DAYS
    if not configured.isdigit() or not 1 <= int(configured) <= MAX_KEEP_DAYS:
        raise ValueError(f"{SETTING} musi być liczbą dni od 1 do {MAX_KEEP_DAYS}, nie „{configured}”.")
    return int(configured)


def first_kept_day(days, now=None):
    """The oldest day still kept: today (Polish time, as the counts are dated) counts as day 1."""
    return (now or today()) - timedelta(days=days - 1)


def purge(registry, days, now=None):
    """Deletes the counts of the days before the kept ones, a month of days a transaction, oldest
    first; returns how many rows went."""
    first_kept = first_kept_day(days, now)
    with registry["db.session_factory"]() as db:
        oldest = db.scalar(sa.select(sa.func.min(ReachCount.day)))
    deleted = 0
    while oldest is not None and oldest < first_kept:
        upto = min(first_kept, oldest + timedelta(days=BATCH_DAYS))
        with own_transaction(registry) as db:
            deleted += db.execute(sa.delete(ReachCount).where(ReachCount.day < upto)).rowcount
        oldest = upto
    return deleted


def purge_by_setting(registry):
    """The daily job `core.reach_purge`."""
    days = keep_days(registry.settings)
    count = purge(registry, days)
    return f"Usunięto liczniki zasięgu starsze niż {days} dni: {count}."
