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
from sheetgen.words.checks import advance_steps, no_result, read_name, roll_head, rule_text, trigger_text
from sheetgen.words.language import _, active, after_colon, ngettext, quoted, semicolons
from sheetgen.words.mechanics import rolls_phrases, row_extras
from sheetgen.words.numbers import and_list, clock, every, faces_text, level_span


def timetable_note(t: Timetable) -> str:
    """What the timetable says in place of its rows when the pack has no check, else ''."""
    pack = t.pack
    if pack.check is not None:
        return ""
    return _("{pack} has no exploration check: draw from the deck when the {gm} calls for an encounter.").format(
        pack=pack.name, gm=pack.words.gm
    )


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
        return _("{n}d{sides} (take the first N)").format(n=len(row.dice), sides=m.sides)
    return roll_head(m.check)


Said = Memo[tuple[int, str], tuple[CheckRow, str]]

_SAID: weakref.WeakKeyDictionary[Machine, dict[str, Said]] = weakref.WeakKeyDictionary()
"""What each row of a pack's timetables says in each language, by the row and what is said, kept while the
pack's machine is: a timetable's rows are the same objects wherever the same dice fall in the same place, so
many timetables of one pack say each row once. The entry names its row, so an id that a later row took never
answers for it."""


_LAST_SAID: list[tuple[Pack, str, Said]] = []
"""The pack and language whose rows were said last, and their memo: a sheet or an export says every row of
one pack in turn."""


def _said_of(t: Timetable) -> Said:
    language = active()
    if _LAST_SAID and _LAST_SAID[0][0] is t.pack and _LAST_SAID[0][1] == language:
        return _LAST_SAID[0][2]
    by_language = _SAID.setdefault(machine(t.pack), {})
    found = by_language.get(language)
    if found is None:
        found = by_language[language] = Memo()
    _LAST_SAID[:] = [(t.pack, language, found)]
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
    when = _when(m, row.unit, active())
    if m.rolls > 1:
        which = _("roll {n} of {total}").format(n=row.repeat, total=m.rolls)
        when = semicolons(part for part in (which, when) if part)
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
    text = _baseline_text(machine(t.pack), row.baseline, row.unit, active(), rolls)
    return memo.keep((id(row), what), (row, text))[1]


def quiet_text(t: Timetable, row: CheckRow, *, rolls: bool = True, fresh: bool = False) -> str:
    """A timetable page's quiet-party cell: only what a quiet party meets at the row. The check's result
    when it brings one, a track the check reads where it moved since the row before (or since the start;
    every track it reads where the row is *fresh*, the first of a page), a check not rolled, omens and
    what else falls due; '' for a check that brings nothing and moves nothing (:func:`baseline_text`
    says the row in full, for the exports)."""
    at = t.rows.index(row)
    before = () if fresh else t.rows[at - 1].baseline.levels if at else t.tracks
    stood = frozenset((lv.track, lv.level) for lv in before)
    return _baseline_text(machine(t.pack), row.baseline, row.unit, active(), rolls, stood)


def omen_phrase(pack: Pack, omen: Omen) -> str:
    """'omen: Dread (Doom 3)'; the level alone where its label says it is an omen: 'Omen (Encounter Clock 3)'."""
    text = omen_text(pack, omen)
    label = pack.track(omen.track).levels[omen.level].label
    return text if "omen" in label.lower() else _("omen: {omen}").format(omen=text)


def rolls_text(t: Timetable, row: CheckRow) -> str:
    """The other rolls a row holds, with their dice and what they bring: 'Torch 1d6: 0:10 4, 0:20 1 Torch
    gutters (Torches -1 box)'; '' for none."""
    return semicolons(rolls_phrases(t.pack, row.baseline.rolls))


def _level(m: Machine, b: Baseline, index: int) -> str:
    """'Alarm 4', or with the label of a level the GM chooses: 'Terrain 4 Forest'."""
    level = b.levels[index]
    track = m.tracks[index]
    label = label_of(track, level.level) if track.chosen else None
    return f"{level.name} {level.level} {label}" if label else f"{level.name} {level.level}"


@lru_cache(maxsize=4096)
def _baseline_text(
    m: Machine,
    b: Baseline,
    unit: int,
    language: str,
    rolls: bool = True,
    stood: frozenset[tuple[str, int]] | None = None,
) -> str:
    """The row in words; with *stood* (the tracks' levels at the row before), what happens only."""
    word = m.check.result
    quiet = stood is not None and not b.encounter
    parts: list[str] = []
    if not b.due and m.cadence is not None:
        track = m.pack.track(m.cadence.track)
        parts.append(_("not rolled ({level})").format(level=_level(m, b, m.index[track.id])))
    elif not b.due:
        parts.append(_("not rolled"))
    elif not b.rolled:
        assert m.pool is not None
        parts.append(
            (
                _("not rolled (pool of {n}, rolled at {at})")
                if m.pool.roll_at is not None
                else _("not rolled (pool of {n})")
            ).format(n=b.pool, at=m.pool.roll_at)
        )
    else:
        outcome = word if b.encounter else no_result(word)
        if m.pool is not None:
            read = _("first {n}: {read} {result}").format(n=b.dice, read=_POOL_READS[m.pool.read](), result=b.result)
            outcome = read if quiet else f"{read}, {outcome}"
        if not quiet or m.pool is not None:
            parts.append(outcome)
    # only the tracks the check reads: the others do not decide the row; a quiet cell names those that moved
    shown = [i for i in m.read if not quiet or (b.levels[i].track, b.levels[i].level) not in (stood or ())]
    if shown:
        parts.append(", ".join(_level(m, b, i) for i in shown))
    parts.extend(omen_phrase(m.pack, omen) for omen in b.omens)

    parts.extend(
        row_extras(m.pack, unit, b.outcome_index, b.sign_card, b.ran_out, b.rests_due, b.rolls if rolls else ())
    )
    return semicolons(parts)


_POOL_READS = {
    "highest": lambda: _("highest"),
    "lowest": lambda: _("lowest"),
    "sum": lambda: _("sum"),
    "count": lambda: _("count"),
}
"""A pool's reading as a row says it: 'first 3: highest 5'."""


@lru_cache(maxsize=4096)
def _when(m: Machine, unit: int, language: str) -> str:
    pool = m.pool
    roll_at = (
        ngettext(
            "rolled when the pool holds {n} die or more", "rolled when the pool holds {n} dice or more", pool.roll_at
        ).format(n=pool.roll_at)
        if pool and pool.roll_at
        else ""
    )
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
            target = _("at any {track}").format(track=track.name) if not parts else _("at any level")
        else:
            target = _("at {track} {levels}").format(track=track.name, levels=level_span(groups[value]))
        # "on the hour" only for a row at a full hour: a cadence counted from a first check or an offset falls
        # an hour after the check before, at 1:10 as well
        length = m.pack.time.length
        hourly = value * length == 3600 and unit * length % 3600 == 0
        period = _("on the hour") if hourly else every(value * length)
        parts.append(target if value == smallest else f"{period} {target}")
    text = (
        (_("rolled {when}").format(when=_(", or ").join(parts)))
        if parts
        else (_("rolled only if {track}'s cadence has passed since the last check").format(track=track.name))
    )
    return f"{text}; {roll_at}" if roll_at else text


def pool_rule(pack: Pack, *, trigger: bool = True) -> str:
    """A pool row's rule: how many dice to take, what their reading moves and (with *trigger*) what
    brings the result. 'take the first N dice, N = the dice in the pool (1 + one per mark of Loud
    Noise); highest die: 1-3 no advance, 4-5 +1 segment on Encounter Clock; encounter when the
    Encounter Clock is full (6)'."""
    return _pool_rule(machine(pack), trigger, active())


@lru_cache(maxsize=256)
def _pool_rule(m: Machine, trigger: bool, language: str) -> str:
    pool = m.pool
    assert pool is not None
    names = {t.id: t.name for t in m.pack.tallies}
    sources = [names.get(tid, tid) for tid in pool.tallies]
    parts = [_("take the first N dice, N = the dice in the pool")]
    if sources:
        base = f"{pool.base} + " if pool.base else ""
        parts[0] += " (" + base + _("one per mark of {tallies}").format(tallies=and_list(sources)) + ")"
    check = m.check
    read = read_name(check)
    if check.advance is not None:
        steps = ", ".join(f"{roll} {moves}" for roll, moves in advance_steps(check))
        parts.append(
            _("{read}: {steps} on {track}").format(read=read, steps=steps, track=m.pack.track(check.advance.track).name)
        )
        if trigger:
            parts.append(trigger_text(m.pack, check, table=False))
    elif trigger:
        parts.append(after_colon(read, trigger_text(m.pack, check, table=False)))
    return semicolons(parts)


# --- a timetable's encounter deck ---------------------------------------------------------------------

SIZE_RULE = "max(3, ceil(E + 2 * sqrt(E)) + 1) cards, E the expected encounters for a quiet party"
"""How many cards a deck holds (sheetgen.engine.deck.deck_size), in words."""


def deck_source(t: Timetable) -> str | None:
    """'The Sunken Chapel: wandering encounters (1d8)', 'Hex Crawl: Monsters of the Moor (1d6)'."""
    source = t.deck_from
    if source is None:
        return None
    table = source.table or _("wandering encounters")
    return after_colon(source.owner, f"{table} ({source.dice})")


def deck_note(t: Timetable) -> str:
    """How the deck is used, or why there is none."""
    if t.deck:
        return ngettext(
            "{n} encounter, used in order, one for each check that brings one",
            "{n} encounters, used in order, one for each check that brings one",
            len(t.deck),
        ).format(n=len(t.deck))
    wanted = (t.pack.encounter or EncounterRules()).wandering
    return (
        _("no encounter deck: the site has none, and the pack has no table with id {table}")
        if t.site_name is not None
        else _("no encounter deck: no site was given, and the pack has no table with id {table}")
    ).format(table=quoted(wanted))


def morale_rule(t: Timetable) -> str | None:
    """'roll 2d6: above Morale, the group fails', or None without a morale rule."""
    if t.morale is None:
        return None
    fails = (
        _("roll {dice}: above Morale, the group fails")
        if t.morale.fails == "above"
        else _("roll {dice}: at or above Morale, the group fails")
    )
    return fails.format(dice=t.morale.roll)


def appearing_text(card: DeckCard) -> str:
    """'5 (2d4: 1+4)', '3 (d4)', or '1' where the number is not rolled."""
    if "d" not in card.appearing_dice.lower():  # a plain "1" is a number, not a roll
        return str(card.appearing)
    faces = card.appearing_faces
    how = after_colon(card.appearing_dice, "+".join(map(str, faces))) if len(faces) > 1 else card.appearing_dice
    return f"{card.appearing} ({how})"


def table_roll_text(roll: TableRoll, *, gloss: bool = True) -> str:
    """'Close (1d6: 2): Within reach of Melee Attacks': the row rolled, then (with *gloss*) its other cells."""
    said = f"{roll.result} ({after_colon(roll.dice, str(roll.roll))})"
    rest = table_roll_gloss(roll) if gloss else ""
    return after_colon(said, rest) if rest else said


def table_roll_gloss(roll: TableRoll) -> str:
    """What the row rolled says besides its name: 'Within reach of Melee Attacks', or ''."""
    return " \u2014 ".join(c for c in roll.cells[1:] if c)


def morale_text(card: DeckCard) -> str | None:
    """'8; rolled 3+5 = 8, holds', 'rolled 9, compare with the stat card's Morale', '8', or None: said after
    a 'Morale:' label, so with no colon of its own."""
    if card.morale_roll is None:
        return None if card.morale is None else str(card.morale)
    verdicts = {True: _("fails"), False: _("holds"), None: _("compare with the stat card's Morale")}
    rolled = _("rolled {faces}, {verdict}").format(
        faces=faces_text(card.morale_faces, card.morale_roll), verdict=verdicts[card.morale_fails]
    )
    return rolled if card.morale is None else f"{card.morale}; {rolled}"
