"""The date a build is stamped with: SOURCE_DATE_EPOCH, read here and nowhere else.

Takes the environment; gives the moment (a UTC datetime) that reproducible-builds tools ask every
output to carry instead of the current time, or None when SOURCE_DATE_EPOCH is not set. The value is
what ``date +%s`` prints: a whole number of seconds since 1970-01-01 UTC (an optional minus sign,
digits, nothing else; spaces around it are ignored). Anything else is a UsageError naming the value,
because a build that silently ignored it would not be reproducible.
"""

from __future__ import annotations

import os
import re
from datetime import UTC, date, datetime

from sheetgen.errors import UsageError

VARIABLE = "SOURCE_DATE_EPOCH"
_WHOLE = re.compile(r"-?[0-9]{1,12}\Z")
#: The moments a PDF date (four-digit years), a font's own dates (seconds since 1904, never fewer) and
#: Python's datetime can all hold.
_EARLIEST = int(datetime(1904, 1, 1, tzinfo=UTC).timestamp())
_LATEST = int(datetime(9999, 12, 31, 23, 59, 59, tzinfo=UTC).timestamp())


def source_date() -> datetime | None:
    """The moment SOURCE_DATE_EPOCH names, or None when it is unset or empty."""
    raw = os.environ.get(VARIABLE)
    if raw is None or not raw.strip():
        return None
    value = raw.strip()
    shown = value if len(value) <= 40 and value.isprintable() else f"{value[:40]!r}..."
    if not _WHOLE.match(value):
        raise UsageError(
            f"{VARIABLE}={shown}: must be a whole number of seconds since 1970 (what "
            "`date +%s` prints), such as 1700000000; unset it to use the current time"
        )
    seconds = int(value)
    if not _EARLIEST <= seconds <= _LATEST:
        raise UsageError(
            f"{VARIABLE}={shown}: must name a moment between the years 1904 and 9999 ({_EARLIEST} to {_LATEST})"
        )
    return datetime.fromtimestamp(seconds, tz=UTC)


def today() -> date:
    """The day SOURCE_DATE_EPOCH names, or today."""
    moment = source_date()
    return moment.date() if moment is not None else date.today()


def cache_part() -> str:
    """What SOURCE_DATE_EPOCH contributes to a cache key (it changes the dates inside the bytes)."""
    moment = source_date()
    return "" if moment is None else str(int(moment.timestamp()))
