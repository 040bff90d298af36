"""A statblock's stats in the order they are printed: a statblock in, (label, value) pairs out.

The one order of the stat cards and of the reference page's statblock.
"""

from __future__ import annotations

from collections.abc import Sequence

from sheetgen.model.common import Statblock


def stat_lines(block: Statblock, after: Sequence[str] = ("Speed", "HD")) -> list[tuple[str, str]]:
    """The statblock's stats in print order: the file's order, with Zone, Morale and # Appearing after
    the first of the stats *after* names that it has (the encounter rules' ``stats_after``; by default
    Speed, else HD, as in the encounter-reaction example), at the top when it has none of them."""
    stats = list(block.stats.items())
    have = {label.casefold() for label, _ in stats}
    extra = [
        (label, value)
        for label, value in (
            ("Zone", block.zone),
            ("Morale", None if block.morale is None else str(block.morale)),
            ("# Appearing", block.appearing),
        )
        if value is not None and label.casefold() not in have
    ]
    labels = [label.casefold() for label, _ in stats]
    at = 0
    for anchor in (label.casefold() for label in after):
        if anchor in labels:
            at = labels.index(anchor) + 1
            break
    return stats[:at] + extra + stats[at:]
