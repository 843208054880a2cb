"""Control characters in text, refused in one place: every text field of the core's schema
types (`smogpanel.schemas`) and every text cell an import reads (`smogpanel.spreadsheets.cells`) ask
`control_character_problem`. A NUL byte is what PostgreSQL cannot store at all; the other
control characters are invisible in every screen and break exports and public pages."""

import re

# C0 controls and DEL; multi-line texts (descriptions, rich text) keep tab, line feed and
# carriage return. C1 controls (U+0080–U+009F) are what a wrongly decoded file leaves behind.
_SINGLE_LINE = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_MULTI_LINE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# The same rules as JSON-schema patterns, for the API description (smogpanel.openapi).
SINGLE_LINE = r"^[^\x00-\x1f\x7f-\x9f]*$"
MULTI_LINE = r"^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]*$"
NON_BLANK_LINE = r"^[^\x00-\x1f\x7f-\x9f]*[^\s\x00-\x1f\x7f-\x9f][^\x00-\x1f\x7f-\x9f]*$"
MESSAGE = "Tekst zawiera niedozwolony znak sterujący ({code}). Usuń go i spróbuj ponownie."
LINE_BREAK_MESSAGE = "Tekst musi mieścić się w jednym wierszu (bez znaków nowego wiersza)."


def control_character_problem(text, multiline=False):
    """None when `text` holds no control character; otherwise the Polish reason (naming the
    first one found, e.g. 'U+0000')."""
    if not isinstance(text, str):
        return None
    found = (_MULTI_LINE if multiline else _SINGLE_LINE).search(text)
    if found is None:
        return None
    if found.group() in "\n\r":
        return LINE_BREAK_MESSAGE
    return MESSAGE.format(code=f"U+{ord(found.group()):04X}")
