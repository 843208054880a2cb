"""Timing and printing helpers of every benchmark: one run's seconds, the median of several,
and a result's line with its ratio to the baseline measured in the same run."""

import os
import statistics
import time

# SMOGPANEL_BENCH_CLOCK=cpu: the CPU seconds of this thread instead of the wall clock. On a
# machine other work shares, the wall clock counts the time this process waited for a core;
# the thread's CPU time does not. It counts only work done in this thread: right for the
# benchmarks that run the app in process on SQLite, wrong where a server or a database in
# another process does the work (PostgreSQL, served apps): those keep the wall clock.
CLOCK = time.thread_time if os.environ.get("SMOGPANEL_BENCH_CLOCK") == "cpu" else time.perf_counter


def timed(function):
    """The seconds one call of `function()` takes (CLOCK)."""
    start = CLOCK()
    function()
    return CLOCK() - start


def median_seconds(function, rounds):
    return statistics.median(timed(function) for _ in range(rounds))


def line(label, seconds, baseline=None, decimals=1):
    ratio = f"  {seconds / baseline:5.2f}×" if baseline else ""
    print(f"  {label:<62} {seconds * 1000:9.{decimals}f} ms{ratio}")
