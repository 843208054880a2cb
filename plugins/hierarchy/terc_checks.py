"""Whether a TERC file is the whole register in its official variant, decided from the file's
own structure, never from totals (a register with one gmina more or fewer still imports):

- STAN_NA is a date (RRRR-MM-DD) and the same in every row: a file cut inside its last field
  ends with `...;2022-`, and rows of two editions mixed differ;
- the official variant ("TERC urzędowy"): every part of an urban-rural gmina (RODZ 4, 5) comes
  with its gmina (RODZ 3), and every city divided into dzielnice or delegatury (RODZ 8, 9)
  with its gmina (RODZ 1). The address variant ("TERC adresowy") lacks both, so it is named
  and refused rather than loaded as a country with a third of its gminy missing;
- the whole country: each of the sixteen voivodeships has its row, its powiaty and at least
  one city with powiat rights (every voivodeship's seat is one, and the register lists them,
  POW 61-99, after the powiaty: a file cut at a row end inside a voivodeship lacks them);
  every powiat has at least one gmina; every city with powiat rights has its gmina (RODZ 1);
  every urban-rural gmina has its town and rural area (RODZ 4, 5); every gmina its powiat.

`check_register(units)` raises NotTerc with Polish messages, each naming what is missing.
"""

import re
from collections import Counter, defaultdict
from datetime import date

from smogpanel.regions import NAME_OF, TERYT_OF

from .terc import MAX_ERRORS, NotTerc

_DATE = re.compile(r"\d{4}-\d\d-\d\d")
NAME_OF_WOJ = {teryt: NAME_OF[code] for code, teryt in TERYT_OF.items()}
OFFICIAL = "„TERC urzędowy”"
INCOMPLETE = "plik jest ucięty albo niepełny: pobierz go ponownie"


def check_register(units):
    for check in (_stan_na, _variant, _whole_country):
        errors = check(units)
        if errors:
            raise NotTerc(errors[:MAX_ERRORS])


def is_city(unit):
    """A city with powiat rights: POW 61-99 in the register's numbering."""
    return unit.level == "district" and (unit.pow >= "61" or "na prawach powiatu" in unit.kind)


def _is_date(text):
    try:
        return bool(_DATE.fullmatch(text)) and date.fromisoformat(text) is not None
    except ValueError:
        return False


def _stan_na(units):
    errors = [
        f"Wiersz {unit.line}: STAN_NA „{unit.stan_na}” nie jest datą (RRRR-MM-DD): {INCOMPLETE}."
        for unit in units
        if not _is_date(unit.stan_na)
    ]
    if errors:
        return errors
    usual, _ = Counter(unit.stan_na for unit in units).most_common(1)[0]
    return [
        f"Wiersz {unit.line}: STAN_NA {unit.stan_na}, a w pozostałych wierszach {usual}: plik łączy "
        "wiersze różnych wydań rejestru. Pobierz jeden plik TERC w całości."
        for unit in units
        if unit.stan_na != usual
    ]


def _variant(units):
    gminy = {unit.gmina: unit.rodz for unit in units if unit.level == "borough"}
    city_gminy = {unit.woj + unit.pow for unit in units if unit.rodz == "1"}
    examples = sorted(
        [
            (unit.line, f"„{unit.name}” (RODZ {unit.rodz}) bez swojej gminy miejsko-wiejskiej")
            for unit in units
            if unit.rodz in ("4", "5") and gminy.get(unit.gmina) != "3"
        ]
        + [
            (unit.line, f"„{unit.name}” (RODZ {unit.rodz}) bez gminy miejskiej swojego miasta")
            for unit in units
            if unit.rodz in ("8", "9") and unit.woj + unit.pow not in city_gminy
        ]
    )
    examples = [f"wiersz {line}: {text}" for line, text in examples]
    if not examples:
        return []
    return [
        (
            "To jest wersja adresowa pliku TERC (TERC adresowy): nie ma w niej gmin miejsko-wiejskich (RODZ 3) "
            "ani gmin miast podzielonych na dzielnice i delegatury, więc zabrakłoby części gmin. Pobierz ze strony "
            f"rejestru TERYT wersję urzędową, plik {OFFICIAL} (np. {'; '.join(examples[:3])})."
        )
    ]


def _whole_country(units):
    errors = []
    by_level = defaultdict(list)
    for unit in units:
        by_level[unit.level].append(unit)
    voivodeships = {unit.woj for unit in by_level["voivodeship"]}
    missing = [f"{NAME_OF_WOJ[woj]} ({woj})" for woj in sorted(NAME_OF_WOJ) if woj not in voivodeships]
    if missing:
        errors.append(f"Brak wierszy województw: {', '.join(missing)}; {INCOMPLETE}.")
    districts = {unit.woj + unit.pow: unit for unit in by_level["district"]}
    with_districts = {unit.woj for unit in districts.values()}
    with_cities = {unit.woj for unit in districts.values() if is_city(unit)}
    for woj in sorted(voivodeships):
        if woj not in with_districts:
            errors.append(f"Województwo {NAME_OF_WOJ[woj]} ({woj}) nie ma w pliku żadnego powiatu; {INCOMPLETE}.")
        elif woj not in with_cities:
            errors.append(
                f"Województwo {NAME_OF_WOJ[woj]} ({woj}) nie ma w pliku żadnego miasta na prawach "
                f"powiatu, a w rejestrze są one na końcu wierszy każdego województwa; {INCOMPLETE}."
            )
    kinds = defaultdict(set)  # WOJ+POW -> RODZ of its gminy and parts
    for unit in units:
        if unit.gmi:
            kinds[unit.woj + unit.pow].add(unit.rodz)
    for code, unit in districts.items():
        if is_city(unit) and "1" not in kinds[code]:
            errors.append(
                f"Wiersz {unit.line}: miasto na prawach powiatu „{unit.name}” ({code}) nie ma w pliku "
                f"swojej gminy miejskiej (RODZ 1); {INCOMPLETE}."
            )
        elif not kinds[code] & {"1", "2", "3"}:
            errors.append(
                f"Wiersz {unit.line}: powiat „{unit.name}” ({code}) nie ma w pliku żadnej gminy; {INCOMPLETE}."
            )
    parts = defaultdict(set)
    for unit in units:
        if unit.rodz in ("4", "5"):
            parts[unit.gmina].add(unit.rodz)
    for unit in by_level["borough"]:
        if unit.woj + unit.pow not in districts:
            errors.append(
                f"Wiersz {unit.line}: gmina „{unit.name}” ({unit.teryt}) nie ma w pliku swojego powiatu "
                f"({unit.woj + unit.pow}); {INCOMPLETE}."
            )
        elif unit.rodz == "3" and parts[unit.gmina] != {"4", "5"}:
            errors.append(
                f"Wiersz {unit.line}: gmina miejsko-wiejska „{unit.name}” ({unit.teryt}) nie ma w pliku "
                f"swojego miasta (RODZ 4) i obszaru wiejskiego (RODZ 5); {INCOMPLETE}."
            )
    return errors
