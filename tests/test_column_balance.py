"""Balanced columns: sheetgen's balancing puts every section where WeasyPrint's own balancing does."""

from __future__ import annotations

import itertools
from collections import defaultdict
from typing import Any

import pytest

from sheetgen.compat import columns as column_balance
from sheetgen.compat.columns import ColumnsOverflow
from sheetgen.load.files import load_pack
from sheetgen.options import LETTER, RenderOptions
from sheetgen.render.html.reference import reference_html
from sheetgen.render.html.weasy import LaidOut, layout

OPTIONS = RenderOptions(paper=LETTER)


def test_the_faster_balancing_works_with_the_weasyprint_installed() -> None:
    assert column_balance.available(), (
        "sheetgen.compat.columns does not recognise this WeasyPrint's column layout: pages are balanced by "
        "WeasyPrint itself, correct but several times slower; check the module against this version"
    )


def placements(laid: LaidOut) -> tuple[int, dict[str, list[tuple[int, int]]]]:
    """The page count, and for every section fragment its column (0, 1, ...) and its top (to the point)."""
    found: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for page in laid.document.pages:
        for box in page._page_box.descendants():
            if box.element_tag == "section" and box.element is not None and box.element.get("id"):
                found[box.element.get("id")].append((box.position_x, box.position_y))
    lefts = sorted({round(x) for spots in found.values() for x, _ in spots})
    return laid.page_count, {
        anchor: [(lefts.index(round(x)), round(y * 0.75)) for x, y in spots] for anchor, spots in found.items()
    }


def least_height_only(patched: pytest.MonkeyPatch) -> None:
    """Balance at the least height that holds everything, as WeasyPrint does: no more level height, no
    feathering."""
    patched.setattr(
        column_balance,
        "_level_height",
        lambda groups, count, room, line: column_balance._balanced_height(groups, count),
    )
    patched.setattr(column_balance, "_feather", lambda columns, line: None)


def weasyprints_own(html: str, monkeypatch: pytest.MonkeyPatch) -> LaidOut:
    with monkeypatch.context() as patched:
        patched.setattr(column_balance, "_weasyprint", lambda: None)
        return layout(html)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("pack_id", "page", "size"),
    [
        ("dungeon-turn", 1, 9.5),  # two columns, a breakable list of actions
        ("encounter-reaction", 0, 8.5),  # three columns, tables and a statblock
        ("encounter-clock", 0, 8.5),  # a spanning table between two runs of columns
    ],
)
def test_at_the_least_height_sections_land_where_weasyprints_own_balancing_puts_them(
    pack_id: str, page: int, size: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    html = reference_html(load_pack(pack_id), OPTIONS, type_size=size, page_index=page)
    with monkeypatch.context() as patched:
        least_height_only(patched)
        ours = placements(layout(html))
    theirs = placements(weasyprints_own(html, monkeypatch))
    assert ours[0] == theirs[0] == 1
    columns = {anchor: [column for column, _ in spots] for anchor, spots in ours[1].items()}
    assert columns == {anchor: [column for column, _ in spots] for anchor, spots in theirs[1].items()}
    assert len({column for spots in columns.values() for column in spots}) > 1
    # WeasyPrint stops a little above the balanced height at times; sections never move by more than that
    for anchor, spots in ours[1].items():
        for (_, ours_top), (_, theirs_top) in zip(spots, theirs[1][anchor], strict=True):
            assert abs(ours_top - theirs_top) <= 2, anchor


def section(title: str, words: int) -> str:
    return f'<section class="section" id="{title}"><h2>{title}</h2><p>{" ".join(["word"] * words)}</p></section>'


def columns_page(*sections: str) -> str:
    return (
        '<!doctype html><html><head><link rel="stylesheet" href="sheetgen:templates/print.css">'
        "<style>@page { size: letter } html { font-size: 9pt }</style></head><body>"
        f'<article class="ref-page cols-3"><div class="columns">{"".join(sections)}</div>'
        '<footer class="ref-foot"><p>Foot.</p></footer></article></body></html>'
    )


def test_short_columns_are_balanced_and_the_footer_follows_them(monkeypatch: pytest.MonkeyPatch) -> None:
    html = columns_page(*(section(f"s{n}", 20 + 15 * (n % 3)) for n in range(9)))
    calls: list[Any] = []
    balance = column_balance._columns_layout

    def counted(*args: Any) -> Any:
        calls.append(args)
        return balance(*args)

    monkeypatch.setattr(column_balance, "_columns_layout", counted)
    pages, spots = placements(layout(html))
    assert calls  # balanced by sheetgen, not by WeasyPrint
    assert pages == 1
    per_column = defaultdict(list)
    for anchor, ((column, _),) in spots.items():
        per_column[column].append(anchor)
    assert sorted(len(anchors) for anchors in per_column.values()) == [3, 3, 3]
    assert placements(weasyprints_own(html, monkeypatch)) == (pages, spots)
    (foot,) = [box for box in layout(html).document.pages[0]._page_box.descendants() if box.element_tag == "footer"]
    assert foot.position_y * 0.75 < 300  # right under the short columns, not at the foot of the page


def test_columns_that_cannot_hold_their_content_stop_the_layout_when_asked() -> None:
    html = columns_page(*(section(f"s{n}", 400) for n in range(9)))
    with pytest.raises(ColumnsOverflow):
        layout(html, stop_at_overflow=True)
    assert layout(html).page_count > 1
    fitting = columns_page(section("s0", 40), section("s1", 40))
    assert layout(fitting, stop_at_overflow=True).page_count == 1


@pytest.mark.parametrize("page", ["nine sections", "dungeon-turn page 2"])
def test_the_height_worked_out_from_one_measuring_layout_is_the_one_trials_find(
    page: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if page == "nine sections":
        html = columns_page(*(section(f"s{n}", 20 + 15 * (n % 3)) for n in range(9)))
    else:
        html = reference_html(load_pack("dungeon-turn"), OPTIONS, type_size=9.5, page_index=1)
    decided: list[float | None] = []
    balanced = column_balance._balanced_height
    with monkeypatch.context() as patched:
        least_height_only(patched)

        def noted(*args: Any) -> Any:
            decided.append(balanced(*args))
            return decided[-1]

        patched.setattr(column_balance, "_balanced_height", noted)
        measured = placements(layout(html))
    assert decided and None not in decided
    with monkeypatch.context() as patched:
        least_height_only(patched)
        patched.setattr(column_balance, "_balanced_height", lambda *args: None)  # trials only
        tried = placements(layout(html))
    assert measured == tried


def test_balanced_height_takes_whole_runs_in_order() -> None:
    runs = [(0.0, 10.0), (10.0, 30.0), (30.0, 35.0), (35.0, 60.0)]
    assert column_balance._balanced_height(runs, 2) == 30.0  # 0-30 | 30-60
    assert column_balance._balanced_height(runs, 3) == 25.0  # 0-10 | 10-35 | 35-60
    assert column_balance._balanced_height(runs, 1) == 60.0
    assert column_balance._balanced_height([], 2) is None


def test_a_little_more_height_is_taken_where_it_levels_the_columns() -> None:
    runs, top = [], 0.0
    for size in (20.0, 30.0, 15.0, 15.0, 30.0):
        runs.append((top, top + size))
        top += size
    assert column_balance._balanced_height(runs, 3) == 45.0
    assert column_balance._fill(runs, 3, 45.0) == [20.0, 45.0, 45.0]  # 25 apart
    assert column_balance._level_height(runs, 3, room=1000.0, line=2.0) == 50.0
    assert column_balance._fill(runs, 3, 50.0) == [50.0, 30.0, 30.0]  # 20 apart
    # never taller than the room there is, unless nothing shorter holds everything
    assert column_balance._level_height(runs, 3, room=48.0, line=2.0) == 45.0
    assert column_balance._level_height([], 3, room=100.0, line=2.0) is None


def column_feet(laid: LaidOut) -> list[float]:
    """The bottom of the last line in each column of the page's one multi-column box, in points."""
    columns = next(
        box
        for box in laid.document.pages[0]._page_box.descendants()  # the outer box comes first
        if box.element_tag == "div" and "columns" in (box.element.get("class") or "").split()
    )
    return [
        max((line.position_y + line.height) * 0.75 for line in column.descendants() if type(line).__name__ == "LineBox")
        for column in columns.children
    ]


def test_a_short_column_is_spread_out_between_its_sections_to_end_level(monkeypatch: pytest.MonkeyPatch) -> None:
    # four short sections, then one too long to share a column: the first column ends short
    html = columns_page(*(section(f"s{n}", words) for n, words in enumerate((30, 30, 30, 30, 260))))
    html = html.replace("cols-3", "cols-2")
    with monkeypatch.context() as patched:
        patched.setattr(column_balance, "_feather", lambda columns, line: None)
        before = column_feet(layout(html)), placements(layout(html))[1]
    after = column_feet(layout(html)), placements(layout(html))[1]
    assert before[0][1] - before[0][0] > 12  # more than a line apart
    assert abs(after[0][1] - after[0][0]) < 0.5
    moved = [after[1][f"s{n}"][0][1] - before[1][f"s{n}"][0][1] for n in range(4)]
    assert moved[0] == 0 and 0 < moved[1] < moved[2] < moved[3]  # moved down, a share at each gap
    assert max(b - a for a, b in itertools.pairwise(moved)) <= column_balance.FEATHER_LINES * 9 * column_balance.LINE
    assert after[1]["s4"] == before[1]["s4"]  # the full column is not touched
