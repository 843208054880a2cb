"""The timers plugin (being built)."""
