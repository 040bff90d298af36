"""The rules in words: a pack and the engine's numbers in, the one phrasing every sheet prints out.

Every sheet, export and command that says a rule in prose says it through this package, so the
reference page, the trackers, the timetable, `systems`, `odds` and the JSON and CSV exports cannot
word the same rule two ways. It imports the model and the engine (which stays numbers only) and
nothing that draws; text is plain, with ``**bold**`` only where a caller asks for a label.

The formatters, one of each:

- :func:`clock` for a moment of play, ``h:mm`` (``h:mm:ss`` when it falls between minutes);
- :func:`duration` for a length of time, ``1 hour 30 minutes``, or ``1 hr 30 min`` with ``short``;
  :func:`duration_field` for one as a file writes it, ``90 minutes``;
  :func:`every` and :func:`about` build on it;
- :func:`percent` for a chance, ``16.7%``, ``under 0.1%``, ``over 99.9%``; :func:`chance` adds the
  fraction when it is short (``1 in 6 (16.7%)``);
- :func:`signed`, :func:`level_span` and :func:`levels_phrase` for moves and levels of a track.

Then the check (:func:`dice_text`, :func:`trigger_text`, :func:`cadence_text` and
:func:`check_sentence`, the one line every sheet prints for the check, and :func:`roll_sentence` for
each of the procedure's other rolls), the rule that decides a
pre-rolled result (:func:`rule_text`), a timetable's rows (:func:`row_rule`, :func:`row_when`,
:func:`baseline_text`, ...) and its deck (:func:`deck_source`, :func:`deck_note`,
:func:`morale_rule`), and the odds table of `sheetgen odds` (:func:`odds_rows`).

A new rule is put into words here, beside the functions that say the same kind of thing, from the
pack and the engine's numbers (a Timetable carries its pack); every sheet and export that prints it
calls that function, and the engine goes on returning numbers.

The modules, by what they put into words: :mod:`.numbers` (times, chances, moves), :mod:`.checks`
(the check and the rule deciding a pre-rolled result), :mod:`.mechanics` (outcome effects, resources,
rests, pools, openings), :mod:`.timetable` (rows and deck) and :mod:`.odds` (the odds table). Callers
import from ``sheetgen.words``.
"""

from __future__ import annotations

from sheetgen.model.common import duration_field
from sheetgen.words.checks import (
    advance_steps,
    after_text,
    at_units_text,
    cadence_text,
    check_sentence,
    dice_text,
    outcome_when,
    pattern_text,
    read_name,
    roll_dice,
    roll_head,
    roll_read_name,
    roll_sentence,
    rule_text,
    threshold_text,
    times,
    trigger_text,
)
from sheetgen.words.mechanics import (
    NOT_A_CREATURE,
    beings_key,
    clock_at,
    condition_phrase,
    conditions_order_text,
    due_every_text,
    due_phrase,
    effect_phrase,
    every_unit,
    lit_after,
    opening_texts,
    out_phrase,
    outcome_effect_phrases,
    outcome_phrase,
    pool_cadence_text,
    pool_rule_note,
    rate_phrase,
    rolls_phrases,
    row_extras,
    runs_out_line,
    runs_out_text,
    sign_phrase,
    signs_text,
    spares_heading,
    spares_text,
    when_out_phrase,
)
from sheetgen.words.numbers import (
    MINUS,
    TIMES,
    about,
    chance,
    clock,
    duration,
    every,
    faces_text,
    leg_time,
    level_span,
    levels_phrase,
    percent,
    signed,
    track_range,
    unit_sentence,
    units_span,
)
from sheetgen.words.odds import (
    chosen_rows,
    extra_rows,
    level_name,
    mechanics_rows,
    milestones,
    odds_rows,
    outcome_rows,
    resource_odds_rows,
    resource_rows,
)
from sheetgen.words.resources import (
    lasting_text,
    rate_due_phrase,
    running_down,
)
from sheetgen.words.timetable import (
    SIZE_RULE,
    appearing_text,
    baseline_text,
    deck_note,
    deck_source,
    morale_rule,
    morale_text,
    omen_phrase,
    omen_text,
    pool_rule,
    quiet_text,
    read_rule,
    rolls_text,
    row_clock,
    row_dice,
    row_rule,
    row_when,
    table_roll_gloss,
    table_roll_text,
    timetable_note,
    timetable_roll,
    when_clause,
)

__all__ = [
    "MINUS",
    "NOT_A_CREATURE",
    "SIZE_RULE",
    "TIMES",
    "about",
    "advance_steps",
    "after_text",
    "appearing_text",
    "at_units_text",
    "baseline_text",
    "beings_key",
    "cadence_text",
    "chance",
    "check_sentence",
    "chosen_rows",
    "clock",
    "clock_at",
    "condition_phrase",
    "conditions_order_text",
    "deck_note",
    "deck_source",
    "dice_text",
    "due_every_text",
    "due_phrase",
    "duration",
    "duration_field",
    "effect_phrase",
    "every",
    "every_unit",
    "extra_rows",
    "faces_text",
    "lasting_text",
    "leg_time",
    "level_name",
    "level_span",
    "levels_phrase",
    "lit_after",
    "mechanics_rows",
    "milestones",
    "morale_rule",
    "morale_text",
    "odds_rows",
    "omen_phrase",
    "omen_text",
    "opening_texts",
    "out_phrase",
    "outcome_effect_phrases",
    "outcome_phrase",
    "outcome_rows",
    "outcome_when",
    "pattern_text",
    "percent",
    "pool_cadence_text",
    "pool_rule",
    "pool_rule_note",
    "quiet_text",
    "rate_due_phrase",
    "rate_phrase",
    "read_name",
    "read_rule",
    "resource_odds_rows",
    "resource_rows",
    "roll_dice",
    "roll_head",
    "roll_read_name",
    "roll_sentence",
    "rolls_phrases",
    "rolls_text",
    "row_clock",
    "row_dice",
    "row_extras",
    "row_rule",
    "row_when",
    "rule_text",
    "running_down",
    "runs_out_line",
    "runs_out_text",
    "sign_phrase",
    "signed",
    "signs_text",
    "spares_heading",
    "spares_text",
    "table_roll_gloss",
    "table_roll_text",
    "threshold_text",
    "times",
    "timetable_note",
    "timetable_roll",
    "track_range",
    "trigger_text",
    "unit_sentence",
    "units_span",
    "when_clause",
    "when_out_phrase",
]
