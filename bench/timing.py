"""Timing and printing helpers of every benchmark: one run's seconds, the median of several,
and a result's line with its ratio to the baseline measured in the same run."""

import statistics
import time


def timed(function):
    """The seconds one call of `function()` takes."""
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def median_seconds(function, rounds):
    return statistics.median(timed(function) for _ in range(rounds))


def line(label, seconds, baseline=None, decimals=1):
    ratio = f"  {seconds / baseline:5.2f}×" if baseline else ""
    print(f"  {label:<62} {seconds * 1000:9.{decimals}f} ms{ratio}")
