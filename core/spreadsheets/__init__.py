"""Spreadsheets: reading what operators import (bounded, in a child process), the import
registry and its templates, and writing exports.

Kept empty on purpose: `python -m smogpanel.spreadsheets.workbook_child` imports this package
and must start fast, so nothing is imported here; import the modules themselves."""
