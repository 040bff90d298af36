"""A built-in pack's file in; a copy of it out, with a new id and a comment above each of its fields.

The copy keeps the built-in file's text as written (its order, its layout, its own comments), so it
reads as the pack it came from. Comments go above each top-level field and above the fields of the
main nested ones (``words``, ``time``, ``check`` and its pool, cadence and trigger, ``encounter``) and
of the first item of each list, worded as in docs/pack-format.md, with the section of the page that
says more. Where the strict reader finds each field is where its comment goes: above the line of its
key, at the key's column. A field that shares its line with another (``{id: torch, name: Torch}``) is
explained by the comment above that line's first field, if any.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from sheetgen.errors import UsageError
from sheetgen.load.yamlread import Document, PathKey

#: What `sheetgen new pack` copies without --like: the simplest built-in pack, one plain 1d6 check with a
#: track added to it, resources used at a rate, rests and a variant.
DEFAULT_LIKE = "dungeon-turn"

DOC = "docs/pack-format.md"

#: Comments on the fields, by path: a list index is written "[]" and stands for the first item only.
#: Each is (what the field does, the section of docs/pack-format.md that says more, or "").
NOTES: dict[str, tuple[str, str]] = {
    "kind": ("always pack; tells a pack from a site file.", "the-top-level"),
    "id": (
        "the pack's id: what a site's system: names, and what `sheetgen systems` lists. Lower-case letters, "
        "digits and hyphens.",
        "ids-names-and-keys",
    ),
    "name": ("the game's or procedure's name, printed on every page.", "the-top-level"),
    "summary": ("one paragraph on what the procedure is.", "the-top-level"),
    "shelf": (
        "what the pack is for (dungeon, wilderness or encounters): the group `sheetgen systems` lists it in.",
        "the-top-level",
    ),
    "source": ("where the rules come from.", "the-top-level"),
    "language": (
        "the language of the pack's text (en, de, pt-BR), for hyphenation and screen readers.",
        "the-top-level",
    ),
    "words": (
        "the game's own words for the game master and the party, used where sheetgen writes text of its own.",
        "words-and-time",
    ),
    "words.gm": ("the game master: Judge, GM, Narrator, DM.", ""),
    "words.party": ("the party: party, Heroes, company.", ""),
    "words.foes": ("the other side of a fight: enemies, monsters, foes.", ""),
    "time": ("the unit of exploration time.", "words-and-time"),
    "time.unit": ("the unit, singular: dungeon turn, exploration round.", ""),
    "time.units": ("the plural, when adding an s is wrong.", ""),
    "time.length": ("how long one unit lasts: 10 minutes, 30 minutes.", "durations"),
    "time.actions_per_unit": ("actions the party takes each unit (the tracker draws one box per action).", ""),
    "time.action": ("what one of those actions is called.", ""),
    "time.actions": ("the plural, when adding an s is wrong.", ""),
    "time.horizon": ("the play the odds and the timetable cover unless --hours or --days says otherwise.", ""),
    "time.text": ("how time works, in the game's words.", ""),
    "procedures": (
        "ordered steps: the turn sequence, what happens when a round ends; a procedure section "
        "of the reference shows one.",
        "procedures",
    ),
    "procedures[].id": ("what a procedure section's ref names.", ""),
    "procedures[].name": ("the heading.", ""),
    "procedures[].when": ("when it is followed, printed under the heading.", ""),
    "procedures[].steps": ("the steps, in order: each a title, with text and items under it.", ""),
    "check": (
        "the encounter or danger check: its dice, when it is rolled and which results bring an "
        "encounter. sheetgen computes its exact odds and pre-rolls it; a pack without one has no odds.",
        "check",
    ),
    "check.name": ("as printed: Danger Roll, Alarm Check, Encounter Check.", ""),
    "check.when": ("when it is rolled, in the game's words.", ""),
    "check.formula": ("the rule as the game states it, printed in a box.", ""),
    "check.roll": ("a plain roll: 1d6, d10, 2d6 (or a pool: instead).", "dice-notation"),
    "check.dice_names": (
        "a name for each die of the roll, for patterns that read one named die.",
        "patterns-dice-read-one-by-one",
    ),
    "check.add": ("tracks whose levels are added to a plain roll.", ""),
    "check.pool": ("a dice pool instead of a plain roll.", "pool"),
    "check.pool.die": ("the kind of die in the pool: d6, d8.", ""),
    "check.pool.base": ("dice the pool holds before any tally or growth.", ""),
    "check.pool.tallies": ("each mark on these tallies adds one die.", ""),
    "check.pool.grow": ("dice added to the pool at the end of every unit.", ""),
    "check.pool.roll_at": ("roll only when the pool holds this many dice, then empty it.", ""),
    "check.pool.max_dice": ("the pool never holds more dice than this.", ""),
    "check.pool.read": ("what the result is: the highest die, the lowest, the sum, or a count.", ""),
    "check.cadence": (
        "how often the check is rolled: every N units, an offset, a first unit, or by a track's level.",
        "cadence",
    ),
    "check.cadence.every": ("roll every N units, or a number of units for each level of a track.", ""),
    "check.trigger": (
        "which results bring an encounter: at_least, at_most, faces, track_full or a pattern.",
        "trigger",
    ),
    "check.trigger.at_least": ("an encounter when the total is this or more.", "by-track-values"),
    "check.trigger.at_most": ("an encounter when the total is this or less.", "by-track-values"),
    "check.trigger.faces": ("an encounter when the total is in one of these ranges.", "roll-ranges"),
    "check.trigger.track_full": ("an encounter when the track the check advances reaches its max.", ""),
    "check.advance": ("how the result moves a track (a clock that fills).", "advance"),
    "check.outcomes": ("names for each result, when every face means something.", "outcomes"),
    "check.on_encounter": ("what an encounter resets: tracks back to their start, tally marks.", "on_encounter"),
    "check.extra": ("when the check is rolled once more, beyond its cadence.", ""),
    "check.result": ("what a trigger brings, in the game's words: danger, complication.", ""),
    "check.text": ("anything else about the check, printed after it.", ""),
    "rolls": (
        "the procedure's other rolls, beside the check: a torch die, a fatigue roll, the weather.",
        "rolls-the-procedures-other-rolls",
    ),
    "tracks": ("values that rise and fall: escalation, alarm, an encounter clock, an alert level.", "tracks"),
    "tracks[].id": ("what the check, sections and parts name.", ""),
    "tracks[].name": ("as printed: Escalation, Alarm, Alert Level.", ""),
    "tracks[].min": ("the lowest level.", ""),
    "tracks[].max": ("the highest level.", ""),
    "tracks[].start": ("the level it starts at, and returns to when reset; default: min.", ""),
    "tracks[].display": ("boxes to tick, a segmented clock, or a ladder of levels with their labels.", ""),
    "tracks[].per_unit": ("automatic change at the end of every unit; may be negative.", ""),
    "tracks[].box_labels": ("a label under each box, from the first box up.", ""),
    "tracks[].text": ("what the track is, printed with it.", ""),
    "tracks[].raises": ("what makes it rise, in the game's words: each a when, and by how much.", "changes"),
    "tracks[].lowers": ("what makes it fall.", "changes"),
    "tracks[].resets": ("what sets it back, and to which level.", "changes"),
    "tracks[].levels": ("marks at levels: an omen half-way, what each level means.", "levels"),
    "tallies": ("marks that each add a die to the check's pool.", "tallies"),
    "tallies[].id": ("what pool.tallies and action effects name.", ""),
    "tallies[].name": ("as printed: Loud Noise.", ""),
    "tallies[].text": ("when to make a mark.", ""),
    "resources": (
        "what burns down: torches, oil, rations; each a row of boxes on the tracker, used at a rate "
        "(every), by a usage die (dice) or on a roll (chance).",
        "resources",
    ),
    "actions": (
        "what the party can do, with its time cost and its effects on tracks, tallies and resources.",
        "actions",
    ),
    "actions[].name": ("as printed: Search, Fast movement.", ""),
    "actions[].group": ("a group such as movement; an actions section or part can show one group.", ""),
    "actions[].text": ("the full description.", ""),
    "actions[].items": ("a bulleted list with the description.", ""),
    "actions[].summary": ("one line, for the compact table.", ""),
    "actions[].notes": ("rulings, printed after the description.", ""),
    "rests": ("short and long rests: how long they take, what they risk, and a countdown to tick.", "rests"),
    "rests[].id": ("what a countdown part names.", ""),
    "rests[].name": ("as printed: Short Rest.", ""),
    "rests[].time": ("how long it takes: 1 hour.", "durations"),
    "rests[].time_label": ("as printed, when it should say more: 1 hour (6 turns).", ""),
    "rests[].risk": ("what it risks.", ""),
    "rests[].countdown": ("draw a countdown beside it: one box per unit it lasts.", ""),
    "conditions": ("states the party reaches one after another at fixed times.", "conditions"),
    "variants": (
        "optional rules: each changes the unit's length, the check, resource use or danger, and "
        "`--variant ID` plays it.",
        "variants",
    ),
    "variants[].id": ("what --variant names; default: the name as an id.", ""),
    "variants[].name": ("as printed: Optional Variant: Fast Turns.", ""),
    "variants[].text": ("the rule.", ""),
    "variants[].unit_length": ("the unit's length under this variant.", ""),
    "variants[].consumption": ("resource use is multiplied by this.", ""),
    "variants[].danger": ("danger chances are multiplied by this: the check is rolled that many times.", ""),
    "variants[].check": ("the check under this variant, in place of the pack's.", ""),
    "variants[].says": ("the pack's printed words this variant changes, as written: as the variant has them.", ""),
    "tables": (
        "tables to print and roll on; the one the encounter rules name as wandering (by default the "
        "table with id wandering) gives a deck its encounters when a site has none.",
        "tables",
    ),
    "tables[].id": ("what sections, parts and the encounter rules name.", ""),
    "tables[].name": ("the heading.", ""),
    "tables[].roll": ("the dice rolled on it: 1d6, 2d6, d%; its rows must then cover them exactly.", ""),
    "tables[].columns": ("the headers, not counting the roll column.", ""),
    "tables[].rows": ("the rows: cells, one per column, and a roll range when the table has a roll.", ""),
    "tables[].default": ("true when the rows are filled in, not the game's; the sheet marks them as defaults.", ""),
    "tables[].player_safe": ("marks a table whose rows players may see.", ""),
    "statblocks": (
        "creatures to show on a reference page with a statblock section; the same shape as in a site file.",
        "statblocks-and-encounter",
    ),
    "encounter": (
        "how a pre-rolled encounter is filled in: the tables it rolls on, and its morale roll.",
        "statblocks-and-encounter",
    ),
    "encounter.distance": ("a rolled table giving the encounter's distance.", ""),
    "encounter.reaction": ("a rolled table giving its reaction.", ""),
    "encounter.morale": ("how a morale check is rolled: its dice, and whether it fails above the morale.", ""),
    "encounter.zones": ("a table naming the zones: its first column is the zone's name.", ""),
    "encounter.wandering": ("the pack's wandering-monster table.", ""),
    "encounter.openings": (
        "rolls at the start of each encounter (surprise, initiative), pre-rolled on every deck card.",
        "",
    ),
    "encounter.statblock": (
        "the game's statblock layout: which stats, in which order, under which labels; a "
        "statblock may give only these.",
        "the-games-statblock-layout",
    ),
    "reference": ("the reference pages, one to ten, for behind the screen.", "reference-the-reference-pages"),
    "reference.pages": ("the pages, in order.", ""),
    "reference.pages[].title": ("the page's heading.", ""),
    "reference.pages[].players_title": (
        "the heading of the players' version, so that it is not taken for the game master's page.",
        "",
    ),
    "reference.pages[].subtitle": ("a line or two under it.", ""),
    "reference.pages[].players_subtitle": (
        "the subtitle of the players' version, which holds only the player-safe sections.",
        "",
    ),
    "reference.pages[].columns": ("columns the sections flow in, 1 to 3.", ""),
    "reference.pages[].sections": (
        "the blocks of the page, in order. Each kind (text, callout, procedure, "
        "check, track, actions, table, odds ...) shows a part of the pack; "
        "player_safe: true puts it in a players' packet.",
        "reference-the-reference-pages",
    ),
    "reference.pages[].footer": ("printed at the foot.", ""),
    "trackers": (
        "the tracker pages, up to twenty: grids of turns to tick, tracks, resources, countdowns.",
        "trackers-the-tracker-pages",
    ),
    "trackers[].id": ("its id.", ""),
    "trackers[].title": ("the page's heading.", ""),
    "trackers[].audience": ("who the sheet is for: gm or players.", "what-players-see"),
    "trackers[].parts": (
        "the blocks of the page, in order: turns, track, tallies, resources, countdown, "
        "rounds, table, notes, actions, results.",
        "trackers-the-tracker-pages",
    ),
}


def pattern(path: PathKey) -> str | None:
    """The key of *path* in :data:`NOTES`: ("tracks", 0, "id") is "tracks[].id"; None past a list's first
    item."""
    out = ""
    for part in path:
        if isinstance(part, int):
            if part:
                return None
            out += "[]"
        else:
            out += f".{part}" if out else part
    return out


def commented(doc: Document, new_id: str, like: str, like_name: str) -> str:
    """The text of *doc* (a built-in pack), its opening comment replaced by one of its own, its id by
    *new_id*, and a comment above each field :data:`NOTES` explains."""
    lines = doc.text.splitlines()
    above: dict[int, list[str]] = {}
    first = min(line for line, _ in doc.keys.values())
    for path, (line, column) in sorted(doc.keys.items(), key=lambda item: item[1]):
        key = pattern(path)
        before = lines[line - 1][: column - 1]
        if key is None or key not in NOTES or before.strip() not in ("", "-"):
            continue  # past a list's first item, or a field inside a flow mapping, after the first on its line
        indent = before[: len(before) - len(before.lstrip())]
        while line > first and lines[line - 2].startswith(f"{indent}#"):
            line -= 1  # above the file's own comment on the field, which stays with it
        if line in above:
            continue
        note, anchor = NOTES[key]
        text = f"{path[-1]}: {note}" + (f" See {DOC}#{anchor}." if anchor else "")
        above[line] = [f"{indent}# {part}" for part in wrapped(text, 100 - len(indent))]
    id_line, id_column = doc.keys[("id",)]
    if id_column != 1:
        raise AssertionError("a built-in pack is a block mapping at its top level")
    out = [
        f"# {part}"
        for part in wrapped(
            f"A rule pack of your own, copied from {like} ({like_name}) by `sheetgen new pack`: change what your "
            "game does differently. The comment above each field says what it does, and where "
            f"{DOC} says more. Run `sheetgen check` on this file after each change; a site plays it with "
            "system: and this file's path from the site's folder.",
            100,
        )
    ]
    for number, text in enumerate(lines, start=1):
        if number < first and text.lstrip().startswith("#"):
            continue  # the built-in pack's opening comment, about itself
        out += above.get(number, [])
        out.append(f"id: {new_id}" if number == id_line else text)
    return "\n".join(out).strip("\n") + "\n"


def wrapped(text: str, width: int) -> list[str]:
    """*text* in lines of at most *width* characters, never broken inside a word or a path."""
    return textwrap.wrap(text, width=max(40, width), break_on_hyphens=False, break_long_words=False)


_NOT_ID = re.compile(r"[^a-z0-9]+")


def pack_id_for(path: Path) -> str:
    """A pack id from a file's name: "My Wilderness.yaml" is my-wilderness."""
    made = _NOT_ID.sub("-", path.stem.lower()).strip("-")[:60].strip("-")
    return made or "my-pack"


def check_suffix(path: Path, what: str) -> None:
    """A file `sheetgen new` writes is named like the files sites and packs name: .yaml or .yml."""
    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(
            f"{path}: a {what} is a YAML file: give a name ending in .yaml, such as "
            f"{path.with_name(path.name + '.yaml') if path.name else 'my-file.yaml'}"
        )


def new_pack(path: Path, like: str = DEFAULT_LIKE) -> Path:
    """Write a copy of the built-in pack *like* at *path*, with the id its file name gives and its fields
    explained; give its path. The copy is loaded before it is written, and nothing is ever replaced."""
    import difflib

    from sheetgen.errors import display_name
    from sheetgen.load.files import builtin_dir, builtin_pack_ids, pack_from_doc
    from sheetgen.load.yamlread import parse_yaml, read_yaml
    from sheetgen.output import check_new, write_new

    known = builtin_pack_ids()
    if like not in known:
        close = difflib.get_close_matches(like, known, n=1, cutoff=0.6)
        hint = f'did you mean "{close[0]}"? ' if close else ""
        raise UsageError(
            f'--like {like}: no built-in pack "{like}" ({hint}built-in packs: {", ".join(known)}; '
            "`sheetgen systems` lists them)"
        )
    check_suffix(path, "pack file")
    check_new(path)
    new_id = pack_id_for(path)
    if new_id in known:
        raise UsageError(
            f'{path}: its pack would have the id "{new_id}" of a built-in pack, which a site could '
            f"not tell from it; give the file another name, such as my-{new_id}.yaml"
        )
    source = read_yaml(builtin_dir("rules") / f"{like}.yaml", f"{like}.yaml")
    name = source.data["name"] if isinstance(source.data, dict) else like
    data = commented(source, new_id, like, str(name)).encode()
    pack_from_doc(parse_yaml(data, display_name(path)), None)
    return write_new(path, data)
