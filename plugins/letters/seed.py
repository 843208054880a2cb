"""Demo data for `smogpanel init --demo`: a recipient group with three recipients at
example.org addresses and a letter to them."""

from .models import Letter, Recipient, RecipientGroup

CONTENT = (
    "<h2>Szanowni Państwo,</h2>"
    "<p>zwracamy się z prośbą o <strong>przyspieszenie wymiany kopciuchów</strong> w naszej gminie. "
    "Każdej zimy oddychamy powietrzem, którego normy są przekroczone wielokrotnie.</p>"
    "<p>Prosimy o:</p>"
    "<ul><li>zwiększenie budżetu programu wymiany pieców,</li>"
    "<li>kontrole spalania odpadów,</li>"
    "<li>informowanie mieszkańców o dotacjach z programu "
    '<a href="https://czystepowietrze.gov.pl">Czyste Powietrze</a>.</li></ul>'
    "<p>Z wyrazami szacunku</p>"
)


def add_demo_data(db):
    group = RecipientGroup(name="Rada Gminy Przykładowo")
    db.add(group)
    db.flush()
    db.add_all(
        [
            Recipient(
                name="Jan Kowalski, przewodniczący rady", email="jan.kowalski@example.org", recipient_group_id=group.id
            ),
            Recipient(
                name="Maria Wiśniewska, radna", email="maria.wisniewska@example.org", recipient_group_id=group.id
            ),
            Recipient(name="Piotr Zieliński, wójt", email="piotr.zielinski@example.org", recipient_group_id=group.id),
        ]
    )
    db.add(
        Letter(
            name="Apel o czyste powietrze",
            internal_name="apel-o-czyste-powietrze",
            recipient_group_id=group.id,
            title="Apel mieszkańców o czyste powietrze",
            content=CONTENT,
            gdpr_agreement="",
            gdpr_info="Administratorem danych jest organizator akcji. Dane (imię i nazwisko, e-mail) "
            "przekazujemy adresatom listu jako podpis nadawcy.",
        )
    )
    db.flush()
