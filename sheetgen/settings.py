"""The user's settings file: a TOML file in, defaults for the command-line options out.

The file lives in the user's config folder (``settings_path()``; the SHEETGEN_CONFIG environment
variable names another file, and an empty SHEETGEN_CONFIG means none). It holds top-level keys only::

    paper = "a4"
    card-size = "index"
    back-offset = [0.5, -1.0]   # mm, from `sheetgen calibrate`
    backs = true
    language = "de"             # sheetgen's words on the sheets

Each key is the default of the option of the same name on every command that has it; an option given
on the command line wins. A bad file is a DataError naming the file, the line and the key. The
standard library's TOML reader gives no positions for keys, so the line of a key is found here, in the
file's text.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.errors import DataError, Location, Problem
from sheetgen.options import parse_back_offset

ENV = "SHEETGEN_CONFIG"
FILE_NAME = "settings.toml"
MAX_BYTES = 64 * 1024


def _choice(*choices: str) -> Callable[[Any], Any]:
    def check(value: Any) -> Any:
        if not isinstance(value, str) or value.lower() not in choices:
            raise ValueError(f"expected one of {', '.join(repr(c) for c in choices)}, not {value!r}")
        return value.lower()

    return check


def _boolean(value: Any) -> Any:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, not {value!r}")
    return value


_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*\Z")


def _language(value: Any) -> Any:
    # which languages are shipped is checked where the option is read, with the list of them
    if not isinstance(value, str) or not _LANGUAGE_TAG.match(value):
        raise ValueError(f'expected a language tag such as "de", not {value!r}')
    return value


def _offset(value: Any) -> Any:
    if not isinstance(value, str | list):
        raise ValueError(f"expected [X, Y] in millimetres, such as [0.5, -1.0], not {value!r}")
    return parse_back_offset(value)


@dataclass(frozen=True)
class Setting:
    key: str
    param: str
    """The name of the command-line option's parameter it is the default of."""
    check: Callable[[Any], Any]
    example: str


SETTINGS: dict[str, Setting] = {
    s.key: s
    for s in (
        Setting("paper", "paper", _choice("letter", "a4"), '"a4"'),
        Setting("card-size", "size", _choice("poker", "index"), '"index"'),
        Setting("backs", "backs", _boolean, "true"),
        Setting("back-offset", "back_offset", _offset, "[0.5, -1.0]"),
        Setting("bleed", "bleed", _boolean, "true"),
        Setting("layout", "layout", _choice("home", "shop"), '"shop"'),
        Setting("fillable", "fillable", _boolean, "true"),
        Setting("ink", "ink", _choice("normal", "saver"), '"saver"'),
        Setting("large", "large", _boolean, "true"),
        Setting("language", "language", _language, '"de"'),
    )
}
"""Every key the file may hold, and the option it gives a default to."""


def settings_path() -> Path | None:
    """The settings file sheetgen reads (which need not exist), or None when SHEETGEN_CONFIG is empty."""
    override = os.environ.get(ENV)
    if override is not None:
        return Path(override) if override.strip() else None
    import platformdirs

    return Path(platformdirs.user_config_dir("sheetgen", appauthor=False)) / FILE_NAME


def _key_position(text: str, key: str) -> tuple[int, int]:
    """The line and column where top-level *key* is given (a key before any [table], or a [table] of that
    name); (0, 0) if not found."""
    name = rf"""(?:{re.escape(key)}|"{re.escape(key)}"|'{re.escape(key)}')"""
    assignment = re.compile(rf"\s*{name}\s*[=.]")
    table = re.compile(rf"\s*\[\[?\s*{name}\s*[\].]")
    in_table = False
    for number, line in enumerate(text.splitlines(), start=1):
        column = len(line) - len(line.lstrip()) + 1
        if table.match(line):
            return number, column
        in_table = in_table or line.lstrip().startswith("[")
        if not in_table and assignment.match(line):
            return number, column
    return 0, 0


_TOML_POSITION = re.compile(r"^(?P<message>.*?) \(at line (?P<line>\d+), column (?P<column>\d+)\)$")
_TOML_END = re.compile(r"^(?P<message>.*?) \(at end of document\)$")


def _syntax_problem(name: str, text: str, error: Exception) -> Problem:
    message = str(error)
    match = _TOML_POSITION.match(message)
    if match:
        return Problem(
            Location(name, int(match["line"]), int(match["column"])),
            f"TOML syntax: {match['message'][0].lower()}{match['message'][1:]}",
        )
    match = _TOML_END.match(message)
    if match:
        lines = text.splitlines() or [""]
        return Problem(
            Location(name, len(lines), len(lines[-1]) + 1),
            f"TOML syntax: {match['message'][0].lower()}{match['message'][1:]} at the end of the file",
        )
    return Problem(Location(name, 1, 1), f"TOML syntax: {message}")


def read_settings(path: Path) -> dict[str, Any]:
    """The settings in *path*, by option parameter name; a missing file gives none.

    Raises DataError with every problem (file, line and key) when the file is not TOML, is not UTF-8,
    or holds an unknown key or a bad value.
    """
    import tomllib

    name = str(path)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise IsADirectoryError
        if not stat.S_ISREG(info.st_mode):  # a pipe would never answer, a device never end
            raise DataError(f"{name}: the settings file is not a regular file; give the path of a TOML file")
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return {}
    except IsADirectoryError:
        raise DataError(f"{name}: the settings file is a folder") from None
    except OSError as exc:
        raise DataError(f"{name}: cannot read the settings file: {exc.strerror}") from None
    if len(data) > MAX_BYTES:
        raise DataError(f"{name}: a settings file of more than {MAX_BYTES // 1024} KiB is not one")
    try:
        text = data.decode("utf-8-sig")  # an editor's byte-order mark is no syntax error
    except UnicodeDecodeError as exc:
        raise DataError([Problem(Location(name, 1, 1), f"not UTF-8 text (byte {exc.start + 1})")]) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError([_syntax_problem(name, text, exc)]) from None
    except RecursionError:
        raise DataError([Problem(Location(name, 1, 1), "nested too deeply for a settings file")]) from None
    problems: list[Problem] = []
    values: dict[str, Any] = {}
    for key, value in raw.items():
        line, column = _key_position(text, key)
        where = Location(name, line, column, key)
        setting = SETTINGS.get(key)
        if setting is None:
            near = difflib.get_close_matches(key, list(SETTINGS), n=1)
            hint = f' (did you mean "{near[0]}"?)' if near else f" (known: {', '.join(SETTINGS)})"
            problems.append(Problem(where, f'unknown setting "{key}"{hint}'))
            continue
        try:
            values[setting.param] = setting.check(value)
        except ValueError as exc:
            problems.append(Problem(where, str(exc)))
    if problems:
        raise DataError.many(problems)
    return values


def command_defaults(params: set[str]) -> dict[str, Any]:
    """The settings for a command whose options have the parameter names *params*."""
    path = settings_path()
    if path is None or not params & {s.param for s in SETTINGS.values()}:
        return {}
    return {param: value for param, value in read_settings(path).items() if param in params}
