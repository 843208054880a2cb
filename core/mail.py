"""Transactional mail: a mail is written to the outbox (`mail_outbox`) in the request's
transaction and delivered by an after-commit hook, so it leaves only if the request commits.

Delivery goes over SMTP when `smogpanel.smtp_url` is set:

    smtp://host:25                      plain
    smtp://user:password@host:587?starttls=1
    smtps://user:password@host:465      TLS from the start

With no SMTP URL (development) each mail is written as an .eml file into
`smogpanel.mail_dir` (default var/mail; files 0600, folders made 0700: the mails hold live
password-reset links), which counts as delivered. A failed delivery never
reaches the request: the row keeps `attempts` and `last_error`, and the scheduler's outbox job
(`retry_outbox`, every minute: smogpanel.ops.jobs) tries it again at doubling intervals for about a
day and a half, and at the first tick the server answers again when it was unreachable (a cheap
probe, not an attempt); `smogpanel send-mail` (`deliver_outbox`) tries every unsent one at once.

A mail may carry an HTML alternative and a Reply-To (`send_mail(..., html=, reply_to=)`);
`send_mails` queues a batch in one statement (a letter to every recipient of a group), delivered
after the commit over one SMTP connection (`deliver_many`).
"""

import email.policy
import functools
import logging
import secrets
import smtplib
import ssl
from dataclasses import dataclass
from datetime import timedelta
from email.message import EmailMessage
from email.utils import formatdate, make_msgid, parseaddr
from typing import NamedTuple
from urllib.parse import parse_qs, unquote, urlsplit

import sqlalchemy as sa
import zope.sqlalchemy
from pyramid.exceptions import ConfigurationError

from .counters import mail_delivered
from .db import utcnow
from .models import OutboxMail
from .private_files import private_folder, write_private_file
from .settings import check_public_url, public_url  # noqa: F401 (public_url: where links in mails lead)

# What a plugin may import from here (docs/plugins.md, "What a plugin may import")
__all__ = ["send_mail", "send_mails", "OutboxMail", "public_url"]

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 12  # then the mail is given up (`smogpanel_outbox_given_up`); see RETRY_ATTEMPTS
DEFAULT_FROM = "Smogpanel <no-reply@localhost>"
# Headers folded only past SMTP's 998-character line: the default 78 makes CPython fold a long
# Polish subject into encoded words that lose a space ("już wysłany" arrives as "jużwysłany").
POLICY = email.policy.default.clone(max_line_length=998)
_TRUE = {"1", "true", "yes", "on"}


class SmtpUnreachable(Exception):
    """No SMTP session could be opened (connection, TLS or login): nothing about the message, so
    the outbox job sends it as soon as a probe opens a session again (`retry_outbox`)."""


UNREACHABLE = SmtpUnreachable.__name__ + ":"  # how the outbox's `last_error` starts for it


@dataclass(frozen=True)
class SmtpTarget:
    host: str
    port: int
    tls: bool  # smtps: TLS from the first byte
    starttls: bool
    username: str | None
    password: str | None


def parse_smtp_url(url):
    """The SMTP server named by `smogpanel.smtp_url`, or None when mail goes to files."""
    if not url:
        return None
    parts = urlsplit(url)
    if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
        raise ConfigurationError(
            f"smogpanel.smtp_url must look like smtp://host:port or smtps://user:password@host:465, not {url!r}"
        )
    query = parse_qs(parts.query)
    tls = parts.scheme == "smtps"
    return SmtpTarget(
        host=parts.hostname,
        port=parts.port or (465 if tls else 25),
        tls=tls,
        starttls=query.get("starttls", ["0"])[0].lower() in _TRUE,
        username=unquote(parts.username) if parts.username else None,
        password=unquote(parts.password) if parts.password else None,
    )


def build_message(settings, recipient, subject, body, html=None, reply_to=None):
    sender = settings.get("smogpanel.mail_from") or DEFAULT_FROM
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    message = EmailMessage(policy=POLICY)
    message["From"] = sender
    message["To"] = recipient
    message["Subject"] = subject
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid(domain=domain)
    if reply_to:
        message["Reply-To"] = reply_to
    message.set_content(body, charset="utf-8")
    if html:
        message.add_alternative(html, subtype="html", charset="utf-8")
    return message


class Transmitter:
    """Hands messages over, SMTP or files, keeping one SMTP connection open across messages
    (a letter to 500 recipients is one session, not 500); use it as a context manager."""

    def __init__(self, settings):
        self.settings = settings
        self.target = parse_smtp_url(settings.get("smogpanel.smtp_url"))
        self.client = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.reset()

    def reset(self):
        """Drops the connection (after a failure: the next message opens a fresh one)."""
        client, self.client = self.client, None
        if client is not None:
            try:
                client.quit()
            except Exception:
                client.close()

    def open(self):
        """A fresh SMTP session, or SmtpUnreachable saying why none could be opened."""
        try:
            return self._connect()
        except Exception as exc:
            raise SmtpUnreachable(f"{self.target.host}:{self.target.port}: {type(exc).__name__}: {exc}") from exc

    def _connect(self):
        target = self.target
        timeout = float(self.settings.get("smogpanel.smtp_timeout") or 10)
        context = ssl.create_default_context()
        if target.tls:
            client = smtplib.SMTP_SSL(target.host, target.port, timeout=timeout, context=context)
        else:
            client = smtplib.SMTP(target.host, target.port, timeout=timeout)
        try:
            if target.starttls:
                client.starttls(context=context)
            if target.username:
                client.login(target.username, target.password or "")
        except Exception:
            client.close()
            raise
        return client

    def send(self, message):
        """Hands one message over; raises when it cannot."""
        if self.target is None:
            # 0600 files in a 0700 folder: the mails hold live password-reset links.
            folder = private_folder(self.settings.get("smogpanel.mail_dir") or "var/mail")
            name = f"{utcnow():%Y%m%dT%H%M%S}-{secrets.token_hex(4)}.eml"
            write_private_file(folder / name, message.as_bytes())
            return
        if self.client is None:
            self.client = self.open()
        try:
            self.client.send_message(message, from_addr=parseaddr(message["From"])[1], to_addrs=[message["To"]])
        except Exception:
            self.reset()
            raise


def smtp_answers(settings):
    """Whether an SMTP session opens (connect, TLS, login, then QUIT): the outbox job's probe
    before it retries mails that failed only because the server was unreachable."""
    with Transmitter(settings) as transmitter:
        if transmitter.target is None:
            return False  # files: nothing to probe, failures there are not the server's
        try:
            transmitter.client = transmitter.open()
        except SmtpUnreachable:
            return False
        return True


def transmit(settings, message):
    """Hands one message over (SMTP or a file); raises when it cannot."""
    with Transmitter(settings) as transmitter:
        transmitter.send(message)


def deliver(session_factory, settings, mail_id):
    """Delivers one outbox row and records the outcome in a transaction of its own.
    Returns True when it was sent; never raises."""
    try:
        with session_factory() as db:
            row = db.get(OutboxMail, mail_id)
            if row is None or row.sent is not None:
                return False
            recipient, subject, body = row.recipient, row.subject, row.body
            html, reply_to = row.html, row.reply_to
        error = None
        try:
            transmit(settings, build_message(settings, recipient, subject, body, html, reply_to))
        except Exception as exc:  # any failure is kept on the row for the next attempt
            error = f"{type(exc).__name__}: {exc}"[:2000]
            log.warning("mail %s to %s not delivered: %s", mail_id, recipient, error)
        with session_factory() as db:
            row = db.get(OutboxMail, mail_id)
            row.attempts += 1
            row.last_error = error
            if error is None:
                row.sent = utcnow()
            db.commit()
        mail_delivered(error is None)
        return error is None
    except Exception:
        log.exception("mail %s: recording the delivery failed", mail_id)
        return False


def deliver_many(session_factory, settings, mail_ids):
    """Delivers the unsent outbox rows among `mail_ids` over one SMTP connection and records
    every outcome in one transaction. Returns how many were sent; never raises."""
    try:
        with session_factory() as db:
            rows = db.execute(
                sa.select(
                    OutboxMail.id,
                    OutboxMail.recipient,
                    OutboxMail.subject,
                    OutboxMail.body,
                    OutboxMail.html,
                    OutboxMail.reply_to,
                )
                .where(OutboxMail.id.in_(list(mail_ids)), OutboxMail.sent.is_(None))
                .order_by(OutboxMail.id)
            ).all()
        if not rows:
            return 0
        sent, failed, unreachable = [], {}, None
        with Transmitter(settings) as transmitter:
            for mail_id, recipient, subject, body, html, reply_to in rows:
                if unreachable:  # one wait for the server's timeout, not one per mail
                    failed[mail_id] = unreachable
                    continue
                try:
                    transmitter.send(build_message(settings, recipient, subject, body, html, reply_to))
                    sent.append(mail_id)
                except Exception as exc:  # kept on the row for the next attempt
                    failed[mail_id] = f"{type(exc).__name__}: {exc}"[:2000]
                    unreachable = failed[mail_id] if isinstance(exc, SmtpUnreachable) else None
                    log.warning("mail %s to %s not delivered: %s", mail_id, recipient, failed[mail_id])
        with session_factory() as db:
            if sent:
                db.execute(
                    sa.update(OutboxMail)
                    .where(OutboxMail.id.in_(sent))
                    .values(sent=utcnow(), attempts=OutboxMail.attempts + 1, last_error=None)
                )
            for mail_id, error in failed.items():
                db.execute(
                    sa.update(OutboxMail)
                    .where(OutboxMail.id == mail_id)
                    .values(attempts=OutboxMail.attempts + 1, last_error=error)
                )
            db.commit()
        mail_delivered(True, len(sent))
        mail_delivered(False, len(failed))
        return len(sent)
    except Exception:
        log.exception("mails %s: delivering or recording the delivery failed", list(mail_ids)[:10])
        return 0


def send_mail(request, to, subject, body, html=None, reply_to=None):
    """Queues a mail in the request's transaction; it is delivered after the commit. `html`
    adds an HTML alternative to the plain `body`; `reply_to` sets Reply-To."""
    row = OutboxMail(
        recipient=to, subject=subject[:300], body=body, html=html, reply_to=reply_to, created=utcnow(), attempts=0
    )
    request.db.add(row)
    request.db.flush()
    _deliver_after_commit(request, [row.id])
    return row


def send_mails(request, mails):
    """Queues many mails in one statement of the request's transaction (a letter to every
    recipient of a group): `mails` are dicts with `to`, `subject`, `body` and optionally `html`
    and `reply_to`. Returns the outbox ids, in order; they are delivered after the commit."""
    if not mails:
        return []
    now = utcnow()
    rows = [
        {
            "recipient": mail["to"],
            "subject": mail["subject"][:300],
            "body": mail["body"],
            "html": mail.get("html"),
            "reply_to": mail.get("reply_to"),
            "created": now,
            "attempts": 0,
        }
        for mail in mails
    ]
    table = OutboxMail.__table__
    # A plain INSERT: tell the transaction it has something to commit (the ORM would have).
    zope.sqlalchemy.mark_changed(request.db)
    ids = request.db.execute(sa.insert(table).returning(table.c.id, sort_by_parameter_order=True), rows).scalars().all()
    _deliver_after_commit(request, ids)
    return ids


def _deliver_after_commit(request, mail_ids):
    # Recording the delivery writes: on SQLite its transaction takes the write lock at once.
    session_factory = functools.partial(request.registry["db.session_factory"], bind=request.registry["db.writer"])
    settings = request.registry.settings

    def after_commit(committed):
        if committed:
            if len(mail_ids) == 1:
                deliver(session_factory, settings, mail_ids[0])
            else:
                deliver_many(session_factory, settings, mail_ids)

    request.tm.get().addAfterCommitHook(after_commit)


class OutboxResult(NamedTuple):
    sent: int
    failed: int


def deliver_outbox(session_factory, settings, max_attempts=MAX_ATTEMPTS):
    """Tries every unsent mail with fewer than `max_attempts` attempts, oldest first
    (`smogpanel send-mail`). Returns `(sent, failed)` counts."""
    with session_factory() as db:
        ids = (
            db.execute(
                sa.select(OutboxMail.id)
                .where(OutboxMail.sent.is_(None), OutboxMail.attempts < max_attempts)
                .order_by(OutboxMail.id)
            )
            .scalars()
            .all()
        )
    sent = sum(1 for mail_id in ids if deliver(session_factory, settings, mail_id))
    return OutboxResult(sent=sent, failed=len(ids) - sent)


# The scheduler's retries: the n-th waits 2**n - 1 ticks after the mail was queued (a minute's
# tick: 1, 3, 7, 15 minutes ... the eleventh about 34 hours later), so an SMTP server down for
# an afternoon loses nothing and one down for good is not hammered.
RETRY_ATTEMPTS = MAX_ATTEMPTS
# A mail never tried (its process died before the after-commit delivery) waits this long, so a
# delivery still under way in a request's process is not doubled by the retry.
UNTRIED_GRACE_SECONDS = 300


def retry_due(created, attempts, now, tick_seconds):
    if attempts == 0:
        return created + timedelta(seconds=max(UNTRIED_GRACE_SECONDS, tick_seconds)) <= now
    return created + timedelta(seconds=tick_seconds * (2**attempts - 1)) <= now


def retry_outbox(session_factory, settings, tick_seconds, now=None):
    """The scheduler's outbox job: delivers the unsent mails whose next retry is due (see
    `retry_due`), over one SMTP connection. Mails that failed only because the server was
    unreachable do not wait for their turn once a probe opens a session: a server back after an
    hour's outage delivers at the next tick, not up to an hour later. A mail the server itself
    refused keeps its doubling wait. Returns `(sent, failed)` counts."""
    now = now or utcnow()
    with session_factory() as db:
        rows = db.execute(
            sa.select(OutboxMail.id, OutboxMail.created, OutboxMail.attempts, OutboxMail.last_error)
            .where(OutboxMail.sent.is_(None), OutboxMail.attempts < RETRY_ATTEMPTS)
            .order_by(OutboxMail.id)
        ).all()
    due = [row.id for row in rows if retry_due(row.created, row.attempts, now, tick_seconds)]
    due_ids = set(due)  # a backlog is read every minute: one set, not a scan of `due` per row
    waiting = [
        row.id
        for row in rows
        if row.id not in due_ids and row.attempts and (row.last_error or "").startswith(UNREACHABLE)
    ]
    if waiting and smtp_answers(settings):
        due = sorted(due + waiting)
    if not due:
        return OutboxResult(sent=0, failed=0)
    sent = deliver_many(session_factory, settings, due)
    return OutboxResult(sent=sent, failed=len(due) - sent)


def includeme(config):
    """Checks the SMTP URL and the public address (links in mails) at start-up, so a typo or a
    missing setting fails loudly instead of losing mail or mailing forged links."""
    parse_smtp_url(config.registry.settings.get("smogpanel.smtp_url"))
    check_public_url(config.registry.settings)
