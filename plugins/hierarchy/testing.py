"""Test data in the TERYT register's shape, for the hierarchy's tests and `bench/teryt.py`."""

from smogpanel.regions import TERYT_OF, VOIVODESHIPS

GMINY = 2477
DISTRICTS = 380
CITIES = 66


def register_shaped_terc(prefix="Gmina"):
    """A TERC-shaped CSV (bytes, BOM, CRLF) with exactly GMINY gminy in DISTRICTS districts
    (made-up names and codes: "<prefix> <WOJ><POW><GMI>", for tests and benchmarks). The parts
    of urban-rural gminy (RODZ 4, 5) and city districts (RODZ 9) that the import skips are there
    too, ~4,300 rows in all. Another `prefix` renames every rural gmina, same codes."""
    lines = ["WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA"]
    stamp = "2025-01-01"
    per_district = [GMINY // (DISTRICTS - CITIES)] * (DISTRICTS - CITIES)
    for extra in range(GMINY - CITIES - sum(per_district)):
        per_district[extra] += 1
    rural = iter(per_district)
    for v, (code, name) in enumerate(VOIVODESHIPS):
        woj = TERYT_OF[code]
        lines.append(f"{woj};;;;{name.upper()};województwo;{stamp}")
        districts = DISTRICTS // 16 + (1 if v < DISTRICTS % 16 else 0)
        cities = CITIES // 16 + (1 if v < CITIES % 16 else 0)
        for d in range(districts - cities):
            pow_ = f"{d + 1:02d}"
            lines.append(f"{woj};{pow_};;;powiat testowy {woj}{pow_};powiat;{stamp}")
            for g in range(next(rural)):
                gmi = f"{g + 1:02d}"
                rodz = (1, 2, 3)[g % 3]
                gmina = f"{prefix} {woj}{pow_}{gmi}"
                lines.append(f"{woj};{pow_};{gmi};{rodz};{gmina};gmina;{stamp}")
                if rodz == 3:
                    lines.append(f"{woj};{pow_};{gmi};4;{gmina};miasto;{stamp}")
                    lines.append(f"{woj};{pow_};{gmi};5;{gmina};obszar wiejski;{stamp}")
        for c in range(cities):
            pow_ = f"{61 + c:02d}"
            city = f"Miasto {woj}{pow_}"
            lines.append(f"{woj};{pow_};;;{city};miasto na prawach powiatu;{stamp}")
            lines.append(f"{woj};{pow_};01;1;{city};gmina miejska;{stamp}")
            lines.append(f"{woj};{pow_};02;9;{city}-Śródmieście;delegatura;{stamp}")
    return ("\ufeff" + "\r\n".join(lines) + "\r\n").encode()
