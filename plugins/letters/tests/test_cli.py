"""`smogpanel letters export EMAIL` and `smogpanel letters forget EMAIL` on a database of its own,
after a resident sent the demo letter (mail written to files, which counts as delivered)."""

import json
import re

import pytest
import sqlalchemy as sa
import webtest

from smogpanel import main as make_app
from smogpanel.cli import main as cli


@pytest.mark.slow
@pytest.mark.own_database  # an SQLite file of its own
def test_forget_erases_the_sender_through_the_command_line(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'var' / 'cli.sqlite'}"
    mail = tmp_path / "mail"
    ini = tmp_path / "cli.ini"
    ini.write_text(
        f"[app:main]\nuse = egg:smogpanel\nsqlalchemy.url = {url}\nsmogpanel.mail_dir = {mail}\n"
        "smogpanel.public_url = https://panel.example.pl\n",
        encoding="utf-8",
    )
    assert cli(["-c", str(ini), "init", "--demo"]) == 0
    app = webtest.TestApp(
        make_app(
            {},
            **{
                "sqlalchemy.url": url,
                "smogpanel.mail_dir": str(mail),
                "smogpanel.public_url": "https://panel.example.pl",
            },
        )
    )
    app.post_json(
        "/api/public/letter/apel-o-czyste-powietrze/send",
        {"name": "Ewa Mieszkanka", "email": "ewa@example.net", "gdpr_agreement": True},
    )
    link = re.search(
        r"https://panel\.example\.pl(\S+confirm\S+)",
        "".join(p.read_text(encoding="utf-8", errors="replace") for p in mail.iterdir()),
    ).group(1)
    assert "wyruszył do 3" in app.post(link.replace("=\n", "")).text
    engine = sa.create_engine(url)
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT name, email FROM letter_sender").all() == [
            ("Ewa Mieszkanka", "ewa@example.net")
        ]
    capsys.readouterr()
    # The access request: everything held, as JSON on stdout.
    assert cli(["-c", str(ini), "letters", "export", "EWA@example.net"]) == 0
    exported = json.loads(capsys.readouterr().out)
    assert set(exported) == {"email", "exported_at", "retention_days", "senders", "mails", "throttle", "history"}
    assert exported["email"] == "ewa@example.net" and exported["retention_days"] == 365
    (sender,) = exported["senders"]
    assert (sender["name"], sender["state"], sender["letter"]["internal_name"]) == (
        "Ewa Mieszkanka",
        "potwierdzone",
        "apel-o-czyste-powietrze",
    )
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00", sender["confirmed"])
    assert len(exported["mails"]) == 4  # the confirmation and the letter to each of 3 recipients
    assert "letter-email:ewa@example.net" in {item["key"] for item in exported["throttle"]}
    assert cli(["-c", str(ini), "letters", "forget", "EWA@example.net"]) == 0
    assert "Usunięto dane nadawcy ewa@example.net" in capsys.readouterr().out
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT name, email, address FROM letter_sender").all() == [
            (None, None, None)
        ]
        rows = connection.exec_driver_sql("SELECT recipient, body, coalesce(reply_to, '') FROM mail_outbox").all()
        assert not any("ewa@example.net" in " ".join(row) or "Ewa Mieszkanka" in " ".join(row) for row in rows)
    assert app.get("/api/public/letter/apel-o-czyste-powietrze").json["message"]["sent"] == 1
    assert cli(["-c", str(ini), "letters", "forget", "nikt@example.net"]) == 0
    assert "Nie ma nadawcy" in capsys.readouterr().out
    # Erased: nothing is held under the address any more (the forget itself is in history, without it).
    assert cli(["-c", str(ini), "letters", "export", "ewa@example.net"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["senders"] == [] and json.loads(out.out)["mails"] == []
    assert "Nie przechowujemy danych o adresie ewa@example.net." in out.err
    engine.dispose()
