"""The maps plugin (being built)."""
