"""Accounts: models, schemas and the /auth and /user endpoints."""


def includeme(config):
    config.include(".views")
