"""Deprecated since 3.9, removed in 4.0: use smogpanel.keyed_values (records whose keys carry values)."""

from .deprecation import moved
from .keyed_values import ConfirmRemoval, KeyedResource, KeyedValues, KeyList, chunks, distinct_names

# What a plugin may import from here, until 4.0 (docs/plugins.md, "What a plugin may import")
__all__ = ["KeyedResource", "KeyedValues", "chunks", "KeyList", "ConfirmRemoval", "distinct_names"]

moved("smogpanel.keyed", "smogpanel.keyed_values")
