"""POST /api/recipient/import: recipients of a group from a spreadsheet (xlsx, xls or csv, read
by the core's bounded reader). The operator names the name column and the e-mail column, each
by its letter ('A') or by its header ('Nazwisko'). Rows with a bad e-mail, a missing name or an
address already in the file or the group are skipped and reported by row; when no row is
left, 422 and nothing is written."""

import re

import colander
import sqlalchemy as sa
from openpyxl.utils import column_index_from_string

from smogpanel.authority import authorize
from smogpanel.events import RecordsImported
from smogpanel.files import SPREADSHEETS, decode_upload, detect, wrong_format_message
from smogpanel.schemas import control_character_problem
from smogpanel.spreadsheets.imports import ErrorList, ImportFailed, header_key, import_result, read_table

from .models import Recipient

EMAIL = re.compile(colander.EMAIL_RE)
LETTER = re.compile(r"^[A-Za-z]{1,3}$")
NAME_MAX = 255


def _column(table, wanted, field):
    """(column index, header given by name?) of a column named by header or by letter."""
    header = table.rows[0] if len(table) else ()
    key = header_key(wanted)
    for index, value in enumerate(header):
        if value is not None and header_key(str(value)) == key:
            return index, True
    if LETTER.match(wanted.strip()):
        index = column_index_from_string(wanted.strip().upper()) - 1
        return index, False
    found = ", ".join(f"„{str(v).strip()}”" for v in header if v is not None and str(v).strip())
    listed = f" Nagłówki w pierwszym wierszu: {found}." if found else ""
    raise ImportFailed.at(
        field, f"Nie ma kolumny „{wanted}”. Podaj literę kolumny (np. A) albo nazwę z wiersza nagłówka.{listed}"
    )


def _cell_text(value):
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def import_recipients(request, group, upload, name_column, email_column):
    authorize(request, "recipient_group", "import", group)
    name, data = decode_upload(request, upload, "file")
    kind = detect(data)
    if kind not in SPREADSHEETS:
        raise ImportFailed.at("file", wrong_format_message(name, kind, SPREADSHEETS))
    table = read_table(data, name, kind=kind, limits=request.registry["smogpanel.import_limits"])
    if not len(table):
        raise ImportFailed.at("file", "Plik nie zawiera żadnego wiersza.")
    name_index, name_by_header = _column(table, name_column, "name_column")
    email_index, email_by_header = _column(table, email_column, "email_column")
    if name_index == email_index:
        raise ImportFailed.at("email_column", "Kolumna nazwy i kolumna adresu e-mail muszą być różne.")
    # The first row is a header when a column was named by its header, or when its e-mail
    # cell holds no address (a title such as 'E-mail').
    first = (
        1
        if (name_by_header or email_by_header or not EMAIL.match(_cell_text(table.value(0, email_index)).lower()))
        else 0
    )

    existing = set(
        request.db.scalars(
            sa.select(Recipient.email).where(Recipient.recipient_group_id == group.id, Recipient.deleted.is_(None))
        )
    )
    seen = {}
    skipped = ErrorList()
    rows = []
    for index in range(first, len(table)):
        if table.is_empty_row(index):
            continue
        number = index + 1
        row_name = f"wiersz {number}"
        person = _cell_text(table.value(index, name_index))
        address = _cell_text(table.value(index, email_index)).lower()
        problem = control_character_problem(person, False) or control_character_problem(address, False)
        if problem:
            skipped.add(row_name, f"Wiersz {number}: {problem}")
        elif not person:
            skipped.add(row_name, f"Wiersz {number}: brak nazwy adresata.")
        elif len(person) > NAME_MAX:
            skipped.add(row_name, f"Wiersz {number}: nazwa ma więcej niż {NAME_MAX} znaków.")
        elif not address:
            skipped.add(row_name, f"Wiersz {number}: brak adresu e-mail.")
        elif len(address) > 254 or not EMAIL.match(address):
            skipped.add(row_name, f"Wiersz {number}: „{address[:100]}” nie jest poprawnym adresem e-mail.")
        elif address in seen:
            skipped.add(
                row_name,
                f"Wiersz {number}: adres {address} powtarza się w pliku (pierwszy raz w wierszu {seen[address]}).",
            )
        elif address in existing:
            skipped.add(row_name, f"Wiersz {number}: adres {address} jest już w tej grupie adresatów.")
        else:
            seen[address] = number
            rows.append({"name": person, "email": address})
    if not rows:
        if not skipped:
            skipped.add("file", "Plik nie zawiera żadnego adresata.")
        skipped.insert(0, {"name": "file", "description": "Żaden wiersz nie nadaje się do dodania: nic nie zapisano."})
        skipped.raise_if_any()
    request.db.add_all(Recipient(recipient_group_id=group.id, **row) for row in rows)
    request.db.flush()
    request.registry.notify(
        RecordsImported(
            request,
            "recipient_group",
            group.id,
            group.name,
            {
                "file": name,
                "type": "RECIPIENTS",
                "type_label": "Adresaci z arkusza",
                "created": len(rows),
                "updated": 0,
                "skipped": len(skipped),
            },
        )
    )
    return import_result(created=len(rows), skipped=skipped, added=len(rows), skipped_count=len(skipped))
