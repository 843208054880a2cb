"""Reading GUS's TERC file (the TERYT register of voivodeships, districts and gminy) in both
forms GUS publishes it, and the ZIP it comes in from the TERYT site:

- CSV: semicolon-separated, UTF-8 with or without BOM, header `WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA`;
- XML: `<teryt><catalog name="TERC" ...><row><WOJ>02</WOJ><POW/>...<NAZWA_DOD>...</row>...`
  (older editions: `<col name="WOJ">02</col>` and `NAZDOD` for `NAZWA_DOD`).

`read_terc(data)` returns every row as a `Unit`, or raises `NotTerc` with Polish messages
naming the line. The XML is read by expat with any DOCTYPE refused, so no entity is ever
declared or expanded (no "billion laughs", no external entities).
"""

import csv
import io
import re
import zipfile
from dataclasses import dataclass
from xml.parsers import expat

from smogpanel.regions import CODE_OF_TERYT

COLUMNS = ("WOJ", "POW", "GMI", "RODZ", "NAZWA", "NAZWA_DOD", "STAN_NA")
ALIASES = {"NAZDOD": "NAZWA_DOD"}  # older editions of the file
GMINY = frozenset("123")  # gmina miejska, wiejska, miejsko-wiejska
PARTS = frozenset("4589")  # town and rural area of a gmina miejsko-wiejska; districts of cities
MAX_ERRORS = 20
MAX_UNPACKED = 64 * 1024 * 1024  # the whole register is a few hundred kB
_TWO_DIGITS = re.compile(r"\d\d")


class NotTerc(Exception):
    """The file is not a TERC file; `errors` are Polish messages, each naming its line."""

    def __init__(self, errors):
        super().__init__("; ".join(errors))
        self.errors = list(errors)


@dataclass(frozen=True)
class Unit:
    line: int
    woj: str
    pow: str
    gmi: str
    rodz: str
    name: str
    kind: str  # NAZWA_DOD, e.g. "powiat", "gmina wiejska", "miasto na prawach powiatu"
    stan_na: str = ""  # STAN_NA: the date of the register's state, the same in every row

    @property
    def gmina(self):
        """WOJ+POW+GMI: the gmina a row of RODZ 1-5 belongs to."""
        return self.woj + self.pow + self.gmi

    @property
    def level(self):
        """'voivodeship', 'district', 'borough', or None for the parts that are no gmina."""
        if not self.pow:
            return "voivodeship"
        if not self.gmi:
            return "district"
        return "borough" if self.rodz in GMINY else None

    @property
    def teryt(self):
        return self.woj + self.pow + self.gmi + self.rodz

    @property
    def parent_teryt(self):
        return {"district": self.woj, "borough": self.woj + self.pow}.get(self.level)


def read_terc(data):
    """Every row of a TERC file (bytes: CSV, XML or a ZIP holding one of them)."""
    if data[:4] == b"PK\x03\x04":
        data = _unzip(data)
    text = _decode(data)
    if text.lstrip().startswith("<"):
        records = _xml_records(text)
    else:
        records = _csv_records(text)
    units, errors = [], []
    seen = {}
    for line, values in records:
        unit = terc_unit(line, values, errors)
        if unit is not None:
            first = seen.setdefault(unit.teryt, line)
            if first != line:
                errors.append(f"Wiersz {line}: kod {unit.teryt} występuje już w wierszu {first}.")
            units.append(unit)
        if len(errors) >= MAX_ERRORS:
            break
    if not errors and not any(unit.level == "voivodeship" for unit in units):
        errors.append("Plik nie zawiera żadnego wiersza z województwem: to nie jest plik TERC.")
    if errors:
        raise NotTerc(errors)
    return units


def _unzip(data):
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = [m for m in archive.infolist() if m.filename.lower().endswith((".csv", ".xml"))]
    except zipfile.BadZipFile:
        raise NotTerc(["Archiwum ZIP jest uszkodzone."])
    if len(members) != 1:
        raise NotTerc(["Archiwum ZIP musi zawierać dokładnie jeden plik TERC (.csv albo .xml)."])
    if members[0].file_size > MAX_UNPACKED:
        raise NotTerc(["Plik w archiwum ZIP jest zbyt duży jak na plik TERC."])
    with archive.open(members[0]) as member:
        return member.read(MAX_UNPACKED + 1)[:MAX_UNPACKED]


def _decode(data):
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise NotTerc(
            [
                f"Wiersz {line}: plik nie jest zapisany w kodowaniu UTF-8, "
                "a GUS publikuje plik TERC w UTF-8. Pobierz plik ponownie."
            ]
        )


def _header_name(text):
    name = (text or "").strip().upper()
    return ALIASES.get(name, name)


def _csv_records(text):
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=";")
    try:
        header = next(reader, None)
    except csv.Error as error:
        raise NotTerc([f"Wiersz 1: {error}."])
    names = [_header_name(cell) for cell in header or ()]
    if names != list(COLUMNS):
        shown = ";".join(header or ()) or "(pusty)"
        raise NotTerc(
            [f"Wiersz 1: nagłówek „{shown[:200]}” nie jest nagłówkiem pliku TERC (oczekiwano: {';'.join(COLUMNS)})."]
        )
    try:
        for cells in reader:
            if not any(cell.strip() for cell in cells):
                continue
            if len(cells) != len(COLUMNS):
                raise NotTerc(
                    [
                        f"Wiersz {reader.line_num}: {len(cells)} kolumn zamiast {len(COLUMNS)} "
                        "(pola pliku TERC rozdziela średnik)."
                    ]
                )
            yield reader.line_num, dict(zip(COLUMNS, cells))
    except csv.Error as error:
        raise NotTerc([f"Wiersz {reader.line_num}: nie da się odczytać wiersza ({error})."])


def _refuse_doctype(*_args):
    raise NotTerc(["Plik XML zawiera deklarację DOCTYPE albo encje, których plik TERC nie ma: nie został odczytany."])


def _xml_records(text):
    """(line of <row>, {column: text}) for every <row>, in both element forms."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartDoctypeDeclHandler = _refuse_doctype
    parser.EntityDeclHandler = _refuse_doctype
    parser.ExternalEntityRefHandler = _refuse_doctype
    rows, state = [], {"stack": [], "row": None, "field": None, "text": [], "catalog": False}

    def start(tag, attrs):
        stack = state["stack"]
        if not stack and tag != "teryt":
            raise NotTerc(
                [f"Wiersz {parser.CurrentLineNumber}: element główny to <{tag}>, a plik TERC zaczyna się od <teryt>."]
            )
        stack.append(tag)
        if tag == "catalog":
            state["catalog"] = True
        elif tag == "row" and len(stack) == 3:
            state["row"] = (parser.CurrentLineNumber, {})
        elif state["row"] is not None and len(stack) == 4:
            state["field"] = _header_name(attrs.get("name") if tag == "col" else tag)
            state["text"] = []

    def end(tag):
        stack = state["stack"]
        if state["row"] is not None and len(stack) == 4 and state["field"]:
            state["row"][1][state["field"]] = "".join(state["text"])
            state["field"] = None
        elif tag == "row" and len(stack) == 3 and state["row"] is not None:
            rows.append(state["row"])
            state["row"] = None
        stack.pop()

    def chars(data):
        if state["field"]:
            state["text"].append(data)

    parser.StartElementHandler, parser.EndElementHandler, parser.CharacterDataHandler = start, end, chars
    try:
        parser.Parse(text.encode("utf-8"), True)
    except expat.ExpatError as error:
        raise NotTerc([f"Wiersz {error.lineno}: plik XML jest uszkodzony ({expat.ErrorString(error.code)})."])
    if not state["catalog"]:
        raise NotTerc(["Wiersz 1: plik XML nie ma elementu <catalog> pliku TERC."])
    for line, values in rows:
        missing = [name for name in COLUMNS if name not in values]
        if missing:
            raise NotTerc([f"Wiersz {line}: w elemencie <row> brakuje pól: {', '.join(missing)}."])
        yield line, values


def terc_unit(line, values, errors):
    woj, pow_, gmi, rodz = (values[name].strip() for name in ("WOJ", "POW", "GMI", "RODZ"))
    name, kind = values["NAZWA"].strip(), values["NAZWA_DOD"].strip()
    problem = None
    if woj not in CODE_OF_TERYT:
        problem = f"„{woj}” nie jest kodem województwa (WOJ: 02, 04, … 32)"
    elif pow_ and not _TWO_DIGITS.fullmatch(pow_):
        problem = f"POW „{pow_}” nie jest dwucyfrowym kodem powiatu"
    elif gmi and not _TWO_DIGITS.fullmatch(gmi):
        problem = f"GMI „{gmi}” nie jest dwucyfrowym kodem gminy"
    elif gmi and not pow_:
        problem = "podano GMI bez POW"
    elif bool(gmi) != bool(rodz):
        problem = "GMI i RODZ muszą być podane razem"
    elif rodz and rodz not in GMINY | PARTS:
        problem = f"RODZ „{rodz}” nie jest rodzajem jednostki z rejestru TERC (1, 2, 3, 4, 5, 8, 9)"
    elif not name:
        problem = "brak nazwy (NAZWA)"
    elif any(ord(ch) < 32 or ord(ch) == 127 for ch in name + kind):
        problem = "nazwa zawiera znaki sterujące"
    elif len(name) > 255:
        problem = "nazwa jest dłuższa niż 255 znaków"
    if problem:
        errors.append(f"Wiersz {line}: {problem}.")
        return None
    return Unit(line, woj, pow_, gmi, rodz, name, kind, values["STAN_NA"].strip())
