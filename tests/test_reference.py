"""One-page references: the view of each page, its HTML, then the PDF of every built-in pack.

Cheapest first: the view model and the HTML string need no layout; the PDFs of the built-in packs are
rendered once per pack and paper (a module cache) and read back with pypdf and pypdfium2.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest
from pdfcheck import char_boxes, font_problems, page_sizes, page_texts, read_pdf, sized_text, squeeze
from pydantic import BaseModel

from sheetgen.design import TYPE
from sheetgen.engine.types import CheckOdds, Odds
from sheetgen.errors import FontError, RenderError
from sheetgen.fonts import shipped_dir
from sheetgen.load.files import builtin_pack_ids, load_pack
from sheetgen.model.pack import Pack, Page, Reference, Row, Section, Step, Table
from sheetgen.options import A4, LETTER, Paper, RenderOptions
from sheetgen.render.html.reference import (
    BODY_SIZE,
    LOOSEST_LEADING,
    PLAYERS_LARGEST,
    PLAYERS_SIZE,
    SMALLEST,
    RenderedReference,
    reference_html,
    render_reference,
)
from sheetgen.render.html.weasy import layout
from sheetgen.sheets.mechanics import CheckBody, TrackBody, names_level
from sheetgen.sheets.odds_chart import odds_chart
from sheetgen.sheets.reference import check_fonts, printed_text, reference_view
from sheetgen.sheets.views import ActionsBody, TableBody, box_row

PACKS = builtin_pack_ids()
PAPERS = [LETTER, A4]
HOSTILE = ('<img src="file:///etc/passwd">', "<script>alert(1)</script>", "{{ 7*7 }}")


def options(paper: Paper = LETTER) -> RenderOptions:
    return RenderOptions(paper=paper)


def split_page(pack: Pack, at: int) -> Pack:
    """The pack with its first reference page split in two before section *at*."""
    page = pack.reference.pages[0]
    first = page.model_copy(update={"sections": page.sections[:at], "footer": ""})
    second = page.model_copy(update={"sections": page.sections[at:], "title": f"{page.title} (continued)"})
    return pack.model_copy(update={"reference": Reference(pages=[first, second, *pack.reference.pages[1:]])})


def printable(pack_id: str) -> Pack:
    return load_pack(pack_id)


def with_pages(pack: Pack, *pages: Page) -> Pack:
    return pack.model_copy(update={"reference": Reference(pages=list(pages))})


# --- the view ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("pack_id", PACKS)
def test_the_view_has_every_page_and_section_in_the_packs_order(pack_id: str) -> None:
    pack = load_pack(pack_id)
    view = reference_view(pack, options())
    assert [p.title for p in view.pages] == [p.title for p in pack.reference.pages]
    for page, source in zip(view.pages, pack.reference.pages, strict=True):
        kinds = [s.kind for s in source.sections if s.kind != "odds" or pack.check is not None]
        assert [s.kind for s in page.sections] == kinds
        assert page.columns == source.columns
        for section in page.sections:
            assert section.field == f"reference.pages[{page.number - 1}].sections[{section.index}]"
            assert source.sections[section.index].kind == section.kind
    assert view.title == f"{pack.name} — Reference"


def test_the_check_is_spelled_out_dice_trigger_cadence_and_reset() -> None:
    view = reference_view(load_pack("dungeon-turn"), options())
    for page in view.pages:  # the banner opens every page, in the same words
        assert page.banner == view.pages[0].banner
    banner = view.pages[0].banner
    assert banner is not None
    facts = {f.label: f.text for f in banner.facts}
    assert facts["When"] == "at the end of each dungeon turn"
    assert facts["Rule"] == "1d6 + Escalation: danger on a total of 6 or higher; every dungeon turn (10 minutes)"
    assert facts["After a danger"] == "Escalation returns to 0"
    # said once: the check's section keeps only what the banner does not say, the game's own formula first
    (check,) = [s.body for s in view.pages[0].sections if isinstance(s.body, CheckBody)]
    assert not {"When", "Rule", "Afterwards"} & {f.label for f in check.facts}
    assert check.formula == "Roll **1d6 + Escalation**; if the result is **6 or higher**, danger occurs"


@pytest.mark.parametrize("pack_id", [p for p in PACKS if load_pack(p).check is not None])
def test_the_check_section_prints_the_formula_in_its_box(pack_id: str) -> None:
    pack = load_pack(pack_id)
    assert pack.check is not None
    html = reference_html(
        pack,
        options(),
        page_index=next(
            i for i, page in enumerate(pack.reference.pages) if any(s.kind == "check" for s in page.sections)
        ),
    )
    # the check's box first, then one for each of the other rolls that has a formula
    box, *others = re.findall(r'<div class="formula">(.*?)</div>', html, re.S)
    assert squeeze(re.sub(r"<[^>]+>", "", box)) == squeeze(pack.check.formula.replace("**", ""))
    assert [squeeze(re.sub(r"<[^>]+>", "", b)) for b in others] == [
        squeeze(r.formula.replace("**", "")) for r in pack.rolls if r.formula
    ]


def test_players_pages_have_no_check_banner() -> None:
    view = reference_view(load_pack("dungeon-turn"), options(), players=True)
    assert all(page.banner is None for page in view.pages)


def test_a_check_that_depends_on_alert_level_gets_a_table_by_level() -> None:
    view = reference_view(load_pack("derelict-crawl"), options())
    (check,) = [s.body for s in view.pages[0].sections if isinstance(s.body, CheckBody)]
    assert check.by_level is not None
    assert check.by_level.columns == ("Alert Level", "Check every", "Random encounter")
    assert check.by_level.rows == (
        ("1", "6 rounds (1 hour)", "on a 6"),
        ("2", "6 rounds (1 hour)", "on a 6"),
        ("3", "3 rounds (30 minutes)", "on a 6"),
        ("4", "3 rounds (30 minutes)", "on 5-6"),
    )


def test_the_encounter_clock_check_shows_its_pool_and_advance_table() -> None:
    view = reference_view(load_pack("encounter-clock"), options())
    (check,) = [s.body for s in view.pages[0].sections if isinstance(s.body, CheckBody)]
    facts = {f.label: f.text for f in check.facts}
    assert "plus one d6 for each mark of Loud Noise, Stolen Coin" in facts["Pool"]
    assert view.pages[0].banner is not None
    banner = {f.label: f.text for f in view.pages[0].banner.facts}
    assert banner["Rule"] == (
        "highest die of a pool of d6: encounter when the Encounter Clock is full (6); every dungeon round (10 minutes)"
    )
    assert "every tally mark is cleared" in banner["After an encounter"]
    assert banner["Track"] == "Encounter Clock by the roll: 1-3 no advance, 4-5 +1 segment, 6 +2 segments"


def tracks(pack_id: str) -> dict[str, TrackBody]:
    view = reference_view(load_pack(pack_id), options())
    return {b.name: b for p in view.pages for s in p.sections if isinstance(b := s.body, TrackBody)}


def test_tracks_are_boxes_a_clock_or_a_ladder_with_what_moves_them() -> None:
    escalation = tracks("dungeon-turn")["Escalation"]
    assert [b.label for b in escalation.boxes] == ["+1", "+2", "+3", "+4", "+5"]
    assert [c.amount for c in escalation.resets] == ["to 0"]
    assert len(escalation.raises) == 4

    alarm = tracks("site-alarm")["Alarm"]
    assert [b.level for b in alarm.boxes] == list(range(1, 11))
    assert ("Every exploration round", "+1 at its end") in [(f.label, f.text) for f in alarm.facts]
    assert [c.amount for c in alarm.lowers] == ["\u22121d4", "\u22121d8"]

    clock = tracks("encounter-clock")["Encounter Clock"]
    assert clock.clock is not None and len(clock.clock.wedges) == 6
    assert [w.level for w in clock.clock.wedges if w.omen] == [3]

    alert = tracks("derelict-crawl")["Alert Level"]
    assert [(box.level, level.label if level else None) for box, level in alert.ladder] == [
        (1, "Alert Level 1 (1 Encounter/1 hour)"),
        (2, "Alert Level 2 (1 Encounter/1 hour)"),
        (3, "Alert Level 3 (1 Encounter/30 minutes)"),
        (4, "Alert Level 4 (1 Encounter/30 minutes)"),
    ]
    assert alert.ladder[0][0].start
    assert all(level is not None and level.names_level for _, level in alert.ladder)
    assert alert.raises[0].amount == "+1 on 1d6: 5-6"


@pytest.mark.parametrize(
    ("label", "level", "names"),
    [
        ("Alert Level 1 (1 Encounter/1 hour)", 1, True),
        ("1: quiet", 1, True),
        ("Level -1: calm", -1, True),
        ("Plains (1 in 6)", 1, False),  # a chance in brackets is not the level
        ("Forest [2 in 6]", 2, False),
        ("Calm -1", 1, False),  # -1 is not 1
        ("Level 10", 1, False),  # nor is 10
        ("Quiet", 0, False),
    ],
)
def test_a_level_label_names_its_level_only_by_its_number_outside_brackets(label: str, level: int, names: bool) -> None:
    assert names_level(label, level) is names


def test_a_ladder_prints_each_rungs_number_unless_its_label_says_it() -> None:
    pack = load_pack("derelict-crawl")
    alert = pack.track("alert")
    terrain = alert.model_copy(
        update={
            "name": "Terrain",
            "levels": [
                lv.model_copy(update={"label": f"{name} ({lv.at} in 6)"})
                for lv, name in zip(alert.levels, ["Road", "Plains", "Forest", "Swamp"], strict=True)
            ],
        }
    )
    tracks = [terrain if t.id == "alert" else t for t in pack.tracks]
    html = reference_html(pack.model_copy(update={"tracks": tracks}), options(), page_index=1)
    assert re.findall(r'<td class="rung-level">(\d+)</td>', html) == ["1", "2", "3", "4"]
    assert '<td class="rung-level">' not in reference_html(pack, options(), page_index=1)


def test_detailed_actions_carry_their_advantages_and_notes() -> None:
    view = reference_view(load_pack("dungeon-turn"), options())
    (actions,) = [s.body for s in view.pages[1].sections if isinstance(s.body, ActionsBody)]
    assert actions.detail
    assert [a.name for a in actions.actions][:3] == ["Movement", "Combat", "Conversation"]
    movement = actions.actions[0]
    assert movement.bonuses.startswith("No automatic escalation")
    assert movement.notes.startswith("Fast movement")


def test_a_table_with_default_rows_says_so() -> None:
    view = reference_view(load_pack("encounter-reaction"), options())
    tables = {b.name: b for s in view.pages[0].sections if isinstance(b := s.body, TableBody)}
    reaction = tables["NPC Reaction"]
    assert reaction.default and reaction.roll == "2d6"
    assert [r.roll for r in reaction.rows] == ["2", "3-5", "6-8", "9-11", "12"]
    assert not tables["Zone"].default


AUTHOR_WORDS = re.compile(
    r"this pack|change it here|the text (leaves|gives|names|does)|\(p\. ?\d+\)|\b(\w+) \2\b", re.IGNORECASE
)


def _all_strings(value: object, path: str) -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if isinstance(value, BaseModel):
        return [s for k in type(value).model_fields for s in _all_strings(getattr(value, k), f"{path}.{k}")]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in _all_strings(v, f"{path}.{k}")]
    if isinstance(value, list | tuple):
        return [s for i, v in enumerate(value) for s in _all_strings(v, f"{path}[{i}]")]
    return []


@pytest.mark.parametrize("pack_id", builtin_pack_ids())
def test_built_in_packs_speak_to_the_table_not_to_the_packs_author(pack_id: str) -> None:
    """Notes on the defaults a pack chose are YAML comments; no page of a book the packet does not hold."""
    slips = [
        f"{path}: {m.group(0)!r}"
        for path, text in _all_strings(load_pack(pack_id), pack_id)
        for m in [AUTHOR_WORDS.search(text)]
        if m
    ]
    assert slips == []


def test_checkboxes_in_text_become_a_row_of_boxes() -> None:
    row = box_row("Light level in use: ☐ Radiant   ☐ Dim   ☐ Stygian")
    assert row is not None
    assert row.lead == "Light level in use:"
    assert row.labels == ("Radiant", "Dim", "Stygian")
    assert box_row("no boxes here") is None


def hand_made_odds() -> Odds:
    sixth = Fraction(1, 6)
    checks = []
    quiet = Fraction(1)
    for unit in range(1, 19):
        checks.append(CheckOdds(unit, unit, Fraction(10 * unit), sixth, quiet * sixth))
        quiet *= 1 - sixth
    by_hour = tuple(1 - (1 - sixth) ** (6 * h) for h in (1, 2, 3))
    return Odds("dungeon-turn", Fraction(10), "dungeon turn", 3, tuple(checks), by_hour, 3 * sixth * 6, Fraction(60))


def test_the_odds_chart_puts_a_bar_at_each_check_and_prints_the_exact_numbers() -> None:
    chart = odds_chart(load_pack("dungeon-turn"), hand_made_odds(), width=260)
    assert len(chart.bars) == 18
    xs = [bar.x for bar in chart.bars]
    assert xs == sorted(xs) and chart.plot_left < xs[0] and xs[-1] + chart.bars[-1].width <= chart.width
    plot_height = chart.plot_bottom - chart.plot_top
    assert all(bar.height == pytest.approx(plot_height / 6, abs=0.02) for bar in chart.bars)
    ys = [y for _, y in chart.line]
    assert ys == sorted(ys, reverse=True)  # the chance of at least one only ever rises
    assert chart.line[-1][1] == pytest.approx(chart.plot_bottom - plot_height * 0.9624, abs=0.05)
    assert [t.label for t in chart.x_ticks] == ["0 h", "1 h", "2 h", "3 h"]
    assert [t.label for t in chart.y_ticks] == ["0%", "25%", "50%", "75%", "100%"]
    facts = {f.label: f.text for f in chart.facts}
    assert facts["Each check"] == "1 in 6 (16.7%) per dungeon turn"
    assert facts["Average wait"] == "about 60 minutes"
    assert [(f.label, f.text) for f in chart.by_hour] == [("hour 1", "66.5%"), ("hour 2", "88.8%"), ("hour 3", "96.2%")]
    assert chart.beside


def test_the_odds_section_is_left_out_when_the_pack_has_no_check() -> None:
    pack = load_pack("encounter-reaction")
    assert pack.check is None
    page = pack.reference.pages[0]
    pack = with_pages(pack, page.model_copy(update={"sections": [*page.sections, Section(kind="odds")]}))
    view = reference_view(pack, options())
    assert "odds" not in [s.kind for s in view.pages[0].sections]


def test_the_players_version_keeps_only_player_safe_sections() -> None:
    pack = load_pack("encounter-clock")
    view = reference_view(pack, options(), players=True)
    kept = [s.index for s in view.pages[0].sections]
    assert kept == [i for i, s in enumerate(pack.reference.pages[0].sections) if s.player_safe]
    assert view.title.endswith("for the players")


# --- fonts --------------------------------------------------------------------------------------------


def test_every_printed_field_is_listed_by_its_place_in_the_pack() -> None:
    fields = dict(printed_text(load_pack("dungeon-turn")))
    assert fields["reference.pages[0].sections[0].title"] == "What Is a Dungeon Turn?"
    assert fields["procedures[1].steps[0].title"] == "Declare Party Action"
    assert fields["tracks[0].box_labels[4]"] == "+5"
    assert "actions[8].notes" in fields


def test_a_character_the_shipped_fonts_lack_is_reported_at_its_field() -> None:
    pack = load_pack("dungeon-turn")
    page = pack.reference.pages[0]
    sections = list(page.sections)
    sections[3] = sections[3].model_copy(update={"text": "Rest by the fire \U0001f525 and the ᚠ rune"})
    pack = with_pages(pack, page.model_copy(update={"sections": sections}), *pack.reference.pages[1:])
    with pytest.raises(FontError) as caught:
        check_fonts(pack)
    where = [(p.location.file, p.location.field) for p in caught.value.problems]
    assert where == [("dungeon-turn", "reference.pages[0].sections[3].text")] * 2
    assert "U+1F525" in str(caught.value) and "U+16A0" in str(caught.value)
    with pytest.raises(FontError):
        render_reference(pack, options())


# --- the HTML -----------------------------------------------------------------------------------------


def hostile_pack() -> Pack:
    """dungeon-turn with markup and template syntax in every kind of text a page prints."""
    pack = load_pack("dungeon-turn")
    evil = " ".join(HOSTILE)
    table = Table(id="evil", name=f"Table {evil}", columns=[f"Column {evil}"], rows=[Row(cells=[evil])])
    procedure = pack.procedures[0].model_copy(
        update={"name": f"Steps {evil}", "steps": [Step(title=evil, text=evil, items=[evil])]}
    )
    page = Page(
        title=f"Page {evil}",
        subtitle=evil,
        columns=2,
        footer=evil,
        sections=[
            Section(kind="text", title=evil, text=evil, items=[evil, f"☐ {evil}"]),
            Section(kind="callout", text=evil),
            Section(kind="procedure", ref=procedure.id),
            Section(kind="table", ref="evil"),
        ],
    )
    return pack.model_copy(update={"tables": [table], "procedures": [procedure], "reference": Reference(pages=[page])})


def test_pack_text_is_escaped_never_markup() -> None:
    html = reference_html(hostile_pack(), options())
    assert "<img" not in html and "<script" not in html
    assert re.search(r"&lt;img src=(&quot;|&#34;)file:///etc/passwd(&quot;|&#34;)&gt;", html)
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "{{ 7*7 }}" in html and "49" not in html
    assert html.count("&lt;script&gt;") >= 10


def test_the_html_sets_the_type_size_and_paper_and_anchors_every_section() -> None:
    pack = load_pack("dungeon-turn")
    html = reference_html(pack, options(A4), type_size=8.5, page_index=0)
    assert "--body-size: 8.5pt;" in html and "html { font-size: var(--body-size); }" in html
    assert "size: A4;" in html
    for index in range(len(pack.reference.pages[0].sections)):
        assert f'id="p1-s{index}"' in html
    assert 'id="p2-s0"' not in html
    with pytest.raises(ValueError, match="too small"):
        reference_html(pack, options(), type_size=7.5)


def test_checkboxes_are_drawn_boxes_not_glyphs() -> None:
    html = reference_html(hostile_pack(), options())
    assert "☐" not in html
    assert '<span class="box" role="img" aria-label="checkbox"></span>' in html
    html = reference_html(load_pack("dungeon-turn"), options(), page_index=0)
    assert html.count('class="box big"') == 5  # the escalation track
    assert html.count('<span class="box"></span>') == 6  # the short rest's countdown of six turns


def test_no_template_marks_text_safe() -> None:
    templates = shipped_dir("templates")
    sources = [p.read_text() for p in Path(str(templates)).rglob("*.html")]
    assert len(sources) >= 10
    assert not any(re.search(r"\|\s*safe\b|autoescape\s+false", source) for source in sources)


def test_no_text_is_set_below_8_points() -> None:
    html = reference_html(load_pack("site-alarm"), options(), type_size=SMALLEST, page_index=0)
    document = layout(html).document
    sizes = {
        round(box.style["font_size"] * 0.75, 2)
        for page in document.pages
        for box in page._page_box.descendants()
        if type(box).__name__ == "TextBox" and box.text.strip()
    }
    assert min(sizes) >= 8


# --- the PDFs -----------------------------------------------------------------------------------------

_RENDERED: dict[tuple[str, str], RenderedReference] = {}


def rendered(pack_id: str, paper: Paper) -> RenderedReference:
    key = (pack_id, paper.name)
    if key not in _RENDERED:
        _RENDERED[key] = render_reference(printable(pack_id), options(paper))
    return _RENDERED[key]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS, ids=lambda p: p.name)
@pytest.mark.parametrize("pack_id", PACKS)
def test_every_reference_page_fits_one_sheet(
    pack_id: str, paper: Paper, record_property: Callable[[str, object], None]
) -> None:
    result = rendered(pack_id, paper)
    reader = read_pdf(result.pdf)
    assert len(reader.pages) == len(printable(pack_id).reference.pages)
    assert set(page_sizes(reader)) == {(round(paper.width), round(paper.height))}
    assert set(result.type_sizes) == {BODY_SIZE} and BODY_SIZE >= 8.5
    record_property("type_sizes", result.type_sizes)
    assert result.warnings == ()
    assert font_problems(reader) == []
    metadata = reader.metadata
    assert metadata is not None
    assert metadata.title == f"{load_pack(pack_id).name} — Reference"
    assert metadata.subject is not None
    assert metadata.subject.startswith(f"{load_pack(pack_id).words.gm}'s reference for ")  # the pack's word


KEY_FACTS = {
    "dungeon-turn": [
        "1d6 + Escalation",
        "6 or higher",
        "Short Rest",
        "20-minute turns",
        "Danger Escalation",
        "Advantages & Bonuses",
        "Ritual Casting",
        "1 in 6 (16.7%)",
    ],
    "site-alarm": [
        "d10",
        "or equal to the current alarm value",
        "Converse",
        "Disarm",
        "Explore",
        "Hide",
        "Interact",
        "Pick Lock",
        "Search",
        "Rest",
        "Return",
        "Break",
        "Care",
        "Quick",
        "Quiet",
        "Safe",
        "Impressive",
        "Cost",
        "Time",
        "Noise",
        "Injury",
        "Doubt",
        "Control",
    ],
    "encounter-clock": [
        "Radiant",
        "Dim",
        "Stygian",
        "Players cannot surprise opponents",
        "Players get a +2 to scout",
        "All treasure found is doubled",
        "Omen",
    ],
    "encounter-reaction": [
        "2d6",
        "Hostile, attacks",
        "Unfriendly",
        "Uncertain",
        "Indifferent / open to talk",
        "Friendly",
        "(default)",
        "Frontline",
        "Midline",
        "Backline",
        "Morale",
        "Griffon",
        "Multi-Attack",
        "# Appearing",
    ],
    "bx-dungeon": [
        "Wandering Monster Check",
        "1d6: wandering monster on a 1; every 2 turns (20 minutes)",
        "Torch 1",
        "Lantern Oil",
        "Rest",
        "Surprise",
        "2d6",
        "Hostile; attacks",
        "Friendly; helpful",
        "Cave Goblin",
        "THAC0: 19 [0]",
        "ML: 7",
        "1 in 6 (16.7%)",
    ],
    "tension-dice": [
        "Tension Roll",
        "when the pool holds 6 dice",
        "Extra die",
        "Complications",
        "Encounter",
        "Sign",
        "Hazard",
        "Fatigue",
        "Torch",
        "Short Rest",
        "Cave Bat Swarm",
        "Attack: +3",
        "66.5%",
    ],
    "derelict-crawl": [
        "Alert Level 1 (1 Encounter/1 hour)",
        "Alert Level 2 (1 Encounter/1 hour)",
        "Alert Level 3 (1 Encounter/30 minutes)",
        "Alert Level 4 (1 Encounter/30 minutes)",
        "6 rounds (1 hour)",
        "3 rounds (30 minutes)",
        "on 5-6",
        "Slow",
        "Normal",
        "Fast",
    ],
    "danger-rounds": [
        "Unsafe",
        "Risky",
        "Deadly",
        "3 crawling rounds (30 minutes)",
        "2 crawling rounds (20 minutes)",
        "Torch 3",
        "one hour",
        "66.5%",
        "80.6%",
        "96.2%",
    ],
    "usage-dice": [
        "d20",
        "steps down to d12",
        "d6, d4, then gone",
        "d10, d8, d6, d4",
        "Lantern oil",
        "about 50 minutes",
        "about 90 minutes",
        "about 14 hours",
        "76.8%",
    ],
    "wilderness-watches": [
        "Road",
        "Plains",
        "Hills",
        "Forest",
        "Swamp",
        "Mountains",
        "Getting Lost",
        "Storm",
        "Fog",
        "8 hours (2 watches)",
        "on 1-3",
        "96.2%",
    ],
}


@pytest.mark.slow
@pytest.mark.parametrize("pack_id", PACKS)
def test_the_page_text_holds_the_packs_key_facts(pack_id: str) -> None:
    text = squeeze(" ".join(page_texts(read_pdf(rendered(pack_id, LETTER).pdf))))
    missing = [fact for fact in KEY_FACTS[pack_id] if fact not in text]
    assert missing == []


@pytest.mark.slow
def test_site_alarm_lists_every_action_and_the_six_sparks_and_shadows_in_their_tables() -> None:
    first, second = page_texts(read_pdf(rendered("site-alarm", LETTER).pdf))
    for action in load_pack("site-alarm").actions:
        assert f"{action.name} (10 minutes)" in squeeze(first)
    sparks, shadows = squeeze(second).split("Shadow The acting character", 1)
    for name in ("Care", "Quick", "Quiet", "Safe", "Impressive", "Control"):
        assert name in sparks
    for name in ("Cost", "Time", "Noise", "Injury", "Doubt", "Control"):
        assert name in shadows


@pytest.mark.slow
@pytest.mark.parametrize("pack_id", ["dungeon-turn", "site-alarm"])
def test_nothing_is_printed_in_the_margins_or_the_footer_band(pack_id: str) -> None:
    pdf = rendered(pack_id, LETTER).pdf
    for page in range(len(read_pdf(pdf).pages)):
        boxes = char_boxes(pdf, page)
        assert boxes
        left = min(b[0] for _, b in boxes)
        bottom = min(b[1] for _, b in boxes)
        right = max(b[2] for _, b in boxes)
        top = max(b[3] for _, b in boxes)
        # Glyphs such as J overhang their advance by a point or so; layout keeps 36 pt (0.5 in) free.
        assert left >= 36 - 1.5 and right <= 612 - 36 + 1.5
        assert bottom >= 36 and top <= 792 - 36 + 1.5


@pytest.mark.slow
def test_escaped_text_prints_literally() -> None:
    result = render_reference(hostile_pack(), options())
    text = squeeze(" ".join(page_texts(read_pdf(result.pdf))))
    for evil in HOSTILE:
        assert evil in text
    assert result.warnings == ()


@pytest.mark.slow
def test_the_same_pack_gives_the_same_bytes() -> None:
    pack = load_pack("encounter-reaction")
    assert render_reference(pack, options()).pdf == rendered("encounter-reaction", LETTER).pdf


def overfull_pack() -> Pack:
    """dungeon-turn with a second page of fifteen sections, of which the first few fit."""
    pack = load_pack("dungeon-turn")
    words = " ".join(["The party searches the long hall, room by room, and the torches burn down."] * 16)
    sections = [Section(kind="text", title=f"Chronicle {n}", text=words) for n in range(1, 16)]
    # One column: WeasyPrint balances columns slowly on a page that overflows.
    page = Page(title="Far Too Much", columns=1, sections=sections)
    return with_pages(pack, pack.reference.pages[1], page)


@pytest.mark.slow
def test_a_page_that_does_not_fit_names_the_pack_page_and_section() -> None:
    with pytest.raises(RenderError) as caught:
        render_reference(overfull_pack(), options())
    (problem,) = caught.value.problems
    assert problem.location.file == "dungeon-turn"
    match = re.fullmatch(r"reference\.pages\[1\]\.sections\[(\d+)\]", problem.location.field)
    assert match, problem.location.field
    first_out = int(match[1])
    assert 3 <= first_out <= 12
    assert str(caught.value).startswith(
        f"dungeon-turn: reference.pages[1].sections[{first_out}]: Dungeon Turns: reference page 2 "
        '"Far Too Much" does not fit on one letter page in 8.5 pt type'
    )
    assert (
        f'section {first_out + 1} "Chronicle {first_out + 1}" (text) is the first part that runs onto a second page'
    ) in str(caught.value)
    # The sections before it do fit on one sheet, and with it they do not.
    pack = overfull_pack()
    page = pack.reference.pages[1]
    for count, pages in ((first_out, 1), (first_out + 1, 2)):
        trial = with_pages(pack, page.model_copy(update={"sections": page.sections[:count], "footer": ""}))
        html = reference_html(trial, options(), page_index=0)
        assert layout(html).page_count == pages


def every_kind_pack() -> Pack:
    """encounter-clock with a page of every kind of section, borrowing what it lacks from other packs."""
    pack = load_pack("encounter-clock")
    turns, reaction = load_pack("dungeon-turn"), load_pack("encounter-reaction")
    pack = pack.model_copy(
        update={
            "procedures": turns.procedures,
            "rests": turns.rests,
            "variants": turns.variants,
            "statblocks": reaction.statblocks,
        }
    )
    kinds: list[Section] = [
        Section(kind="text", title="Text", text="Words.", items=["One", "☐ Radiant ☐ Dim ☐ Stygian"]),
        Section(kind="callout", text="A callout."),
        Section(kind="procedure", ref="sequence"),
        Section(kind="check"),
        Section(kind="track", ref="encounter-clock"),
        Section(kind="tracks"),
        Section(kind="tallies"),
        Section(kind="actions", group="round"),
        Section(kind="table", ref="light-levels", span=True),
        Section(kind="resources"),
        Section(kind="rests"),
        Section(kind="variants"),
        Section(kind="odds"),
        Section(kind="statblock", ref="griffon"),
    ]
    return with_pages(pack, Page(title="Every kind", columns=3, sections=kinds))


def test_every_kind_of_section_renders() -> None:
    pack = every_kind_pack()
    html = reference_html(pack, options())
    for kind in (
        "text",
        "callout",
        "procedure",
        "check",
        "track",
        "tracks",
        "tallies",
        "actions",
        "table",
        "resources",
        "rests",
        "variants",
        "odds",
        "statblock",
    ):
        assert f"kind-{kind}" in html
    assert "<th>What it does</th>" in html and "Takes 1 round." in html  # the compact actions table
    assert html.count('<span class="box"></span>') == 10 + 6 + 6  # Supply, Light, the short rest
    assert "Round in the same room" in html and "Each mark adds one d6 to the Encounter Check." in html
    assert "GRIFFON" in html.upper() and "Multi-Attack" in html and "column-span" not in html
    assert 'class="section kind-table span' in html
    laid = layout(html)
    assert laid.warnings == ()


def body_size_read_back(pdf: bytes) -> float:
    """The font size most characters of the PDF are set in, read back from its text operators."""
    from collections import Counter

    counts: Counter[float] = Counter()
    for page in read_pdf(pdf).pages:

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
            if text.strip():
                counts[round(size * abs(tm[3] or 1.0) * abs(cm[3] or 1.0), 1)] += len(text.strip())

        page.extract_text(visitor_text=visit)
    return counts.most_common(1)[0][0]


@pytest.mark.slow
def test_reference_body_text_is_one_size_on_every_pack() -> None:
    sizes = {pack_id: body_size_read_back(rendered(pack_id, LETTER).pdf) for pack_id in PACKS}
    assert set(sizes.values()) == {BODY_SIZE}, sizes
    assert BODY_SIZE >= 8.5


def test_players_pages_are_set_at_the_players_size_or_larger_with_their_header() -> None:
    result = render_reference(load_pack("dungeon-turn"), options(), players=True)
    # the first page has room to spare and is set a point larger; the second is full at the players' size
    assert result.type_sizes == (PLAYERS_SIZE + 1, PLAYERS_SIZE) and PLAYERS_SIZE >= 10
    assert max(result.type_sizes) <= PLAYERS_LARGEST
    text = read_pdf(result.pdf).pages[0].extract_text()
    assert "For the players" in text and "page 1 of" in text
    assert "Letter" not in text and "A4" not in text


@pytest.mark.parametrize("large", [False, True], ids=["players", "large-print"])
def test_a_heading_on_a_players_page_is_a_step_larger_than_its_text(large: bool) -> None:
    from collections import Counter

    pack = load_pack("dungeon-turn")
    result = render_reference(pack, RenderOptions(paper=LETTER, large=large), players=True)
    reader = read_pdf(result.pdf)
    titles = {section.title for page in pack.reference.pages for section in page.sections if section.title}
    found = 0
    for number in range(len(reader.pages)):
        pieces = [(size, text.strip()) for _, _, size, text in sized_text(reader, number)]
        body = Counter(size for size, _ in pieces).most_common(1)[0][0]
        assert body in result.type_sizes and body >= PLAYERS_SIZE
        for size, text in pieces:
            if text in titles:  # the heading step of the GM's pages, 9.5 over 8.5, grown with the body
                assert size == pytest.approx(body * TYPE.heading / BODY_SIZE, abs=0.02), (number, text)
                found += 1
    assert found >= 5


def _line_pitch(pdf: bytes, page: int, size: float) -> float:
    """The most common distance between the baselines of consecutive lines set in *size* on a page."""
    from collections import Counter
    from itertools import pairwise

    reader = read_pdf(pdf)
    lines = sorted(
        {(round(x / 150), round(y, 1)) for x, y, s, _ in sized_text(reader, page) if s == size},
        key=lambda xy: (xy[0], -xy[1]),
    )
    pitches = Counter(round(a[1] - b[1], 1) for a, b in pairwise(lines) if a[0] == b[0] and 0 < a[1] - b[1] < 2 * size)
    return pitches.most_common(1)[0][0]


def test_a_gm_page_with_room_to_spare_keeps_its_type_and_gets_more_leading() -> None:
    roomy = render_reference(load_pack("derelict-crawl"), options())
    assert roomy.type_sizes == (BODY_SIZE, BODY_SIZE)
    assert _line_pitch(roomy.pdf, 0, BODY_SIZE) == pytest.approx(BODY_SIZE * LOOSEST_LEADING, abs=0.15)
    full = render_reference(load_pack("encounter-clock"), options())  # its one page holds no room to spare
    assert _line_pitch(full.pdf, 0, BODY_SIZE) < BODY_SIZE * LOOSEST_LEADING - 0.5


def test_generated_phrases_read_as_prose() -> None:
    alarm = reference_html(load_pack("site-alarm"), options(), page_index=0)
    assert "When</span> when" not in alarm and not re.search(r"When\W+(<[^>]+>\W*)*when the", alarm)
    clock = reference_html(load_pack("encounter-clock"), options(), page_index=0)
    assert "Omen</span></td>" in clock or "Omen</span> " in clock
    assert "drawn heavy" not in clock  # the sheet speaks of the game, not of how its boxes are drawn
    assert "omen-word" not in clock  # the level's own label says it is an omen


def test_a_players_page_can_have_its_own_subtitle() -> None:
    pack = load_pack("encounter-reaction")
    players = reference_view(pack, options(), players=True).pages[0].subtitle
    gm = reference_view(pack, options()).pages[0].subtitle
    assert "tables" in gm and "tables" not in players and "Reaction" not in players
