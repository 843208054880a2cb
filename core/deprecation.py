"""Names a minor release moved keep working until the next major one, with a DeprecationWarning
naming the new place (docs/plugins.md, "Stability and deprecation")."""

import warnings

SINCE = "3.9"


def moved(old, new, stacklevel=3):
    """Warns that `old` (a module or a name) is deprecated: use `new`."""
    warnings.warn(f"{old} is deprecated since {SINCE}: use {new}", DeprecationWarning, stacklevel=stacklevel)
