"""A statblock's stats in the order they are printed: a statblock and the encounter rules in, (label,
value) pairs out.

The one order of the stat cards, of the reference page's statblock and of the exports' room key.
"""

from __future__ import annotations

from sheetgen.model.common import Statblock
from sheetgen.model.pack import FIELD_LABELS, EncounterRules, StatblockLayout, StatSlot
from sheetgen.words.language import N_, _

_DEFAULT = EncounterRules()
FIELD_WORDS = (N_("Zone"), N_("Morale"), N_("# Appearing"))
"""The model's :data:`~sheetgen.model.pack.FIELD_LABELS`, marked for the catalogue here, where they are
printed in the sheet's language (a pack's own label stays as written)."""


def _label(slot: StatSlot) -> str:
    return slot.printed if slot.label or slot.stat else _(slot.printed)


def field_value(block: Statblock, field: str) -> str | None:
    """The statblock's zone, morale or number appearing, as printed; None when it gives none."""
    if field == "morale":
        return None if block.morale is None else str(block.morale)
    value: str | None = getattr(block, field)
    return value


def stat_lines(block: Statblock, rules: EncounterRules = _DEFAULT) -> list[tuple[str, str]]:
    """The statblock's stats in print order. With the rules' statblock layout, the layout's order and
    labels (a line the statblock does not give is left out). Without one, the file's order, with Zone,
    Morale and # Appearing after the first of the stats the rules' ``stats_after`` names that it has (by
    default Speed, else HD, as in the encounter-reaction example), at the top when it has none of them."""
    if rules.statblock is not None:
        return laid_out(block, rules.statblock)
    stats = list(block.stats.items())
    have = {label.casefold() for label, _value in stats}
    extra = [
        (_(FIELD_LABELS[name]), value)
        for name in FIELD_LABELS
        if (value := field_value(block, name)) is not None and FIELD_LABELS[name].casefold() not in have
    ]
    labels = [label.casefold() for label, _value in stats]
    at = 0
    for anchor in (label.casefold() for label in rules.stats_after):
        if anchor in labels:
            at = labels.index(anchor) + 1
            break
    return stats[:at] + extra + stats[at:]


def laid_out(block: Statblock, layout: StatblockLayout) -> list[tuple[str, str]]:
    """The statblock's lines in the layout's order, under the layout's labels. A stat is matched by its
    name in any case; the loader refuses a stat the layout does not know, so none is dropped here."""
    stats = {name.casefold(): value for name, value in block.stats.items()}
    lines = []
    for slot in layout.stats:
        value = stats.get(slot.stat.casefold()) if slot.stat is not None else field_value(block, slot.field or "")
        if value is not None:
            lines.append((_label(slot), value))
    return lines
