"""The settings the periodic jobs read, checked when the app starts: a job's interval, history's
and the reach counts' keep_days, the integrations' numbers. An unusable one stops the start with
a Polish reason (ConfigurationError) rather than failing at the job's first run."""

from pyramid.exceptions import ConfigurationError

from ..history import keep_days
from ..reach import retention

INTEGRATION_NUMBERS = {
    # setting: (lowest, whole number?, what it is) – read by the items' refresh (smogpanel.http_source)
    "smogpanel.integrations.refresh_interval": (1, True, "co ile sekund odświeżać integracje"),
    "smogpanel.integrations.timeout": (0.05, False, "sekundy na jedno zapytanie do źródła"),
    "smogpanel.integrations.retries": (0, True, "liczba ponownych prób"),
    "smogpanel.integrations.budget": (0.1, False, "sekundy na wszystkie zapytania jednej integracji"),
    "smogpanel.integrations.workers": (1, True, "liczba równoległych pobrań"),
}


def number_problem(name, raw, lowest, whole, what):
    text = str(raw).strip()
    try:
        value = float(text)
    except ValueError:
        value = None
    if value is None or value != value or value in (float("inf"), float("-inf")):
        return f"{name} ({what}) musi być liczbą, nie „{raw}”."
    if whole and not value.is_integer():
        return f"{name} ({what}) musi być liczbą całkowitą, nie „{raw}”."
    if value < lowest:
        least = f"{lowest:g}".replace(".", ",")
        return f"{name} ({what}) musi wynosić co najmniej {least}, nie „{raw}”."
    return None


def setting_problems(settings, codes):
    """Polish reasons of the settings the jobs read that they could not use: history's and the
    reach counts' keep_days, each job's interval (and an interval of no such job of the core or an enabled
    plugin: a typo in its code), the integrations' numbers."""
    problems = []
    for read in (keep_days, retention.keep_days):
        try:
            read(settings)
        except ValueError as error:
            problems.append(str(error))
    for name, raw in sorted(settings.items()):
        if not (name.startswith("smogpanel.jobs.") and name.endswith(".interval")) or raw in (None, ""):
            continue
        code = name.removeprefix("smogpanel.jobs.").removesuffix(".interval")
        if code.partition(".")[0] not in {known.partition(".")[0] for known in codes}:
            continue  # a disabled plugin's job: its setting may stay in the file
        if code not in codes:
            problems.append(f"{name}: nie ma zadania „{code}”. Zadania: {', '.join(sorted(codes))}.")
            continue
        problem = number_problem(name, raw, 1, False, "co ile sekund uruchamiać zadanie")
        if problem:
            problems.append(problem)
    for name, (lowest, whole, what) in INTEGRATION_NUMBERS.items():
        raw = settings.get(name)
        if raw not in (None, ""):
            problem = number_problem(name, raw, lowest, whole, what)
            if problem:
                problems.append(problem)
    return problems


def check_job_settings(settings, plugin_manager, core_codes):
    """Stops the start (ConfigurationError) when a setting a job reads is unusable (`core_codes`:
    the core's own jobs; the plugins' are asked of their hook)."""
    codes = set(core_codes)
    # The integrations' numbers first: a plugin's hook reads them to declare its job.
    problems = [
        problem
        for name, (lowest, whole, what) in INTEGRATION_NUMBERS.items()
        if settings.get(name) not in (None, "")
        and (problem := number_problem(name, settings[name], lowest, whole, what))
    ]
    if not problems:
        for declared in plugin_manager.hook.smogpanel_jobs(settings=settings):
            codes.update(job.code for job in declared or ())
        problems = setting_problems(settings, codes)
    if problems:
        raise ConfigurationError("Błędne ustawienia zadań okresowych: " + " ".join(problems))
