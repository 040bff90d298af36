"""A site or a pack in; every table it defines out, each row weighted by its dice's exact odds.

What every export format has in common. The tables of a site are its wandering table, then the
tables of its pack and of its encounters pack (distance, reaction, zones and the rest), then the
morale check of the encounter rules; a pack gives its own tables and morale check. An id taken by
an earlier table gets its pack's id in front (``encounter-reaction-zones``).

Each row carries the totals of the table's dice it covers and its weight: the number of ways the
dice can roll one of those totals, counted over every face of every die (a 2d6 row "6-8" weighs
5 + 6 + 5 = 16 of 36), so the weights of a table add up to the dice's outcome count and a tool that
knows only weights (Roll20) rolls with the same odds as the dice. A table without dice, a list, is
written as one row per entry on ``1dN``: the way Foundry and Roll20 draw from a list.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from sheetgen.dice_notation import Constant, Roll
from sheetgen.engine.dice import Dice, parse_dice
from sheetgen.engine.timetable import Timetable
from sheetgen.export.room_key import RoomKey, room_key
from sheetgen.model.common import RollRange, Statblock
from sheetgen.model.pack import Morale, Pack, Table
from sheetgen.model.site import Site, Wandering
from sheetgen.words.language import _

#: Foundry and Roll20 keep weights as JavaScript numbers: whole numbers are exact up to here.
MAX_WEIGHT = 2**53 - 1


@dataclass(frozen=True)
class ExportRow:
    low: int  # the lowest total of the dice this row covers (for a list: its number)
    high: int  # the highest
    range: str  # as the file wrote it: "1-2", "10+", "00"; for a list its number
    cells: tuple[str, ...]  # one per column, with the file's **bold** and _italic_ marks
    weight: int  # ways to roll a total in the row

    @property
    def span(self) -> str:
        """The range as the totals it covers: "3", "2-5"."""
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


@dataclass(frozen=True)
class ExportTable:
    id: str
    name: str
    dice: str | None  # the dice as written ("d6", "2d6", "d%"); None for a list
    formula: str  # the same dice in the plain form tools read: "1d6", "2d6", "1d100"
    columns: tuple[str, ...]
    rows: tuple[ExportRow, ...]
    text: str  # the table's own description
    source: str  # "pack encounter-reaction" or "site the-sunken-chapel", for messages
    player_safe: bool

    @property
    def outcomes(self) -> int:
        """The dice's outcome count: every weight added up."""
        return sum(row.weight for row in self.rows)

    @property
    def label(self) -> str:
        """How a message names the table: 'npc-distance (NPC Distance, in pack encounter-reaction)'."""
        return f"{self.id} ({self.name}, in {self.source})"


@dataclass(frozen=True)
class Subject:
    """What is exported: a site's or a pack's tables and, when the format holds them, its pre-rolls."""

    name: str  # "The Sunken Chapel", "Dungeon Turns"
    slug: str  # for file names
    tables: tuple[ExportTable, ...]
    timetable: Timetable | None = None
    key: RoomKey | None = None  # a site's rooms and statblocks


@dataclass(frozen=True)
class Exported:
    """A format's files: everything in one, and one per table (with the timetable and deck apart); and
    the room key's files, where a format writes the key apart (an Obsidian note per room, Foundry's
    journal entry), beside the one file or among the parts."""

    whole: bytes
    parts: tuple[tuple[str, bytes], ...]  # file name, content
    key: tuple[tuple[str, bytes], ...] = ()


def site_subject(
    site: Site, slug: str, pack: Pack, encounter_pack: Pack | None, timetable: Timetable | None
) -> Subject:
    """A site's tables, its room key, and its pre-rolls when there are any."""
    return Subject(
        site.site,
        slug,
        site_tables(site, slug, pack, encounter_pack),
        _rolled(timetable),
        room_key(site, pack, encounter_pack),
    )


def pack_subject(pack: Pack, timetable: Timetable | None) -> Subject:
    """A pack's tables, and its pre-rolls when there are any."""
    return Subject(pack.name, pack.id, pack_tables(pack), _rolled(timetable))


def _rolled(timetable: Timetable | None) -> Timetable | None:
    return timetable if timetable is not None and (timetable.rows or timetable.deck) else None


def site_tables(site: Site, slug: str, pack: Pack, encounter_pack: Pack | None) -> tuple[ExportTable, ...]:
    """The site's wandering table, its packs' tables and the morale check of its encounter rules."""
    tables: list[tuple[ExportTable, str]] = []
    if site.wandering is not None:
        tables.append((wandering_table(site.wandering, site.site, f"site {slug}", site.statblocks), "site"))
    packs = [pack] if encounter_pack is None or encounter_pack.id == pack.id else [pack, encounter_pack]
    for source in packs:
        tables.extend((table_of(t, f"pack {source.id}"), source.id) for t in source.tables)
    rules_pack = encounter_pack if encounter_pack is not None and encounter_pack.encounter else pack
    morale = rules_pack.encounter.morale if rules_pack.encounter is not None else None
    if morale is not None:
        tables.append((morale_table(morale, f"pack {rules_pack.id}"), rules_pack.id))
    return _unique(tables)


def pack_tables(pack: Pack) -> tuple[ExportTable, ...]:
    """The pack's tables and the morale check of its encounter rules."""
    tables = [(table_of(t, f"pack {pack.id}"), pack.id) for t in pack.tables]
    morale = pack.encounter.morale if pack.encounter is not None else None
    if morale is not None:
        tables.append((morale_table(morale, f"pack {pack.id}"), pack.id))
    return _unique(tables)


def _unique(tables: list[tuple[ExportTable, str]]) -> tuple[ExportTable, ...]:
    """Each table with an id of its own: a taken id gets its pack's id in front, then a number."""
    seen: set[str] = set()
    out = []
    for table, prefix in tables:
        if table.id in seen:
            table = replace(table, id=f"{prefix}-{table.id}")
        n = 2
        base = table.id
        while table.id in seen:  # still taken: number it
            table = replace(table, id=f"{base}-{n}")
            n += 1
        seen.add(table.id)
        out.append(table)
    return tuple(out)


def table_of(table: Table, source: str) -> ExportTable:
    """A pack's table, rolled (with its dice) or a list (without)."""
    cells = [tuple(row.cells) for row in table.rows]
    if table.roll is None:
        return _list_table(table.id, table.name, tuple(table.columns), cells, table.text, source, table.player_safe)
    ranges = [row.roll for row in table.rows if row.roll is not None]
    return _rolled_table(
        table.id, table.name, table.roll, tuple(table.columns), ranges, cells, table.text, source, table.player_safe
    )


def wandering_table(
    wandering: Wandering, site_name: str, source: str, statblocks: Sequence[Statblock] = ()
) -> ExportTable:
    """A site's wandering table: the encounter, how many appear, its statblock and notes."""
    names = {block.id: block.name for block in statblocks}
    cells = [(e.name, e.appearing, names.get(e.stat, e.stat) if e.stat else "", e.text) for e in wandering.entries]
    columns = (_("Encounter"), _("Number appearing"), _("Statblock"), _("Notes"))
    return _rolled_table(
        "wandering",
        _("Wandering Encounters"),
        wandering.roll,
        columns,
        [e.roll for e in wandering.entries],
        cells,
        _("Wandering encounters in {site}.").format(site=site_name),
        source,
        False,
    )


def morale_table(morale: Morale, source: str) -> ExportTable:
    """The morale check as a table: one row per total, saying which Morale scores hold against it."""
    dist = parse_dice(morale.roll).distribution()
    cells = []
    ranges = []
    for total in dist:
        need = total if morale.fails == "above" else total + 1
        cells.append((_("Holds if the leader's Morale is {n} or more; fails below that").format(n=need),))
        ranges.append(RollRange(total, total, str(total)))
    return _rolled_table(
        "morale", _("Morale Check"), morale.roll, (_("Morale check"),), ranges, cells, morale.text, source, False
    )


def _list_table(
    table_id: str,
    name: str,
    columns: tuple[str, ...],
    cells: Sequence[tuple[str, ...]],
    text: str,
    source: str,
    player_safe: bool,
) -> ExportTable:
    rows = tuple(ExportRow(n, n, str(n), row, 1) for n, row in enumerate(cells, start=1))
    return ExportTable(table_id, name, None, f"1d{len(rows)}", columns, rows, text, source, player_safe)


def _rolled_table(
    table_id: str,
    name: str,
    dice_text: str,
    columns: tuple[str, ...],
    ranges: Sequence[RollRange],
    cells: Sequence[tuple[str, ...]],
    text: str,
    source: str,
    player_safe: bool,
) -> ExportTable:
    dice = parse_dice(dice_text)
    ways = outcome_counts(dice)
    rows = []
    for rng, row in zip(ranges, cells, strict=True):
        totals = [t for t in ways if t in rng]
        if not totals:  # refused when the file was loaded; nothing to write for it
            continue
        rows.append(ExportRow(min(totals), max(totals), rng.text, row, sum(ways[t] for t in totals)))
    rows.sort(key=lambda r: r.low)
    return ExportTable(table_id, name, str(dice), tool_formula(dice), columns, tuple(rows), text, source, player_safe)


def outcome_counts(dice: Dice) -> dict[int, int]:
    """For each total, the number of ways to roll it, counted over every face of every die."""
    outcomes = math.prod(t.sides**t.count for t in dice.terms if isinstance(t, Roll))
    counts = {}
    for total, p in dice.distribution().items():
        ways = p * outcomes
        assert isinstance(ways, Fraction) and ways.denominator == 1
        counts[total] = int(ways)
    return counts


def tool_formula(dice: Dice) -> str:
    """Dice as other tools write them: every die with its count ("1d6"), d% as 1d100, keep as kh/kl."""
    parts = []
    for i, term in enumerate(dice.terms):
        if isinstance(term, Constant):
            text = str(term.value)
        else:
            keep = "" if term.keep is None else f"k{'h' if term.keep_highest else 'l'}{term.keep}"
            text = f"{term.count}d{term.sides}{keep}"
        parts.append(text if i == 0 else ("+" if term.sign > 0 else "-") + text)
    return "".join(parts)


def row_details(table: ExportTable, row: ExportRow) -> list[tuple[str, str]]:
    """The row's cells after the first, with their columns, leaving out the empty ones."""
    return [(col, cell) for col, cell in zip(table.columns[1:], row.cells[1:], strict=True) if cell.strip()]
