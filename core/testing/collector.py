"""The test process's garbage collector, set for a run that builds apps and keeps some.

Each app is a web of hundreds of thousands of objects (some 470 views), lent from test to test
(`smogpanel.testing.app`) or built for one test and dropped, and a test allocates fast around
it. With Python's default thresholds (700, 10, 10) the collector ran thousands of times per file
and its full passes walked every kept app each time: 39 % of a slice's CPU (docs/performance.md,
"The test suite", 2026-12-07). Collecting young objects every 50,000 allocations instead of
every 700 leaves full passes rare; cyclic garbage is still freed, later (a slice's largest test
process held 80 MB more, 752 MB against 673). What the run keeps to its end (modules, fixtures'
code, the collected tests) is frozen once collection is over, out of every pass's sight."""

import gc

# (young, middle, old): allocations between young collections, then young collections between
# middle ones and middle ones between full passes, as `gc.set_threshold` takes them.
THRESHOLDS = (50_000, 10, 10)


def pytest_configure(config):
    gc.set_threshold(*THRESHOLDS)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
