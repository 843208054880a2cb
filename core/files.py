"""Placeholder being replaced."""


def includeme(config):
    pass
