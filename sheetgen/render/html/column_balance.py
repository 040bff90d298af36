"""Balanced CSS columns for WeasyPrint in a few trial layouts instead of hundreds.

Takes the multi-column boxes of a page while WeasyPrint lays it out (between :func:`installed`'s enter and
exit); gives what WeasyPrint's own ``column-fill: balance`` aims at: the shortest columns that hold
everything, the rest of the page following the tallest of them.

Why: WeasyPrint 70 finds that height by growing the columns a pixel or a few at a time and laying all of
them out again at each step, so one reference page took 1-4 s. Here the height is found by bisection:
each trial lays the columns out once at a height (with WeasyPrint's own block layout, so what breaks
where follows the page's CSS exactly), about eight trials find the height to within a pixel, and
WeasyPrint then lays the columns out for good at that height as if they were filled one after another
(``column-fill: auto``), which at the balanced height is the balanced layout. Where WeasyPrint stopped a
step or two above that height, this stops at it, so columns can come out up to a few points shorter.

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

    # As tall as the page allows: does everything fit at all? (WeasyPrint's first step too.)
    full = heights_at(context.page_bottom - top - bottom_space, forced=True)
    if full is None:
        if stop_at_overflow:
            raise ColumnsOverflow
        return weasyprints_own()  # it continues the columns on the next page, quickly
    low, high, space = sum(full) / count, max(full), bottom_space
    while high - low > PRECISION:
        middle = (low + high) / 2
        if heights_at(middle, forced=False) is None:
            low = middle
        else:
            high, space = middle, context.page_bottom - top - middle

    # WeasyPrint fills the columns one after another as tall as that: the balanced layout.
    filled = box.copy()
    filled.style = box.style.copy()
    filled.style["column_fill"] = "auto"
    absolute: list[Any] = []
    fixed: list[Any] = []
    result = stock(context, filled, space, skip_stack, containing_block, page_is_empty, absolute, fixed,
                   list(adjoining_margins or []), first_letter_style, first_line_style)
    if result[0] is None or result[1] is not None:
        # Not expected (a trial at this height held everything); WeasyPrint's own balancing decides.
        if result[0] is not None:
            block.remove_placeholders(context, [result[0]], absolute, fixed)
        return weasyprints_own()
    absolute_boxes.extend(absolute)
    fixed_boxes.extend(fixed)
    return result
