"""The letters plugin's figures, each against a baseline measured in the same run.

    .venv/bin/python bench/letters.py [--rounds 5] [--recipients 500] [--database-url URL]

1. Confirming a sender for a group of 500 recipients: `send_letters` (the sender marked
   confirmed, 500 outbox mails with HTML, text and Reply-To, 500 letter messages) in one
   transaction, from its start to its commit (delivery, which runs after the commit, is
   measured apart, to .eml files). Baseline: the same 500 mails queued one `send_mail` (one
   INSERT and flush) each. The target is under a second.
2. Sanitising a 100 KB letter with nh3 (the allow-list of plugins/letters/sanitise.py), median
   of the rounds; baseline: Python's own html.parser walking the same text (`to_text`).
   The target is under 20 ms.

Prints times and ratios; asserts nothing.
"""

import argparse
import statistics
import tempfile
import time

from timing import line, timed

CONTENT = (
    "<h2>Szanowni Państwo,</h2><p>zwracamy się z prośbą o <strong>przyspieszenie wymiany kopciuchów</strong> "
    "w naszej gminie. Każdej zimy oddychamy powietrzem, którego normy są przekroczone wielokrotnie.</p>"
    "<ul><li>zwiększenie budżetu programu,</li><li>kontrole spalania odpadów,</li><li>informowanie o "
    '<a href="https://czystepowietrze.gov.pl">dotacjach</a>.</li></ul>'
)
HOSTILE = '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><script>alert(1)</script>'


def letter_of(size):
    parts, total = [], 0
    while total < size:
        block = CONTENT + (HOSTILE if len(parts) % 10 == 0 else "")
        parts.append(block)
        total += len(block.encode())
    return "".join(parts)


def arrange(url, recipients, mail_dir):
    from smogpanel import main
    from smogpanel.db import make_engine, make_session_factory
    from smogpanel.migrate import upgrade
    from smogpanel.plugin_manager import build_plugin_manager
    from smogpanel.plugins.letters.models import Letter, Recipient, RecipientGroup

    manager = build_plugin_manager(enabled=["letters"])
    upgrade(url, manager)
    engine = make_engine(url)
    with make_session_factory(engine)() as db, db.begin():
        group = RecipientGroup(name="Radni")
        db.add(group)
        db.flush()
        db.add_all(
            Recipient(name=f"Radny {i}", email=f"radny{i}@example.org", recipient_group_id=group.id)
            for i in range(recipients)
        )
        db.add(
            Letter(
                name="Apel",
                internal_name="apel",
                recipient_group_id=group.id,
                title="Apel mieszkańców",
                content=letter_of(4000),
                gdpr_agreement="",
                gdpr_info="",
            )
        )
    engine.dispose()
    return main(
        {},
        **{
            "sqlalchemy.url": url,
            "smogpanel.secret": "bench-secret-" + "x" * 40,
            "smogpanel.plugins": "letters",
            "smogpanel.smtp_url": "",
            "smogpanel.mail_dir": mail_dir,
            "smogpanel.public_url": "https://panel.example.pl",
        },
    )


def confirm_once(app, number, per_row):
    """(seconds from the transaction's start to its commit, seconds of the after-commit delivery)."""
    from pyramid.scripting import prepare

    from smogpanel.mail import send_mail
    from smogpanel.plugins.letters.models import LetterSender
    from smogpanel.plugins.letters.sending import letter_by_name, letter_mails, live_recipients, send_letters

    env = prepare(registry=app.registry)
    request = env["request"]
    request.method = "POST"  # a writing session, as the confirm page's POST has
    marks = []
    try:
        request.tm.begin()
        request.tm.get().addAfterCommitHook(lambda ok: marks.append(time.perf_counter()))
        start = time.perf_counter()
        letter = letter_by_name(request.db, "apel")
        sender = LetterSender(
            letter_id=letter.id,
            name=f"Mieszkaniec {number}",
            email=f"m{number}@example.net",
            consent_text="zgoda",
            address="127.0.0.1",
        )
        request.db.add(sender)
        request.db.flush()
        if per_row:
            for mail in letter_mails(request, letter, sender, live_recipients(request.db, letter)):
                send_mail(request, mail["to"], mail["subject"], mail["body"], mail["html"], mail["reply_to"])
        else:
            send_letters(request, letter, sender)
        request.tm.commit()
        done = time.perf_counter()
    finally:
        env["closer"]()
    return marks[0] - start, done - marks[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--recipients", type=int, default=500)
    parser.add_argument("--database-url")
    args = parser.parse_args()

    from smogpanel.plugins.letters.sanitise import sanitise, to_text

    with tempfile.TemporaryDirectory() as folder:
        url = args.database_url or f"sqlite:///{folder}/letters.sqlite"
        app = arrange(url, args.recipients, f"{folder}/mail")
        bulk, rows, delivery = [], [], []
        for number in range(args.rounds):
            queued, delivered = confirm_once(app, 2 * number, per_row=False)
            bulk.append(queued)
            delivery.append(delivered)
            rows.append(confirm_once(app, 2 * number + 1, per_row=True)[0])
        print(
            f"1. Confirming a sender: {args.recipients} messages queued in one transaction "
            f"({url.split(':', 1)[0]}, median of {args.rounds})"
        )
        baseline = statistics.median(rows)
        line(f"baseline: {args.recipients} × send_mail (one INSERT each)", baseline)
        line("send_letters (one INSERT of every mail, one of every message)", statistics.median(bulk), baseline)
        line("after the commit: delivering them (.eml files)", statistics.median(delivery), baseline)

    text = letter_of(100_000)
    rounds = max(args.rounds, 20)
    sanitised = [timed(lambda: sanitise(text)) for _ in range(rounds)]
    parsed = [timed(lambda: to_text(text)) for _ in range(rounds)]
    print(f"2. Sanitising a {len(text.encode()) // 1000} KB letter (median of {rounds})")
    baseline = statistics.median(parsed)
    line("baseline: html.parser walking it (to_text)", baseline)
    line("nh3 sanitise", statistics.median(sanitised), baseline)


if __name__ == "__main__":
    main()
