"""The app hashes passwords with argon2id at argon2-cffi's default cost; the tests' accounts are
hashed more cheaply (`smogpanel.testing.app.cheap_password_hashes`), which must not stop a hash
made at the app's cost from verifying, nor a wrong password from failing."""

from smogpanel.passwords import hash_password, verify_password


def test_the_app_hashes_passwords_with_argon2id_at_its_default_cost(cheap_password_hashes):
    made = cheap_password_hashes.hash("Haslo-123!")  # the app's own hasher, as imported
    assert made.startswith("$argon2id$v=19$m=65536,t=3,p=4$")
    assert verify_password(made, "Haslo-123!")
    assert not verify_password(made, "Haslo-124!")


def test_a_test_hash_is_argon2id_and_verifies_only_its_password(cheap_password_hashes):
    made = hash_password("Haslo-123!")
    assert made.startswith("$argon2id$v=19$m=8,t=1,p=1$")
    assert verify_password(made, "Haslo-123!")
    assert not verify_password(made, "Haslo-124!")
    assert cheap_password_hashes.verify(made, "Haslo-123!")  # the app's hasher reads the hash's cost
