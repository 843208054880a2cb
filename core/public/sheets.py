"""What a public kind declares to get "Pobierz dane" and a share image (smogpanel.public.data,
smogpanel.public.share): `PublicKind.table(request, internal_name, payload)` returns a list of
`Sheet`s, the numbers behind the widget as rows. Plain values only (text, numbers, dates,
None): the core writes them formula-safe as CSV and .xlsx and draws the share card from the
first sheet. A kind without `table` (a timer, a letter, a calculator) has no data download."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Sheet:
    title: str  # the .xlsx sheet's name (shortened to Excel's 31 characters), e.g. "Ranking"
    header: tuple  # column headings, Polish
    rows: list = field(default_factory=list)  # one tuple/list of plain values per row
    # The column a share card draws as bars (an index into `header`), with `label` naming each
    # bar; None: the card lists the first rows as text.
    value: int | None = None
    label: int = 0
    # How many leading columns the card lists as text when it draws no bars (None: all). The
    # image is kept by the payload's ETag, so what the card shows must come from the payload:
    # a table with columns read elsewhere (a search's texts) names only the payload's here.
    card_columns: int | None = None
