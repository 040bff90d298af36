"""Balanced CSS columns for WeasyPrint, decided from one measuring layout instead of trials.

Takes the multi-column boxes of a page while WeasyPrint lays it out (between :func:`installed`'s enter and
exit); gives columns that end level, the rest of the page following the tallest of them.

Why: WeasyPrint 70 finds the balanced height by growing the columns a pixel or a few at a time and laying
all of them out again at each step, so one reference page took 1-4 s; and it stops at the least height
that holds everything, which leaves the last column short whenever a block kept whole falls at a
column's foot. Here the columns' content is laid out once, in one column as tall as it needs
(WeasyPrint's own block layout, so every box's height follows the page's CSS exactly). Where a column may
break is read off that layout (between blocks and between a paragraph's lines, as the page's break,
orphans and widows properties allow: see :func:`_groups`); the height at which the content fills the
columns one after another most nearly level is worked out in Python (:func:`_level_height`: the least
height that holds everything, or a little more where that moves a break so the columns end level), and
WeasyPrint lays the columns out once more, filled one after another (``column-fill: auto``) at that
height, in two passes over the content. What is left of a short column's shortfall is shared out between
its sections, as a typesetter justifies a column vertically (:func:`_feather`; boxes are moved, not laid
out again).

Where that layout does not hold the content after all (a case the rules above do not foresee), or where
the columns do not fit on the page, the least height is found by bisection instead (logged at DEBUG): each
trial pours the content into the columns at a height, about eight trials find the height to within a
pixel, and the columns are laid out at it as above.

Only the plain case is taken over (a balanced multi-column box with a number of columns, no height of its
own, no column-spanning child, no footnotes, written left to right); anything else goes to WeasyPrint's
own code, as does everything when the WeasyPrint installed lacks the internals this was written against
(WeasyPrint 70.0): then pages come out as WeasyPrint balances them, only slower.
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Iterator
from typing import Any

from sheetgen.compat import parameters

LOG = logging.getLogger(__name__)

#: The versions the replaced layout was checked against.
CHECKED_AGAINST = "WeasyPrint 70.0"

#: Trials stop when the shortest height that fits is known to within this many CSS pixels (0.75 pt).
PRECISION = 1.0

_COLUMNS_PARAMETERS = (
    "context",
    "box",
    "bottom_space",
    "skip_stack",
    "containing_block",
    "page_is_empty",
    "absolute_boxes",
    "fixed_boxes",
    "adjoining_margins",
    "first_letter_style",
    "first_line_style",
)
_BLOCK_BOX_PARAMETERS = (*_COLUMNS_PARAMETERS, "discard", "max_lines")


class ColumnsOverflow(Exception):
    """Raised, when asked for, as soon as a page's columns cannot hold their content: the page will not
    fit, and laying out the rest of it would tell nothing more."""


@functools.cache
def _weasyprint() -> tuple[Any, Any] | None:
    """WeasyPrint's block and column layout modules, or None when they are not the ones expected."""
    from weasyprint.layout import block, column

    try:
        usable = (
            parameters(column.columns_layout) == _COLUMNS_PARAMETERS
            and block.columns_layout is column.columns_layout
            and parameters(block.block_box_layout) == _BLOCK_BOX_PARAMETERS
            and parameters(block.remove_placeholders) == ("context", "box_list", "absolute_boxes", "fixed_boxes")
            and parameters(block.collapse_margin) == ("adjoining_margins",)
            and parameters(block.block_level_width)[:2] == ("box", "containing_block")
            and parameters(column.percentage) == ("value", "computed", "refer_to")
            and parameters(column._create_column_box) == ("box", "containing_block", "children", "width", "position_y")
        )
    except (AttributeError, TypeError, ValueError):
        usable = False
    return (block, column) if usable else None


def available() -> bool:
    """Whether the faster balancing can be used with the WeasyPrint installed."""
    return _weasyprint() is not None


@contextlib.contextmanager
def installed(*, stop_at_overflow: bool = False) -> Iterator[None]:
    """Balance columns this way in the layouts done inside the block (the caller holds the render lock:
    WeasyPrint's module is changed for the process). With *stop_at_overflow*, raise ColumnsOverflow as soon
    as a page's columns cannot hold their content."""
    modules = _weasyprint()
    if modules is None:
        yield
        return
    block, column = modules
    saved = block.columns_layout
    block.columns_layout = functools.partial(_columns_layout, block, column, column.columns_layout, stop_at_overflow)
    try:
        yield
    finally:
        block.columns_layout = saved


def _content_height(column: Any) -> float:
    """The height a laid-out column's content takes, from its top to the last box's bottom border."""
    flow = [child for child in column.children if child.is_in_normal_flow()]
    if not flow:
        return 0.0
    last = flow[-1]
    return float(last.position_y + last.margin_height() - last.margin_bottom - column.position_y)


def _plain(box: Any, context: Any) -> bool:
    style = box.style
    return bool(
        style["column_fill"] == "balance"
        and style["column_count"] != "auto"
        and style["column_width"] == "auto"
        and style["height"] == "auto"
        and style["position"] != "relative"
        and style["direction"] == "ltr"
        and not context.current_page_footnotes
        and not any(child.style["column_span"] == "all" for child in box.children)
    )


def _columns_layout(
    block: Any,
    column: Any,
    stock: Any,
    stop_at_overflow: bool,
    context: Any,
    box: Any,
    bottom_space: float,
    skip_stack: Any,
    containing_block: Any,
    page_is_empty: bool,
    absolute_boxes: list[Any],
    fixed_boxes: list[Any],
    adjoining_margins: list[float] | None,
    first_letter_style: Any,
    first_line_style: Any,
) -> Any:
    """WeasyPrint's columns_layout, with the column height found by bisection (see the module's docstring)."""

    def weasyprints_own() -> Any:
        return stock(
            context,
            box,
            bottom_space,
            skip_stack,
            containing_block,
            page_is_empty,
            absolute_boxes,
            fixed_boxes,
            adjoining_margins,
            first_letter_style,
            first_line_style,
        )

    if not _plain(box, context):
        return weasyprints_own()
    count = int(box.style["column_count"])
    # Where and how wide the columns are, as WeasyPrint's columns_layout works them out.
    placed = box.copy_with_children(box.children)
    placed.position_y += block.collapse_margin(adjoining_margins or [])
    block.block_level_width(placed, containing_block)
    gap = (
        placed.style["font_size"]
        if placed.style["column_gap"] == "normal"
        else column.percentage(placed.style["column_gap"], placed.style, placed.width)
    )
    width = max(0, placed.width - (count - 1) * gap) / count
    top = placed.content_box_y()
    skip = next(iter(skip_stack)) if skip_stack else 0
    children = box.children[skip:]
    first_skip = {0: skip_stack[skip]} if skip_stack else None

    def heights_at(height: float, *, forced: bool) -> list[float] | None:
        """The content height of each column when the content is poured into *count* columns *height* px
        tall, or None when it does not all go in (the trial is then discarded). *forced*: a column takes
        its first box even when it is too tall, as WeasyPrint's first trial does."""
        shapes = len(context.excluded_shapes)
        trial = column._create_column_box(placed, containing_block, [child.copy() for child in children], width, top)
        resume = first_skip
        done: list[Any] = []
        for _ in range(count):
            one = block.block_box_layout(
                context,
                trial,
                context.page_bottom - top - height,
                resume,
                containing_block,
                forced,
                [],
                [],
                [],
                first_letter_style,
                first_line_style,
                discard=False,
                max_lines=None,
            )
            if one[0] is None:
                break
            done.append(one[0])
            resume = one[1]
            if resume is None:
                break
        heights = [_content_height(laid) for laid in done]
        block.remove_placeholders(context, done, [], [])
        del context.excluded_shapes[shapes:]
        if resume is not None or not done or max(heights) > height + 0.01:
            return None
        return heights

    def filled_at(height: float) -> Any:
        """WeasyPrint's own layout of the columns filled one after another, *height* px tall, or None (and
        nothing left placed) when that does not hold everything."""
        filled = box.copy()
        filled.style = box.style.copy()
        filled.style["column_fill"] = "auto"
        absolute: list[Any] = []
        fixed: list[Any] = []
        result = stock(
            context,
            filled,
            context.page_bottom - top - height,
            skip_stack,
            containing_block,
            page_is_empty,
            absolute,
            fixed,
            list(adjoining_margins or []),
            first_letter_style,
            first_line_style,
        )
        if result[0] is None or result[1] is not None:
            if result[0] is not None:
                block.remove_placeholders(context, [result[0]], absolute, fixed)
            return None
        absolute_boxes.extend(absolute)
        fixed_boxes.extend(fixed)
        return result

    def laid_at(height: float) -> Any:
        """The columns laid out once, filled one after another *height* px tall (as WeasyPrint lays them out
        with ``column-fill: auto``, without the trial pass it makes first); None, and nothing left placed,
        when they do not hold everything."""
        laid = box.copy_with_children(box.children)
        laid.position_y = placed.position_y
        block.block_level_width(laid, containing_block)
        copies = [child.copy() for child in children]
        absolute: list[Any] = []
        fixed: list[Any] = []
        columns: list[Any] = []
        resume, next_page = None, {"break": "any", "page": None}
        for index in range(count):
            one = column._create_column_box(laid, containing_block, copies, width, top)
            one.position_x += index * (width + gap)
            new, resume, next_page, _, _, _ = block.block_box_layout(
                context,
                one,
                context.page_bottom - top - height,
                resume,
                containing_block,
                page_is_empty,
                absolute,
                fixed,
                None,
                first_letter_style,
                first_line_style,
                discard=False,
                max_lines=None,
            )
            if new is None:
                break
            columns.append(new)
            if resume is None:
                break
        if resume is not None or not columns:
            block.remove_placeholders(context, columns, absolute, fixed)
            return None
        tallest = max(laid_column.margin_height() for laid_column in columns)
        for laid_column in columns:
            laid_column.height = tallest
        laid.children = columns
        laid.height = min(height, tallest)
        absolute_boxes.extend(absolute)
        fixed_boxes.extend(fixed)
        return laid, None, next_page, [], False

    # The common case: the content laid out once in one column as tall as it needs, where it may break
    # decided from that in Python, and the columns laid out once at the height found.
    if skip_stack is None:
        context.in_column = True
        try:
            fast = _fast(
                context,
                block,
                column,
                placed,
                containing_block,
                children,
                width,
                top,
                count,
                bottom_space,
                first_letter_style,
                first_line_style,
                laid_at,
            )
        finally:
            context.in_column = False
        if fast is not None:
            return fast

    # Otherwise trial layouts. As tall as the page allows: does everything fit at all? (WeasyPrint's
    # first step too.)
    LOG.debug("columns of %s balanced by trial layouts", box.element_tag)
    full = heights_at(context.page_bottom - top - bottom_space, forced=True)
    if full is None:
        if stop_at_overflow:
            raise ColumnsOverflow
        return weasyprints_own()  # it continues the columns on the next page, quickly
    low, high = sum(full) / count, max(full)
    while high - low > PRECISION:
        middle = (low + high) / 2
        if heights_at(middle, forced=False) is None:
            low = middle
        else:
            high = middle

    # WeasyPrint fills the columns one after another as tall as that: the balanced layout.
    result = filled_at(high)
    # Not expected (a trial at this height held everything); WeasyPrint's own balancing decides.
    return weasyprints_own() if result is None else result


#: The most space added to one gap between sections to bring a short column's foot level with the others,
#: and to one gap between the paragraphs or items inside a section when that is not enough, in lines (see
#: :func:`_feather`).
FEATHER_LINES = 2.0
FEATHER_INSIDE_LINES = 0.75


def _gaps(box: Any, depth: int) -> list[int]:
    """How many gaps *box*'s flow may open, by depth: between its children that neither avoid a break between
    them (a heading and what follows it, a callout and what precedes it), and the same inside each child that
    may break inside (not inside a table, a callout, a statblock or a line of text)."""
    flow = _flow(box)
    counts = [0, 0]
    for k, child in enumerate(flow):
        if k and _opens(flow[k - 1], child):
            counts[min(depth, 1)] += 1
        if _breaks_inside(child):
            inner = _gaps(child, depth + 1)
            counts = [counts[0] + inner[0], counts[1] + inner[1]]
    return counts


def _opens(before: Any, after: Any) -> bool:
    return not _avoids(before.style["break_after"]) and not _avoids(after.style["break_before"])


def _spread_out(box: Any, steps: tuple[float, float], depth: int) -> float:
    """Move *box*'s flow down by *steps* at each gap :func:`_gaps` counts (the first step between the
    column's own children, the second deeper); the space added inside *box*."""
    flow = _flow(box)
    added = 0.0
    for k, child in enumerate(flow):
        if k and _opens(flow[k - 1], child):
            added += steps[min(depth, 1)]
        child.translate(dy=added)
        if _breaks_inside(child):
            inner = _spread_out(child, steps, depth + 1)
            child.height += inner
            added += inner
    return added


def _foot(column: Any, following: Any) -> float:
    """Where a laid-out column's content ends: the bottom margin edge of its last box, or, where that box
    runs on into the *following* column (WeasyPrint stretches such a box to the column's foot), of the
    last box inside it that does not, down to a line of text."""
    from weasyprint.formatting_structure import boxes

    continued = set() if following is None else {id(box.element) for box in _edge(following, last=False)[1:]}
    for box in _edge(column, last=True)[1:]:
        if isinstance(box, boxes.LineBox) or id(box.element) not in continued or not _flow(box):
            return float(box.position_y + box.margin_height())
    return float(column.position_y)


def _feather(columns: Any, line: float) -> None:
    """Bring each short column's foot level with the tallest column's, as a typesetter justifies a column
    vertically: the shortfall is shared out between the column's sections, at most :data:`FEATHER_LINES`
    *line* to a gap, and what is left of it between the paragraphs and items inside them, at most
    :data:`FEATHER_INSIDE_LINES` to a gap; never between a heading, a callout or anything that avoids a break
    and what it belongs with, nor inside a table. Boxes are only moved down; nothing is laid out again."""
    laid = [column for column in columns.children if column.is_in_normal_flow()]
    if len(laid) < 2:
        return
    heights = [
        _foot(column, following) - column.position_y for column, following in zip(laid, [*laid[1:], None], strict=True)
    ]
    tallest = max(heights)
    for column, height in zip(laid, heights, strict=True):
        short = tallest - height
        sections, inside = _gaps(column, 0)
        if short < 0.5 or not sections + inside:
            continue
        between = min(short / sections, FEATHER_LINES * line) if sections else 0.0
        rest = short - between * sections
        within = min(rest / inside, FEATHER_INSIDE_LINES * line) if inside else 0.0
        _spread_out(column, (between, within), 0)


#: A column height no page reaches (CSS px), for laying content out in one column as tall as it needs.
_TALL = 1e7

#: Added to a balanced height computed in Python, against rounding (CSS px, 1/100 pt).
_SLACK = 0.01


def _avoids(value: Any) -> bool:
    return "avoid" in str(value)


def _forced(value: Any) -> bool:
    return str(value) in ("page", "column", "left", "right", "recto", "verso", "always")


def _flow(box: Any) -> list[Any]:
    return [child for child in box.children if child.is_in_normal_flow()]


def _breaks_inside(box: Any) -> bool:
    """Whether a column may break between the children of *box* (a block of blocks, not kept whole)."""
    from weasyprint.formatting_structure import boxes

    flow = _flow(box)
    return (
        isinstance(box, boxes.BlockBox)
        and not _avoids(box.style["break_inside"])
        and bool(flow)
        and all(isinstance(child, boxes.BlockLevelBox) for child in flow)
    )


def _edge(box: Any, last: bool) -> list[Any]:
    """*box* and its first (or last) descendants in the flow: what starts (or ends) where it does."""
    chain = [box]
    while flow := _flow(chain[-1]):
        chain.append(flow[-1] if last else flow[0])
    return chain


def _lines(box: Any) -> list[Any]:
    """The line boxes of a paragraph a column may break between (it does not avoid breaks inside)."""
    from weasyprint.formatting_structure import boxes

    flow = _flow(box)
    if (
        isinstance(box, boxes.BlockBox)
        and not _avoids(box.style["break_inside"])
        and flow
        and all(isinstance(child, boxes.LineBox) for child in flow)
    ):
        return flow
    return []


def _groups(column: Any) -> list[tuple[float, float]] | None:
    """The content of a laid-out column as the runs a column break may not split, each run's top and bottom
    from the column's top; None where a break is forced (then trials decide).

    A break may fall between two blocks of a block that does not avoid breaks inside, unless one of the
    boxes that end there avoids a break after it or one that starts there avoids a break before it; and
    between two lines of a paragraph that does not avoid breaks inside, leaving at least ``orphans`` lines
    before it and ``widows`` after it. A run ends at the bottom margin edge of the blocks it ends (a block
    goes into a column only with its bottom margin), or at the bottom of its last line where a paragraph
    breaks.
    """
    # (top, bottom, boxes starting with it, boxes ending with it, kept with the unit before it)
    units: list[tuple[float, float, list[Any], list[Any], bool]] = []
    origin = column.position_y

    def flatten(box: Any) -> None:
        if _breaks_inside(box):
            first = len(units)
            for child in _flow(box):
                flatten(child)
            # The run that starts this box starts at its top margin edge, and the run that ends it ends at its
            # bottom margin edge, as WeasyPrint places it in a column.
            top, bottom, starts, ends, kept = units[first]
            units[first] = (min(top, box.position_y - origin), bottom, [*starts, box], ends, kept)
            top, bottom, starts, ends, kept = units[-1]
            units[-1] = (top, max(bottom, box.position_y + box.margin_height() - origin), starts, [*ends, box], kept)
            return
        lines = _lines(box)
        orphans, widows = (int(box.style["orphans"]), int(box.style["widows"])) if lines else (0, 0)
        if len(lines) < max(2, orphans + widows):
            ends = _edge(box, last=True)
            units.append(
                (
                    box.position_y - origin,
                    max(b.position_y + b.margin_height() for b in ends) - origin,
                    _edge(box, last=False),
                    ends,
                    False,
                )
            )
            return
        for number, line in enumerate(lines):
            last = number == len(lines) - 1
            top = (box.position_y if number == 0 else line.position_y) - origin
            bottom = (box.position_y + box.margin_height() if last else line.position_y + line.height) - origin
            kept = number > 0 and (number < orphans or len(lines) - number < widows)
            units.append((top, bottom, [box] if number == 0 else [], [box] if last else [], kept))

    for child in _flow(column):
        flatten(child)
    groups: list[tuple[float, float]] = []
    previous: list[Any] = []
    for top, bottom, starts, ends, kept in units:
        if any(_forced(b.style["break_before"]) for b in starts) or any(_forced(b.style["break_after"]) for b in ends):
            return None
        joined = (
            kept
            or any(_avoids(b.style["break_after"]) for b in previous)
            or any(_avoids(b.style["break_before"]) for b in starts)
        )
        if groups and joined:
            groups[-1] = (groups[-1][0], float(bottom))
        else:
            groups.append((float(top), float(bottom)))
        previous = ends
    return groups


def _fast(
    context: Any,
    block: Any,
    column: Any,
    placed: Any,
    containing_block: Any,
    children: list[Any],
    width: float,
    top: float,
    count: int,
    bottom_space: float,
    first_letter_style: Any,
    first_line_style: Any,
    laid_at: Any,
) -> Any:
    """The columns' content laid out once in one column as tall as it needs, the height at which it fills
    the columns most nearly level worked out from that, the columns laid out at it (*laid_at*) and spread
    out to end level; None where that is not possible (then trials decide)."""
    shapes = len(context.excluded_shapes)
    tall = column._create_column_box(placed, containing_block, [child.copy() for child in children], width, top)
    poured = block.block_box_layout(
        context,
        tall,
        -_TALL,
        None,
        containing_block,
        True,
        [],
        [],
        [],
        first_letter_style,
        first_line_style,
        discard=False,
        max_lines=None,
    )
    groups = _groups(poured[0]) if poured[0] is not None and poured[1] is None else None
    if poured[0] is not None:
        block.remove_placeholders(context, [poured[0]], [], [])
    del context.excluded_shapes[shapes:]
    room = context.page_bottom - top - bottom_space
    line = float(placed.style["font_size"]) * LINE
    height = None if groups is None else _level_height(groups, count, room, line)
    if height is None or height > room:
        return None
    result = laid_at(height + _SLACK)
    if result is not None:
        _feather(result[0], line)
    return result


#: A line of the columns' text, in ems of their font size. Columns whose bottoms differ by at most a line
#: count as level: among the heights that level them as well as the content allows, the least is taken.
LINE = 1.2

#: How far above the least height that holds everything a more level height is looked for, in lines.
_LEVEL_SEARCH = 12


def _fill(groups: list[tuple[float, float]], count: int, height: float) -> list[float] | None:
    """The content height of each column when *groups* fill *count* columns *height* tall one after
    another (each column taking whole groups while they fit, as WeasyPrint fills them); None when they do
    not all go in."""
    heights: list[float] = []
    index = 0
    while index < len(groups):
        if len(heights) == count:
            return None
        start = groups[index][0]
        if groups[index][1] - start > height + 1e-6:
            return None
        while index < len(groups) and groups[index][1] - start <= height + 1e-6:
            index += 1
        heights.append(groups[index - 1][1] - start)
    return heights


def _level_height(groups: list[tuple[float, float]], count: int, room: float, line: float) -> float | None:
    """The column height at which *groups* fill *count* columns most nearly level (the bottoms' spread,
    less one *line*, as small as it can be; then the least such height), no taller than *room* unless
    the least height that holds them is; None when there is nothing to hold.

    Filling the columns at the least height that holds everything (:func:`_balanced_height`, what
    WeasyPrint's balancing aims at) leaves the last column short whenever a block kept whole falls at a
    column's foot; a little more height can move the break points so that every column ends level."""
    least = _balanced_height(groups, count)
    if least is None:
        return None
    best = (least, _spread(_fill(groups, count, least), count))
    top = min(room, least + _LEVEL_SEARCH * line)
    candidates = sorted(
        {
            bottom - start
            for i, (start, _) in enumerate(groups)
            for (_, bottom) in groups[i:]
            if least < bottom - start <= top
        }
    )
    for height in candidates:
        spread = _spread(_fill(groups, count, height), count)
        if max(spread - line, 0.0) < max(best[1] - line, 0.0) - 1e-6:
            best = (height, spread)
    return best[0]


def _spread(heights: list[float] | None, count: int) -> float:
    """How far apart the columns' bottoms are (a column left empty counts as ending at the top)."""
    if not heights:
        return float("inf")
    full = heights + [0.0] * (count - len(heights))
    return max(full) - min(full)


def _balanced_height(groups: list[tuple[float, float]], count: int) -> float | None:
    """The least column height that holds *groups* in *count* columns filled one after another, each
    column taking whole groups; None when there is nothing to hold."""
    if not groups:
        return None

    def fits(height: float) -> bool:
        columns, index = 0, 0
        while index < len(groups):
            columns += 1
            start = groups[index][0]
            if columns > count or groups[index][1] - start > height + 1e-6:
                return False
            while index < len(groups) and groups[index][1] - start <= height + 1e-6:
                index += 1
        return True

    # The balanced height is the content height of some column: a run of groups from one top to a bottom.
    candidates = sorted({bottom - top for i, (top, _) in enumerate(groups) for (_, bottom) in groups[i:]})
    low, high = 0, len(candidates) - 1
    while low < high:
        middle = (low + high) // 2
        if fits(candidates[middle]):
            high = middle
        else:
            low = middle + 1
    return candidates[low]
