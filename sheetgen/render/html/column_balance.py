"""Balanced CSS columns for WeasyPrint, decided from one measuring layout instead of trials.

Takes the multi-column boxes of a page while WeasyPrint lays it out (between :func:`installed`'s enter and
exit); gives what WeasyPrint's own ``column-fill: balance`` aims at: the shortest columns that hold
everything, the rest of the page following the tallest of them.

Why: WeasyPrint 70 finds that height by growing the columns a pixel or a few at a time and laying all of
them out again at each step, so one reference page took 1-4 s. Here the columns' content is laid out once,
in one column as tall as it needs (WeasyPrint's own block layout, so every box's height follows the page's
CSS exactly). Where a column may break is read off that layout (between blocks and between a paragraph's
lines, as the page's break, orphans and widows properties allow: see :func:`_groups`),
the least height at which the content fills the columns one after another is worked out in Python, and
WeasyPrint lays the columns out once more, filled one after another (``column-fill: auto``) at that height:
the balanced layout, in two passes over the content.

Where that layout does not hold the content after all (a case the rules above do not foresee), or where
the columns do not fit on the page, the height is found as before by bisection instead: each trial pours
the content into the columns at a height, about eight trials find the height to within a pixel, and the
columns are laid out at it as above. Either way, where WeasyPrint stopped a step or two above the balanced
height, this stops at it, so columns can come out up to a few points shorter.

Only the plain case is taken over (a balanced multi-column box with a number of columns, no height of its
own, no column-spanning child, no footnotes, written left to right); anything else goes to WeasyPrint's
own code, as does everything when the WeasyPrint installed lacks the internals this was written against
(WeasyPrint 70): then pages come out as WeasyPrint balances them, only slower.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
from collections.abc import Iterator
from typing import Any

#: Trials stop when the shortest height that fits is known to within this many CSS pixels (0.75 pt).
PRECISION = 1.0

_COLUMNS_PARAMETERS = ("context", "box", "bottom_space", "skip_stack", "containing_block", "page_is_empty",
                       "absolute_boxes", "fixed_boxes", "adjoining_margins", "first_letter_style",
                       "first_line_style")
_BLOCK_BOX_PARAMETERS = (*_COLUMNS_PARAMETERS, "discard", "max_lines")


class ColumnsOverflow(Exception):
    """Raised, when asked for, as soon as a page's columns cannot hold their content: the page will not
    fit, and laying out the rest of it would tell nothing more."""


def _parameters(function: Any) -> tuple[str, ...]:
    return tuple(inspect.signature(function).parameters)


@functools.cache
def _weasyprint() -> tuple[Any, Any] | None:
    """WeasyPrint's block and column layout modules, or None when they are not the ones expected."""
    from weasyprint.layout import block, column

    try:
        usable = (
            _parameters(column.columns_layout) == _COLUMNS_PARAMETERS
            and block.columns_layout is column.columns_layout
            and _parameters(block.block_box_layout) == _BLOCK_BOX_PARAMETERS
            and _parameters(block.remove_placeholders) == ("context", "box_list", "absolute_boxes", "fixed_boxes")
            and _parameters(block.collapse_margin) == ("adjoining_margins",)
            and _parameters(block.block_level_width)[:2] == ("box", "containing_block")
            and _parameters(column.percentage) == ("value", "computed", "refer_to")
            and _parameters(column._create_column_box) == ("box", "containing_block", "children", "width",
                                                           "position_y")
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
    block.columns_layout = functools.partial(_columns_layout, block, column, column.columns_layout,
                                             stop_at_overflow)
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


def _columns_layout(block: Any, column: Any, stock: Any, stop_at_overflow: bool, context: Any, box: Any,
                    bottom_space: float, skip_stack: Any, containing_block: Any, page_is_empty: bool,
                    absolute_boxes: list[Any], fixed_boxes: list[Any], adjoining_margins: list[float] | None,
                    first_letter_style: Any, first_line_style: Any) -> Any:
    """WeasyPrint's columns_layout, with the column height found by bisection (see the module's docstring)."""

    def weasyprints_own() -> Any:
        return stock(context, box, bottom_space, skip_stack, containing_block, page_is_empty, absolute_boxes,
                     fixed_boxes, adjoining_margins, first_letter_style, first_line_style)

    if not _plain(box, context):
        return weasyprints_own()
    count = int(box.style["column_count"])
    # Where and how wide the columns are, as WeasyPrint's columns_layout works them out.
    placed = box.copy_with_children(box.children)
    placed.position_y += block.collapse_margin(adjoining_margins or [])
    block.block_level_width(placed, containing_block)
    gap = (placed.style["font_size"] if placed.style["column_gap"] == "normal"
           else column.percentage(placed.style["column_gap"], placed.style, placed.width))
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
        trial = column._create_column_box(placed, containing_block, [child.copy() for child in children], width,
                                          top)
        resume = first_skip
        done: list[Any] = []
        for _ in range(count):
            one = block.block_box_layout(
                context, trial, context.page_bottom - top - height, resume, containing_block, forced, [], [],
                [], first_letter_style, first_line_style, discard=False, max_lines=None)
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
        result = stock(context, filled, context.page_bottom - top - height, skip_stack, containing_block,
                       page_is_empty, absolute, fixed, list(adjoining_margins or []), first_letter_style,
                       first_line_style)
        if result[0] is None or result[1] is not None:
            if result[0] is not None:
                block.remove_placeholders(context, [result[0]], absolute, fixed)
            return None
        absolute_boxes.extend(absolute)
        fixed_boxes.extend(fixed)
        return result

    # The common case: the content laid out once in one column as tall as it needs, where it may break
    # decided from that in Python, and the columns laid out once at the balanced height found.
    if skip_stack is None:
        shapes = len(context.excluded_shapes)
        tall = column._create_column_box(placed, containing_block, [child.copy() for child in children], width,
                                         top)
        poured = block.block_box_layout(context, tall, -_TALL, None, containing_block, True, [], [], [],
                                        first_letter_style, first_line_style, discard=False, max_lines=None)
        groups = _groups(poured[0]) if poured[0] is not None and poured[1] is None else None
        if poured[0] is not None:
            block.remove_placeholders(context, [poured[0]], [], [])
        del context.excluded_shapes[shapes:]
        height = None if groups is None else _balanced_height(groups, count)
        if height is not None and height <= context.page_bottom - top - bottom_space:
            result = filled_at(height + _SLACK)
            if result is not None:
                return result

    # Otherwise trial layouts. As tall as the page allows: does everything fit at all? (WeasyPrint's
    # first step too.)
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
    return (isinstance(box, boxes.BlockBox) and not _avoids(box.style["break_inside"]) and bool(flow)
            and all(isinstance(child, boxes.BlockLevelBox) for child in flow))


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
    if (isinstance(box, boxes.BlockBox) and not _avoids(box.style["break_inside"]) and flow
            and all(isinstance(child, boxes.LineBox) for child in flow)):
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
            units[first][2].append(box)
            units[-1][3].append(box)
            return
        lines = _lines(box)
        orphans, widows = (int(box.style["orphans"]), int(box.style["widows"])) if lines else (0, 0)
        if len(lines) < max(2, orphans + widows):
            ends = _edge(box, last=True)
            units.append((box.position_y - origin, max(b.position_y + b.margin_height() for b in ends) - origin,
                          _edge(box, last=False), ends, False))
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
        joined = (kept or any(_avoids(b.style["break_after"]) for b in previous)
                  or any(_avoids(b.style["break_before"]) for b in starts))
        if groups and joined:
            groups[-1] = (groups[-1][0], float(bottom))
        else:
            groups.append((float(top), float(bottom)))
        previous = ends
    return groups


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
