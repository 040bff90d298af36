"""A pack in; a starter site file for it out: three rooms with every room field, a wandering table on
the pack's dice and a statblock in the pack's layout, each field with a comment saying what it is.

What the pack decides:

- the wandering table's dice: those of the pack's own wandering table (the table its encounter rules
  name), else the dice of its check (a plain roll, or one die of its pool), else 1d6, for a pack
  without a check; its three rows split the dice's results between them;
- the statblock's stats: those of its encounter rules' statblock layout, in order (with only the zone,
  morale and number appearing the layout has a place for), else the names, in order, of the pack's own
  first statblock, else the stats its encounter rules print Zone, Morale and Appearing after
  (``stats_after``: HD, then Speed);
- its zone, from the pack's zones table when it has one, and its morale, half-way up the morale roll of
  the pack's encounter rules (2d6 when they give none), so that every pack's site loads;
- for a pack with a track the GM chooses (``chosen: true``: a terrain, a danger level), a route of three
  legs over its lowest, middle and highest levels (by label where the level has one), together as long as
  the pack's horizon (at most a timetable's 72 hours), so that the pre-rolled timetable follows it and
  covers what it covers without one.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass
from pathlib import Path

from sheetgen import limits
from sheetgen.errors import DiceError
from sheetgen.importers.site_file import comment
from sheetgen.model.pack import EncounterRules, Morale, Pack, Track, encounter_rules
from sheetgen.yamltext import quoted

#: Values for the example creature's stats, by the names packs give them; any other stat gets "-".
RAT_STATS = {
    "HD": "1 (4 HP)",
    "HP": "4",
    "Speed": "40'",
    "Armor": "0 [none]",
    "AC": "12",
    "Weak": "Fire",
    "TL": "0.5",
    "Attack": "+1",
    "Damage": "1d4",
    "Level": "1",
    "Att": "1 bite (1d4)",
    "THAC0": "19 [0]",
    "MV": "120' (40')",
    "SV": "D14 W15 P16 B17 S18 (1)",
    "AL": "Neutral",
    "XP": "5",
    "TT": "None",
}


@dataclass(frozen=True)
class WanderingDice:
    """The dice a starter site's wandering table rolls, and where they come from, in words."""

    dice: str
    why: str
    low: int
    high: int


def site_text(pack: Pack, system: str, title: str, file_name: str) -> str:
    """The whole starter site file for *pack*, which the file names as *system*."""
    rules_pack, rules = encounter_rules(pack, None)
    gm = pack.words.gm
    lines = [
        *notes(
            f"{title}: a starter site file for {pack.name} ({pack.id}), written by `sheetgen new site`. Its "
            "three rooms, wandering table and statblock are a small example, a watchtower: replace them "
            "with your own dungeon's. docs/site-format.md describes every field. Then run:"
        ),
        "#   " + comment(f"sheetgen check {shlex.quote(file_name)}")[2:] + "   (every problem, with its line)",
        "#   " + comment(f"sheetgen packet {shlex.quote(file_name)}")[2:] + "  (the session packet, in output/)",
        "",
        "# The site's name, printed on the packet's cover and on every card.",
        f"site: {quoted(title)}",
        *_system_lines(pack, system),
        *notes(
            "A second pack whose distance, reaction and morale tables fill in each encounter of the deck: "
            + (
                "without it, the pack above fills them in by its own encounter rules."
                if pack.encounter
                else "the pack above has no such rules, so without one the cards say only what is met, and how many."
            )
        ),
        "# encounters: encounter-reaction",
        "# Printed on the packet's cover and stored in the PDF's metadata.",
        "author: Your Name",
        "# The language of the text (en, de, pt-BR), for hyphenation and screen readers; default: the pack's.",
        f"language: {pack.language}",
        *notes(
            f"Background, hooks and notes for the {gm}, printed on the packet's front pages above the room "
            "index. A blank line starts a paragraph; **bold** and _italic_ work in every text of the file."
        ),
        "text: |-",
        "  A watchtower over the river ford, empty since the flood. Rats nest in it, and the ferryman swears",
        "  that a light moves in the cellar on moonless nights.",
        "",
        "  **Hook.** The ferryman pays 20 gp to learn who carries the light.",
        "",
        *ROOMS,
        "",
        *_route_lines(pack),
        *_wandering_lines(wandering_dice(pack, rules), pack),
        "",
        *_statblock_lines(pack, rules_pack, rules),
    ]
    return "\n".join(lines) + "\n"


def notes(text: str, indent: int = 0) -> list[str]:
    """*text* as comment lines at *indent*, none longer than 100 characters."""
    from sheetgen.starters.pack import wrapped

    return [" " * indent + comment(line) for line in wrapped(text, 98 - indent)]


def _system_lines(pack: Pack, system: str) -> list[str]:
    from sheetgen.load.files import builtin_pack_ids

    if system in builtin_pack_ids():
        where = "a built-in pack id (`sheetgen systems` lists them)"
    else:
        where = "here a pack file, by its path from this file's folder (a pack file must be inside it)"
    return [*notes(f"The rule pack it is played with: {where}."), f"system: {quoted(system)}"]


ROOMS = (
    "# The room key: one card for each room, in this order.",
    "rooms:",
    "  # The room's key on the map (1, 7a, B3), unique in the file. Quote a key YAML would read as a",
    '  # number you do not want: "1.10".',
    '  - key: "1"',
    "    # Its name, at the top of its card.",
    "    name: Gatehouse",
    "    # As printed on the card: 30 x 20 ft, 10 ft wide and 40 ft down.",
    "    size: 20 x 20 ft",
    "    # The keys of the rooms it leads to. They need not go both ways: a one-way chute is listed in",
    "    # one room only. A room with one neighbour is marked a dead end in the room index.",
    '    exits: ["2", "3"]',
    "    # What the party sees on entering.",
    "    description: >-",
    "      The portcullis is rusted half-open; crawling under it is the only way in. Straw and gnawed",
    "      bones cover the floor, and a ladder climbs to the guard room.",
    "    # Things to notice or find; each gets a box to tick when the party finds it.",
    "    details:",
    "      - A winch, seized with rust; oiled, it raises the portcullis in one turn.",
    "      - Fresh boot prints in the straw lead to the cellar stair (3).",
    "    # The trap, under a Trap band on the card.",
    "    trap: Crawling under the portcullis jars it loose; it drops 1d6 for damage unless wedged first.",
    "    # The treasure, under a Treasure band.",
    "    treasure: A guard's purse of 12 sp under the straw.",
    "    # Who or what is here, under an Encounter band.",
    "    encounter: Giant **Rats**, 2d4 of them, nest in the straw and swarm whoever crawls in.",
    "    # Anything else for the game master, under a Notes band.",
    "    notes: The noise of the winch carries down to the cellar.",
    "    # The statblocks met here (ids from statblocks below), named in the room index.",
    "    stats: [giant-rat]",
    '  - key: "2"',
    "    name: Guard Room",
    "    size: 20 x 20 ft",
    '    exits: ["1"]',
    "    description: >-",
    "      Arrow slits on every side, a cold brazier and two cots. Through the slits, the whole ford",
    "      can be watched.",
    "    # A short list can go inside [ ]; quote an item with a comma in it, or the comma splits it in two.",
    '    details: ["A map of the ford scratched into the table, with three crosses on the far bank"]',
    "    treasure: A silvered horn (25 gp) hangs by the door.",
    '  - key: "3"',
    "    name: Flooded Cellar",
    "    size: 30 x 20 ft",
    '    exits: ["1"]',
    "    description: >-",
    "      Black water up to the knee. A shuttered lantern stands on a crate in the far corner, still",
    "      warm.",
    "    trap: >-",
    "      A rotten step gives way under the first to go down: they fall into the water, and the splash is",
    "      heard across the tower.",
    "    notes: The lantern belongs to a smuggler who hides his salt in the crates.",
)


#: The starter route's legs: key, name and notes.
LEGS = (
    ("1", "Down to the Ford", "The watchtower (1) comes into sight over the river."),
    ("2", "The Smugglers' Trail", "Round the flooded ford, on the path the smugglers' boots wore."),
    ("3", "Back by the High Path", ""),
)


def leg_units(total: int) -> list[int]:
    """The units each leg of the starter route lasts, *total* in all: a third, a half and the rest
    (6, 9 and 3 of 18), or one each of the first *total* legs when there are fewer than three."""
    if total < len(LEGS):
        return [1] * total
    return [total // 3, total // 2, total - total // 3 - total // 2]


def route_levels(track: Track) -> list[int]:
    """The levels the starter route's legs cross: the track's lowest, middle and highest, once each."""
    return sorted({track.min, (track.min + track.max) // 2, track.max})


def _route_lines(pack: Pack) -> list[str]:
    """A route over the levels of the pack's first track the GM chooses; none for a pack without one."""
    from sheetgen.engine.route import label_of
    from sheetgen.model.common import duration_field
    from sheetgen.words import duration

    track = next((t for t in pack.tracks if t.chosen), None)
    total = min(pack.time.horizon_hours, limits.MAX_HOURS) * 3600 // pack.time.length
    if track is None or not total:
        return []
    levels = route_levels(track)
    legs = zip(LEGS, leg_units(total), strict=False)
    names = ", ".join(
        f"{n} {label_of(track, n)}" if label_of(track, n) else str(n) for n in range(track.min, track.max + 1)
    )
    lines = [
        *notes(
            f"The way the party goes, leg after leg (or hex after hex): a pre-rolled timetable follows it, "
            f"and while a leg lasts the {track.name} track stands at the leg's terrain, so each check reads "
            "the chance there. The GM's packet prints it after the room index, a box to tick for each leg. "
            "Delete it for a site the party explores instead of crossing."
        ),
        "route:",
        *notes(f"The track the legs' terrain sets: one with chosen: true ({track.name}: {names}).", 2),
        f"  track: {track.id}",
        "  legs:",
    ]
    for n, ((key, name, text), units) in enumerate(legs):
        level = levels[n % len(levels)]
        terrain = label_of(track, level) or str(level)
        first = n == 0
        lines += [
            *(notes('Unique among the legs: 1, A, a hex number such as "0304".', 4) if first else ()),
            f"    - key: {quoted(key)}",
            *(notes("Its name, on the route's row.", 6) if first else ()),
            f"      name: {quoted(name)}",
            *(notes(f"A level of {track.name}: its label, or its number.", 6) if first else ()),
            f"      terrain: {quoted(terrain)}",
            *(
                notes(
                    f"How long the party takes over it: a whole number of {pack.time.plural} "
                    f"({duration(pack.time.length)} each).",
                    6,
                )
                if first
                else ()
            ),
            f"      time: {duration_field(units * pack.time.length)}",
        ]
        if text:
            lines += [
                *(notes("Landmarks, and the places (rooms) it reaches.", 6) if first else ()),
                f"      notes: {quoted(text)}",
            ]
    return [*lines, ""]


def wandering_dice(pack: Pack, rules: EncounterRules) -> WanderingDice:
    """The dice of a starter site's wandering table (see the module's docstring)."""
    from sheetgen.engine.dice import parse_dice

    table = next((t for t in pack.tables if t.id == rules.wandering and t.roll is not None), None)
    choices: list[tuple[str, str]] = []
    if table is not None and table.roll is not None:
        choices.append(
            (
                table.roll,
                f'the dice of the pack\'s own wandering table, "{table.name}", which the '
                "deck draws from instead when a site has none",
            )
        )
    if pack.check is not None and pack.check.roll is not None:
        choices.append((pack.check.roll, f"the dice of the pack's {pack.check.name}, so one die serves both"))
    if pack.check is not None and pack.check.pool is not None:
        choices.append((pack.check.pool.die, f"one die of the pack's {pack.check.name} pool"))
    choices.append(("1d6", "the pack has no check to share its dice with"))
    for dice, why in choices:
        try:
            results = parse_dice(dice).totals()
        except DiceError:
            continue
        if results.start >= 1:
            return WanderingDice(dice, why, results.start, results[-1])
    raise AssertionError("1d6 always gives 1 to 6")


def split(low: int, high: int) -> list[str]:
    """Up to three roll ranges covering *low*..*high* exactly, the first the widest: 1-3, 4-5, 6."""
    count = high - low + 1
    first = (count + 1) // 2
    second = (count - first + 1) // 2
    sizes = [size for size in (first, second, count - first - second) if size]
    ranges = []
    start = low
    for size in sizes:
        end = start + size - 1
        ranges.append(f"{start}" if end == start else f"{start}-{end}")
        start = end + 1
    return ranges


def _wandering_lines(dice: WanderingDice, pack: Pack) -> list[str]:
    rows = [
        [
            '    # Its results on the dice: 3, 1-2, "10+".',
            "    - roll: {roll}",
            "      # What is met, on its encounter card.",
            "      name: Giant Rats",
            "      # How many: dice such as 2d4, or a number.",
            "      appearing: 2d4",
            "      # The statblock it uses, by its id below: its card names it, and a morale roll reads its morale.",
            "      stat: giant-rat",
            "      # Where or how they are met, printed on the card.",
            "      text: Drawn by the smell of the party's rations.",
            "      # true for creatures; false for a sign, a hazard or an event (no reaction, morale or opening",
            "      # rolls on its card).",
            "      creature: true",
        ],
        [
            "    - roll: {roll}",
            "      name: Smugglers",
            "      appearing: 1d4",
            "      text: Carrying salt to the cellar; they pay for silence, and fight when cornered.",
        ],
        [
            "    - roll: {roll}",
            "      name: A Light in the Cellar",
            "      creature: false",
            "      text: A lantern glows through the cellar stair and goes out; the smugglers are near.",
        ],
    ]
    ranges = split(dice.low, dice.high)
    when = (
        f"each time the {pack.check.name} calls for one ({pack.check.result})"
        if pack.check
        else f"each time the {pack.words.gm} calls for an encounter"
    )
    lines = [
        *notes(
            f"The wandering-encounter table: a pre-rolled timetable draws its encounter deck from it, one "
            f"card {when}. It rolls {dice.dice}: {dice.why}. Any dice will do (1d8, 2d6, d%); every "
            "result they can give needs exactly one row."
        ),
        "wandering:",
        f"  roll: {quoted(dice.dice)}",
        "  entries:",
    ]
    for row, text in zip(rows, ranges, strict=False):
        lines += [line.replace("{roll}", quoted(text)) for line in row]
    return lines


def stat_names(rules_pack: Pack, pack: Pack, rules: EncounterRules) -> tuple[list[str], str]:
    """The names of a starter statblock's stats, in order, and where they come from, in words."""
    if rules.statblock is not None:
        return (
            [slot.stat for slot in rules.statblock.stats if slot.stat is not None],
            f"those of {rules_pack.id}'s statblock layout; it has no others",
        )
    own = next((block for block in (*rules_pack.statblocks, *pack.statblocks) if block.stats), None)
    if own is not None:
        return list(own.stats), f"the stats of the pack's own {own.name}, in its order"
    names = list(reversed(rules.stats_after))
    return names, (
        f"the stats the pack's encounter rules print Zone, Morale and Appearing after ({', '.join(rules.stats_after)})"
    )


def _statblock_lines(pack: Pack, rules_pack: Pack, rules: EncounterRules) -> list[str]:
    from sheetgen.engine.dice import parse_dice

    names, where = stat_names(rules_pack, pack, rules)
    morale = rules.morale or Morale()
    dice = parse_dice(morale.roll)
    score = (dice.minimum + dice.maximum + 1) // 2
    fails = "above" if morale.fails == "above" else "at or above"
    if rules.morale is not None:
        morale_note = (
            f"Its Morale score: each deck card rolls {morale.roll} against it, and the group "
            f"breaks on a roll {fails} it ({dice.minimum} to {dice.maximum})."
        )
    else:
        morale_note = (
            "Its Morale score, printed on its card; this pack rolls no morale check (a pack in "
            "`encounters:` may: 2d6 against it, 2 to 12)."
        )
    zone, zone_note = _zone(rules_pack, rules)
    order = (
        "printed in the order given"
        if rules.statblock is None
        else "printed in the layout's order whatever order they are written in"
    )
    placed = (
        {"zone", "morale", "appearing"}
        if rules.statblock is None
        else {slot.field for slot in rules.statblock.stats if slot.field is not None}
    )
    return [
        "# The creatures' statblocks, one stat card each; rooms and wandering entries name them by id.",
        "statblocks:",
        "  # What a room's stats and a wandering entry's stat name.",
        "  - id: giant-rat",
        "    name: Giant Rat",
        "    # Printed in italics at the top of its card.",
        "    description: A rat the size of a dog, grey and scarred, that never hunts alone.",
        *notes(
            f"The game's statistics, {order}: {where}. Quote a value YAML would read as a number you do "
            'not want (TL: "3.70").',
            4,
        ),
        "    stats:",
        *(f"      {quoted(name)}: {quoted(RAT_STATS.get(name, '-'))}" for name in names),
        *((*notes(zone_note, 4), f"    zone: {quoted(zone)}") if "zone" in placed else ()),
        *((*notes(morale_note, 4), f"    morale: {score}") if "morale" in placed else ()),
        *(("    # The number appearing, as dice.", "    appearing: 2d4") if "appearing" in placed else ()),
        "    # Its actions, in the order it prefers them; kind is printed in brackets.",
        "    actions:",
        "      - {name: Bite, kind: Melee Attack, text: 2 (d4)}",
        '      - {name: Swarm, text: "Three or more rats on one foe: the next bite hits at once."}',
        "    # Anything else, under a Notes band.",
        "    notes: Flees from fire.",
    ]


def _zone(rules_pack: Pack, rules: EncounterRules) -> tuple[str, str]:
    """The example creature's zone, and a comment on it."""
    table = next((t for t in rules_pack.tables if t.id == rules.zones), None) if rules.zones else None
    if table is not None and table.rows:
        names = ", ".join(row.cells[0] for row in table.rows)
        return table.rows[0].cells[0], (
            f'How it moves in combat: one of the zones of the "{table.name}" table ({names}).'
        )
    return "Frontline", (
        "How it moves in combat, printed on its card (encounter-reaction's zones: Frontline, Midline, Backline)."
    )


def title_for(path: Path) -> str:
    """The site's name, from the file's: my-dungeon.yaml is "My Dungeon"."""
    words = [w for w in re.split(r"[\W_]+", path.stem) if w and all(ord(ch) < 0x250 for ch in w)]
    title = " ".join(w[:1].upper() + w[1:] for w in words)[:80].strip()
    return title or "New Dungeon"


def new_site(path: Path, system: str) -> Path:
    """Write a starter site file at *path* for the pack *system* (a built-in id or a pack file); give its
    path. The file is loaded before it is written, and nothing is ever replaced."""
    from sheetgen.errors import display_name
    from sheetgen.load.files import load_pack, pack_name_for_site, site_from_doc
    from sheetgen.load.yamlread import parse_yaml
    from sheetgen.output import check_new, write_new
    from sheetgen.starters.pack import check_suffix

    check_suffix(path, "site file")
    check_new(path)
    pack = load_pack(system)
    name = pack_name_for_site(system, path)
    data = site_text(pack, name, title_for(path), path.name).encode()
    site_from_doc(parse_yaml(data, display_name(path)), path)
    return write_new(path, data)
