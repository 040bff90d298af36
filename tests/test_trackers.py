"""Tracker pages: the layout (boxes, labels, rules, turn counts) and the PDF drawn from it."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest
import yaml
from click.testing import CliRunner
from pdfcheck import font_problems, page_sizes, page_texts, read_pdf, squeeze
from pypdf import PdfWriter
from pypdf.generic import NameObject

from sheetgen import limits
from sheetgen.cli import cli
from sheetgen.design import TICK
from sheetgen.engine.odds import play_hours
from sheetgen.errors import FontError, RenderError, UsageError
from sheetgen.layout.marks import BoxMark
from sheetgen.layout.tracker_parts import row_units
from sheetgen.layout.trackers import MARGIN, TrackerLayout, session_turns, tracker_layout
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.markup import plain
from sheetgen.model.pack import Pack
from sheetgen.options import A4, LETTER, Audience, Paper, RenderOptions
from sheetgen.render.pdf.trackers import tracker_layouts, tracker_pdf
from sheetgen.sheets.mechanics import LADDER_MOST_STEPS, drawn_boxes, track_boxes, track_view

PACKS = (
    "dungeon-turn",
    "site-alarm",
    "encounter-clock",
    "derelict-crawl",
    "encounter-reaction",
    "danger-rounds",
    "usage-dice",
    "wilderness-watches",
    "bx-dungeon",
    "tension-dice",
)
PAPERS = (LETTER, A4)
SIZES = {"letter": (612, 792), "a4": (595, 842)}


def pages(pack_id: str) -> list[tuple[str, str]]:
    return [(pack_id, page.id) for page in load_pack(pack_id).trackers]


ALL_PAGES = [p for pack_id in PACKS for p in pages(pack_id)]


def layout_of(pack_id: str, page_id: str, paper: Paper = LETTER, turns: int | None = None) -> TrackerLayout:
    pack = load_pack(pack_id)
    page = next(p for p in pack.trackers if p.id == page_id)
    return tracker_layout(pack, page, paper, turns)


def turn_of(box: BoxMark) -> int:
    """The turn of one of a layout's turn boxes, which all have one."""
    assert box.turn is not None
    return box.turn


def words(layout: TrackerLayout) -> str:
    return squeeze(layout.text())


def lines_of(layout: TrackerLayout) -> list[str]:
    return [t.text for t in layout.texts]


def pdf_text(data: bytes, page: int = 0) -> str:
    return squeeze(page_texts(read_pdf(data))[page])


@pytest.fixture(scope="module")
def rendered() -> dict[tuple[str, str], bytes]:
    """Every built-in pack's trackers on both papers, fillable."""
    return {
        (pack_id, paper.name): tracker_pdf(load_pack(pack_id), RenderOptions(paper=paper, fillable=True))
        for pack_id in PACKS
        for paper in PAPERS
    }


def test_every_built_in_pack_is_covered() -> None:
    assert sorted(PACKS) == builtin_pack_ids()


# -- the PDF -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pack_id", PACKS)
def test_one_page_per_tracker_page_of_the_paper_size(
    rendered: dict[tuple[str, str], bytes], pack_id: str, paper: Paper
) -> None:
    reader = read_pdf(rendered[(pack_id, paper.name)])
    pack = load_pack(pack_id)
    assert len(reader.pages) == len(pack.trackers)
    assert page_sizes(reader) == [SIZES[paper.name]] * len(pack.trackers)
    assert font_problems(reader) == []
    texts = page_texts(reader)
    for number, (text, page) in enumerate(zip(texts, pack.trackers, strict=True), start=1):
        assert page.title in squeeze(text)
        assert pack.name in squeeze(text)
        assert ("For the players" if page.audience == "players" else f"For the {pack.words.gm}") in text
        assert f"page {number} of {len(pack.trackers)}" in text  # counted within the file
        assert "Letter" not in text and "A4" not in text  # the paper size is never printed


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pack_id", PACKS)
def test_a_form_checkbox_for_every_box_drawn(
    rendered: dict[tuple[str, str], bytes], pack_id: str, paper: Paper
) -> None:
    reader = read_pdf(rendered[(pack_id, paper.name)])
    layouts = tracker_layouts(load_pack(pack_id), RenderOptions(paper=paper))
    fields = reader.get_fields() or {}
    assert all(f.get("/FT") == "/Btn" for f in fields.values())
    assert len(fields) == sum(len(layout.boxes) for layout in layouts)
    for number, (page, layout) in enumerate(zip(reader.pages, layouts, strict=True)):
        widgets = [a.get_object() for a in page.get("/Annots", [])]
        assert len(widgets) == len(layout.boxes), f"page {number + 1}"
        names = [f"{pack_id}/{layout.page_id}/{b.name}" for b in layout.boxes]
        assert [str(w["/T"]) for w in widgets] == names
        for widget, box in zip(widgets, layout.boxes, strict=True):
            # no border or fill of its own: the page prints the same plain box whether fillable or not
            assert "/BC" not in widget["/MK"] and "/BG" not in widget["/MK"] and "/BS" not in widget
            left, bottom, right, top = (float(v) for v in widget["/Rect"])
            assert box.x <= left < right <= box.x + box.size and box.y <= bottom < top <= box.y + box.size
            assert str(widget["/V"]) == "/Off"


TURNS_PAGES = [
    p
    for p in ALL_PAGES
    if any(part.kind == "turns" for part in next(t for t in load_pack(p[0]).trackers if t.id == p[1]).parts)
]


@pytest.mark.parametrize("turns", [1, 7, 12])
@pytest.mark.parametrize(("pack_id", "page_id"), TURNS_PAGES)
def test_fields_match_the_boxes_for_the_turns_asked_for(pack_id: str, page_id: str, turns: int) -> None:
    pack = load_pack(pack_id)
    page = next(p for p in pack.trackers if p.id == page_id)
    layout = tracker_layout(pack, page, LETTER, turns)
    single = pack.model_copy(update={"trackers": [page]})
    fields = read_pdf(tracker_pdf(single, RenderOptions(fillable=True), turns=turns)).get_fields() or {}
    assert len(fields) == len(layout.boxes)
    assert layout.turns == turns
    per_turn = Counter(turn_of(box) for box in layout.turn_boxes)
    assert sorted(per_turn) == list(range(1, turns + 1))
    assert len(set(per_turn.values())) == 1  # every turn has the same boxes
    unit_boxes = pack.time.actions_per_unit
    assert per_turn[1] >= unit_boxes and len(layout.turn_boxes) == turns * per_turn[1]
    assert len([b for b in layout.turn_boxes if b.size == TICK.tracker]) == turns * unit_boxes


def test_turns_for_a_pack_without_a_turns_grid() -> None:
    with pytest.raises(UsageError) as info:
        tracker_pdf(load_pack("encounter-reaction"), RenderOptions(), turns=5)
    assert str(info.value) == (
        "--turns: the tracker pages of Encounters (encounter-reaction) have no turns to count; leave --turns out"
    )


def test_a_ticked_checkbox_shows_a_tick_inside_its_box(dungeon_turn: Pack) -> None:
    layout = tracker_layouts(dungeon_turn, RenderOptions(), turns=18, audience=Audience.GM)[0]
    box = next(b for b in layout.boxes if b.name == "escalation-1")
    data = tracker_pdf(dungeon_turn, RenderOptions(fillable=True), turns=18, audience=Audience.GM)
    writer = PdfWriter(clone_from=read_pdf(data))
    annotations = writer.pages[0].annotations
    assert annotations is not None
    for annot in annotations:
        widget = annot.get_object()
        if str(widget["/T"]) == "dungeon-turn/dm-trackers/escalation-1":
            widget[NameObject("/V")] = widget[NameObject("/AS")] = NameObject("/Yes")
    ticked = io.BytesIO()
    writer.write(ticked)

    def ink(pdf: bytes) -> int:
        document = pdfium.PdfDocument(pdf)
        document.init_forms()
        scale = 2.0
        image = document[0].render(scale=scale, may_draw_forms=True).to_pil().convert("L")
        inside = image.crop(
            (
                round((box.x + 2) * scale),
                round((layout.paper.height - box.y - box.size + 2) * scale),
                round((box.x + box.size - 2) * scale),
                round((layout.paper.height - box.y - 2) * scale),
            )
        )
        return sum(inside.histogram()[:128])

    assert ink(data) == 0
    assert ink(ticked.getvalue()) > 20


def test_not_fillable_has_no_form(dungeon_turn: Pack) -> None:
    reader = read_pdf(tracker_pdf(dungeon_turn, RenderOptions()))
    assert not reader.get_fields()
    assert "/AcroForm" not in reader.root_object


def test_same_input_same_bytes(dungeon_turn: Pack) -> None:
    options = RenderOptions(paper=A4, fillable=True)
    assert tracker_pdf(dungeon_turn, options) == tracker_pdf(dungeon_turn, options)


def test_audience_keeps_only_its_pages(dungeon_turn: Pack) -> None:
    gm = read_pdf(tracker_pdf(dungeon_turn, RenderOptions(), audience=Audience.GM))
    players = read_pdf(tracker_pdf(dungeon_turn, RenderOptions(), audience=Audience.PLAYERS))
    assert len(gm.pages) == len(players.pages) == 1
    assert "For the DM" in page_texts(gm)[0]
    assert "For the players" in page_texts(players)[0]


def test_no_page_for_that_audience(dungeon_turn: Pack) -> None:
    gm_only = dungeon_turn.model_copy(update={"trackers": [t for t in dungeon_turn.trackers if t.audience == "gm"]})
    with pytest.raises(RenderError) as info:
        tracker_pdf(gm_only, RenderOptions(), audience=Audience.PLAYERS)
    assert str(info.value) == (
        'Dungeon Turns (dungeon-turn): no tracker page is for the players (the pack has "dm-trackers" (for the DM))'
    )


@pytest.mark.parametrize(
    "pack_id", ["dungeon-turn", "site-alarm", "derelict-crawl", "encounter-clock", "encounter-reaction"]
)
def test_every_built_in_pack_has_a_players_tracker_with_nothing_secret(pack_id: str, tmp_path: Path) -> None:
    pack = load_pack(pack_id)
    result = CliRunner().invoke(cli, ["tracker", pack_id, "--for", "players", "-o", str(tmp_path / "p.pdf")])
    assert result.exit_code == 0, result.output
    text = " ".join(page_texts(read_pdf(tracker_pdf(pack, RenderOptions(), audience=Audience.PLAYERS))))
    assert "For the players" in text
    assert pack.check is None or pack.check.name not in text  # the GM rolls the check, not the players
    assert "Seed" not in text


def test_a_pack_without_tracker_pages(dungeon_turn: Pack) -> None:
    bare = dungeon_turn.model_copy(update={"trackers": []})
    with pytest.raises(RenderError, match="defines no tracker pages") as info:
        tracker_pdf(bare, RenderOptions())
    assert "dungeon-turn" in str(info.value)


# -- the layout: geometry ------------------------------------------------------------------------------


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize(("pack_id", "page_id"), ALL_PAGES)
def test_everything_inside_the_margins_and_boxes_apart(pack_id: str, page_id: str, paper: Paper) -> None:
    layout = layout_of(pack_id, page_id, paper)
    left, right = MARGIN - 0.01, paper.width - MARGIN + 0.01
    bottom, top = 0.5 * 72 - 0.01, paper.height - MARGIN + 0.01
    for frame in layout.frames:
        assert left <= frame.x and frame.x + frame.width <= right, frame
        assert bottom <= frame.y and frame.y + frame.height <= top, frame
    for box in layout.boxes:
        assert box.size in (TICK.text, TICK.tracker)
        assert left <= box.x and box.x + box.size <= right and bottom <= box.y and box.y + box.size <= top
    for text in layout.texts:
        assert text.size >= 8.0, text
        assert left <= text.x <= right and bottom <= text.y <= top, text
    for line in layout.lines:
        assert min(line.y1, line.y2) >= bottom and line.width >= 0.5
    # no two boxes overlap, and every name is unique on the page
    ordered = sorted(layout.boxes, key=lambda b: (b.y, b.x))
    for i, a in enumerate(ordered):
        for b in ordered[i + 1 :]:
            if b.y >= a.y + a.size:
                break
            assert b.x >= a.x + a.size or a.x >= b.x + b.size, (a, b)
    assert len({b.name for b in layout.boxes}) == len(layout.boxes)


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_dungeon_turns_come_in_aligned_rows_of_an_hour(paper: Paper) -> None:
    layout = layout_of("dungeon-turn", "dm-trackers", paper)
    assert layout.units_per_row == 6  # six 10-minute turns: an hour, and the torch's six boxes
    assert layout.turns == 18
    boxes = {turn_of(box): box for box in layout.turn_boxes}
    for n, box in boxes.items():
        assert box.x == pytest.approx(boxes[(n - 1) % 6 + 1].x)  # one column per place in the row
        assert box.y == pytest.approx(boxes[(n - 1) // 6 * 6 + 1].y)  # one row per hour
    assert layout.frames[0].kind == "turns"
    assert [t.text for t in layout.texts if t.role == "label-bold" and "–" in t.text] == ["1–6", "7–12", "13–18"]


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize(("pack_id", "page_id"), TURNS_PAGES)
def test_default_turns_cover_the_session_and_a_log_takes_the_rest(pack_id: str, page_id: str, paper: Paper) -> None:
    pack = load_pack(pack_id)
    layout = layout_of(pack_id, page_id, paper)
    # the pack's horizon (3 hours unless it says), as far as whole rows of it fit on the page
    session = session_turns(pack)
    assert session == -(-play_hours(pack, None) * 3600 // pack.time.length)
    assert layout.turns is not None
    assert layout.units_per_row is not None and layout.units_per_row <= layout.turns
    assert layout.turns == session or (layout.turns < session and layout.turns % layout.units_per_row == 0)
    parts = [f for f in layout.frames if f.kind != "log"]
    logs = [f for f in layout.frames if f.kind == "log"]
    if not logs:  # only a page whose parts leave no room for three lines of a log has none
        assert min(f.y for f in parts) - MARGIN < 110
    for log in logs:
        assert log.y >= MARGIN - 0.01 and log.y + log.height > MARGIN + 3 * 18
        assert all(f.y >= log.y + log.height for f in parts)  # the log is under every part
    assert layout_of(pack_id, page_id, paper, layout.turns).turns == layout.turns


@pytest.mark.parametrize(("hours", "turns", "last"), [(1, 6, "1:00"), (4, 24, "4:00"), (6, 36, "6:00")])
def test_hours_asked_for_are_the_turns_shown(dungeon_turn: Pack, hours: int, turns: int, last: str) -> None:
    page = dungeon_turn.trackers[0]
    layout = tracker_layout(dungeon_turn, page, LETTER, None, hours=hours)
    assert layout.turns == turns == max(b.turn or 0 for b in layout.turn_boxes)
    labels = [t.text for t in layout.texts if re.fullmatch(r"\d+:\d\d", t.text)]
    assert labels[:turns][-1] == last
    assert f"{turns} dungeon turns = {hours} hour{'s' if hours > 1 else ''} shown" in lines_of(layout)


def test_rows_read_as_a_span_of_play() -> None:
    assert row_units(load_pack("dungeon-turn"), 10) == 6  # an hour of 10-minute turns
    assert row_units(load_pack("dungeon-turn"), 4) == 3  # half an hour where the hour does not fit
    assert row_units(load_pack("site-alarm"), 10) == 4  # 30-minute rounds: two hours hold three or more
    watches = load_pack(str(Path(__file__).parent / "data" / "packs" / "travel-watches.yaml"))
    assert row_units(watches, 10) == 6  # a day of 4-hour watches


# -- the layout: what each pack's trackers say ---------------------------------------------------------


def test_dungeon_turn_trackers() -> None:
    pack = load_pack("dungeon-turn")
    layout = layout_of("dungeon-turn", "dm-trackers", turns=18)
    lines = lines_of(layout)
    text = words(layout)
    assert "18 dungeon turns = 3 hours shown" in lines
    # the clock at the end of each turn under its box, as the timetable says it: 0:10 ... 1:40, then 1:50 on
    times = [t.text for t in layout.texts if re.fullmatch(r"\d+:\d\d", t.text) and t.y > layout.turn_boxes[-1].y - 20]
    assert times[:10] == ["0:10", "0:20", "0:30", "0:40", "0:50", "1:00", "1:10", "1:20", "1:30", "1:40"]
    assert times[10:12] == ["1:50", "2:00"]
    # escalation: five boxes +1 to +5, and its rule
    escalation = [b for b in layout.boxes if b.name.startswith("escalation-")]
    assert [b.name for b in escalation] == [f"escalation-{i}" for i in range(1, 6)]
    assert all(label in lines for label in ("+1", "+2", "+3", "+4", "+5"))
    assert "1d6 + Escalation" in lines and "6 or higher" in lines
    assert pack.check is not None and plain(pack.check.formula) in text
    assert "clear all escalation boxes" in text
    # light and resources
    for resource in pack.resources:
        assert resource.name in lines
        assert len([b for b in layout.boxes if b.name.startswith(f"{resource.id}-")]) == resource.boxes
    assert "1 hr / 6 turns" in lines and "10 min" in lines
    # short rest: six boxes, 10 to 60 minutes
    rest = [b for b in layout.boxes if b.name.startswith("short-rest-")]
    assert len(rest) == 6
    assert [t.text for t in layout.texts if rest[0].y - 20 < t.y < rest[0].y][:6] == [
        "0:10",
        "0:20",
        "0:30",
        "0:40",
        "0:50",
        "1:00",
    ]
    assert "Fill boxes left to right" in lines


def test_dungeon_turn_page_for_the_players_keeps_the_danger_rules_out() -> None:
    pack = load_pack("dungeon-turn")
    layout = layout_of("dungeon-turn", "party-trackers")
    text = words(layout)
    assert "For the players" in text and "Torch" in text and "Short Rest Countdown" in text
    assert "Escalation" not in text and "1d6" not in text
    assert pack.check is not None and plain(pack.check.formula) not in text


@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
def test_trackers_read_back_from_the_pdf(rendered: dict[tuple[str, str], bytes], paper: Paper) -> None:
    dungeon = pdf_text(rendered[("dungeon-turn", paper.name)])
    for fact in (
        "+1",
        "+5",
        "1d6 + Escalation",
        "6 or higher",
        "Torch",
        "1 hr / 6 turns",
        "Lantern Oil",
        "Spell Duration",
        "Rations / Water",
        "1:00",
        "Short Rest Countdown",
    ):
        assert fact in dungeon
    assert " 0:10 0:20 0:30 0:40 0:50 1:00 " in dungeon and " 1:10 1:20 1:30 1:40 1:50 2:00 " in dungeon
    assert " 0:10 0:20 0:30 0:40 0:50 1:00" in dungeon
    alarm = pdf_text(rendered[("site-alarm", paper.name)])
    assert " 1 2 3 4 5 6 7 8 9 10 " in alarm and " 0 1 2 " not in alarm  # one box per step above 0
    assert "Quiet and still" in alarm and "Fully awakened" in alarm
    derelict = pdf_text(rendered[("derelict-crawl", paper.name)])
    for level in range(1, 5):
        assert f"Alert Level {level}" in derelict
    clock = pdf_text(rendered[("encounter-clock", paper.name)])
    assert "Omen" in clock
    for tally in load_pack("encounter-clock").tallies:
        assert tally.name in clock
    combat = pdf_text(rendered[("encounter-reaction", paper.name)])
    for fact in ("Frontline", "Midline", "Backline", "Morale", "Heroes", "Enemies"):
        assert fact in combat


def test_site_alarm_rounds_of_three_actions_and_the_alarm_track() -> None:
    pack = load_pack("site-alarm")
    layout = layout_of("site-alarm", "judge-trackers", turns=6)
    assert len(layout.turn_boxes) == 6 * 3
    assert [b.name for b in layout.turn_boxes[:4]] == [
        "turn-1-action-1",
        "turn-1-action-2",
        "turn-1-action-3",
        "turn-2-action-1",
    ]
    assert "6 exploration rounds = 3 hours shown" in lines_of(layout)
    assert [t.text for t in layout.texts if t.y < layout.turn_boxes[0].y and ":" in t.text][:6] == [
        "0:30",
        "1:00",
        "1:30",
        "2:00",
        "2:30",
        "3:00",
    ]
    alarm = [b for b in layout.boxes if b.name.startswith("alarm-")]
    assert [b.name for b in alarm] == [f"alarm-{v}" for v in range(1, 11)]  # 0 is no box marked
    text = words(layout)
    for step in (
        "supply checks for any active light sources",
        "The alarm value increases by +1",
        "lower than or equal to the alarm value",
    ):
        assert step in text
    track = pack.track("alarm")
    for level in track.levels:
        assert level.label in text
    assert "Resets to 0 on an encounter" in text
    for action in pack.actions:
        assert action.name in text


def test_encounter_clock_segments_omen_and_tallies() -> None:
    pack = load_pack("encounter-clock")
    layout = layout_of("encounter-clock", "gm-trackers")
    clock = pack.track("encounter-clock")
    segments = [b for b in layout.boxes if b.name.startswith("encounter-clock-")]
    assert [b.name for b in segments] == [f"encounter-clock-{v}" for v in range(1, clock.max + 1)]
    assert len(layout.circles) >= 1
    lines = lines_of(layout)
    assert "Omen" in lines
    # the omen mark is the thickest line on the page, drawn from the centre at the half-way boundary
    omen = max(layout.lines, key=lambda line: line.width)
    circle = max(layout.circles, key=lambda c: c.r)
    assert omen.x1 == pytest.approx(circle.cx) and omen.y2 < circle.cy - circle.r  # 3 of 6: straight down
    text = words(layout)
    assert pack.check is not None and pack.check.advance is not None
    for row in pack.check.advance.by:
        assert f"{row.roll} {row.label}" in text
    for tally in pack.tallies:
        assert tally.name in lines
        assert len([b for b in layout.boxes if b.name.startswith(f"{tally.id}-")]) == 10
    assert layout.turns is not None and layout.turns >= 18
    assert "10 minutes" in text or "10 min" in text or "(about 10 minutes)" in text


def test_encounter_clock_page_for_the_players() -> None:
    pack = load_pack("encounter-clock")
    layout = layout_of("encounter-clock", "party-trackers")
    text = words(layout)
    assert layout.turns is None
    supply = [b for b in layout.boxes if b.name.startswith("supply-")]
    assert len(supply) == next(r for r in pack.resources if r.id == "supply").boxes
    light = [b.name for b in layout.boxes if b.name.startswith("light-level-in-use-")]
    assert light == ["light-level-in-use-radiant", "light-level-in-use-dim", "light-level-in-use-stygian"]
    assert "Radiant" in text and "Stygian" in text and "Limited" in text
    assert "Omen" not in text and "Encounter Check" not in text


def test_derelict_rounds_with_room_for_short_moves() -> None:
    pack = load_pack("derelict-crawl")
    layout = layout_of("derelict-crawl", "narrator-trackers", turns=18)
    round_one = [b.name for b in layout.turn_boxes if b.turn == 1]
    assert round_one[0] == "turn-1"
    normal = [n for n in round_one if n.startswith("turn-1-normal-")]
    fast = [n for n in round_one if n.startswith("turn-1-fast-")]
    assert len(normal) >= 4 and len(fast) >= 4
    assert all(b.size in (TICK.text, TICK.tracker) for b in layout.turn_boxes)
    ladder = [b for b in layout.boxes if b.name.startswith("alert-")]
    assert [b.name for b in ladder] == [f"alert-{v}" for v in (4, 3, 2, 1)] or [b.name for b in ladder] == [
        f"alert-{v}" for v in (1, 2, 3, 4)
    ]
    text = words(layout)
    for level in pack.track("alert").levels:
        assert level.label in text
    assert "on a 5-6" in text
    for row in pack.table("movement").rows:
        assert row.cells[0] in text
    assert "30 seconds" in text


def test_combat_round_tracker() -> None:
    layout = layout_of("encounter-reaction", "gm-combat")
    assert layout.turns is None
    rounds = [b.name for b in layout.boxes if b.name.startswith("round-")]
    assert len(rounds) == 10 * 2 * (1 + 2 * 5)  # a Turn box, and a Move and an Action box for each of 5 Beings
    assert rounds[:3] == ["round-1-heroes-turn", "round-1-heroes-move-1", "round-1-heroes-action-1"]
    assert "round-10-enemies-action-5" in rounds
    text = words(layout)
    for fact in ("Heroes", "Enemies", "Move", "Action", "Frontline", "Morale Checks", "higher fails"):
        assert fact in text


# -- turns asked for -----------------------------------------------------------------------------------


def test_turns_asked_for_are_shown_exactly(dungeon_turn: Pack) -> None:
    layout = layout_of("dungeon-turn", "dm-trackers", turns=23)
    assert layout.turns == 23 and len(layout.turn_boxes) == 23
    assert "23 dungeon turns = 3 hours 50 minutes shown" in lines_of(layout)
    assert "Log" in lines_of(layout)  # the rows not needed leave room for a log


def test_too_many_turns_names_the_most_that_fit(dungeon_turn: Pack) -> None:
    with pytest.raises(RenderError) as too_many:
        layout_of("dungeon-turn", "dm-trackers", turns=limits.MAX_TURNS)
    found = re.search(r"at most (\d+) fit", str(too_many.value))
    assert found
    most = int(found[1])
    assert 18 < most < limits.MAX_TURNS and layout_of("dungeon-turn", "dm-trackers", turns=most).turns == most
    with pytest.raises(RenderError) as info:
        tracker_pdf(dungeon_turn, RenderOptions(), turns=most + 1, audience=Audience.GM)
    assert str(info.value) == (
        'dungeon-turn: trackers[0].parts[0]: Dungeon Turns (dungeon-turn), tracker page "dm-trackers" on letter '
        f"paper: {most + 1} dungeon turns do not fit on one page beside its other parts; "
        f"at most {most} fit (--turns {most})"
    )


@pytest.mark.parametrize("turns", [0, -3, limits.MAX_TURNS + 1])
def test_turns_out_of_range_is_refused(dungeon_turn: Pack, turns: int) -> None:
    with pytest.raises(ValueError) as info:
        tracker_pdf(dungeon_turn, RenderOptions(), turns=turns)
    assert str(info.value) == f"turns must be a whole number from 1 to {limits.MAX_TURNS}, not {turns}"


# -- packs the sheet has never seen --------------------------------------------------------------------


def base_pack(**extra: Any) -> dict[str, Any]:
    return {
        "kind": "pack",
        "id": "test-pack",
        "name": "Test Pack",
        "words": {"gm": "Referee"},
        "time": {"unit": "watch", "units": "watches", "length": "1 hour"},
        "reference": {"pages": [{"title": "Reference", "sections": [{"kind": "text", "text": "Hello."}]}]},
        **extra,
    }


@pytest.fixture
def pack_file(tmp_path: Path) -> Callable[[dict[str, Any]], Pack]:
    def make(data: dict[str, Any]) -> Pack:
        path = tmp_path / "pack.yaml"
        path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        return load_pack(str(path))

    return make


UNSEEN = base_pack(
    check={
        "name": "Doom Roll",
        "when": "every watch",
        "formula": "Roll **1d8 + Doom**; 8 or more: trouble",
        "roll": "1d8",
        "add": ["doom"],
        "trigger": {"at_least": 8},
    },
    tracks=[
        {
            "id": "doom",
            "name": "Doom",
            "max": 6,
            "text": "Doom rises with every misstep.",
            "resets": [{"when": "Trouble arrives"}],
        },
        {
            "id": "storm",
            "name": "Storm",
            "max": 8,
            "display": "clock",
            "levels": [
                {"at": 4, "label": "Thunder", "omen": True},
                {"at": 6, "label": "Lightning strikes"},
                {"at": 8, "label": "The storm breaks"},
            ],
        },
        {
            "id": "suspicion",
            "name": "Suspicion",
            "min": 1,
            "max": 5,
            "display": "ladder",
            "player_safe": False,
            "levels": [
                {"at": 1, "label": "Calm"},
                {"at": "2-3", "label": "Wary", "text": "Guards in pairs."},
                {"at": "4-5", "label": "Hunted", "text": "Gates shut."},
            ],
        },
    ],
    tallies=[
        {"id": "noise", "name": "Noise"},
        {"id": "blood", "name": "Blood spilt"},
        {"id": "lies", "name": "Lies told"},
    ],
    trackers=[
        {"id": "tallies-only", "title": "Marks", "audience": "players", "parts": [{"kind": "tallies"}]},
        {
            "id": "three-tracks",
            "title": "Three Tracks",
            "audience": "gm",
            "parts": [
                {"kind": "track", "ref": "doom"},
                {"kind": "track", "ref": "storm"},
                {"kind": "track", "ref": "suspicion"},
            ],
        },
        {
            "id": "doom-for-players",
            "title": "Doom",
            "audience": "players",
            "parts": [{"kind": "track", "ref": "doom"}, {"kind": "turns"}],
        },
    ],
)


def test_an_unseen_pack_with_other_parts(pack_file: Callable[[dict[str, Any]], Pack]) -> None:
    pack = pack_file(UNSEEN)
    data = tracker_pdf(pack, RenderOptions(fillable=True))
    reader = read_pdf(data)
    assert len(reader.pages) == 3 and font_problems(reader) == []
    layouts = tracker_layouts(pack, RenderOptions())
    assert len(reader.get_fields() or {}) == sum(len(layout.boxes) for layout in layouts)
    tallies, tracks, doom = layouts
    assert "For the players" in words(tallies)
    for name in ("Noise", "Blood spilt", "Lies told"):
        assert name in pdf_text(data, 0)
    assert [b.name for b in tracks.boxes if b.name.startswith("doom-")] == [f"doom-{v}" for v in range(1, 7)]
    assert [b.name for b in tracks.boxes if b.name.startswith("storm-")] == [f"storm-{v}" for v in range(1, 9)]
    assert sorted(b.name for b in tracks.boxes if b.name.startswith("suspicion-")) == [
        f"suspicion-{v}" for v in range(1, 6)
    ]
    three = pdf_text(data, 1)
    for fact in (
        "For the Referee",
        "Doom rises with every misstep.",
        "Back to 0: Trouble arrives",
        "Doom Roll:",
        "1d8 + Doom",
        "Thunder",
        "Lightning strikes",
        "The storm breaks",
        "Wary",
        "Guards in pairs.",
        "Hunted",
    ):
        assert fact in three
    assert "Doom Roll: Roll 1d8 + Doom; 8 or more: trouble" in words(tracks)
    assert words(tracks).count("Guards in pairs.") == 1  # a range of levels says its text once
    # the players' page of the same track leaves the GM's check out; its watches cover three hours
    players = words(doom)
    assert "Doom rises with every misstep." in players and "1d8" not in players
    assert doom.turns is not None and doom.turns >= 3
    assert "watches = " in players


def test_a_page_too_full_for_three_hours(pack_file: Callable[[dict[str, Any]], Pack]) -> None:
    notes = [f"Rule number {i} is a long line of text that goes on for a while to take up room." for i in range(45)]
    data = base_pack(
        time={"unit": "turn", "length": "10 minutes"},
        trackers=[
            {
                "id": "crowded",
                "title": "Crowded",
                "audience": "gm",
                "parts": [{"kind": "notes", "title": "Lots", "items": notes}, {"kind": "turns"}],
            }
        ],
    )
    pack = pack_file(data)
    with pytest.raises(RenderError) as info:
        tracker_pdf(pack, RenderOptions())
    message = str(info.value)
    match = re.fullmatch(
        r'test-pack: trackers\[0\]\.parts\[1\]: Test Pack \(test-pack\), tracker page "crowded" on letter '
        r"paper: 3 hours of play "
        r"\(18 turns\) do not fit on one page beside its other parts; at most (\d+) fit\. "
        r"Take parts off the page, or ask for fewer hours with --hours",
        message,
    )
    assert match, message
    most = int(match[1])
    assert 0 < most < 18
    assert tracker_layout(pack, pack.trackers[0], LETTER, most).turns == most
    with pytest.raises(RenderError, match=f"at most {most} fit"):
        tracker_layout(pack, pack.trackers[0], LETTER, most + 1)


def test_parts_taller_than_the_page(pack_file: Callable[[dict[str, Any]], Pack]) -> None:
    notes = [f"Rule number {i} is a long line of text that goes on for a while to take up room." for i in range(90)]
    data = base_pack(
        trackers=[
            {
                "id": "crowded",
                "title": "Crowded",
                "audience": "gm",
                "parts": [{"kind": "notes", "title": "Lots", "items": notes}],
            }
        ]
    )
    with pytest.raises(RenderError, match=r'tracker page "crowded" on letter paper: the parts "Lots" do not fit'):
        tracker_pdf(pack_file(data), RenderOptions())


def test_parts_taller_than_the_page_beside_turns(pack_file: Callable[[dict[str, Any]], Pack]) -> None:
    notes = [f"Rule number {i} is a long line of text that goes on for a while to take up room." for i in range(90)]
    data = base_pack(
        trackers=[
            {
                "id": "crowded",
                "title": "Crowded",
                "audience": "gm",
                "parts": [{"kind": "notes", "title": "Lots", "items": notes}, {"kind": "turns"}],
            }
        ]
    )
    with pytest.raises(RenderError) as info:
        tracker_pdf(pack_file(data), RenderOptions(), turns=1)
    assert 'the parts "Lots", "Watches" do not fit on the page' in str(info.value)


def test_text_no_shipped_font_draws() -> None:
    # the loader refuses such text already; a pack built in code still meets the sheet's own check
    data = base_pack(
        tallies=[{"id": "noise", "name": "Noise"}],
        trackers=[
            {
                "id": "marks",
                "title": "Marks",
                "audience": "gm",
                "parts": [{"kind": "tallies", "items": ["Mark it 漢"]}],
            }
        ],
    )
    with pytest.raises(FontError) as info:
        tracker_pdf(Pack.model_validate(data), RenderOptions())
    assert str(info.value).startswith('pack test-pack: trackers[0].parts[0].items[0]: character "漢" (U+6F22)')


def test_round_tracker_groups_come_from_the_pack() -> None:
    pack = load_pack("encounter-reaction")
    page = pack.trackers[0]
    three = {"groups": ["Heroes", "Goblins", "Wolves"]}
    wide = [p.model_copy(update=three) if p.kind == "rounds" else p for p in page.parts]
    # too wide side by side: the groups go one under another, and the page no longer holds its parts
    with pytest.raises(RenderError, match=r'the parts "Combat Rounds \(about 10 seconds each\)".* do not fit'):
        crowded = pack.model_copy(update={"trackers": [page.model_copy(update={"parts": wide})]})
        tracker_layout(crowded, crowded.trackers[0], LETTER, None)
    parts = [p.model_copy(update={**three, "beings": 3}) if p.kind == "rounds" else p for p in page.parts]
    pack = pack.model_copy(update={"trackers": [page.model_copy(update={"parts": parts})]})
    text = tracker_layout(pack, pack.trackers[0], LETTER, None).text()
    assert "Goblins" in text and "Wolves" in text and "Enemies" not in text
    long = [
        p.model_copy(update={"groups": ["A very long name for a side"], "beings": 1}) if p.kind == "rounds" else p
        for p in page.parts
    ]
    pack = pack.model_copy(update={"trackers": [page.model_copy(update={"parts": long})]})
    with pytest.raises(RenderError, match=r"groups\[0\]: 'A very long name for a side' is too long"):
        tracker_layout(pack, pack.trackers[0], LETTER, None)


@pytest.mark.parametrize("pack_id", builtin_pack_ids())
def test_every_track_has_the_boxes_the_reference_draws(pack_id: str) -> None:
    """The reference page and the tracker draw a track's boxes from one description (track_boxes,
    track_rungs), so they cannot disagree on how many there are or what they stand for."""
    pack = load_pack(pack_id)
    seen = 0
    for layout in tracker_layouts(pack, RenderOptions()):
        for track in pack.tracks:
            drawn = [b.tooltip for b in layout.boxes if b.name.startswith(f"{track.id}-")]
            if not drawn:
                continue
            seen += 1
            body = track_view(pack, track)
            if track.display == "ladder" and track.max - track.min <= LADDER_MOST_STEPS:
                expected = [f"{track.name} {rung.level}" for rung, _ in body.ladder]
            else:
                expected = [f"{track.name} {box.label}" for box in track_boxes(track)]
                if track.display == "boxes":
                    assert [box.label for box in body.boxes] == [box.label for box in track_boxes(track)]
            assert sorted(drawn) == sorted(expected) == sorted(f"{track.name} {b.label}" for b in drawn_boxes(track))
    assert seen or not pack.tracks


@pytest.mark.parametrize("pack_id", builtin_pack_ids())
def test_the_cover_draws_each_track_as_the_tracker_does(pack_id: str) -> None:
    from dataclasses import replace

    from sheetgen.packet.build import _briefs

    chapel = load_site("the-sunken-chapel")
    pack = load_pack(pack_id)
    (brief,) = _briefs(replace(chapel, pack=pack, encounter_pack=None), gm=True)
    assert [start.name for start in brief.tracks] == [track.name for track in pack.tracks]
    for start, track in zip(brief.tracks, pack.tracks, strict=True):
        assert start.boxes == tuple(box.label for box in drawn_boxes(track))


def test_a_track_of_0_to_10_has_ten_boxes_on_every_sheet() -> None:
    pack = load_pack("site-alarm")
    alarm = pack.track("alarm")
    assert (alarm.min, alarm.max) == (0, 10)
    assert [box.label for box in track_view(pack, alarm).boxes] == [str(n) for n in range(1, 11)]
    layout = tracker_layouts(pack, RenderOptions(), audience=Audience.GM)[0]
    assert len([b for b in layout.boxes if b.name.startswith("alarm-")]) == 10
