"""The `at` of a scheduled publish: ISO 8601 with an offset, or a local time read as
Europe/Warsaw. A local time the clocks skip (the spring gap) or show twice (the autumn hour) is
refused with a Polish reason, never guessed."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

WARSAW = ZoneInfo("Europe/Warsaw")


class BadTime(ValueError):
    """The Polish reason why `at` cannot be read."""


def parse_at(text):
    """The aware UTC datetime `text` names (whole seconds), or BadTime."""
    if not isinstance(text, str) or not text.strip():
        raise BadTime("Podaj datę i godzinę publikacji, np. 2027-01-12T10:00 (czasu polskiego).")
    raw = text.strip()
    try:
        parsed = datetime.fromisoformat(raw.replace("Z", "+00:00") if raw.endswith("Z") else raw)
    except ValueError:
        raise BadTime(
            f"Nie rozumiem daty „{raw[:40]}”. Podaj ją jako RRRR-MM-DDTGG:MM (czasu polskiego) "
            "albo z przesunięciem, np. 2027-01-12T10:00+01:00."
        ) from None
    if parsed.tzinfo is not None:
        return parsed.astimezone(UTC).replace(microsecond=0)
    return warsaw_to_utc(parsed).replace(microsecond=0)


def warsaw_to_utc(local):
    """A naive Warsaw wall-clock time as UTC, refusing one that does not exist or exists twice."""
    early = local.replace(tzinfo=WARSAW, fold=0)
    late = local.replace(tzinfo=WARSAW, fold=1)
    shown = local.strftime("%d.%m.%Y %H:%M")
    if early.utcoffset() != late.utcoffset():
        back = early.astimezone(UTC).astimezone(WARSAW).replace(tzinfo=None)
        if back != local:  # the spring gap: the clocks jump over it
            raise BadTime(
                f"Godzina {shown} nie istnieje w czasie polskim: tej nocy zegary przestawia się o godzinę "
                "do przodu. Wybierz inną godzinę albo podaj przesunięcie, np. +02:00."
            )
        raise BadTime(
            f"Godzina {shown} występuje w czasie polskim dwa razy: tej nocy zegary cofa się o godzinę. "
            "Podaj przesunięcie, np. +02:00 (pierwsza) albo +01:00 (druga)."
        )
    return early.astimezone(UTC)


def warsaw_text(moment):
    """`moment` (aware) as Warsaw wall-clock text, e.g. 12.01.2027 10:00."""
    return moment.astimezone(WARSAW).strftime("%d.%m.%Y %H:%M")
