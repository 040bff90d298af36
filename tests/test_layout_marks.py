"""Every mark of each sheet kind's pages, to a hundredth of a point, against the marks kept when the pages
were last looked at (tests/goldens/marks/).

The picture tests hold a page's look within a tolerance; these hold the numbers the look is drawn from:
each text's place, face, size and grey, each box, rule, rectangle and circle, page by page, straight from
the layout stage (no PDF is drawn). A rule one point off, a box one size smaller, a line broken one word
earlier or a grey one step darker fails here, and the failure shows the first marks that differ. When a
change is wanted, look at the pages (the picture tests' images, or `sheetgen preview`), then write the
marks anew with ``pytest tests/test_layout_marks.py --update-goldens`` and read their diff before
committing it.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import tempfile
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from pathlib import Path

import pytest
from kept import as_kept
from test_exit_map import generated_site

from sheetgen.engine.timetable import build_timetable
from sheetgen.layout.calibration import calibration_pages
from sheetgen.layout.card_shop import shop_pages
from sheetgen.layout.cards import card_layout
from sheetgen.layout.cover import Cover, RuledTable, cover_marks
from sheetgen.layout.exit_map import exit_map_layout
from sheetgen.layout.floor_plan import floor_plan_layout
from sheetgen.layout.marks import Mark, marks_to_data
from sheetgen.layout.site_front import site_front_layout
from sheetgen.layout.timetable_pages import timetable_layout
from sheetgen.load.files import builtin_pack_ids, load_pack, load_site
from sheetgen.options import A4, LETTER, Audience, Paper, RenderOptions
from sheetgen.packet.build import _briefs
from sheetgen.render.pdf.trackers import tracker_layouts
from sheetgen.sheets.exit_map import exit_map
from sheetgen.sheets.floor_plan import floor_plan
from sheetgen.sheets.site_front import site_front
from sheetgen.words.language import using

GOLDENS = Path(__file__).parent / "goldens" / "marks"
DATA = Path(__file__).parent / "data"
Page = tuple[object, Sequence[Mark]]
"""What a page's layout says of it besides its marks (its paper, what went where on it), and its marks."""
Pages = list[Page]
MARK_FIELDS = {"marks", "texts", "boxes", "lines", "rects", "circles", "items", "crop_marks"}


def facts(value: object) -> object:
    """*value* as JSON-ready data, the marks of a layout left out (they are listed after it) and floats
    rounded to a hundredth of a point."""
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: facts(getattr(value, f.name)) for f in dataclasses.fields(value) if f.name not in MARK_FIELDS}
    if isinstance(value, list | tuple):
        return [facts(v) for v in value]
    if isinstance(value, float):
        return round(value, 2) + 0.0  # no "-0.0"
    return value


def trackers(pack: str, options: RenderOptions | None = None, audience: Audience | None = None) -> Pages:
    loaded = load_pack(pack) if not pack.endswith(".yaml") else load_pack(str(DATA / "packs" / pack))
    return [
        (layout, (*layout.rects, *layout.lines, *layout.circles, *layout.boxes, *layout.texts))
        for layout in tracker_layouts(loaded, options or RenderOptions(), audience=audience)
    ]


def cards(site: str, **how: object) -> Pages:
    sheet = card_layout(load_site(site), how.pop("paper", LETTER), **how)  # type: ignore[arg-type]
    pages: Pages = []
    for page in sheet.pages:
        sides = sheet.cards if page.side == "front" else sheet.backs
        placed = [sides[index] for index in page.cards]
        marks = (*page.crop_marks, *(mark for side in placed for mark in side.items))
        pages.append(((sheet.layout, page, placed) if not pages else (page, placed), marks))
    return pages


def shop(site: str) -> Pages:
    sheet = card_layout(load_site(site), LETTER, size="poker", backs=True, wide_cards=False, sideways=False)
    return [(page, page.items) for page in shop_pages(sheet, bleed=True)]


def timetable(name: str, seed: int, hours: int | None = None, paper: Paper = LETTER) -> Pages:
    if name.endswith(".yaml") or name in builtin_pack_ids():
        pack, site = load_pack(str(DATA / "packs" / name) if name.endswith(".yaml") else name), None
    else:
        loaded = load_site(name)
        pack, site = loaded.pack, loaded.site
    table = build_timetable(pack, site=site, encounter_pack=None, hours=hours, seed=seed)
    laid = timetable_layout(table, paper)
    return [((laid.title, page), page.marks) for page in laid.pages]


def exits(site: str, paper: Paper = LETTER) -> Pages:
    loaded = load_site(site)
    laid = exit_map_layout(exit_map(loaded.site, loaded.pack.words.gm, loaded.language), paper)
    return [((laid.scale, laid.title, page), page.marks) for page in laid.pages]


def split_exits(rooms: int) -> Pages:
    """The map of a generated site too large for one page: its pages at the smallest scale, overlapping."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"generated-{rooms}.yaml"
        path.write_text(generated_site(rooms), encoding="utf-8")
        return exits(str(path))


def plan(site: str, *, players: bool = False) -> Pages:
    loaded = load_site(str(DATA / "sites" / site))
    drawn = floor_plan(loaded.site, loaded.pack.words.gm, players=players)
    assert drawn is not None
    laid = floor_plan_layout(drawn, LETTER)
    return [((laid.side, laid.title, page), page.marks) for page in laid.pages]


def front(site: str, paper: Paper = LETTER) -> Pages:
    loaded = load_site(site)
    laid = site_front_layout(site_front(loaded.site, loaded.pack.words.gm, loaded.pack), paper)
    return [((laid.title, laid.entries) if n == 0 else None, marks) for n, marks in enumerate(laid.pages)]


def calibration(paper: Paper) -> Pages:
    return [(page, page.marks) for page in calibration_pages(paper)]


def cover(*, players: bool) -> Pages:
    """The bundled site's cover with every part filled: facts, contents, its packs in brief, for the game
    master the first encounters and the session log, for the players the party's roster and notes."""
    loaded = load_site("the-sunken-chapel")
    gm = not players
    tables = (
        (RuledTable("Session log", (("Time", 1.0), ("Where", 2.0), ("What happened", 6.0))),)
        if gm
        else (
            RuledTable("The party", (("Character", 3.0), ("Player", 2.0), ("Notes", 4.0)), rows=6),
            RuledTable("Notes", (("", 1.0),)),
        )
    )
    made = Cover(
        "The Sunken Chapel",
        "Session packet" if gm else "Session packet for the players",
        (("Rules", "Dungeon Turn"), ("Seed", "7 (give --seed 7 for the same dice)"), ("Made", "2026-12-07")),
        (("Reference: Dungeon Turn", 2), ("Trackers", 4), ("Timetable", 6), ("Room cards", 9)),
        _briefs(loaded, gm=gm),
        ("**0:20** 2 giant rats (p. 6)", "**1:10** the verger's ghost (p. 7)") if gm else (),
        tables,
    )
    return [(None, cover_marks(LETTER, made))]


def german(make: Callable[[], Pages]) -> Callable[[], Pages]:
    def made() -> Pages:
        with using("de"):
            return make()

    return made


LARGE = RenderOptions(large=True)
CASES: dict[str, Callable[[], Pages]] = {
    **{f"tracker-{pack}": partial(trackers, pack) for pack in builtin_pack_ids()},
    **{
        f"tracker-{name.removesuffix('.yaml')}": partial(trackers, name)
        for name in (
            "usage-light.yaml",
            "several-rolls.yaml",
            "travel-watches.yaml",
            "dark-crawl.yaml",
            "given-turns.yaml",
            "wandering-dice.yaml",
            "late-start.yaml",
        )
    },
    "tracker-dungeon-turn-a4": lambda: trackers("dungeon-turn", RenderOptions(paper=A4)),
    "tracker-players-large-encounter-clock": lambda: trackers("encounter-clock", LARGE, Audience.PLAYERS),
    "tracker-players-large-derelict-crawl": lambda: trackers("derelict-crawl", LARGE, Audience.PLAYERS),
    "tracker-german-dungeon-turn": german(lambda: trackers("dungeon-turn")),
    "cards-poker-chapel-backs": lambda: cards("the-sunken-chapel", size="poker", backs=True),
    "cards-poker-mill-cellars": lambda: cards("the-mill-cellars"),
    "cards-index-chapel": lambda: cards("the-sunken-chapel", size="index"),
    "cards-index-ember-vault-a4": lambda: cards("the-ember-vault", paper=A4, size="index"),
    "cards-poker-lampless-mine-bleed": lambda: cards("the-lampless-mine", bleed=True),
    "cards-poker-chapel-narrow": lambda: cards("the-sunken-chapel", wide_cards=False),
    "cards-shop-salt-tunnels": lambda: shop("the-salt-tunnels"),
    **{
        f"timetable-{pack}": partial(timetable, pack, 1)
        for pack in builtin_pack_ids()
        if load_pack(pack).check is not None
    },
    "timetable-chapel": lambda: timetable("the-sunken-chapel", 7),
    "timetable-salt-road": lambda: timetable("the-salt-road", 7),
    "timetable-salt-tunnels-a4": lambda: timetable("the-salt-tunnels", 11, paper=A4),
    "timetable-several-rolls": lambda: timetable("several-rolls.yaml", 3, hours=3),
    "timetable-pooled-rolls": lambda: timetable("pooled-rolls.yaml", 5, hours=2),
    "timetable-german-chapel": german(lambda: timetable("the-sunken-chapel", 7)),
    "exit-map-chapel": lambda: exits("the-sunken-chapel"),
    "exit-map-german-words-chapel": german(lambda: exits("the-sunken-chapel")),
    "exit-map-salt-tunnels-a4": lambda: exits("the-salt-tunnels", A4),
    "exit-map-30-rooms": lambda: split_exits(30),
    "floor-plan-toll-house": lambda: plan("toll-house.yaml"),
    "floor-plan-players-toll-house": lambda: plan("toll-house.yaml", players=True),
    "front-chapel": lambda: front("the-sunken-chapel"),
    "front-salt-road-a4": lambda: front("the-salt-road", A4),
    "calibration-letter": lambda: calibration(LETTER),
    "calibration-a4": lambda: calibration(A4),
    "cover-gm": lambda: cover(players=False),
    "cover-players": lambda: cover(players=True),
}


def lines(pages: Iterable[Page]) -> list[str]:
    out: list[str] = []
    for number, (about, marks) in enumerate(pages, 1):
        out.append(f"# page {number}" + ("" if about is None else " " + json.dumps(facts(about), ensure_ascii=False)))
        out += [json.dumps(facts(mark), ensure_ascii=False) for mark in marks_to_data(marks)]
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_marks_of_each_page_are_as_kept(name: str, request: pytest.FixtureRequest) -> None:
    as_kept(lines(CASES[name]()), GOLDENS / f"{name}.marks", request, f"the marks of {name}")


def test_a_mark_moved_by_a_hundredth_of_a_point_is_a_difference() -> None:
    ((about, page),) = cover(players=True)
    moved = [page[0].moved(0.0, 0.01), *page[1:]]
    assert lines([(about, moved)]) != lines([(about, page)])
    assert lines([(about, [*page])]) == lines([(about, page)])
