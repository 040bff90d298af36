"""The exact message and place of each refusal of what a pack or site refers to, one small file each: a
missing id named where it is written, with the id it was meant to be; two items with one id; a level off its
track; a horizon shorter than a unit; a syntax error beside a field nested past Python's depth.

tests/bad_inputs/cases.toml holds the refusals a file shows at the command line; these hold those of the
checks that run once a file has read, against a pack whose every reference resolves (CLOCK, accepted).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from sheetgen.errors import DataError, Location
from sheetgen.load.files import forget_loaded_packs, load_pack, load_pack_or_site, load_site, located, pack_from_doc
from sheetgen.load.variants import site_with_variant
from sheetgen.load.yamlread import parse_yaml

CLOCK = """\
kind: pack
id: clocky
name: Clocky
time: {unit: round, length: 1 minute}
check:
  name: Encounter Check
  when: each round
  formula: Roll the pool.
  pool:
    die: d6
    base: 1
    tallies: [loud-noise]
    read: highest
  trigger:
    track_full: encounter-clock
  advance:
    track: encounter-clock
    by:
      - {roll: 1-3, by: 0, label: no advance}
      - {roll: 4-5, by: 1, label: +1 segment}
      - {roll: 6, by: 2, label: +2 segments}
tracks:
  - id: encounter-clock
    name: Encounter Clock
    max: 6
    display: clock
    player_safe: false
    levels:
      - {at: 3, label: Omen}
      - {at: 6, label: Encounter}
tallies:
  - {id: loud-noise, name: Loud Noise, text: A die for each Loud Noise.}
reference:
  pages:
    - title: Clocky
      sections: [{kind: check}]
"""

TABLE = """\
tables:
  - id: encounter-clock
    name: Wandering
    roll: 1d2
    columns: [What]
    rows:
      - {roll: 1-2, cells: [Rats]}
    player_safe: true
"""
PLAYERS = "    - title: Players\n      sections: [{kind: table, ref: encounter-clock, player_safe: true}]\n"
VARIANT = "variants:\n  - id: fast\n    name: Fast\n    text: Fast.\n"
ROLL = "rolls:\n  - id: dice\n    name: Dice\n    when: every round\n"

PACKS = [
    (
        "pool-tally",
        CLOCK.replace("tallies: [loud-noise]", "tallies: [loud-nose]"),
        ['12:15: check.pool.tallies[0]: no tally with id "loud-nose" (did you mean "loud-noise"?)'],
    ),
    (
        "advance-track",
        CLOCK.replace("    track: encounter-clock\n    by:", "    track: encounter-clok\n    by:"),
        [
            "15:17: check.trigger.track_full: track_full needs an advance table that moves the same track",
            '17:12: check.advance.track: no track with id "encounter-clok" (did you mean "encounter-clock"?)',
        ],
    ),
    (
        "advance-rows",
        CLOCK.replace("      - {roll: 6, by: 2, label: +2 segments}\n", ""),
        ["19:7: check.advance.by: no row covers 6 on the check's result; every result needs exactly one row"],
    ),
    (
        "level-off-its-track",
        CLOCK.replace("{at: 6, label: Encounter}", "{at: 7, label: Encounter}"),
        ["30:14: tracks[0].levels[1].at: level 7 is outside the track's range 0-6"],
    ),
    (
        "two-tracks-one-id",
        CLOCK.replace("tallies:\n", "  - {id: encounter-clock, name: Again, max: 3}\ntallies:\n"),
        ['31:10: tracks[1].id: duplicate id "encounter-clock" (first used by tracks[0]); each id must be unique'],
    ),
    (
        "a-tally-with-a-tracks-id",
        CLOCK.replace("reference:\n", "  - {id: encounter-clock, name: Clock, text: A mark.}\nreference:\n"),
        [
            '33:10: tallies[1].id: a track and a tally share the id "encounter-clock" (first used by tracks[0]); each '
            "id must be unique"
        ],
    ),
    (
        "two-rests-one-id",
        CLOCK
        + "rests:\n  - {id: breather, name: Rest, time: 10 minutes}\n  - {id: breather, name: Long, time: 1 hour}\n",
        ['39:10: rests[1].id: duplicate id "breather" (first used by rests[0]); each id must be unique'],
    ),
    (
        "tracker-part",
        CLOCK
        + "trackers:\n  - id: t\n    title: T\n    audience: gm\n    parts: [{kind: track, ref: encounter-clok}]\n",
        ['41:32: trackers[0].parts[0].ref: no track with id "encounter-clok" (did you mean "encounter-clock"?)'],
    ),
    (
        "check-section-without-a-check",
        CLOCK.replace(CLOCK[CLOCK.index("check:") : CLOCK.index("tracks:")], ""),
        ["19:25: reference.pages[0].sections[0].kind: a check section needs the pack to have a check"],
    ),
    (
        "secret-table",
        CLOCK.replace("tallies:\n", TABLE.replace("player_safe: true", "player_safe: false") + "tallies:\n") + PLAYERS,
        [
            "46:67: reference.pages[1].sections[0].player_safe: table 'encounter-clock' is not player_safe, so this "
            "section cannot be player_safe"
        ],
    ),
    (
        "horizon-shorter-than-a-unit",
        CLOCK.replace("length: 1 minute}", "length: 61 minutes, horizon: 1 hour}"),
        ["4:50: time.horizon: 1 hour is shorter than one round (61 minutes); make it at least 2 hours"],
    ),
    (
        "two-variants-one-id",
        CLOCK
        + "variants:\n  - {id: fast, name: Fast, text: A, unit_length: 2 minutes}\n"
        + "  - {id: fast, name: Faster, text: B, unit_length: 3 minutes}\n",
        ['39:10: variants[1].id: two variants share the id "fast" (first used by variants[0]); each id must be unique'],
    ),
    (
        "variant-says-what-is-printed-nowhere",
        CLOCK + VARIANT + '    says: {"Roll the dice.": Roll it.}\n',
        [
            "41:12: variants[0].says.Roll the dice.: 'Roll the dice.' is printed nowhere in the pack; give a phrase of "
            "its text, as written"
        ],
    ),
    (
        "variant-check-track-full",
        CLOCK
        + VARIANT
        + "    check:\n      name: C\n      when: w\n      formula: f\n      roll: 1d6\n"
        + "      trigger: {track_full: encounter-clok}\n",
        [
            '46:29: variants[0].check.trigger.track_full: no track with id "encounter-clok" (did you mean '
            '"encounter-clock"?)'
        ],
    ),
    (
        "roll-adds-a-missing-track",
        CLOCK + ROLL + "    roll: 1d6\n    add: [encounter-clok]\n    outcomes:\n      - {roll: 1-7, result: Out}\n",
        ['42:11: rolls[0].add[0]: no track with id "encounter-clok" (did you mean "encounter-clock"?)'],
    ),
    (
        "pattern-names-a-missing-die",
        CLOCK
        + ROLL
        + "    roll: 2d6\n    dice_names: [red, white]\n    outcomes:\n"
        + "      - {pattern: {die: {blue: 1}}, result: Blue}\n",
        ['44:32: rolls[0].outcomes[0].pattern.die.blue: no die named "blue" (known: red, white)'],
    ),
    (
        "unknown-field-of-a-list-item-in-a-list-item",  # the suggestion is from a level's fields, not a track's
        CLOCK.replace("{at: 3, label: Omen}", "{at: 3, lable: Omen}"),
        [
            "29:9: tracks[0].levels[0].label: required field is missing",
            '29:17: tracks[0].levels[0].lable: unknown field "lable" (did you mean "label"?)',
        ],
    ),
    (
        "one-message-for-a-union",  # every: a number or a track's levels; the number is what was meant
        CLOCK.replace("    read: highest\n", "    read: highest\n  cadence: {every: often}\n"),
        ["14:20: check.cadence.every: expected a whole number, not 'often'"],
    ),
    (
        "table-dice-too-many-to-work-out",
        CLOCK.replace(
            "tallies:\n",
            "tables:\n  - id: t\n    name: T\n    roll: 400d6\n    columns: [What]\n    rows:\n"
            "      - {roll: 400-2400, cells: [Rats]}\ntallies:\n",
        ),
        ['34:11: tables[0].roll: dice "400d6": too large to compute exactly (it can still be rolled)'],
    ),
    (
        "patterns-read-from-the-total",
        CLOCK[: CLOCK.index("check:")]
        + "check:\n  name: C\n  when: w\n  formula: f\n  roll: 2d6\n  dice_names: [red, white]\n"
        + "  add: [encounter-clock]\n  outcomes_read: total\n  trigger: {faces: [2]}\n  outcomes:\n"
        + "    - {pattern: {die: {red: 1}}, result: Red}\n"
        + CLOCK[CLOCK.index("tracks:") :],
        [
            "12:18: check.outcomes_read: outcomes read from the total cannot be patterns: read them from the result",
            "15:5: check.outcomes: no row covers 2-18 on the check's total; every result needs exactly one row",
        ],
    ),
    (
        "trigger-track-full",
        CLOCK.replace("  trigger:\n    track_full: encounter-clock", "  trigger:\n    track_full: encounter-clok"),
        [
            '15:17: check.trigger.track_full: no track with id "encounter-clok" (did you mean "encounter-clock"?)',
            "15:17: check.trigger.track_full: track_full needs an advance table that moves the same track",
        ],
    ),
    (
        "pool-of-two-dice-a-die",  # said once, at the die: no row is read against a die that is wrong
        CLOCK.replace("    die: d6\n", "    die: 2d6\n"),
        [
            '10:10: check.pool.die: a pool is made of single dice such as d6: dice "2d6": expected a single die such '
            'as "d6"',
        ],
    ),
    (
        "two-statblocks-one-id",
        CLOCK + "statblocks:\n  - {id: rat, name: Rat, stats: {HP: 2}}\n  - {id: rat, name: Big rat, stats: {HP: 4}}\n",
        ['39:10: statblocks[1].id: duplicate id "rat" (first used by statblocks[0]); each id must be unique'],
    ),
    (
        "encounter-table",
        CLOCK + "encounter:\n  reaction: reacton\n",
        ['38:13: encounter.reaction: no table with id "reacton": the file defines none'],
    ),
    (
        "outcomes-of-a-pool-read-from-the-total",
        CLOCK.replace(
            "    read: highest\n",
            "    read: highest\n  outcomes_read: total\n  outcomes:\n    - {roll: 1-6, result: Any}\n",
        ),
        ["14:18: check.outcomes_read: total is for a plain roll with tracks added (add); use result otherwise"],
    ),
    (
        "cadence-by-a-missing-track",
        CLOCK.replace(
            "    read: highest\n", "    read: highest\n  cadence: {every: {track: encounter-clok, levels: {0-6: 1}}}\n"
        ),
        ['14:28: check.cadence.every.track: no track with id "encounter-clok" (did you mean "encounter-clock"?)'],
    ),
    (
        "a-union-and-a-field-after-it",  # one message for the union's place, and the next place still said
        CLOCK.replace("    read: highest\n", "    read: highest\n  cadence: {every: often}\n").replace(
            "    max: 6\n", "    max: six\n"
        ),
        [
            "14:20: check.cadence.every: expected a whole number, not 'often'",
            "26:10: tracks[0].max: expected a whole number, not 'six'",
        ],
    ),
    (
        "table-rows-short-of-the-dice",
        CLOCK.replace(
            "tallies:\n",
            "tables:\n  - id: t\n    name: T\n    roll: 1d6\n    columns: [What]\n    rows:\n"
            "      - {roll: 1-5, cells: [Rats]}\ntallies:\n",
        ),
        ["37:7: tables[0].rows: no row covers 6 on 1d6; every result needs exactly one row"],
    ),
    (
        "outcomes-short-of-the-dice",
        CLOCK[: CLOCK.index("check:")]
        + "check:\n  name: C\n  when: w\n  formula: f\n  roll: 1d6\n  trigger: {faces: [1]}\n  outcomes:\n"
        + "    - {roll: 1-5, result: Some}\n"
        + CLOCK[CLOCK.index("tracks:") :],
        ["12:5: check.outcomes: no row covers 6 on the check's result; every result needs exactly one row"],
    ),
    (
        "tracker-turns-of-a-missing-action",
        CLOCK
        + "actions:\n  - {name: Move, text: Go.}\ntrackers:\n  - id: t\n    title: T\n    audience: gm\n"
        + "    parts: [{kind: turns, actions: [Move, Mvoe]}]\n",
        ['43:43: trackers[0].parts[0].actions[1]: no action named "Mvoe" (actions: Move)'],
    ),
    (
        "usage-die-on-no-face",
        CLOCK + "resources:\n  - id: torches\n    name: Torches\n    dice: [d8, d6]\n    on: 7-8\n    every: 1\n",
        [
            "41:9: resources[0].on: no face of d6 is in on (7-8), so it could never step down: give on faces every "
            "die has, such as 1-2"
        ],
    ),
    (
        "usage-die-on-only-zero",  # 0 is no die's face
        CLOCK + "resources:\n  - id: torches\n    name: Torches\n    dice: [d4]\n    on: 0\n    every: 1\n",
        [
            "41:9: resources[0].on: no face of d4 is in on (0), so it could never step down: give on faces every "
            "die has, such as 1-2"
        ],
    ),
    (
        "check-dice-too-many-to-work-out",  # said at the dice, not when the odds or the timetable are made
        CLOCK[: CLOCK.index("check:")]
        + "check:\n  name: C\n  when: w\n  formula: f\n  roll: 400d6\n  trigger: {faces: [1]}\n  outcomes:\n"
        + "    - {roll: 400-2400, result: Some}\n"
        + CLOCK[CLOCK.index("tracks:") :],
        ['9:9: check.roll: dice "400d6": too large to compute exactly (it can still be rolled)'],
    ),
    (
        "roll-dice-too-many-to-work-out",
        CLOCK + ROLL + "    roll: 400d6\n    outcomes:\n      - {roll: 400-2400, result: Any}\n",
        ['41:11: rolls[0].roll: dice "400d6": too large to compute exactly (it can still be rolled)'],
    ),
    (
        "variant-check-dice-too-many-to-work-out",
        CLOCK
        + VARIANT
        + "    check:\n      name: C\n      when: w\n      formula: f\n      roll: 400d6\n"
        + "      trigger: {faces: [1]}\n",
        ['45:13: variants[0].check.roll: dice "400d6": too large to compute exactly (it can still be rolled)'],
    ),
    (
        "wandering-table-without-dice",
        CLOCK.replace(
            "tallies:\n",
            "tables:\n  - id: w\n    name: W\n    columns: [What]\n    rows:\n      - {cells: [Rats]}\ntallies:\n",
        )
        + "encounter:\n  wandering: w\n",
        ['44:14: encounter.wandering: table "w" has no roll, so a deck cannot draw from it'],
    ),
    (
        "trigger-by-levels-short-of-the-track",
        CLOCK.replace(
            "  trigger:\n    track_full: encounter-clock",
            "  trigger:\n    at_least: {track: encounter-clock, levels: {0-3: 6}}",
        ),
        [
            "15:48: check.trigger.at_least.levels: no row covers 4-6 on Encounter Clock (0-6); every result needs "
            "exactly one row"
        ],
    ),
    (
        "table-row-that-cannot-come-up",
        CLOCK.replace(
            "tallies:\n",
            TABLE.replace(
                "      - {roll: 1-2, cells: [Rats]}\n",
                "      - {roll: 1-2, cells: [Rats]}\n      - {roll: 3, cells: [Bats]}\n",
            )
            + "tallies:\n",
        ),
        ["38:9: tables[0].rows[1]: 3 cannot come up on 1d2"],
    ),
    (
        "one-name-for-two-dice",
        CLOCK
        + ROLL
        + "    roll: 2d6\n    dice_names: [red, red]\n    outcomes:\n      - {pattern: {die: {red: 1}}, result: Red}\n"
        + "      - {roll: 2-12, result: Any}\n",
        ['42:23: rolls[0].dice_names[1]: "red" names two dice: give each its own name'],
    ),
    (
        "patterns-of-a-pool",
        CLOCK.replace(
            "    read: highest\n", "    read: highest\n  outcomes:\n    - {pattern: {die: {a: 1}}, result: A}\n"
        ),
        ["10:5: check.pool: patterns read the dice of a plain roll (roll: 2d6), not of a pool"],
    ),
    (
        "variant-check-resets-a-missing-track",
        CLOCK
        + VARIANT
        + "    check:\n      name: C\n      when: w\n      formula: f\n      roll: 1d6\n      trigger: {faces: [1]}\n"
        + "      on_encounter: {reset: [encounter-clok]}\n",
        [
            '47:30: variants[0].check.on_encounter.reset[0]: no track with id "encounter-clok" (did you mean '
            '"encounter-clock"?)'
        ],
    ),
    (
        "variant-check-advances-a-missing-track",
        CLOCK
        + VARIANT
        + "    check:\n      name: C\n      when: w\n      formula: f\n      roll: 1d6\n      trigger: {faces: [1]}\n"
        + "      advance:\n        track: encounter-clok\n        by:\n          - {roll: 1-6, by: 1}\n",
        ['48:16: variants[0].check.advance.track: no track with id "encounter-clok" (did you mean "encounter-clock"?)'],
    ),
    (
        "comma-inside-braces-after-a-field-on-the-line",  # the text starts after the brace's field, not the line's
        CLOCK.replace("time: {unit: round, length: 1 minute}", "time: {unit: round, brisk, length: 1 minute}"),
        ["4:14: time: this text contains ', '; put the whole text in quotes: \"round, brisk\""],
    ),
    (
        "field-name-no-font-can-draw",  # said at the name, not at its value
        CLOCK + 'statblocks:\n  - {id: rat, name: Rat, stats: {"HP\\U0001F600": 2}}\n',
        [
            '38:34: statblocks[0].stats.HP\U0001f600: character "\U0001f600" (U+1F600) is in none of the shipped '
            "fonts; replace it or remove it"
        ],
    ),
    (
        "a-slip-and-an-unknown-field",  # the parts that read are checked as a pack's, whatever the slip
        CLOCK.replace("name: Clocky\n", "name: Clocky: a game\n").replace("tallies:\n  -", "talies:\n  -"),
        [
            "3:7: name: this text contains ': '; put the whole text in quotes: \"Clocky: a game\"",
            '31:1: talies: unknown field "talies" (did you mean "tallies"?)',
        ],
    ),
    (
        "two-rolls-one-mark",
        CLOCK
        + ROLL
        + "    roll: 1d6\n    cadence: {every: 2}\n    mark: W\n    outcomes:\n      - {roll: 1-6, result: Any}\n"
        + "  - id: more\n    name: More\n    when: every other round\n    roll: 1d6\n    cadence: {every: 2}\n"
        + "    mark: W\n    outcomes:\n      - {roll: 1-6, result: Any}\n",
        [
            '51:11: rolls[1].mark: its mark on the turns grid, "W", is also roll "dice"\'s: give it a mark of its own '
            "(mark: up to 3 letters)"
        ],
    ),
    (
        "players-section-of-a-secret-track-with-a-tables-id",  # the track is asked, not the table of its id
        CLOCK.replace("tallies:\n", TABLE + "tallies:\n") + PLAYERS.replace("kind: table", "kind: track"),
        [
            "46:67: reference.pages[1].sections[0].player_safe: track 'encounter-clock' is not player_safe, so this "
            "section cannot be player_safe"
        ],
    ),
    (
        "a-cut-text-beside-a-shape-problem",
        CLOCK.replace("formula: Roll the pool.", "formula: Roll the pool on Room #3.").replace(
            "    max: 6\n", "    max: six\n"
        ),
        [
            "8:12: check.formula: this text contains ' #'; put the whole text in quotes: \"Roll the pool on Room #3.\"",
            "25:10: tracks[0].max: expected a whole number, not 'six'",
        ],
    ),
    (
        "action-moves-a-missing-track",
        CLOCK + "actions:\n  - {name: Move, text: Go., effects: [{track: encounter-clok, by: 1}]}\n",
        [
            '38:47: actions[0].effects[0].track: no track, tally or resource with id "encounter-clok" (did you mean '
            '"encounter-clock"?)'
        ],
    ),
    (
        "a-windows-path-in-double-quotes",
        CLOCK.replace("formula: Roll the pool.", 'formula: "Roll C:\\dice"'),
        [
            "8:20: this text holds \\d, which double quotes read as an escape YAML does not know: write \\\\ for "
            "each backslash, or put the text in single quotes"
        ],
    ),
    (
        "section-of-a-missing-track",
        CLOCK.replace("sections: [{kind: check}]", "sections: [{kind: check}, {kind: track, ref: encounter-clok}]"),
        [
            '36:52: reference.pages[0].sections[1].ref: no track with id "encounter-clok" (did you mean '
            '"encounter-clock"?)'
        ],
    ),
    (
        "players-tracker-of-a-secret-track",
        CLOCK
        + "trackers:\n  - id: t\n    title: T\n    audience: players\n"
        + "    parts: [{kind: track, ref: encounter-clock}]\n",
        ["41:32: trackers[0].parts[0].ref: track 'encounter-clock' is not player_safe but this sheet is for players"],
    ),
    (
        "two-tallies-one-id",
        CLOCK.replace("reference:\n", "  - {id: loud-noise, name: Again, text: Again.}\nreference:\n"),
        ['33:10: tallies[1].id: duplicate id "loud-noise" (first used by tallies[0]); each id must be unique'],
    ),
    (
        "table-without-columns",
        CLOCK.replace("tallies:\n", TABLE.replace("columns: [What]", "columns: []") + "tallies:\n"),
        ["35:14: tables[0].columns: needs at least 1 entry"],
    ),
    (
        "results-of-a-missing-roll",
        CLOCK
        + ROLL
        + "    roll: 1d6\n    outcomes:\n      - {roll: 1-6, result: Any}\n"
        + "trackers:\n  - id: t\n    title: T\n    audience: gm\n    parts: [{kind: results, ref: dies}]\n",
        ['48:34: trackers[0].parts[0].ref: no roll with id "dies" (did you mean "dice"?)'],
    ),
    (
        "outcome-below-a-track-that-starts-above-zero",  # the roll's totals start at its dice plus the tracks' least
        CLOCK.replace("tallies:\n", "  - {id: dread, name: Dread, min: 1, max: 2}\ntallies:\n")
        + ROLL
        + "    roll: 1d6\n    add: [dread]\n    outcomes:\n      - {roll: 1, result: Never}\n"
        + "      - {roll: 2-8, result: Any}\n",
        ["45:16: rolls[0].outcomes[0].roll: 1 cannot come up on 1d6 with the tracks added (2-8)"],
    ),
    (
        "hash-in-a-text-with-lines-after-it",  # the text shown ends with its line
        CLOCK.replace("formula: Roll the pool.", "formula: Roll the pool on Room #3 and on.\n  # a comment"),
        [
            "8:12: check.formula: this text contains ' #'; put the whole text in quotes: "
            '"Roll the pool on Room #3 and on."'
        ],
    ),
]


def problems(path: Path, load: Callable[[str], object]) -> list[str]:
    forget_loaded_packs()  # a pack is kept by its path, and each case writes p.yaml anew
    with pytest.raises(DataError) as info:
        load(str(path))
    said = [str(p) for p in info.value.problems]
    assert all(line.startswith(f"{path}:") for line in said), said  # every problem names the file
    return [line.removeprefix(f"{path}:") for line in said]


def test_the_pack_they_start_from_is_accepted(tmp_path: Path) -> None:
    for text in (CLOCK, CLOCK.replace("tallies:\n", TABLE + "tallies:\n") + PLAYERS):
        path = tmp_path / "p.yaml"
        path.write_text(text, encoding="utf-8")
        forget_loaded_packs()
        assert load_pack(str(path)).id == "clocky"


@pytest.mark.parametrize(("text", "expected"), [case[1:] for case in PACKS], ids=[case[0] for case in PACKS])
def test_a_pack_refused_says_what_and_where(tmp_path: Path, text: str, expected: list[str]) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(text, encoding="utf-8")
    assert problems(path, load_pack) == expected


SITE = 'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - {key: "1", name: Stair}\n'
ROUTE = (
    'site: Trip\nsystem: wilderness-watches\nrooms:\n  - {key: "1", name: Millford}\nroute:\n  track: {track}\n'
    "  legs:\n    - {key: '1', name: The river road, terrain: Road, time: 8 hours}\n"
)

# the route played with a pack whose unit is shorter than a leg of eight hours
DUNGEON_ROUTE = ROUTE.replace("wilderness-watches", "dungeon-turn").replace("8 hours", "1 hour")

SITES = [
    # a field the syntax error cut off is not also reported missing, nor what follows from it
    (
        "kind-unreadable",
        "kind: [site\nsite: The Cellar\n",
        ["1:7: kind: this [ opens a list that is never closed; end it with ]"],
    ),
    # a broken line that names no field: no part of the file reads, so only the syntax error is told
    ("no-field-reads", "[oops\nsite: The Cellar\n", ["1:1: this [ opens a list that is never closed; end it with ]"]),
    (
        "nested-past-pythons-depth-beside-a-slip",
        "site: The Cellar\nsystem: dungeon-turn\nauthor: Me: you\nrooms: " + "[" * 3000 + "]" * 3000 + "\n",
        [
            "3:9: author: this text contains ': '; put the whole text in quotes: \"Me: you\"",
            "4:1: the YAML is nested too deeply",
        ],
    ),
    (
        "exit-to-no-room-of-ten",  # many keys are shown by their first four and last two
        SITE.replace('  - {key: "1", name: Stair}\n', "")
        + "".join(f'  - {{key: "{i}", name: R{i}}}\n' for i in range(1, 11)).replace("R1}", 'R1, exits: ["11"]}', 1),
        ['4:34: rooms[0].exits[0]: no room with key "11" (rooms are 1, 2, 3, 4, ... 9, 10)'],
    ),
    (
        "exit-to-no-room-of-nine",  # nine keys are more than eight: shown by their first four and last two
        SITE.replace('  - {key: "1", name: Stair}\n', "")
        + "".join(f'  - {{key: "{i}", name: R{i}}}\n' for i in range(1, 10)).replace("R1}", 'R1, exits: ["11"]}', 1),
        ['4:34: rooms[0].exits[0]: no room with key "11" (rooms are 1, 2, 3, 4, ... 8, 9)'],
    ),
    (
        "wandering-dice-too-many-to-work-out",
        SITE + "wandering:\n  roll: 400d6\n  entries:\n    - {roll: 400-2400, name: Rats}\n",
        ['6:9: wandering.roll: dice "400d6": too large to compute exactly (it can still be rolled)'],
    ),
    ("a-list-at-the-top", "- a\n- b\n", ["1:1: expected a mapping of fields (name: value) at the top, found a list"]),
    (
        "route-track-of-a-pack-with-none-chosen",
        DUNGEON_ROUTE.replace("{track}", "terrian"),
        ['6:10: route.track: no track with id "terrian" in dungeon-turn (tracks the GM chooses: none)'],
    ),
    (
        "route-track-not-chosen",
        DUNGEON_ROUTE.replace("{track}", "escalation"),
        [
            "6:10: route.track: Escalation is not a track the GM chooses, so a leg cannot set it; name a track with "
            "chosen: true (dungeon-turn has none)"
        ],
    ),
    (
        "control-character-in-a-field-name",
        'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - {key: "1", name: Stair, "na\\ame": x}\n',
        [
            "4:29: rooms[0]: the text holds control character U+0007 (written as an escape such as \\0 or \\e); "
            "remove it"
        ],
    ),
    (
        "invisible-character-in-a-field-name",  # said once; the fields after it are still read
        'site: The Cellar\nsystem: dungeon-turn\nrooms:\n  - {key: "1", "na\\u200bme": x, name: "St\\u200bair"}\n'
        + 'statblocks:\n  - {id: rat, name: "Ra\u200bt", stats: {HP: 2}}\n',
        [
            "4:16: rooms[0]: invisible formatting character U+200B (ZERO WIDTH SPACE); it prints as nothing or "
            "changes how the text around it reads: remove it",
            "4:39: rooms[0].name: invisible formatting character U+200B (ZERO WIDTH SPACE); it prints as nothing "
            "or changes how the text around it reads: remove it",
            "6:24: statblocks[0].name: invisible formatting character U+200B (ZERO WIDTH SPACE); it prints as "
            "nothing or changes how the text around it reads: remove it",
        ],
    ),
    (
        "two-statblocks-of-a-site-one-id",
        SITE + "statblocks:\n  - {id: rat, name: Rat, stats: {HP: 2}}\n  - {id: rat, name: Big rat, stats: {HP: 4}}\n",
        ['7:10: statblocks[1].id: duplicate id "rat" (first used by statblocks[0]); each id must be unique'],
    ),
    (
        "route-without-a-chosen-track",
        DUNGEON_ROUTE.replace("  track: {track}\n", ""),
        [
            "6:3: route: dungeon-turn has no track the GM chooses (chosen: true, such as a terrain) for the legs' "
            "terrain to set; play the route with a pack that has one"
        ],
    ),
    (
        "route-track",
        ROUTE.replace("{track}", "terrian"),
        ['6:10: route.track: no track with id "terrian" in wilderness-watches (tracks the GM chooses: terrain)'],
    ),
]


@pytest.mark.parametrize(("text", "expected"), [case[1:] for case in SITES], ids=[case[0] for case in SITES])
def test_a_site_refused_says_what_and_where(tmp_path: Path, text: str, expected: list[str]) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    assert problems(path, load_site) == expected


def test_the_sites_they_start_from_are_accepted(tmp_path: Path) -> None:
    for text in (SITE, ROUTE.replace("{track}", "terrain")):
        path = tmp_path / "s.yaml"
        path.write_text(text, encoding="utf-8")
        assert load_site(str(path)).site.rooms[0].key == "1"


def test_a_section_of_a_table_is_not_held_back_by_a_secret_track_of_the_same_id(tmp_path: Path) -> None:
    """A table and a track may share an id: a players' section of the table asks whether the table is
    player_safe, not the track (here kept from players)."""
    path = tmp_path / "p.yaml"
    path.write_text(CLOCK.replace("tallies:\n", TABLE + "tallies:\n") + PLAYERS, encoding="utf-8")
    forget_loaded_packs()
    pack = load_pack(str(path))
    assert not pack.track("encounter-clock").player_safe
    assert pack.table("encounter-clock").player_safe


def test_a_site_played_with_a_variant_has_its_pack_play_it() -> None:
    loaded = load_site("the-sunken-chapel")
    assert site_with_variant(loaded, None) is loaded
    fast = site_with_variant(loaded, "fast-turns")
    assert (loaded.pack.time.length, fast.pack.time.length) == (600, 1200)
    assert fast.site == loaded.site


def test_a_file_nested_past_pythons_depth_is_refused_in_words(tmp_path: Path) -> None:
    """Where Python's stack runs out (reading the whole file, or the part that holds the nesting) depends on
    the process; the message does not."""
    path = tmp_path / "s.yaml"
    path.write_text(
        "site: The Cellar\nsystem: dungeon-turn\nrooms: " + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8"
    )
    [said] = problems(path, load_site)
    assert said in (" the YAML is nested too deeply", "3:1: the YAML is nested too deeply")


def test_a_site_names_a_pack_beside_it_ending_in_yaml_or_yml(tmp_path: Path) -> None:
    for name in ("clocky.yaml", "clocky.yml"):
        (tmp_path / name).write_text(CLOCK, encoding="utf-8")
        path = tmp_path / "s.yaml"
        path.write_text(SITE.replace("dungeon-turn", name), encoding="utf-8")
        forget_loaded_packs()
        assert load_site(str(path)).pack.id == "clocky"


def test_a_route_in_a_pack_with_several_chosen_tracks_says_which(tmp_path: Path) -> None:
    chosen = "  - {id: ground, name: Ground, max: 3, chosen: true}\n  - {id: sky, name: Sky, max: 3, chosen: true}\n"
    (tmp_path / "clocky.yaml").write_text(CLOCK.replace("tallies:\n", chosen + "tallies:\n"), encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(
        ROUTE.replace("wilderness-watches", "clocky.yaml")
        .replace("  track: {track}\n", "")
        .replace("8 hours", "1 hour"),
        encoding="utf-8",
    )
    assert problems(path, load_site) == [
        "6:3: route: clocky has several tracks the GM chooses (ground, sky); say which one the legs' terrain sets "
        "with track:"
    ]


def test_a_pack_named_on_the_command_line_knows_its_file(tmp_path: Path) -> None:
    """What is found about a pack's field after it was read (a page too full) is said at the field's line:
    the pack keeps the file it came from, however it was named. A pack from no file is left as it was."""
    path = tmp_path / "clocky.yaml"
    path.write_text(CLOCK, encoding="utf-8")
    forget_loaded_packs()
    pack, site = load_pack_or_site(str(path))
    assert (pack.file, site) == (str(path.resolve()), None)
    error = DataError("too long", Location(field="tracks[0].name"))
    assert str(located(error, pack).problems[0]) == f"{path}:24:11: tracks[0].name: too long"
    assert located(error, pack_from_doc(parse_yaml(CLOCK.encode(), "clocky.yaml"))) is error


def test_a_site_names_its_pack_in_letters_no_font_draws(tmp_path: Path) -> None:
    """The pack's file name is no printed text: letters the shipped fonts lack are no problem there."""
    (tmp_path / "ダンジョン.yaml").write_text(CLOCK, encoding="utf-8")
    path = tmp_path / "s.yaml"
    path.write_text(SITE.replace("dungeon-turn", "ダンジョン.yaml"), encoding="utf-8")
    forget_loaded_packs()
    assert load_site(str(path)).pack.id == "clocky"
