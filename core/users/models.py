"""The account tables live in smogpanel.accounts (the models' layer, under the rules and the
resources); named here too for the users' own modules."""

from ..accounts import LoginFailure, PasswordReset, User

__all__ = ["LoginFailure", "PasswordReset", "User"]
