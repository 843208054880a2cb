"""Deprecated since 3.9, removed in 4.0: use smogpanel.record_etags (a record's version, for If-Match)."""

from .deprecation import moved
from .record_etags import carry_version, version_of

# What a plugin may import from here, until 4.0 (docs/plugins.md, "What a plugin may import")
__all__ = ["carry_version", "version_of"]

moved("smogpanel.record_versions", "smogpanel.record_etags")
