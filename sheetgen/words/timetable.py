"""A pre-rolled timetable in words: each row's clock, dice, rule, baseline for a quiet party and
extras, and the encounter deck's cards (number appearing, table rolls, morale)."""

from __future__ import annotations

import weakref
from functools import lru_cache

from sheetgen.engine.deck import DeckCard, TableRoll
from sheetgen.engine.procedure import Machine, by_level, machine
from sheetgen.engine.route import label_of
from sheetgen.engine.timetable import Baseline, CheckRow, Memo, Omen, PoolRead, Timetable
from sheetgen.model.pack import EncounterRules, Pack
from sheetgen.words.checks import advance_steps, and_list, read_name, roll_head, rule_text, trigger_text
from sheetgen.words.mechanics import rolls_phrases, row_extras
from sheetgen.words.numbers import clock, every, faces_text, level_span


def timetable_note(t: Timetable) -> str:
    """What the timetable says in place of its rows when the pack has no check, else ''."""
    pack = t.pack
    if pack.check is not None:
        return ""
    return (f"{pack.name} has no exploration check: draw from the deck when the {pack.words.gm} calls for "
            "an encounter.")


def timetable_roll(t: Timetable) -> str | None:
    """What a row's result is read from ('1d6', 'highest d6'), or None without a check."""
    return roll_head(t.pack.check) if t.pack.check is not None else None


def row_clock(t: Timetable, row: CheckRow) -> str:
    """When the row's check falls, as a clock: '0:10'."""
    return clock(row.unit * t.pack.time.length)


def row_dice(t: Timetable, row: CheckRow) -> str:
    """'1d6', or for a pool '6d6 (take the first N)'."""
    m = machine(t.pack)
    if row.roll is None:
        return f"{len(row.dice)}d{m.sides} (take the first N)"
    return roll_head(m.check)


_SAID: weakref.WeakKeyDictionary[Machine, Memo[tuple[int, str], tuple[CheckRow, str]]] = weakref.WeakKeyDictionary()
"""What each row of a pack's timetables says, by the row and what is said, kept while the pack's machine is:
a timetable's rows are the same objects wherever the same dice fall in the same place, so many timetables
of one pack say each row once. The entry names its row, so an id that a later row took never answers for it."""


_LAST_SAID: list[tuple[Pack, Memo[tuple[int, str], tuple[CheckRow, str]]]] = []
"""The pack whose rows were said last and its memo: a sheet or an export says every row of one pack in turn."""


def _said_of(t: Timetable) -> Memo[tuple[int, str], tuple[CheckRow, str]]:
    if _LAST_SAID and _LAST_SAID[0][0] is t.pack:
        return _LAST_SAID[0][1]
    m = machine(t.pack)
    found = _SAID.get(m)
    if found is None:
        found = _SAID[m] = Memo()
    _LAST_SAID[:] = [(t.pack, found)]
    return found


def row_rule(t: Timetable, row: CheckRow) -> str:
    """The rule that decides the row: a plain roll's rule for its result, or a pool's rule."""
    memo = _said_of(t)
    found = memo.get((id(row), "rule"))
    if found is not None and found[0] is row:
        return found[1]
    text = pool_rule(t.pack) if row.roll is None else rule_text(t.pack, machine(t.pack).result_of(row.dice, row.roll))
    return memo.keep((id(row), "rule"), (row, text))[1]


def read_rule(t: Timetable, read: PoolRead) -> str:
    """The rule for a pool row read with its first N dice."""
    return rule_text(t.pack, read.result)


def row_when(t: Timetable, row: CheckRow) -> str:
    """At which levels the row's check is rolled, for a party whose level held since the last one;
    '' when it is always rolled. A check rolled several times each time it falls due says which roll
    the row is: 'roll 2 of 2'."""
    memo = _said_of(t)
    found = memo.get((id(row), "when"))
    if found is not None and found[0] is row:
        return found[1]
    m = machine(t.pack)
    when = _when(m, row.unit)
    if m.rolls > 1:
        when = "; ".join(part for part in (f"roll {row.repeat} of {m.rolls}", when) if part)
    return memo.keep((id(row), "when"), (row, when))[1]


def when_clause(when: str) -> str:
    """A pack's 'when' text after a label 'When': without a 'when' of its own ('when the round ends,
    after ...' -> 'the round ends, after ...'), so that the sheet never reads 'When when'."""
    head, _, rest = when.partition(" ")
    return rest if head.lower() == "when" and rest else when


def omen_text(pack: Pack, omen: Omen) -> str:
    """'Omen (Encounter Clock 3)'."""
    track = pack.track(omen.track)
    level = track.levels[omen.level]
    return f"{level.label} ({track.name} {level.at})"


def baseline_text(t: Timetable, row: CheckRow, *, rolls: bool = True) -> str:
    """What a quiet party's procedure does with the row's dice: 'no danger; Escalation 0'; with *rolls*, the
    other rolls of the row too (a page that gives them a column of their own says them there:
    :func:`rolls_text`)."""
    what = "baseline" if rolls else "baseline without rolls"
    memo = _said_of(t)
    found = memo.get((id(row), what))
    if found is not None and found[0] is row:
        return found[1]
    return memo.keep((id(row), what), (row, _baseline_text(machine(t.pack), row.baseline, row.unit, rolls)))[1]


def quiet_text(t: Timetable, row: CheckRow, *, rolls: bool = True, fresh: bool = False) -> str:
    """A timetable page's quiet-party cell: only what a quiet party meets at the row. The check's result
    when it brings one, a track the check reads where it moved since the row before (or since the start;
    every track it reads where the row is *fresh*, the first of a page), a check not rolled, omens and
    what else falls due; '' for a check that brings nothing and moves nothing (:func:`baseline_text`
    says the row in full, for the exports)."""
    at = t.rows.index(row)
    before = () if fresh else t.rows[at - 1].baseline.levels if at else t.tracks
    stood = frozenset((lv.track, lv.level) for lv in before)
    return _baseline_text(machine(t.pack), row.baseline, row.unit, rolls, stood)


def omen_phrase(pack: Pack, omen: Omen) -> str:
    """'omen: Dread (Doom 3)'; the level alone where its label says it is an omen: 'Omen (Encounter Clock 3)'."""
    text = omen_text(pack, omen)
    label = pack.track(omen.track).levels[omen.level].label
    return text if "omen" in label.lower() else f"omen: {text}"


def rolls_text(t: Timetable, row: CheckRow) -> str:
    """The other rolls a row holds, with their dice and what they bring: 'Torch 1d6: 0:10 4, 0:20 1 Torch
    gutters (Torches -1 box)'; '' for none."""
    return "; ".join(rolls_phrases(t.pack, row.baseline.rolls))


def _level(m: Machine, b: Baseline, index: int) -> str:
    """'Alarm 4', or with the label of a level the GM chooses: 'Terrain 4 Forest'."""
    level = b.levels[index]
    track = m.tracks[index]
    label = label_of(track, level.level) if track.chosen else None
    return f"{level.name} {level.level} {label}" if label else f"{level.name} {level.level}"


@lru_cache(maxsize=4096)
def _baseline_text(m: Machine, b: Baseline, unit: int, rolls: bool = True,
                   stood: frozenset[tuple[str, int]] | None = None) -> str:
    """The row in words; with *stood* (the tracks' levels at the row before), what happens only."""
    word = m.check.result
    quiet = stood is not None and not b.encounter
    parts: list[str] = []
    if not b.due and m.cadence is not None:
        track = m.pack.track(m.cadence.track)
        parts.append(f"not rolled ({_level(m, b, m.index[track.id])})")
    elif not b.due:
        parts.append("not rolled")
    elif not b.rolled:
        assert m.pool is not None
        needed = f", rolled at {m.pool.roll_at}" if m.pool.roll_at is not None else ""
        parts.append(f"not rolled (pool of {b.pool}{needed})")
    else:
        outcome = word if b.encounter else f"no {word}"
        if m.pool is not None:
            read = f"first {b.dice}: {m.pool.read} {b.result}"
            outcome = read if quiet else f"{read}, {outcome}"
        if not quiet or m.pool is not None:
            parts.append(outcome)
    # only the tracks the check reads: the others do not decide the row; a quiet cell names those that moved
    shown = [i for i in m.read if not quiet or (b.levels[i].track, b.levels[i].level) not in (stood or ())]
    if shown:
        parts.append(", ".join(_level(m, b, i) for i in shown))
    parts.extend(omen_phrase(m.pack, omen) for omen in b.omens)

    parts.extend(row_extras(m.pack, unit, b.outcome_index, b.sign_card, b.ran_out, b.rests_due,
                            b.rolls if rolls else ()))
    return "; ".join(parts)


@lru_cache(maxsize=4096)
def _when(m: Machine, unit: int) -> str:
    pool = m.pool
    roll_at = f"rolled when the pool holds {pool.roll_at} dice or more" if pool and pool.roll_at else ""
    cadence = m.cadence
    if cadence is None:
        return roll_at
    track = m.pack.track(cadence.track)
    elapsed = unit - m.offset - (m.check.cadence.first or 0)
    groups: dict[int, list[int]] = {}
    for level in range(track.min, track.max + 1):
        groups.setdefault(by_level(m.pack, cadence, level), []).append(level)
    every_level = track.max - track.min + 1
    smallest = min(groups)
    parts: list[str] = []
    covered = 0
    for value in sorted(groups):
        if elapsed % value:
            continue
        covered += len(groups[value])
        if covered == every_level:
            target = f"any {track.name}" if not parts else "any level"
        else:
            target = f"{track.name} {level_span(groups[value])}"
        period = "on the hour" if value * m.pack.time.length == 3600 else every(value * m.pack.time.length)
        parts.append(f"at {target}" if value == smallest else f"{period} at {target}")
    text = ("rolled " + ", or ".join(parts)) if parts else (
        f"rolled only if {track.name}'s cadence has passed since the last check")
    return f"{text}; {roll_at}" if roll_at else text


def pool_rule(pack: Pack, *, trigger: bool = True) -> str:
    """A pool row's rule: how many dice to take, what their reading moves and (with *trigger*) what
    brings the result. 'take the first N dice, N = the dice in the pool (1 + one per mark of Loud
    Noise); highest die: 1-3 no advance, 4-5 +1 segment on Encounter Clock; encounter when the
    Encounter Clock is full (6)'."""
    return _pool_rule(machine(pack), trigger)


@lru_cache(maxsize=256)
def _pool_rule(m: Machine, trigger: bool) -> str:
    pool = m.pool
    assert pool is not None
    names = {t.id: t.name for t in m.pack.tallies}
    sources = [names.get(tid, tid) for tid in pool.tallies]
    parts = ["take the first N dice, N = the dice in the pool"]
    if sources:
        base = f"{pool.base} + " if pool.base else ""
        parts[0] += f" ({base}one per mark of {and_list(sources)})"
    check = m.check
    read = read_name(check)
    if check.advance is not None:
        steps = ", ".join(f"{roll} {moves}" for roll, moves in advance_steps(check))
        parts.append(f"{read}: {steps} on {m.pack.track(check.advance.track).name}")
        if trigger:
            parts.append(trigger_text(m.pack, check, table=False))
    elif trigger:
        parts.append(f"{read}: {trigger_text(m.pack, check, table=False)}")
    return "; ".join(parts)


# --- a timetable's encounter deck ---------------------------------------------------------------------

SIZE_RULE = "max(3, ceil(E + 2 * sqrt(E)) + 1) cards, E the expected encounters for a quiet party"
"""How many cards a deck holds (sheetgen.engine.deck.deck_size), in words."""


def deck_source(t: Timetable) -> str | None:
    """'The Sunken Chapel: wandering encounters (1d8)', 'Hex Crawl: Monsters of the Moor (1d6)'."""
    source = t.deck_from
    if source is None:
        return None
    return f"{source.owner}: {source.table or 'wandering encounters'} ({source.dice})"


def deck_note(t: Timetable) -> str:
    """How the deck is used, or why there is none."""
    if t.deck:
        return f"{len(t.deck)} encounters, used in order, one for each check that brings one"
    where = "the site has none" if t.site_name is not None else "no site was given"
    wanted = (t.pack.encounter or EncounterRules()).wandering
    return f"no encounter deck: {where}, and the pack has no table with id '{wanted}'"


def morale_rule(t: Timetable) -> str | None:
    """'roll 2d6: above Morale, the group fails', or None without a morale rule."""
    if t.morale is None:
        return None
    fails = "above" if t.morale.fails == "above" else "at or above"
    return f"roll {t.morale.roll}: {fails} Morale, the group fails"


def appearing_text(card: DeckCard) -> str:
    """'5 (2d4: 1+4)', '3 (d4)', or '1' where the number is not rolled."""
    if "d" not in card.appearing_dice.lower():  # a plain "1" is a number, not a roll
        return str(card.appearing)
    faces = card.appearing_faces
    how = f"{card.appearing_dice}: {'+'.join(map(str, faces))}" if len(faces) > 1 else card.appearing_dice
    return f"{card.appearing} ({how})"


def table_roll_text(roll: TableRoll, *, gloss: bool = True) -> str:
    """'Close (1d6: 2): Within reach of Melee Attacks': the row rolled, then (with *gloss*) its other cells."""
    said = f"{roll.result} ({roll.dice}: {roll.roll})"
    rest = table_roll_gloss(roll) if gloss else ""
    return f"{said}: {rest}" if rest else said


def table_roll_gloss(roll: TableRoll) -> str:
    """What the row rolled says besides its name: 'Within reach of Melee Attacks', or ''."""
    return " \u2014 ".join(c for c in roll.cells[1:] if c)


def morale_text(card: DeckCard) -> str | None:
    """'8; rolled 3+5 = 8, holds', 'rolled 9, compare with the stat card's Morale', '8', or None: said after
    a 'Morale:' label, so with no colon of its own."""
    if card.morale_roll is None:
        return None if card.morale is None else str(card.morale)
    verdicts = {True: "fails", False: "holds", None: "compare with the stat card's Morale"}
    rolled = f"rolled {faces_text(card.morale_faces, card.morale_roll)}, {verdicts[card.morale_fails]}"
    return rolled if card.morale is None else f"{card.morale}; {rolled}"
