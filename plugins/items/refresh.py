"""Refreshing items' INTEGRATION hooks from their sources: the scheduler's `items.refresh` job
(hourly by default), `smogpanel integrations refresh` and the panel's 'Odśwież' action.

Three steps, so no database transaction (nor SQLite's write lock) is held while sources are
read: the items are read, every (item, integration) pair is fetched at most `WORKERS` at a
time (each request bounded by `smogpanel.http_source`'s timeout and retries, and all the
requests of one pair by `smogpanel.integrations.budget`), then the readings are written. A
source that fails leaves the item's values as they were and records the error with its time;
the next good reading clears it. A good reading may still fail some values (`Reading.errors`):
each of those keeps its last good value with its own error.
"""

import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm.attributes import flag_modified

from smogpanel.db import utcnow
from smogpanel.http_source import HttpSource, SourceError, budget_of
from smogpanel.item_types import INTEGRATION, IntegrationCall, Reading
from smogpanel.ops.metrics import integration_failed

from .models import Item
from .types import catalogue
from .values import hook_meta

log = logging.getLogger(__name__)

WORKERS = 8
MAX_ERROR = 500
MAX_TEXT_VALUE = 200


@dataclass
class Job:
    item_id: int
    integration_code: str
    inputs: dict
    hook_names: tuple
    outcome: object = None  # a Reading, or the Polish error text


def plan(registry, items):
    """A job per (item, integration) among `items` whose type is enabled."""
    types = catalogue(registry).types
    jobs = []
    for item in items:
        item_type = types.get(item.item_type_id)
        if item_type is None:
            continue
        stored = item.hook_values or {}
        inputs = {
            name: kept.get("value")
            for name, kept in stored.items()
            if kept.get("type") != INTEGRATION and item_type.hook(name) is not None
        }
        wanted = {}
        for hook in item_type.hooks:
            if hook.type == INTEGRATION:
                wanted.setdefault(hook.integration, []).append(hook.name)
        jobs.extend(Job(item.id, code, inputs, tuple(names)) for code, names in wanted.items())
    return jobs


def _fetch(registry, http, job):
    integration = catalogue(registry).integrations.get(job.integration_code)
    if integration is None:
        return f"Integracja „{job.integration_code}” jest niedostępna (jej wtyczka nie jest włączona)."
    # The budget starts when the job does, not when it was queued behind the other workers.
    http = http.within(budget_of(registry.settings))
    try:
        reading = integration.fetch(IntegrationCall(inputs=dict(job.inputs), http=http, settings=registry.settings))
    except SourceError as error:
        return str(error)[:MAX_ERROR]
    except Exception as error:  # a plugin's bug must not stop the other items' refresh
        log.exception("integration %s failed for item %s", job.integration_code, job.item_id)
        return f"Nieoczekiwany błąd integracji ({error.__class__.__name__}: {error})"[:MAX_ERROR]
    if not isinstance(reading, Reading):
        return "Integracja nie zwróciła odczytu."
    return reading


def fetch_all(registry, jobs, workers=None):
    """Fills each job's `outcome`, at most `workers` (default 8) sources at a time."""
    http = HttpSource.from_settings(registry.settings)
    workers = max(1, min(int(workers or registry.settings.get("smogpanel.integrations.workers") or WORKERS), 32))
    if not jobs:
        return jobs
    with ThreadPoolExecutor(max_workers=min(workers, len(jobs))) as pool:
        for job, outcome in zip(jobs, pool.map(lambda job: _fetch(registry, http, job), jobs)):
            job.outcome = outcome
    return jobs


def clean_value(value):
    """A reading's value as stored: numbers, short texts, None, or a badge {label, color}."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dict):
        return {str(k)[:50]: clean_value(v) for k, v in list(value.items())[:10]}
    return str(value)[:MAX_TEXT_VALUE]


def _texts(texts):
    """A reading's per-value notes or errors as stored: {hook name: short text}."""
    if not isinstance(texts, dict):
        return {}
    return {str(name): str(text)[:MAX_ERROR] for name, text in texts.items() if text not in (None, "")}


def _last_good(kept):
    """What a failed value keeps of its stored entry: the last good value, its time and note."""
    if not kept or kept.get("type") != INTEGRATION:
        return {"value": None}
    return {key: kept[key] for key in ("value", "read_at", "note") if key in kept}


def _iso(moment):
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0).isoformat()


def store(registry, item, jobs, now=None):
    """Writes the jobs' outcomes into `item` (freshly loaded in the writing transaction)."""
    item_type = catalogue(registry).types.get(item.item_type_id)
    if item_type is None:
        return
    now = now or utcnow()
    values = {name: dict(kept) for name, kept in (item.hook_values or {}).items()}
    state = {code: dict(kept) for code, kept in (item.integration_state or {}).items()}
    for job in jobs:
        kept = state.setdefault(job.integration_code, {})
        if isinstance(job.outcome, Reading):
            read_at = _iso(job.outcome.read_at) or now.isoformat()
            errors, notes = _texts(job.outcome.errors), _texts(job.outcome.notes)
            for name in job.hook_names:
                hook = item_type.hook(name)
                if name in errors:  # this value failed: its last good reading stays, with the error
                    values[name] = dict(
                        hook_meta(hook), **_last_good(values.get(name)), error=errors[name], error_at=now.isoformat()
                    )
                elif name in job.outcome.values:
                    values[name] = dict(
                        hook_meta(hook),
                        value=clean_value(job.outcome.values[name]),
                        read_at=read_at,
                        **({"note": notes[name]} if name in notes else {}),
                    )
                elif name not in values:
                    values[name] = dict(hook_meta(hook), value=None)
            integration = catalogue(registry).integrations.get(job.integration_code)
            kept.update(
                read_at=read_at,
                refreshed_at=now.isoformat(),
                error=None,
                error_at=None,
                source=job.outcome.source or (integration.source if integration else "") or None,
            )
        else:
            kept.update(error=str(job.outcome), error_at=now.isoformat())
            integration_failed(job.integration_code)
    item.hook_values = values
    item.integration_state = state
    if item.id is not None and not any(isinstance(job.outcome, Reading) for job in jobs):
        # Only errors recorded: the item's values did not change, so neither does `updated`
        # (written as it is, which keeps the column's onupdate from stamping it).
        flag_modified(item, "updated")


@dataclass
class Summary:
    items: int = 0
    good: int = 0
    failed: int = 0
    errors: list = None
    value_errors: list = None  # values a good reading could not give: [{item_id, integration, hook, error}]

    def as_dict(self):
        return {
            "items": self.items,
            "refreshed": self.good,
            "failed": self.failed,
            "errors": self.errors or [],
            "value_errors": self.value_errors or [],
        }

    def text(self):
        text = f"Odświeżono elementy: {self.items}; udane odczyty: {self.good}, nieudane: {self.failed}."
        if self.value_errors:
            text += f" Nieodczytane wartości: {len(self.value_errors)}."
        return text


def summarise(jobs):
    failed = [job for job in jobs if not isinstance(job.outcome, Reading)]
    partial = [
        (job, name, text)
        for job in jobs
        if isinstance(job.outcome, Reading)
        for name, text in _texts(job.outcome.errors).items()
        if name in job.hook_names
    ]
    return Summary(
        items=len({job.item_id for job in jobs}),
        good=len(jobs) - len(failed),
        failed=len(failed),
        errors=[{"item_id": job.item_id, "integration": job.integration_code, "error": job.outcome} for job in failed],
        value_errors=[
            {"item_id": job.item_id, "integration": job.integration_code, "hook": name, "error": text}
            for job, name, text in partial
        ],
    )


def live_items(db, ids=None):
    statement = sa.select(Item).where(Item.deleted.is_(None)).order_by(Item.id)
    if ids is not None:
        statement = statement.where(Item.id.in_(list(ids)))
    return db.scalars(statement).all()


def refresh_all(registry, ids=None, batch=200):
    """`smogpanel integrations refresh`: every live item (or those of `ids`) with INTEGRATION
    hooks; reads in one short transaction, writes in short ones of `batch` items."""
    from smogpanel.db import own_transaction

    with own_transaction(registry) as db:
        items = live_items(db, ids)
        jobs = plan(registry, items)
    fetch_all(registry, jobs)
    by_item = {}
    for job in jobs:
        by_item.setdefault(job.item_id, []).append(job)
    item_ids = list(by_item)
    for start in range(0, len(item_ids), batch):
        chunk = item_ids[start : start + batch]
        with own_transaction(registry) as db:
            for item in live_items(db, chunk):  # deleted meanwhile: skipped
                store(registry, item, by_item[item.id])
    return summarise(jobs)


def refresh_job(registry):
    """The scheduler's `items.refresh`: every live item, its summary as the run's."""
    return refresh_all(registry).text()
