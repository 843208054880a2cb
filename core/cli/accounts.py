"""`smogpanel init` and `smogpanel user …`: the database brought to the code's migrations (and the
demo data), and the accounts an operator adds from the command line."""

import sys

import sqlalchemy as sa

from .app import DEMO_ADMIN, build_app, safe_url, session_factory


def cmd_init(settings, args):
    from ..gazetteer import find_gazetteer
    from ..migrate import upgrade
    from ..models import Setting
    from ..users.models import User

    app = build_app(settings)
    manager = app.registry.plugin_manager
    applied = upgrade(settings["sqlalchemy.url"], manager)
    with session_factory(app)() as db, db.begin():
        manager.hook.smogpanel_seed(db=db)
        if args.demo and db.get(Setting, "demo_data") is None:
            manager.hook.smogpanel_demo_data(db=db, gazetteer=find_gazetteer(manager))
            db.add(Setting(key="demo_data", value="written"))
        if args.demo and not db.scalar(sa.select(User.id).where(User.email == DEMO_ADMIN[0])):
            add_user(db, DEMO_ADMIN[0], DEMO_ADMIN[1], True, "Demo", "Administrator")
    if applied:
        print(f"Zastosowane migracje ({len(applied)}):")
        for revision, title in applied:
            print(f"  {revision}  {(title or '').splitlines()[0] if title else ''}".rstrip())
    else:
        print("Schemat bazy był aktualny: nie było migracji do zastosowania.")
    print(f"Baza danych gotowa: {safe_url(settings['sqlalchemy.url'])}")
    if args.demo:
        print(f"Konto demonstracyjne: e-mail {DEMO_ADMIN[0]}  hasło {DEMO_ADMIN[1]}")
    return 0


def add_user(db, email, password, is_super, firstname, lastname):
    from ..passwords import hash_password
    from ..users.models import User

    user = User(
        email=email,
        password_hash=hash_password(password),
        super=int(is_super),
        firstname=firstname or "",
        lastname=lastname or "",
    )
    db.add(user)
    db.flush()
    return user


def cmd_user_add(settings, args):
    from ..users.models import User

    if len(args.password) < 8:
        print("Hasło musi mieć co najmniej 8 znaków.", file=sys.stderr)
        return 2
    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email = args.email.strip().lower()
        if db.scalar(sa.select(User.id).where(User.email == email)):
            print(f"Konto {email} już istnieje.", file=sys.stderr)
            return 1
        user = add_user(db, email, args.password, args.super, args.firstname, args.lastname)
        print(f"Dodano konto {email} (id {user.id}{', superadministrator' if args.super else ''}).")
    return 0


def cmd_user_super(settings, args):
    """Grants or takes back super administrator rights: the system administrator's job alone
    (SPEC 6), so neither the panel nor the API offers it."""

    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email, user = account_of(db, args)
        if user is None:
            return 1
        user.super = 1 if args.state == "on" else 0
        print(f"Konto {email} jest teraz kontem {'superadministratora' if user.super else 'użytkownika'}.")
    return 0


def cmd_user_role(settings, args):
    """The account's role (super, editor, viewer) and an editor's scopes: the system
    administrator's command, the only way to make or unmake a super administrator (SPEC 6)."""
    from ..envelope import ApiError
    from ..gazetteer import find_gazetteer
    from ..users.access import ROLE_LABELS, checked_kinds, set_access, voivodeship_ids

    app = build_app(settings)
    split = lambda text: [part.strip() for part in (text or "").split(",") if part.strip()]  # noqa: E731
    with session_factory(app)() as db, db.begin():
        email, user = account_of(db, args)
        if user is None:
            return 1
        try:
            kinds = checked_kinds(app.registry, split(args.kinds))
            voivodeships = voivodeship_ids(
                find_gazetteer(app.registry.plugin_manager).voivodeships(db), split(args.voivodeships)
            )
        except ValueError as error:
            print(error, file=sys.stderr)
            return 2
        except ApiError as error:
            print(error.errors[0]["description"], file=sys.stderr)
            return 2
        if args.role == "super" and (kinds or voivodeships):
            print("Superadministrator nie ma zakresu: pomiń --kinds i --voivodeships.", file=sys.stderr)
            return 2
        personal = {"on": 1, "off": 0}.get(args.personal_data, user.personal_data)
        publish = {"on": 1, "off": 0}.get(args.publish)
        changes = set_access(user, args.role, kinds, voivodeships, personal, publish)
        if changes:
            from ..history import record

            db.flush()
            record(db, "update", "user", user.id, user.email, changes)
        scope = ", ".join(filter(None, [", ".join(kinds), args.voivodeships or ""])) or "bez ograniczeń"
        may = "publikuje" if user.super or user.publish else "prosi o publikację"
        print(f"Konto {email}: {ROLE_LABELS[args.role]} ({scope}; {may}).")
    return 0


def cmd_user_reset_2fa(settings, args):
    """The lost-phone case: removes the account's TOTP app, passkeys and recovery codes, so it
    signs in with its password again (and, where the setting requires one, enrols anew), and
    ends its sessions (the lost phone's among them). Recorded in history and mailed to the
    account."""
    from ..mail import deliver_outbox
    from ..users.factors import forget_factors, record_event
    from ..users.sessions import end_sessions

    app = build_app(settings)
    with session_factory(app)() as db, db.begin():
        email, user = account_of(db, args)
        if user is None:
            return 1
        if not forget_factors(db, user.id):
            print(f"Konto {email} nie ma drugiego składnika logowania: nie było czego usuwać.")
            return 0
        record_event(db, user, "reset")
        ended = end_sessions(db, user.id)
    deliver_outbox(session_factory(app), app.registry.settings)  # the mail to the account
    print(
        f"Usunięto drugie składniki logowania konta {email}: loguje się teraz samym hasłem. Zakończone sesje: {ended}."
    )
    return 0


def account_of(db, args):
    """(the e-mail as given, its live account), the account None with a Polish line on stderr
    when there is none (the sign-in's own lookup)."""
    from ..users.auth import find_user

    email = args.email.strip().lower()
    user = find_user(db, email)
    if user is None:
        print(f"Nie ma konta {email}.", file=sys.stderr)
    return email, user
