"""Payloads of the /auth and /user endpoints (SPEC sections 5 and 7, "Auth and users")."""

import colander

from ..schemas import Email, String, Text  # noqa: F401 (Email: the users' schemas use it)

PASSWORD_MIN = 8
PASSWORD_MAX = 200


def NewPassword(title="Hasło", **kw):
    return colander.SchemaNode(
        String(),
        title=title,
        validator=colander.Length(
            min=PASSWORD_MIN,
            max=PASSWORD_MAX,
            min_err=f"Hasło musi mieć co najmniej {PASSWORD_MIN} znaków.",
            max_err=f"Hasło może mieć najwyżej {PASSWORD_MAX} znaków.",
        ),
        **kw,
    )


def Name(title, **kw):
    """A first or last name; may be empty (an empty value clears it)."""
    return colander.SchemaNode(
        String(allow_empty=True),
        title=title,
        preparer=lambda value: value.strip() if isinstance(value, str) else value,
        validator=colander.Length(max=100, max_err="Tekst może mieć najwyżej 100 znaków."),
        **kw,
    )


class LoginSchema(colander.MappingSchema):
    email = Email()
    password = colander.SchemaNode(String(), title="Hasło", validator=colander.Length(max=PASSWORD_MAX))


class RestoreSchema(colander.MappingSchema):
    email = Email()


class ResetSchema(colander.MappingSchema):
    token = Text("Odnośnik", max_length=200)
    password = NewPassword()


class UserCreateSchema(colander.MappingSchema):
    email = Email()
    firstname = Name("Imię", missing="")
    lastname = Name("Nazwisko", missing="")
    # No `super`: super administrators are made by the system administrator only
    # (`smogpanel user super EMAIL on`, SPEC 6); a `super` sent here is ignored.


class ProfileSchema(colander.MappingSchema):
    """Own account: the password changes only when a non-empty one is sent; names left out
    stay as they are."""

    email = Email()
    password = NewPassword(missing="")
    firstname = Name("Imię", missing=colander.drop)
    lastname = Name("Nazwisko", missing=colander.drop)
    # Asked for when the e-mail or the password changes (a token alone may be a stolen one);
    # `code`, a TOTP or recovery code, instead of it for an account that has a second factor.
    current_password = colander.SchemaNode(
        String(), title="Obecne hasło", missing="", validator=colander.Length(max=PASSWORD_MAX)
    )
    code = Text("Kod", max_length=40, missing="")


class Credential(colander.SchemaNode):
    """A WebAuthn credential as the browser's JSON (`PublicKeyCredential.toJSON()`): kept as it
    is, checked by the `webauthn` library."""

    schema_type = lambda self: colander.Mapping(unknown="preserve")  # noqa: E731
    title = "Klucz dostępu"


class CodeSchema(colander.MappingSchema):
    code = Text("Kod", max_length=40)


class SecondFactorSchema(colander.MappingSchema):
    """The second step of a sign-in: the ticket of the first, and a TOTP or recovery code."""

    ticket = Text("Logowanie", max_length=2000)
    code = Text("Kod", max_length=40)


class PasskeyOptionsSchema(colander.MappingSchema):
    """Without `ticket`: a sign-in with no password; with it, the second step."""

    ticket = Text("Logowanie", max_length=2000, missing=None)


class PasskeySignInSchema(colander.MappingSchema):
    ticket = Text("Logowanie", max_length=2000, missing=None)
    challenge = Text("Wyzwanie", max_length=100)
    credential = Credential()


class PasskeyRegisterSchema(colander.MappingSchema):
    name = Text("Nazwa klucza", max_length=100)
    challenge = Text("Wyzwanie", max_length=100)
    credential = Credential()
