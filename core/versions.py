"""Deprecated since 3.9, removed in 4.0: use smogpanel.data_versions (the tables' data versions)."""

from .data_versions import *  # noqa: F403 (every name it had)
from .deprecation import moved

moved("smogpanel.versions", "smogpanel.data_versions")
