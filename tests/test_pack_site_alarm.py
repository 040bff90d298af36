"""The built-in site-alarm pack holds every fact of its source text (seed 000)."""

from __future__ import annotations

import pytest

from sheetgen.engine.dice import parse_dice
from sheetgen.load.files import load_pack
from sheetgen.markup import paragraphs
from sheetgen.model.pack import ByTrack, Pack


def dice(text: str) -> str:
    return str(parse_dice(text))


@pytest.fixture(scope="module")
def pack() -> Pack:
    return load_pack("site-alarm")  # also checks every ref and the cover of every rolled table


def test_identity_and_words(pack: Pack) -> None:
    assert pack.id == "site-alarm"
    assert pack.words.gm == "Judge"


def test_exploration_round_is_30_minutes_of_three_actions(pack: Pack) -> None:
    assert pack.time.unit == "exploration round"
    assert pack.time.length == 30 * 60
    assert pack.time.actions_per_unit == 3
    assert "thirty" in pack.time.text
    assert "After every three actions, the exploration round ends" in pack.time.text


def test_alarm_track(pack: Pack) -> None:
    alarm = pack.track("alarm")
    assert (alarm.min, alarm.max, alarm.initial) == (0, 10, 0)
    assert alarm.per_unit == 1  # +1 after every exploration round
    assert not alarm.player_safe
    assert [c.when for c in alarm.raises[:4]] == [
        "Making a loud noise.",
        "Setting off a trap.",
        "Engaging in combat.",
        "Drawing attention in any other way.",
    ]
    assert all(c.by == 1 and c.chance is None for c in alarm.raises)
    assert "Break" in alarm.raises[4].when and "each participant" in alarm.raises[4].when
    assert [(c.by, "half or more" in c.when, "all succeed" in c.when) for c in alarm.lowers] == [
        (dice("1d4"), True, False),
        (dice("1d8"), False, True),
    ]
    assert [r.to for r in alarm.resets] == [0, 0]
    assert "encounter" in alarm.resets[0].when
    assert "at least eight hours away (one journey action)" in alarm.resets[1].when
    levels = {(lv.at.low, lv.at.high): lv for lv in alarm.levels}
    assert set(levels) == {(0, 0), (10, 10)}
    assert "quiet and still" in levels[(0, 0)].text
    assert "fully awakened and are prowling the halls in search of intruders" in levels[(10, 10)].text


def test_alarm_check(pack: Pack) -> None:
    check = pack.check
    assert check is not None
    assert check.roll == dice("d10")
    assert check.pool is None and check.add == []
    assert check.trigger.at_most == ByTrack(track="alarm")
    assert check.trigger.at_least is None and check.trigger.track_full is None
    assert check.cadence.every == 1 and check.cadence.offset == 0
    assert check.on_encounter.reset == ["alarm"]
    assert "lower or equal than the current alarm value" in check.formula
    assert "one final alarm check" in check.text


def test_end_of_round_procedure_in_order(pack: Pack) -> None:
    proc = next(p for p in pack.procedures if p.id == "end-of-round")
    assert [s.title for s in proc.steps] == ["Supply checks for light", "Alarm rises", "Alarm check"]
    assert "supply checks for any active light sources" in proc.steps[0].text
    assert "**+1**" in proc.steps[1].text
    assert "**d10**" in proc.steps[2].text and "immediate random encounter" in proc.steps[2].text
    assert "the game's own supply check rule" in proc.text  # the text gives no mechanics for them


ACTIONS = ["Converse", "Disarm", "Explore", "Hide", "Interact", "Pick Lock", "Search", "Rest", "Return", "Break"]


def test_ten_actions_each_one_of_three_per_round(pack: Pack) -> None:
    assert [a.name for a in pack.actions] == ACTIONS
    assert all(a.time == 10 * 60 and a.group == "exploration" for a in pack.actions)
    assert all(a.text and a.summary for a in pack.actions)


@pytest.mark.parametrize(
    ("name", "phrases"),
    [
        ("Converse", ["trading words with a creature nearby", "more than a minute or two"]),
        ("Disarm", ["**Tinkering**", "On a shadow, the trap springs on the acting character"]),
        (
            "Explore",
            [
                "**Perception**",
                "noticing one room detail on a success",
                "encounter or room trap present, the action is interrupted",
            ],
        ),
        (
            "Hide",
            [
                "**Stealth**",
                "**1d4** if half or more succeed",
                "**1d8** if all",
                "somewhat secluded room",
                "making a depletion check for each",
            ],
        ),
        ("Interact", ["decipher the ancient text", "The Judge may call for a skill check or group check"]),
        ("Pick Lock", ["locked door or chest", "**Tinkering**"]),
        ("Search", ["each remaining undiscovered detail", "No check is required"]),
        (
            "Rest",
            [
                "lose **1 endurance**",
                "spend any number of recoveries",
                "rising focus costs",
                "swap out their equipment",
            ],
        ),
        (
            "Return",
            ["previously explored room or to the site entrance", "flee the site entirely", "**one final alarm check**"],
        ),
        ("Break", ["**Athletics**", "group check", "**+1 for each participant**"]),
    ],
)
def test_action_text(pack: Pack, name: str, phrases: list[str]) -> None:
    action = next(a for a in pack.actions if a.name == name)
    for phrase in phrases:
        assert phrase in action.text


def test_action_effects(pack: Pack) -> None:
    effects = {a.name: [(e.track, e.by) for e in a.effects] for a in pack.actions}
    assert effects["Break"] == [("alarm", 1)]
    assert all(not v for k, v in effects.items() if k != "Break")
    # Hide's fall is a roll, kept in the alarm track's lowers (see test_alarm_track).
    lowers = [c.when for c in pack.track("alarm").lowers]
    assert all(w.startswith("Hide:") for w in lowers)


SPARKS = [
    (
        "Care",
        "care and attention",
        [
            "doesn't need to roll a supply check for any tools",
            "reveal the false bottom to the chest",
        ],
    ),
    (
        "Quick",
        "far less time than was thought possible",
        [
            "This action was free and the Judge doesn't need to mark it.",
        ],
    ),
    (
        "Quiet",
        "escapes the notice of nearby enemies",
        [
            "The site's alarm falls by -1 or the action doesn't raise the alarm it normally would.",
            "erase a checkmark from one of their rising focus costs",
        ],
    ),
    (
        "Safe",
        "safely, even though harm seemed inevitable",
        [
            "suffers no damage or lasting states",
            "neutralizes some other nearby threat",
        ],
    ),
    (
        "Impressive",
        "so impressive that it influences others",
        [
            "restoring a recovery",
            "clear a plight from themselves or an ally",
        ],
    ),
    (
        "Control",
        "control and composure",
        [
            "An ally can gain an edge on their next check",
            "You don't get into a worse position",
        ],
    ),
]

SHADOWS = [
    (
        "Cost",
        "pays a material cost",
        [
            "loses one or more items from their hands or inventory",
            "makes a depletion check for their light source or another object",
        ],
    ),
    (
        "Time",
        "takes longer than intended",
        [
            "takes the party an extra exploration action",
            "One or more active clocks advance.",
            "Some progress the party made in the area is undone.",
        ],
    ),
    (
        "Noise",
        "makes a loud noise",
        [
            "The site's alarm rises by +1.",
            "The Judge immediately checks for a random encounter.",
        ],
    ),
    (
        "Injury",
        "suffers injury",
        [
            "The character suffers damage.",
            "The character loses 1 or more endurance.",
            "The character gains a wound or plight.",
        ],
    ),
    (
        "Doubt",
        "onlookers begin to doubt the mission",
        [
            "The character gains a plight.",
            "Another character watching the failure gains a plight.",
            "A hireling or other companion tries to abandon the party.",
        ],
    ),
    (
        "Control",
        "loses control of the situation",
        [
            "suffers a cut on their next check related to the failure",
            "creates a new obstacle or threat",
        ],
    ),
]


@pytest.mark.parametrize(("table_id", "expected"), [("sparks", SPARKS), ("shadows", SHADOWS)])
def test_sparks_and_shadows_every_example(
    pack: Pack, table_id: str, expected: list[tuple[str, str, list[str]]]
) -> None:
    table = pack.table(table_id)
    assert table.roll is None and len(table.columns) == 3
    assert len(table.rows) == 6
    for row, (name, intro, examples) in zip(table.rows, expected, strict=True):
        assert row.cells[0] == name
        assert intro in row.cells[1]
        lines = paragraphs(row.cells[2])
        assert len(lines) == len(examples)
        for line, example in zip(lines, examples, strict=True):
            assert example in line


def test_reference_pages(pack: Pack) -> None:
    first, second = pack.reference.pages
    kinds = [(s.kind, s.ref) for s in first.sections]
    assert ("procedure", "end-of-round") in kinds and ("track", "alarm") in kinds
    assert ("check", None) in kinds and ("odds", None) in [(s.kind, s.ref) for s in second.sections]
    actions = next(s for s in first.sections if s.kind == "actions")
    assert actions.group == "exploration" and actions.detail and actions.player_safe
    assert "three actions as a group" in actions.text
    assert [(s.kind, s.ref) for s in second.sections if s.kind == "table"] == [
        ("table", "sparks"),
        ("table", "shadows"),
    ]
    shown = " ".join(s.text for p in pack.reference.pages for s in p.sections)
    assert "two or more connected locations" in shown
    assert "the more dangerous a dungeon is, the greater its reward should be" in shown
    assert "naturalistic language" in shown
    assert "you as the Judge must choose the precise benefit" in shown
    assert "use omen warnings liberally" in shown
    for page in pack.reference.pages:
        for section in page.sections:
            if section.kind in ("check", "track", "procedure", "odds"):
                assert not section.player_safe


def test_judge_tracker(pack: Pack) -> None:
    page, _players = pack.trackers
    assert page.audience == "gm"
    kinds = [(p.kind, p.ref) for p in page.parts]
    assert kinds[0] == ("turns", None)
    assert ("track", "alarm") in kinds
    notes = next(p for p in page.parts if p.kind == "notes")
    assert len(notes.items) == 3 and "d10" in notes.items[2]
    alarm = next(p for p in page.parts if p.kind == "track")
    text = " ".join(alarm.items)
    assert "quiet and still" in text and "fully awakened" in text and "eight hours" in text
