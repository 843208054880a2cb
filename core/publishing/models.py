"""The publications' table lives in the core's models layer (smogpanel.publications), under the
public side that reads it; its names are here too for the publishing package."""

from ..publications import NOTE_KINDS, Publication

__all__ = ["NOTE_KINDS", "Publication"]
