"""The letters' settings read when the app starts (a typo stops it with the Polish reason)."""

from pyramid.exceptions import ConfigurationError

KEEP_CONFIRMED_DAYS = "smogpanel.letters.keep_confirmed_days"
DEFAULT_KEEP_CONFIRMED_DAYS = 365  # about 12 months


def keep_confirmed_days(settings):
    """How many days a confirmed sender's data is kept after the confirmation, a positive whole
    number (`smogpanel.letters.keep_confirmed_days`, SMOGPANEL_LETTERS_KEEP_CONFIRMED_DAYS;
    default 365). ConfigurationError, in Polish, for anything else."""
    configured = str(settings.get(KEEP_CONFIRMED_DAYS) or "").strip()
    if not configured:
        return DEFAULT_KEEP_CONFIRMED_DAYS
    if not (configured.isascii() and configured.isdigit()) or not 1 <= int(configured) <= 36_500:
        raise ConfigurationError(
            f"{KEEP_CONFIRMED_DAYS} (SMOGPANEL_LETTERS_KEEP_CONFIRMED_DAYS) musi być liczbą dni od 1 do 36500 "
            f"(po tylu dniach od potwierdzenia dane nadawcy są usuwane), nie „{configured}”."
        )
    return int(configured)
