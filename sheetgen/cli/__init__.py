"""The command line: parses options, calls the library, and turns its errors into messages.

A thin layer over the library: `group.py` holds the command group and the one place where errors become
exit codes, `options.py` the options several commands share, `info.py` the commands that draw nothing
(their heavy imports stay out of `--help`, `check` and `odds`) and `sheets.py` the commands that draw.
"""

from sheetgen.cli import info, sheets  # noqa: F401  (registers the commands on the group)
from sheetgen.cli.group import cli, main

__all__ = ["cli", "main"]
