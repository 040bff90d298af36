"""The rules in words: a pack and the engine's numbers in, the one phrasing every sheet prints out.

Every sheet, export and command that says a rule in prose says it through this module, so the
reference page, the trackers, the timetable, `systems`, `odds` and the JSON and CSV exports cannot
word the same rule two ways. It imports the model and the engine (which stays numbers only) and
nothing that draws; text is plain, with ``**bold**`` only where a caller asks for a label.

The formatters, one of each:

- :func:`clock` for a moment of play, ``h:mm`` (``h:mm:ss`` when it falls between minutes);
- :func:`duration` for a length of time, ``1 hour 30 minutes``, or ``1 hr 30 min`` with ``short``;
  :func:`every` and :func:`about` build on it;
- :func:`percent` for a chance, ``16.7%``, ``under 0.1%``, ``over 99.9%``; :func:`chance` adds the
  fraction when it is short (``1 in 6 (16.7%)``);
- :func:`signed`, :func:`level_span` and :func:`levels_phrase` for moves and levels of a track.

Then the check (:func:`dice_text`, :func:`trigger_text`, :func:`cadence_text` and
:func:`check_sentence`, the one line every sheet prints for the check), the rule that decides a
pre-rolled result (:func:`rule_text`), a timetable's rows (:func:`row_rule`, :func:`row_when`,
:func:`baseline_text`, ...) and its deck (:func:`deck_source`, :func:`deck_note`,
:func:`morale_rule`), and the odds table of `sheetgen odds` (:func:`odds_rows`).

A new rule is put into words here, beside the functions that say the same kind of thing, from the
pack and the engine's numbers (a Timetable carries its pack); every sheet and export that prints it
calls that function, and the engine goes on returning numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache
from typing import Literal

from sheetgen.engine.deck import DeckCard, TableRoll
from sheetgen.engine.dice import parse_dice
from sheetgen.engine.procedure import Machine, by_level, machine
from sheetgen.engine.timetable import Baseline, CheckRow, Omen, PoolRead, Timetable
from sheetgen.engine.types import Odds
from sheetgen.model.pack import ByTrack, Check, EncounterRules, Pack, Pool, Track

MINUS = "\u2212"
TIMES = "\u00d7"

# --- numbers ------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def clock(seconds: int | Fraction) -> str:
    """A moment of play as a clock: '0:10', '1:30', '0:00:10' when it falls between minutes."""
    whole = math.floor(seconds)
    hours, rest = divmod(whole, 3600)
    mins, secs = divmod(rest, 60)
    if secs or whole != seconds:
        return f"{hours}:{mins:02d}:{secs:02d}"
    return f"{hours}:{mins:02d}"


def duration(seconds: int, *, short: bool = False) -> str:
    """A length of time: '1 hour 30 minutes', '10 minutes', '30 seconds'; short: '1 hr 30 min'."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    names = (("hr", "min", "s") if short else ("hour", "minute", "second"))
    parts = []
    for n, name in zip((hours, minutes, secs), names, strict=True):
        if n:
            parts.append(f"{n} {name}" if short or n == 1 else f"{n} {name}s")
    return " ".join(parts) or ("0 min" if short else "0 minutes")


def every(seconds: int) -> str:
    """'every 10 minutes', 'every hour'."""
    text = duration(seconds)
    return f"every {text[2:]}" if text.startswith("1 ") and " " not in text[2:] else f"every {text}"


def about(minutes: Fraction) -> str:
    """An expected wait: 'about 45 minutes', 'about 2.5 hours' (hours from two hours on)."""
    value = float(minutes)
    if value >= 120:
        return f"about {value / 60:.1f} hours".replace(".0 hours", " hours")
    return f"about {round(value)} minutes"


def percent(p: Fraction) -> str:
    """'16.7%', 'under 0.1%', 'over 99.9%'."""
    value = float(p) * 100
    if 0 < value < 0.1:
        return "under 0.1%"
    if 99.9 < value < 100:
        return "over 99.9%"
    return f"{value:.1f}%"


def chance(p: Fraction) -> str:
    """'1 in 6 (16.7%)', '5/36 (13.9%)' or '28.6%'."""
    pct = percent(p)
    if p == 0 or p == 1:
        return pct
    if p.numerator == 1 and p.denominator <= 1000:
        return f"1 in {p.denominator} ({pct})"
    if p.denominator <= 100:
        return f"{p.numerator}/{p.denominator} ({pct})"
    return pct


def signed(by: int | str, direction: Literal["up", "down"] = "up") -> str:
    """'+1', '+1d4', and for a fall the same with a minus sign (U+2212) for the plus."""
    if isinstance(by, int):
        number = -by if direction == "down" else by
        return f"{number:+d}".replace("-", MINUS)
    return (MINUS if direction == "down" else "+") + by


def level_span(values: list[int]) -> str:
    """'3-4', '1-2 or 4': levels as ranges."""
    spans: list[tuple[int, int]] = []
    for v in sorted(set(values)):
        if spans and spans[-1][1] == v - 1:
            spans[-1] = (spans[-1][0], v)
        else:
            spans.append((v, v))
    parts = [str(a) if a == b else f"{a}-{b}" for a, b in spans]
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} or {parts[-1]}"


def levels_phrase(hits: list[int], low: int, high: int) -> str:
    """'3 or more', '2 or less', '4', '1-2 or 4': the levels (of low..high) at which a rule fires."""
    if hits == list(range(hits[0], hits[-1] + 1)) and hits[0] != hits[-1]:
        if hits[-1] == high:
            return f"{hits[0]} or more"
        if hits[0] == low:
            return f"{hits[-1]} or less"
    return level_span(hits)


def units_span(pack: Pack, units: int) -> str:
    """'dungeon turn (10 minutes)', '6 rounds (1 hour)'."""
    span = duration(units * pack.time.length)
    return f"{pack.time.unit} ({span})" if units == 1 else f"{units} {pack.time.plural} ({span})"


# --- the check ----------------------------------------------------------------------------------------


def read_name(check: Check) -> str:
    """What a check's result is read from, as a noun: 'highest die', 'lowest die', 'total', 'roll'."""
    if check.pool is None:
        return "roll"
    if check.pool.read == "count":
        return f"dice showing {check.pool.count_on}"
    return {"highest": "highest die", "lowest": "lowest die", "sum": "total"}[check.pool.read]


def roll_head(check: Check) -> str:
    """What the result is read from, before its value: '1d6', 'd10', 'highest d6', 'd6 total'."""
    if check.pool is None:
        assert check.roll is not None
        return str(parse_dice(check.roll))
    die = str(parse_dice(check.pool.die))
    if check.pool.read == "count":
        return f"{die} showing {check.pool.count_on}"
    return {"highest": f"highest {die}", "lowest": f"lowest {die}"}.get(check.pool.read, f"{die} total")


def advance_steps(check: Check) -> list[tuple[str, str]]:
    """How each result moves the check's advance track: [('1-3', 'no advance'), ('4-5', '+1')]."""
    if check.advance is None:
        return []
    return [(str(row.roll), row.label or signed(row.by)) for row in check.advance.by]


def dice_text(pack: Pack, check: Check) -> str:
    """The dice rolled: '1d6 + Escalation', or a pool with how it grows, when it is rolled and read."""
    if check.pool is None:
        return " + ".join([check.roll or "", *(pack.track(t).name for t in check.add)])
    pool = check.pool
    parts = [f"{pool.base} {TIMES} {pool.die}" if pool.base != 1 else pool.die]
    if pool.tallies:
        names = ", ".join(t.name for tally_id in pool.tallies for t in pack.tallies if t.id == tally_id)
        parts.append(f"plus one {pool.die} for each mark of {names}")
    if pool.grow:
        parts.append(f"plus {pool.grow} {TIMES} {pool.die} more every {pack.time.unit}")
    rule = [", ".join(parts)]
    if pool.roll_at is not None:
        rule.append(f"rolled when the pool holds {pool.roll_at} dice, then emptied")
    if pool.max_dice != Pool.model_fields["max_dice"].default:
        rule.append(f"at most {pool.max_dice} dice")
    rule.append({"highest": "the highest die counts", "lowest": "the lowest die counts",
                 "sum": "the dice are added",
                 "count": f"the result is how many dice show {pool.count_on}"}[pool.read])
    return "; ".join(rule)


def threshold_text(check: Check, value: int, at_least: bool) -> str:
    """'on a 6', 'on 5-6', 'on a total of 6 or higher', 'on 3 or lower', 'never'."""
    if check.roll is None or check.add:
        what = "a total of " if check.add else ""
        return f"on {what}{value} or {'higher' if at_least else 'lower'}"
    dice = parse_dice(check.roll)
    first, last = (max(value, dice.minimum), dice.maximum) if at_least else (dice.minimum, min(value, dice.maximum))
    if first > last:
        return "never"
    if first == last:
        return f"on a {first}"
    return f"on {first}-{last}"


def trigger_text(pack: Pack, check: Check, *, table: bool = True) -> str:
    """What brings the result: 'danger on a total of 6 or higher'. A trigger by a track's levels says
    'see the table below' when *table*, else gives each level's threshold."""
    trig = check.trigger
    result = check.result
    for value, at_least in ((trig.at_least, True), (trig.at_most, False)):
        if value is None:
            continue
        if isinstance(value, int):
            return f"{result} {threshold_text(check, value, at_least)}"
        track = pack.track(value.track)
        if value.levels is None:
            side = "at or above" if at_least else "at or below"
            return f"{result} on a result {side} the {track.name} value"
        if table:
            return f"{result} by {track.name}: see the table below"
        by = [f"{threshold_text(check, n, at_least)} at {track.name} {at}" for at, n in value.levels.items()]
        return f"{result} {_listed(by)}"
    if trig.faces is not None:
        return f"{result} on " + ", ".join(str(face) for face in trig.faces)
    full = pack.track(trig.track_full or "")
    return f"{result} when the {full.name} is full ({full.max})"


def cadence_text(pack: Pack, check: Check, *, table: bool = True) -> str:
    """How often it is rolled: 'every dungeon turn (10 minutes)'. A cadence by a track's levels says
    'see the table below' when *table*, else gives each level's cadence."""
    every_ = check.cadence.every
    if isinstance(every_, ByTrack):
        track = pack.track(every_.track)
        if table or not every_.levels:
            text = f"by {track.name}: see the table below"
        else:
            text = _listed([f"every {units_span(pack, n)} at {track.name} {at}" for at, n in every_.levels.items()])
    else:
        text = f"every {units_span(pack, every_)}"
    offset = check.cadence.offset
    if check.pool is not None and check.pool.roll_at is not None and every_ == 1 and not offset:
        from sheetgen.mechanic_words import pool_cadence_text

        return pool_cadence_text(pack)
    if check.cadence.first is not None:
        text += f"; the first at the end of {pack.time.unit} {offset + check.cadence.first}"
    elif offset:
        text += f"; the first after {offset} {pack.time.unit if offset == 1 else pack.time.plural} more"
    if check.cadence.rolls > 1:
        text = f"{times(check.cadence.rolls)} {text}"
    return text


def times(n: int) -> str:
    """'once', 'twice', '3 times'."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def after_text(pack: Pack, check: Check) -> str:
    """What an encounter resets: 'Escalation returns to 0; every tally mark is cleared', or ''."""
    parts = [f"{pack.track(t).name} returns to {pack.track(t).initial}" for t in check.on_encounter.reset]
    if check.on_encounter.clear_tallies:
        parts.append("every tally mark is cleared")
    return "; ".join(parts)


def check_sentence(pack: Pack) -> str:
    """The check in one line, the same on every sheet that states it: its dice, what brings its result
    and how often it is rolled. 'd10: encounter on a result at or below the Alarm value; every
    exploration round (30 minutes)'. A pool is named by its die and how it is read ('highest die of a
    pool of d6'); :func:`dice_text` says how the pool fills."""
    check = pack.check
    if check is None:
        return "no exploration check"
    dice = dice_text(pack, check) if check.pool is None else f"{read_name(check)} of a pool of {check.pool.die}"
    return f"{dice}: {trigger_text(pack, check, table=False)}; {cadence_text(pack, check, table=False)}"


def _listed(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


# --- the rule that decides a pre-rolled result --------------------------------------------------------


def rule_text(pack: Pack, result: int) -> str:
    """The rule that decides a pre-rolled result, with the threshold solved for the track.

    "d10 = 4: encounter if Alarm is 4 or more"; "1d6 = 3: danger if Escalation is 3 or more";
    "1d6 = 6: encounter"; "1d6 = 1: no encounter at any Alert Level"; for a clock that fills,
    "highest d6 = 6: +2 segments on Encounter Clock; encounter if it is at 4 or more".
    """
    return _rule_text(machine(pack), result)


@lru_cache(maxsize=4096)
def _rule_text(m: Machine, result: int) -> str:
    check = m.check
    head = f"{roll_head(check)} = {result}"
    word = check.result
    if check.trigger.track_full is not None:
        return f"{head}: {_advance_text(m, result)}"
    variable = _variable(m)
    if variable is None and (m.add or _by_track(m) is not None):
        return f"{head}: {_formula_text(m, result)}"
    if variable is None:
        fires = m.fires(result, m.initial().levels)
        return f"{head}: {word}" if fires else f"{head}: no {word}"
    name, low, high, levels_for = variable
    hits = [v for v in range(low, high + 1) if m.fires(result, levels_for(v))]
    if not hits:
        return f"{head}: no {word} at any {name}"
    if len(hits) == high - low + 1:
        return f"{head}: {word}"
    return f"{head}: {word} if {name} is {levels_phrase(hits, low, high)}"


def _advance_text(m: Machine, result: int) -> str:
    assert m.advance is not None and m.check.trigger.track_full is not None
    i, rows = m.advance
    track = m.tracks[i]
    row = next((r for r in rows if result in r.roll), None)
    steps = row.by if row is not None else 0
    label = row.label if row is not None and row.label else None
    if steps == 0:
        return label or f"{track.name} does not move"
    moved = f"{label} on {track.name}" if label else f"{track.name} +{steps}"
    if m.index[m.check.trigger.track_full] != i:
        return moved
    at = max(track.min, track.max - steps)
    if at == track.min:
        return f"{moved}; {m.check.result}"
    where = f"it is at {at}" if at == track.max else f"it is at {at} or more"
    return f"{moved}; {m.check.result} if {where}"


def _variable(m: Machine) -> tuple[str, int, int, Callable[[int], tuple[int, ...]]] | None:
    """The one quantity the trigger depends on: a track, or the sum of the added tracks."""
    by_track = _by_track(m)
    base = m.initial().levels
    involved = sorted(set(m.add) | ({m.index[by_track]} if by_track is not None else set()))
    if not involved:
        return None
    if len(involved) == 1:
        i = involved[0]
        track = m.tracks[i]

        def one(v: int) -> tuple[int, ...]:
            return (*base[:i], v, *base[i + 1:])

        return track.name, track.min, track.max, one
    if by_track is not None:
        return None
    # Only the sum of the added tracks matters: put it all on the first, the rest at their minimum.
    first, rest = m.add[0], m.add[1:]
    floor = list(base)
    for i in rest:
        floor[i] = m.tracks[i].min

    def total(v: int) -> tuple[int, ...]:
        levels = list(floor)
        levels[first] = v - sum(m.tracks[i].min for i in rest)
        return tuple(levels)

    names = " + ".join(m.tracks[i].name for i in m.add)
    return names, sum(m.tracks[i].min for i in m.add), sum(m.tracks[i].max for i in m.add), total


def _by_track(m: Machine) -> str | None:
    trigger = m.check.trigger
    return next((v.track for v in (trigger.at_least, trigger.at_most) if isinstance(v, ByTrack)), None)


def _formula_text(m: Machine, result: int) -> str:
    """The trigger written out, for a rule that adds one track and compares with another."""
    trigger = m.check.trigger
    added = " + ".join([str(result), *(m.tracks[i].name for i in m.add)])
    value = trigger.at_least if trigger.at_least is not None else trigger.at_most
    assert isinstance(value, ByTrack)
    against = m.pack.track(value.track).name
    if value.levels is not None:
        against = f"the value for the {against}"
    relation = "at least" if trigger.at_least is not None else "at most"
    return f"{m.check.result} if {added} is {relation} {against}"


# --- a timetable's rows ---------------------------------------------------------------------------------


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


def row_rule(t: Timetable, row: CheckRow) -> str:
    """The rule that decides the row: a plain roll's rule for its result, or a pool's rule."""
    if row.roll is None:
        return pool_rule(t.pack)
    return rule_text(t.pack, row.roll)


def read_rule(t: Timetable, read: PoolRead) -> str:
    """The rule for a pool row read with its first N dice."""
    return rule_text(t.pack, read.result)


def row_when(t: Timetable, row: CheckRow) -> str:
    """At which levels the row's check is rolled, for a party whose level held since the last one;
    '' when it is always rolled. A check rolled several times each time it falls due says which roll
    the row is: 'roll 2 of 2'."""
    m = machine(t.pack)
    when = _when(m, row.unit)
    if m.rolls == 1:
        return when
    return "; ".join(part for part in (f"roll {row.repeat} of {m.rolls}", when) if part)


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


def baseline_text(t: Timetable, row: CheckRow) -> str:
    """What a quiet party's procedure does with the row's dice: 'no danger; Escalation 0'."""
    return _baseline_text(machine(t.pack), row.baseline, row.unit)


@lru_cache(maxsize=4096)
def _baseline_text(m: Machine, b: Baseline, unit: int) -> str:
    word = m.check.result
    parts: list[str] = []
    if not b.due and m.cadence is not None:
        track = m.pack.track(m.cadence.track)
        parts.append(f"not rolled ({track.name} {b.levels[m.index[track.id]].level})")
    elif not b.due:
        parts.append("not rolled")
    elif not b.rolled:
        assert m.pool is not None
        needed = f", rolled at {m.pool.roll_at}" if m.pool.roll_at is not None else ""
        parts.append(f"not rolled (pool of {b.pool}{needed})")
    else:
        outcome = word if b.encounter else f"no {word}"
        if m.pool is not None:
            outcome = f"first {b.dice}: {m.pool.read} {b.result}, {outcome}"
        parts.append(outcome)
    if m.read:  # only the tracks the check reads: the others do not decide the row
        parts.append(", ".join(f"{b.levels[i].name} {b.levels[i].level}" for i in m.read))
    parts.extend(f"omen: {omen_text(m.pack, omen)}" for omen in b.omens)
    from sheetgen.mechanic_words import row_extras

    parts.extend(row_extras(m.pack, unit, b.outcome_index, b.sign_card, b.ran_out, b.rests_due))
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
        parts[0] += f" ({pool.base} + one per mark of {', '.join(sources)})"
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


def faces_text(faces: tuple[int, ...], total: int) -> str:
    """'4' for one die, '1+5 = 6' for several."""
    return f"{'+'.join(map(str, faces))} = {total}" if len(faces) > 1 else str(total)


def appearing_text(card: DeckCard) -> str:
    """'5 (2d4: 1+4)', '3 (d4)', or '1' where the number is not rolled."""
    if "d" not in card.appearing_dice.lower():  # a plain "1" is a number, not a roll
        return str(card.appearing)
    faces = card.appearing_faces
    how = f"{card.appearing_dice}: {'+'.join(map(str, faces))}" if len(faces) > 1 else card.appearing_dice
    return f"{card.appearing} ({how})"


def table_roll_text(roll: TableRoll) -> str:
    """'Close (1d6: 2): Within reach of Melee Attacks': the row rolled, then its other cells."""
    rest = " \u2014 ".join(c for c in roll.cells[1:] if c)
    said = f"{roll.result} ({roll.dice}: {roll.roll})"
    return f"{said}: {rest}" if rest else said


def morale_text(card: DeckCard) -> str | None:
    """'8: check rolled 3+5 = 8, holds', 'check rolled 9, compare with the stat card's Morale', '8', or None."""
    if card.morale_roll is None:
        return None if card.morale is None else str(card.morale)
    verdicts = {True: "fails", False: "holds", None: "compare with the stat card's Morale"}
    rolled = f"check rolled {faces_text(card.morale_faces, card.morale_roll)}, {verdicts[card.morale_fails]}"
    return rolled if card.morale is None else f"{card.morale}: {rolled}"


# --- the odds, for the terminal ------------------------------------------------------------------------


def odds_rows(odds: Odds) -> list[tuple[str, ...]]:
    """Rows for the terminal: a header, one row per check, then the totals."""
    rows: list[tuple[str, ...]] = [("Check", "Time", f"Chance of {odds.result}", f"First {odds.result}")]
    for c in odds.checks:
        text = chance(c.chance)
        if c.rolled != 1:
            text += f", rolled {percent(c.rolled)}"
        rows.append((str(c.index), clock(c.minute * 60), text, chance(c.chance_first)))
    for hour, p in enumerate(odds.by_hour, start=1):
        rows.append((f"By hour {hour}", clock(hour * 3600), f"at least one: {percent(p)}", ""))
    rows.append(("Expected number", clock(odds.hours * 3600), f"{float(odds.expected_encounters):.2f} by then", ""))
    first = odds.expected_minutes_to_first
    wait = "never certain" if first is None else f"{clock(first * 60)} ({about(first)})"
    rows.append(("First expected", "", f"after {wait}", ""))
    return rows


def track_range(track: Track) -> str:
    """'0-10', or '-2 to 2' when it starts below 0."""
    return f"{track.min} to {track.max}" if track.min < 0 else f"{track.min}-{track.max}"
