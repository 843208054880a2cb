"""The sixteen voivodeships with their two-letter codes (SPEC section 3), shared by every
plugin that stores or imports values per voivodeship."""
import unicodedata

VOIVODESHIPS = (
    ("ds", "dolnośląskie"),
    ("kp", "kujawsko-pomorskie"),
    ("lb", "lubelskie"),
    ("ls", "lubuskie"),
    ("ld", "łódzkie"),
    ("mp", "małopolskie"),
    ("mz", "mazowieckie"),
    ("op", "opolskie"),
    ("pk", "podkarpackie"),
    ("pl", "podlaskie"),
    ("pm", "pomorskie"),
    ("sl", "śląskie"),
    ("sk", "świętokrzyskie"),
    ("wm", "warmińsko-mazurskie"),
    ("wp", "wielkopolskie"),
    ("zp", "zachodniopomorskie"),
)
CODES = tuple(code for code, _ in VOIVODESHIPS)
# The voivodeships' TERYT codes (WOJ in GUS's TERC register): the even numbers 02..32 in the
# alphabetical order of their names, the order of VOIVODESHIPS above.
TERYT_OF = {
    "ds": "02", "kp": "04", "lb": "06", "ls": "08", "ld": "10", "mp": "12", "mz": "14", "op": "16",
    "pk": "18", "pl": "20", "pm": "22", "sl": "24", "sk": "26", "wm": "28", "wp": "30", "zp": "32",
}
CODE_OF_TERYT = {teryt: code for code, teryt in TERYT_OF.items()}
NAME_OF = dict(VOIVODESHIPS)

# NFKD leaves these letters whole, so they are mapped by hand.
_UNDECOMPOSABLE = str.maketrans({"ł": "l", "Ł": "l", "đ": "d", "ø": "o", "ß": "ss"})


def normalise(text):
    """Case-, diacritics- and spacing-insensitive form for matching names and headers:
    'Łódzkie ' -> 'lodzkie', 'Woj.  ŚLĄSKIE' -> 'woj. slaskie'."""
    if text is None:
        return ""
    text = str(text).translate(_UNDECOMPOSABLE)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(text.lower().split())


_BY_KEY = {}
for _code, _name in VOIVODESHIPS:
    _BY_KEY[_code] = _code
    _BY_KEY[normalise(_name)] = _code
    _BY_KEY["wojewodztwo " + normalise(_name)] = _code
    _BY_KEY["woj. " + normalise(_name)] = _code


def voivodeship_code(text):
    """The code of a voivodeship written by name (any case, with or without diacritics,
    optionally prefixed 'województwo'/'woj.') or by its code; None if it is none of them."""
    return _BY_KEY.get(normalise(text))


_POLISH_ALPHABET = "aąbcćdeęfghijklłmnńoópqrsśtuvwxyzźż"
_POLISH_RANK = {letter: index for index, letter in enumerate(_POLISH_ALPHABET)}


def polish_sort_key(text):
    """Sorts names in Python as a Polish reader expects: 'Lubin' < 'Łódź' < 'Żywiec' (other
    characters after the Polish alphabet, by code point)."""
    return [_POLISH_RANK.get(ch, len(_POLISH_ALPHABET) + ord(ch)) for ch in (text or "").lower()]
