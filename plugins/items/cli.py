"""`smogpanel integrations refresh`: reads every item's integrations now (the server's own
`items.refresh` job does it hourly: smogpanel.integrations.refresh_interval)."""

import sys


def cmd_refresh(settings, args):
    from smogpanel.plugin_commands import plugin_app

    from .refresh import refresh_all

    app = plugin_app(settings, "items")
    if app is None:
        return 2
    ids = args.item or None
    summary = refresh_all(app.registry, ids)
    print(summary.text())
    for error in summary.errors:
        print(f"  Element {error['item_id']}, integracja {error['integration']}: {error['error']}", file=sys.stderr)
    for error in summary.value_errors:  # the reading was good, this value kept its last one
        print(
            f"  Element {error['item_id']}, integracja {error['integration']}, wartość {error['hook']}: "
            f"{error['error']}",
            file=sys.stderr,
        )
    return 1 if summary.failed or summary.value_errors else 0


def add_commands(commands):
    integrations = commands.add_parser("integrations", help="integracje wypełniające właściwości elementów")
    sub = integrations.add_subparsers(dest="integrations_command", required=True)
    refresh = sub.add_parser("refresh", help="odczytaj teraz źródła integracji wszystkich elementów")
    refresh.add_argument("--item", type=int, action="append", help="tylko ten element (można podać kilka razy)")
    refresh.set_defaults(run=cmd_refresh)
