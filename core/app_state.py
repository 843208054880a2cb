"""What an app holds in its process between requests: caches of built answers, the gazetteer's
list of gminy, view counts not yet written, the database gate's last known state.

Each holder is registered where it is made (`hold`) and can let go of what it holds
(`forget()`), so all of it is forgotten in one call (`forget_held`). A process serving the panel
never calls it; the testing kit does, between tests that share one app (a rolled-back test
leaves data versions that the next test reaches again with other data, and a cache keyed by
version would answer with the first test's). A plugin that keeps state between requests
registers it here too (docs/plugins.md, "State an app holds")."""

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["hold", "forget_held"]

HELD = "smogpanel.held_state"


def hold(registry, holder):
    """Registers `holder` (anything with a `forget()` method) with the app; returns it."""
    if not callable(getattr(holder, "forget", None)):
        raise TypeError(f"{holder!r} has no forget() method: it cannot be held by the app")
    registry.setdefault(HELD, []).append(holder)
    return holder


def forget_held(registry):
    """Every registered holder forgets what it holds."""
    for holder in registry.get(HELD, ()):
        holder.forget()
