"""Reading spreadsheets: the app's reader (`read_table`: python-calamine in a bounded child
process, plus the scan for .xls error cells) against openpyxl (.xlsx) and xlrd (.xls) reading
the same file in this process, each the median of repeated rounds in this run.

    .venv/bin/python bench/spreadsheets.py [--rounds 5]

Figures go to docs/performance.md ("Spreadsheet reading")."""

import argparse
import io
import sys

from timing import median_seconds


def rows_of(count, columns):
    header = tuple(f"Kolumna {c}" for c in range(columns))
    return [header] + [tuple(f"Gmina {r}" if c == 0 else r * c + 0.5 for c in range(columns)) for r in range(count)]


def openpyxl_read(data):
    from openpyxl import load_workbook

    workbook = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    for _ in workbook.worksheets[0].iter_rows(values_only=True):
        pass
    workbook.close()


def xlrd_read(data):
    import xlrd

    sheet = xlrd.open_workbook(file_contents=data).sheet_by_index(0)
    for r in range(sheet.nrows):
        sheet.row_values(r)


def main():
    from smogpanel.spreadsheets.tables import read_table
    from smogpanel.spreadsheets.xls_errors import error_cells
    from smogpanel.testing.files import xls, xlsx

    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=5)
    rounds = parser.parse_args().rounds
    print("| file | baseline | read_table | × baseline | of which .xls error-cell scan |")
    print("|---|---:|---:|---:|---:|")

    def median_ms(action):
        return median_seconds(action, rounds) * 1000

    for count, columns in ((16, 12), (2_500, 12), (20_000, 6)):
        for kind, make, baseline, name in (("xlsx", xlsx, openpyxl_read, "openpyxl"), ("xls", xls, xlrd_read, "xlrd")):
            data = make(rows_of(count, columns))
            base = median_ms(lambda: baseline(data))
            app = median_ms(lambda: read_table(data, f"plik.{kind}"))
            scan = f"{median_ms(lambda: error_cells(data, 'Dane')):,.1f} ms" if kind == "xls" else "–"
            print(
                f"| {count:,} × {columns} .{kind} ({len(data) // 1024:,} KB) | {name} {base:,.1f} ms | {app:,.1f} ms "
                f"| {app / base:.2f} | {scan} |"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
