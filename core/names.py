"""Matching names and headers whatever their case, diacritics and spacing. Pure Python: the
spreadsheet reading process (`smogpanel.spreadsheets.workbook_child`) imports it and must start fast."""

import unicodedata

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
