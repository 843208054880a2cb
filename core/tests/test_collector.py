"""The test process's collector (smogpanel.testing.collector): its passes are rarer than
Python's default, and cyclic garbage is still freed without anyone asking."""

import gc
import weakref

from smogpanel.testing.collector import THRESHOLDS


class Node:
    pass


def test_the_test_process_collects_young_objects_less_often_than_pythons_default():
    assert gc.isenabled()
    assert gc.get_threshold() == THRESHOLDS
    assert THRESHOLDS[0] > 700  # Python's default: a young collection every 700 allocations


def test_a_dropped_cycle_is_freed_by_the_collector_on_its_own():
    gc.collect()  # counts from nought: no pass can come before the cycle is dropped, so it is young
    first, second = Node(), Node()
    first.other, second.other = second, first  # a cycle: reference counting alone never frees it
    gone = weakref.ref(first)
    del first, second
    assert gone() is not None
    kept = [[] for _ in range(3 * THRESHOLDS[0])]  # allocations enough for young collections
    assert gone() is None
    assert len(kept) == 3 * THRESHOLDS[0]
