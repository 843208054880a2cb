"""Mail about requests for publication (smogpanel.publishing.review): a new request to every
account that may decide it, a decision to the account that asked. Queued in the request's
transaction (smogpanel.mail): nothing leaves if the request fails."""

from types import SimpleNamespace

import sqlalchemy as sa

from ..accounts import User
from ..authority import Context, permits
from ..mail import public_url, send_mail
from ..region_scope import region_refusal

SCREEN = "/publish-requests"  # the shell's list of open requests


def account_of(user):
    """What the rules read of an account (as `request.identity` carries it), for asking them as
    another account: reviewed mode, so its own `publish` permission counts."""
    return SimpleNamespace(
        id=user.id,
        super=user.super,
        role=user.role,
        kinds=frozenset(filter(None, user.scope_kinds.split(","))),
        voivodeships=frozenset(int(part) for part in user.scope_voivodeships.split(",") if part.strip().isdigit()),
        personal_data=user.personal_data,
        publish=user.publish,
    )


def may_publish_as(request, account, resource, obj):
    """True when `account` may publish `obj`: the kind's `publish` rule, then its voivodeships."""
    if not permits(account, Context(resource, obj), "publish"):
        return False
    scoped = not account.super and account.voivodeships
    return not scoped or not region_refusal(request, account.voivodeships, resource.regions_of(request, obj))


def reviewers(request, resource, obj, row):
    """The e-mail addresses of the live accounts, besides the one that asked, that may decide `row`."""
    users = request.db.scalars(
        sa.select(User).where(User.deleted.is_(None), User.id != row.user_id).order_by(User.id)
    ).all()
    return [user.email for user in users if may_publish_as(request, account_of(user), resource, obj)]


def _what(request, resource, obj):
    label = resource.label or resource.kind
    return f"{label} „{resource.history_name(request, obj)}”"


def _link(request, path):
    return f"{public_url(request.registry.settings)}{path}"


def tell_reviewers(request, resource, obj, row):
    what = _what(request, resource, obj)
    note = f"\n\nNotatka: {row.note}" if row.note else ""
    body = (
        f"{row.user_email} prosi o publikację: {what}.{note}\n\n"
        f"Prośby czekające na Twoją decyzję: {_link(request, SCREEN)}\n"
    )
    for email in reviewers(request, resource, obj, row):
        send_mail(request, email, f"Smogpanel: prośba o publikację ({what})", body)


def tell_requester(request, resource, obj, row, approved):
    if not row.user_email:
        return
    what = _what(request, resource, obj)
    who = request.identity.email
    if approved:
        subject = f"Smogpanel: prośba o publikację zatwierdzona ({what})"
        body = f"Twoja prośba o publikację ({what}) została zatwierdzona. Osoba zatwierdzająca: {who}.\n"
    else:
        subject = f"Smogpanel: prośba o publikację odesłana ({what})"
        body = (
            f"Twoja prośba o publikację ({what}) została odesłana do poprawy. Osoba rozpatrująca: {who}.\n\n"
            f"Uwagi: {row.comment}\n"
        )
    send_mail(request, row.user_email, subject, body)
