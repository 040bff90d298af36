"""The pre-rolled encounter deck: a pack, a site, an encounters pack, a size and a Random in; cards out.

Each card is one wandering encounter rolled in full: which entry, how many, how far, their reaction,
a morale roll, and the statblock it refers to (its morale and zone). Cards come from the site's
wandering table or, with no site (or a site without one), from the pack table its encounter rules
name (``encounter.wandering``, by default ``wandering``): its first column names the encounter, and
the columns the rules name for the number appearing and the statblock (``appearing_columns``,
``stat_columns``: the first of each list the table has, in any case; by default "Appearing", "Number
Appearing" or "No. Appearing", and "Stat" or "Statblock") are read when present. Distance,
reaction and the morale roll follow the encounter rules of the encounters pack when it has them, else
of the pack; a rule or table that is missing leaves its field None.

Each card uses the Random in this order: the wandering roll, the number appearing, the distance
roll, the reaction roll, the morale roll and the opening rolls (surprise, initiative ... in the
rules' order), each skipped when its rule is missing. An entry that is not a creature (a sign, a
hazard: ``creature: false``) gets no reaction, morale or opening rolls.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheetgen.compat.random_draws import die_roller
from sheetgen.engine.dice import parsed
from sheetgen.engine.frozen import made
from sheetgen.errors import DiceError
from sheetgen.model.common import Statblock
from sheetgen.model.pack import EncounterRules, Morale, Opening, Pack, Table
from sheetgen.model.site import Site, WanderingEntry

MIN_DECK = 3

Below = Callable[[int], int]
"""Draws a die: a whole number below its argument, as ``compat.random_draws.die_roller`` of the deck's Random."""


def deck_size(expected: Fraction) -> int:
    """Cards for a deck: the expected encounters plus about two standard deviations, at least 3."""
    e = float(expected)
    return max(MIN_DECK, math.ceil(e + 2 * math.sqrt(e)) + 1)


@dataclass(frozen=True)
class TableRoll:
    """A roll on one of the pack's tables and the row it lands on."""

    table: str
    name: str
    dice: str
    roll: int
    faces: tuple[int, ...]
    range: str
    columns: tuple[str, ...]
    cells: tuple[str, ...]

    @property
    def result(self) -> str:
        return self.cells[0]


@dataclass(frozen=True)
class Sign:
    """A named outcome of the check that foretells a card, and the unit it was rolled at."""

    outcome: str
    unit: int
    seconds: int  # the end of that unit, in seconds of play


@dataclass(frozen=True)
class OpeningRoll:
    """A pre-rolled opening roll of an encounter: surprise or initiative for one side."""

    name: str
    side: str
    dice: str
    roll: int
    faces: tuple[int, ...]
    result: str | None  # the opening's result when the roll falls in its range ("surprised"), else None


@dataclass(frozen=True)
class DeckSource:
    """Where a deck's cards come from: a site's wandering table, or a pack's table."""

    owner: str  # the site's or the pack's name
    table: str | None  # the pack table's name; None for the site's wandering table
    dice: str


@dataclass(frozen=True)
class DeckCard:
    index: int
    dice: str  # the wandering table's dice
    roll: int
    faces: tuple[int, ...]
    range: str  # the entry's roll range, "3-4"
    name: str
    text: str
    appearing_dice: str
    appearing: int
    appearing_faces: tuple[int, ...]
    distance: TableRoll | None
    reaction: TableRoll | None
    morale: int | None  # the statblock's morale
    morale_roll: int | None  # a pre-rolled morale check with the encounter rules' dice
    morale_faces: tuple[int, ...]
    morale_fails: bool | None  # None when there is no morale to compare with
    zone: str | None
    zone_text: str | None
    stat_id: str | None
    stat_name: str | None
    signs: tuple[Sign, ...] = ()  # the outcomes that foretell this card for a quiet party
    openings: tuple[OpeningRoll, ...] = ()  # surprise, initiative ... in the encounter rules' order
    creature: bool = True  # False: a sign, hazard or event, with no reaction, morale or openings


@dataclass(frozen=True)
class _Entry:
    range: str
    low: int
    high: int
    name: str
    text: str
    appearing: str
    stat: str | None
    creature: bool = True


def build_deck(
    pack: Pack, site: Site | None, encounter_pack: Pack | None, size: int, rng: random.Random
) -> tuple[tuple[DeckCard, ...], DeckSource | None, Morale | None]:
    """The cards (rolled in order with ``rng``; none when there is no table to draw from), where they
    come from, and the morale rule of the encounter rules that fill them in."""
    morale, source, roller = _roller(pack, site, encounter_pack)
    if roller is None:
        return (), None, morale
    below = die_roller(rng)
    cards = [roller.card(i, below) for i in range(1, size + 1)]
    return tuple(cards), source, morale


_ROLLERS: dict[
    tuple[int, int, int], tuple[tuple[object, ...], tuple[Morale | None, DeckSource | None, _CardRoller | None]]
] = {}


def _roller(
    pack: Pack,
    site: Site | None,
    encounter_pack: Pack | None,
) -> tuple[Morale | None, DeckSource | None, _CardRoller | None]:
    """The morale rule, the deck's source and its card roller, made once for the same (unchanging) models:
    a packet or a benchmark rolls many decks from them."""
    key = (id(pack), id(site), id(encounter_pack))
    found = _ROLLERS.get(key)
    if found is not None and all(a is b for a, b in zip(found[0], (pack, site, encounter_pack), strict=True)):
        return found[1]
    rules_pack = encounter_pack if encounter_pack is not None and encounter_pack.encounter else pack
    rules = rules_pack.encounter
    morale = rules.morale if rules is not None else None
    table = _wandering(pack, site, encounter_pack)
    made: tuple[Morale | None, DeckSource | None, _CardRoller | None] = (morale, None, None)
    if table is not None:
        entries, source = table
        statblocks = [*(site.statblocks if site is not None else []), *rules_pack.statblocks, *pack.statblocks]
        made = (morale, source, _CardRoller(source.dice, entries, rules, rules_pack, statblocks))
    if len(_ROLLERS) >= 64:
        _ROLLERS.pop(next(iter(_ROLLERS)))
    _ROLLERS[key] = ((pack, site, encounter_pack), made)
    return made


def _wandering(pack: Pack, site: Site | None, encounter_pack: Pack | None) -> tuple[list[_Entry], DeckSource] | None:
    if site is not None and site.wandering is not None:
        w = site.wandering
        return [_site_entry(e) for e in w.entries], DeckSource(site.site, None, w.roll)
    for source in (pack, encounter_pack):
        if source is None:
            continue
        rules = source.encounter or EncounterRules()
        table = next((t for t in source.tables if t.id == rules.wandering and t.roll is not None), None)
        if table is not None:
            assert table.roll is not None
            return _table_entries(table, rules), DeckSource(source.name, table.name, table.roll)
    return None


def _site_entry(entry: WanderingEntry) -> _Entry:
    r = entry.roll
    return _Entry(r.text, r.low, r.high, entry.name, entry.text, entry.appearing, entry.stat, entry.creature)


def _table_entries(table: Table, rules: EncounterRules) -> list[_Entry]:
    appearing = _column(table, rules.appearing_columns)
    stat = _column(table, rules.stat_columns)
    entries = []
    for row in table.rows:
        assert row.roll is not None
        number = row.cells[appearing] if appearing is not None else "1"
        try:
            number = str(parsed(number))
        except DiceError:  # a note such as "many" instead of dice: one group
            number = "1"
        rest = [c for i, c in enumerate(row.cells[1:], start=1) if i not in (appearing, stat)]
        entries.append(
            _Entry(
                row.roll.text,
                row.roll.low,
                row.roll.high,
                row.cells[0],
                "; ".join(rest),
                number,
                row.cells[stat] if stat is not None else None,
            )
        )
    return entries


def _column(table: Table, names: list[str]) -> int | None:
    """The index of the first of *names* (in any case) that the table has as a column."""
    columns = [c.casefold() for c in table.columns]
    return next((columns.index(n.casefold()) for n in names if n.casefold() in columns), None)


class _CardRoller:
    """Everything a deck card is rolled from, looked up once per deck rather than once per card."""

    def __init__(
        self,
        dice: str,
        entries: list[_Entry],
        rules: EncounterRules | None,
        rules_pack: Pack,
        statblocks: list[Statblock],
    ) -> None:
        self.dice = parsed(dice)
        self.dice_text = str(self.dice)
        self.entries = entries
        self.entry_at = {
            value: e for e in reversed(entries) if e.high - e.low <= 1000 for value in range(e.low, e.high + 1)
        }
        self.appearing = {e.appearing: parsed(e.appearing) for e in entries}
        self.stats: dict[str, Statblock] = {}
        for block in statblocks:
            self.stats.setdefault(block.id, block)  # the first of a name wins: site, then packs
        self.distance = _RolledTable.of(rules_pack, rules.distance if rules else None)
        self.reaction = _RolledTable.of(rules_pack, rules.reaction if rules else None)
        self.morale = rules.morale if rules is not None else None
        self.morale_dice = parsed(self.morale.roll) if self.morale is not None else None
        self.rules_pack, self.rules = rules_pack, rules
        self.openings = tuple(rules.openings) if rules is not None else ()
        self.zone_texts: dict[str, str | None] = {}
        self.fixed: dict[int, dict[str, Any]] = {}  # by the id of an entry of self.entries, kept with it

    def zone_text(self, zone: str | None) -> str | None:
        if zone is None:
            return None
        if zone not in self.zone_texts:
            self.zone_texts[zone] = _zone_text(self.rules_pack, self.rules, zone)
        return self.zone_texts[zone]

    def card(self, index: int, below: Below) -> DeckCard:
        roll, faces = self.dice.draw(below)
        entry = self.entry_at.get(roll) or next(e for e in self.entries if e.low <= roll <= e.high)
        fixed = self._fixed(entry)
        appearing, appearing_faces = self.appearing[entry.appearing].draw(below)
        distance = self.distance.roll(below) if self.distance is not None else None
        creature = entry.creature
        reaction = self.reaction.roll(below) if self.reaction is not None and creature else None
        morale = fixed["morale"]
        morale_roll: int | None = None
        morale_faces: tuple[int, ...] = ()
        fails: bool | None = None
        if self.morale is not None and self.morale_dice is not None and creature:
            morale_roll, morale_faces = self.morale_dice.draw(below)
            if morale is not None:
                fails = morale_roll > morale if self.morale.fails == "above" else morale_roll >= morale
        openings = tuple(self._opening(o, below) for o in self.openings) if creature and self.openings else ()
        return made(
            DeckCard,
            {
                **fixed,
                "index": index,
                "roll": roll,
                "faces": faces,
                "appearing": appearing,
                "appearing_faces": appearing_faces,
                "distance": distance,
                "reaction": reaction,
                "morale_roll": morale_roll,
                "morale_faces": morale_faces,
                "morale_fails": fails,
                "openings": openings,
            },
        )

    def _fixed(self, entry: _Entry) -> dict[str, Any]:
        """What every card of an entry says whatever its dice: worked out once for each entry."""
        found = self.fixed.get(id(entry))
        if found is None:
            stat = self.stats.get(entry.stat) if entry.stat else None
            zone = stat.zone if stat is not None else None
            found = self.fixed[id(entry)] = {
                "dice": self.dice_text,
                "range": entry.range,
                "name": entry.name,
                "text": entry.text,
                "appearing_dice": entry.appearing,
                "morale": stat.morale if stat is not None else None,
                "zone": zone,
                "zone_text": self.zone_text(zone),
                "stat_id": stat.id if stat is not None else entry.stat,
                "stat_name": stat.name if stat is not None else None,
                "creature": entry.creature,
            }
        return found

    def _opening(self, opening: Opening, below: Below) -> OpeningRoll:
        roll, faces = parsed(opening.roll).draw(below)
        hit = opening.on is not None and roll in opening.on
        return OpeningRoll(
            opening.name,
            opening.side,
            str(parsed(opening.roll)),
            roll,
            faces,
            (opening.result or opening.name.lower()) if hit else None,
        )


class _RolledTable:
    """A table with roll: its dice, and the row each result falls in."""

    def __init__(self, table: Table, dice: str) -> None:
        self.table = table
        self.dice = parsed(dice)
        self.dice_text = str(self.dice)
        self.columns = tuple(table.columns)
        self.rows = [row for row in table.rows if row.roll is not None]
        self.made: dict[tuple[int, tuple[int, ...]], TableRoll] = {}  # by roll and faces: the same TableRoll

    @classmethod
    def of(cls, pack: Pack, table_id: str | None) -> _RolledTable | None:
        table = next((t for t in pack.tables if t.id == table_id), None) if table_id else None
        return cls(table, table.roll) if table is not None and table.roll is not None else None

    def roll(self, below: Below) -> TableRoll:
        roll, faces = self.dice.draw(below)
        found = self.made.get((roll, faces))
        if found is None:
            found = self._row(roll, faces)
            if len(self.made) < 4096:
                self.made[(roll, faces)] = found
        return found

    def _row(self, roll: int, faces: tuple[int, ...]) -> TableRoll:
        row = next((r for r in self.rows if r.roll is not None and roll in r.roll), None)
        if row is None or row.roll is None:  # a table that does not cover its dice (refused when loaded)
            return TableRoll(self.table.id, self.table.name, self.dice_text, roll, faces, "", self.columns, ("",))
        return TableRoll(
            self.table.id, self.table.name, self.dice_text, roll, faces, row.roll.text, self.columns, tuple(row.cells)
        )


def _zone_text(pack: Pack, rules: EncounterRules | None, zone: str | None) -> str | None:
    if zone is None or rules is None or rules.zones is None:
        return None
    table = next((t for t in pack.tables if t.id == rules.zones), None)
    if table is None:
        return None
    row = next((r for r in table.rows if r.cells[0].strip().lower() == zone.strip().lower()), None)
    return "; ".join(row.cells[1:]) if row is not None and len(row.cells) > 1 else None
