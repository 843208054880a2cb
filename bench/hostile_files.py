"""Peak memory and time of reading hostile spreadsheets with the app's reader (read_table), each
file in a fresh process so peak RSS is its own: the server process's peak, before and after.

    .venv/bin/python bench/hostile_files.py [--megabytes 1024]

Figures go to docs/security.md."""

import argparse
import json
import resource
import subprocess
import sys
import time


def measure(label, megabytes):
    from smogpanel.envelope import ApiError
    from smogpanel.spreadsheets.tables import read_table
    from smogpanel.testing import hostile

    make = {
        "sheet zip bomb": lambda: hostile.sheet_bomb(megabytes),
        "cell zip bomb": lambda: hostile.cell_bomb(megabytes),
        "shared strings zip bomb": lambda: hostile.shared_strings_bomb(megabytes),
        "content types zip bomb": lambda: hostile.content_types_bomb(megabytes),
        "zip lying about sizes": lambda: hostile.lying_bomb(megabytes),
        "cell XFD1048576": hostile.far_cell,
        "million-row csv": hostile.million_rows_csv,
    }[label]
    data = make()
    idle = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024
    started = time.time()
    try:
        read_table(data, "plik.xlsx")
        answer = "read"
    except ApiError as error:
        answer = str(error.status)
    except MemoryError:
        answer = "MemoryError"
    return {
        "label": label,
        "disk_kb": len(data) // 1024,
        "seconds": round(time.time() - started, 2),
        "answer": answer,
        "idle_mb": idle,
        "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=1024)
    parser.add_argument("--one")
    args = parser.parse_args()
    if args.one:
        print(json.dumps(measure(args.one, args.megabytes)))
        return 0
    print("| file | on disk | answer | time | server RSS before → peak |")
    print("|---|---|---|---|---|")
    for label in (
        "sheet zip bomb",
        "cell zip bomb",
        "shared strings zip bomb",
        "content types zip bomb",
        "zip lying about sizes",
        "cell XFD1048576",
        "million-row csv",
    ):
        done = subprocess.run(
            [sys.executable, __file__, "--one", label, "--megabytes", str(args.megabytes)],
            capture_output=True,
            text=True,
        )
        if done.returncode:
            print(f"| {label} | | process died ({done.returncode}) | | |")
            continue
        r = json.loads(done.stdout.strip().splitlines()[-1])
        print(
            f"| {label} | {r['disk_kb']} KB | {r['answer']} | {r['seconds']} s | {r['idle_mb']} → {r['peak_mb']} MB |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
