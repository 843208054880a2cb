"""The letter's funnel in 'Zasięg': form shown (the widget's view) → request sent → address
confirmed, counted per letter and day, with no sender's data among the counts."""

from smogpanel.testing.reach import flush_reach, reach_rows

from .conftest import confirm_path
from .test_sending import arrange, ask, confirm


def test_the_funnel_counts_each_step_once(mail_api, mail_app, public, smtp_server, db):
    record, _people = arrange(mail_api)
    for site in ("https://gmina.example.pl", "https://gmina.example.pl", "https://inna.example.pl"):
        public.app.post_json("/api/reach/hit", {"k": "letter", "n": "apel", "s": site}, status=204)
    ask(public)
    ask(public, {"email": "adam@example.net", "name": "Adam Drugi"})
    ask(public, {"website": "https://spam.example"})  # the honeypot: no request counted
    confirm(mail_app, confirm_path(smtp_server, "ewa@example.net"))
    flush_reach()
    figures = mail_api.get(f"/api/reach/?kind=letter&record_id={record['id']}")["message"]
    assert figures["funnel"] == [
        {"event": "view", "label": "Formularz wyświetlony", "count": 3},
        {"event": "sent", "label": "Prośba wysłana", "count": 2},
        {"event": "confirmed", "label": "Adres potwierdzony", "count": 1},
    ]
    assert figures["views"] == 3
    assert [site["site"] for site in figures["sites"]] == ["https://gmina.example.pl", "https://inna.example.pl"]
    counted = " ".join(str(v) for row in reach_rows(db) for v in row.values())
    assert "ewa@example.net" not in counted and "Ewa" not in counted and "adam" not in counted
