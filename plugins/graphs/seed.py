"""Demo graphs for `smogpanel init --demo` (filled in by a later step)."""


def add_demo_data(db):
    pass
