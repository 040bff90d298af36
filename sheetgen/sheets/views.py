"""The plain views a reference page is made of: a :class:`ReferenceView` of :class:`PageView` pages, each
a run of :class:`SectionView` sections whose body is one of the dataclasses here (or the check's and
tracks' from sheetgen.sheets.mechanics, the odds chart's from sheetgen.sheets.odds_chart). Plain text,
never HTML; sheetgen.sheets.reference builds them from a pack.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import TypeAlias

from sheetgen.markup import TICK_BOX, plain
from sheetgen.sheets.mechanics import (
    ChangeView,
    CheckBanner,
    CheckBody,
    Fact,
    TrackBody,
)
from sheetgen.sheets.odds_chart import OddsBody

_BREAKABLE = frozenset({"text", "procedure", "check", "track", "tracks", "tallies", "actions"})

#: A table of at most this many rows is kept whole, with the words that introduce it.
KEEP_ROWS = 8


# --- text pieces ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoxRow:
    """A line of text with checkboxes: the text before the first box, and the label after each box."""

    lead: str
    labels: tuple[str, ...]


def box_row(text: str) -> BoxRow | None:
    """The checkboxes of *text* ("☐ Radiant ☐ Dim"), or None when it has none."""
    if TICK_BOX not in text:
        return None
    lead, *labels = text.split(TICK_BOX)
    return BoxRow(lead.strip(), tuple(label.strip() for label in labels))


# --- section bodies ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class StepView:
    number: int
    title: str
    text: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class ProcedureBody:
    name: str
    when: str
    steps: tuple[StepView, ...]
    text: str


@dataclass(frozen=True)
class RowView:
    roll: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class TableBody:
    name: str
    roll: str
    columns: tuple[str, ...]
    rows: tuple[RowView, ...]
    default: bool
    text: str
    widths: tuple[int, ...]  # a share of the width, in percent, for each column after the roll


@dataclass(frozen=True)
class ActionView:
    name: str
    time: str
    summary: str
    text: str
    items: tuple[str, ...]
    bonuses: str
    notes: str
    effects: tuple[ChangeView, ...]


@dataclass(frozen=True)
class ActionsBody:
    detail: bool
    show_time: bool
    actions: tuple[ActionView, ...]


@dataclass(frozen=True)
class ResourceView:
    name: str
    lasts: str
    boxes: int
    text: str


@dataclass(frozen=True)
class ResourcesBody:
    resources: tuple[ResourceView, ...]


@dataclass(frozen=True)
class RestView:
    name: str
    time: str
    risk: str
    countdown: int
    unit: str
    every: str = ""  # "every 6 turns": when it falls due
    penalty: str = ""  # what skipping it costs


@dataclass(frozen=True)
class RestsBody:
    rests: tuple[RestView, ...]


@dataclass(frozen=True)
class ConditionView:
    name: str
    every: str  # "due every 4 turns"
    order: str  # "Hungry (0:40), then Exhausted (1:20)"
    cleared: str  # what clears them, in the pack's words
    text: str


@dataclass(frozen=True)
class ConditionsBody:
    conditions: tuple[ConditionView, ...]


@dataclass(frozen=True)
class VariantView:
    name: str
    text: str
    changes: tuple[str, ...]


@dataclass(frozen=True)
class VariantsBody:
    variants: tuple[VariantView, ...]


@dataclass(frozen=True)
class TallyView:
    name: str
    text: str
    per_unit: str


@dataclass(frozen=True)
class TalliesBody:
    tallies: tuple[TallyView, ...]
    note: str


@dataclass(frozen=True)
class StatActionView:
    name: str
    kind: str
    text: str


@dataclass(frozen=True)
class StatblockBody:
    name: str
    description: str
    stats: tuple[tuple[str, str], ...]
    facts: tuple[Fact, ...]
    actions: tuple[StatActionView, ...]
    notes: str


@dataclass(frozen=True)
class TracksBody:
    tracks: tuple[TrackBody, ...]


Body: TypeAlias = (
    ProcedureBody
    | CheckBody
    | TrackBody
    | TracksBody
    | TableBody
    | ActionsBody
    | ResourcesBody
    | RestsBody
    | ConditionsBody
    | VariantsBody
    | TalliesBody
    | StatblockBody
    | OddsBody
    | None
)


@dataclass(frozen=True)
class SectionView:
    """One block of a reference page. ``field`` is its place in the pack (for error messages), and
    ``anchor`` its HTML id."""

    page: int
    index: int
    kind: str
    title: str
    text: str
    items: tuple[str, ...]
    span: bool
    field: str
    body: Body

    @property
    def breakable(self) -> bool:
        """Whether the section may run from one column into the next: prose and a list of steps, actions
        or rows may (two lines or items at least on each side); a short table, a chart, a statblock or a
        callout stays whole in one column."""
        if isinstance(self.body, TableBody):
            return len(self.body.rows) > KEEP_ROWS
        return self.kind in _BREAKABLE

    @property
    def anchor(self) -> str:
        return f"p{self.page}-s{self.index}"

    @property
    def label(self) -> str:
        """How a message names the section: 'section 4 "Danger Escalation" (check)'."""
        name = f' "{plain(self.title)}"' if self.title else ""
        return f"section {self.index + 1}{name} ({self.kind})"


@dataclass(frozen=True)
class PageView:
    number: int  # 1-based
    title: str
    subtitle: str
    columns: int
    footer: str
    sections: tuple[SectionView, ...]
    field: str
    banner: CheckBanner | None = None
    """The check, stated once at the top of the page (GM's pages of a pack with a check)."""

    @property
    def label(self) -> str:
        return f'page {self.number} "{plain(self.title)}"'

    @property
    def runs(self) -> tuple[tuple[bool, tuple[SectionView, ...]], ...]:
        """The sections in order as (spans, sections) runs: sections that share the page's columns, and
        sections that span them. Each run of columns is its own multi-column box, which WeasyPrint
        balances faster than columns interrupted by a spanning section."""
        return tuple((spans, tuple(run)) for spans, run in itertools.groupby(self.sections, key=lambda s: s.span))


@dataclass(frozen=True)
class ReferenceView:
    pack_id: str
    pack_name: str
    title: str
    subject: str
    paper: str
    pages: tuple[PageView, ...]
    audience: str = ""
    """Who the pages are for, as the header says it: 'For the GM', 'For the players'."""
    players: bool = False
