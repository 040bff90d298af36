"""Timetables replayed from what the machine remembers are the ones worked out afresh: rows, words and
deck alike, for every bundled site; and a frozen result made at once is the one its class makes."""

from __future__ import annotations

import json
import pickle
from dataclasses import fields

import pytest

from sheetgen.engine.deck import DeckCard
from sheetgen.engine.frozen import made
from sheetgen.engine.timetable import Timetable, build_timetable
from sheetgen.export.timetable_json import timetable_json
from sheetgen.load.files import load_site
from sheetgen.words import baseline_text, rolls_text, row_rule, row_when

SITES = ["the-sunken-chapel", "the-salt-road", "the-ember-vault", "the-lampless-mine"]


def _said(t: Timetable) -> list[tuple[str, ...]]:
    return [
        (row_rule(t, r), row_when(t, r), baseline_text(t, r), baseline_text(t, r, rolls=False), rolls_text(t, r))
        for r in t.rows
    ]


@pytest.mark.parametrize("site", SITES)
def test_a_warm_machine_makes_the_timetable_a_fresh_one_makes(site: str) -> None:
    loaded = load_site(site)
    warm = loaded.pack
    for seed in range(300):  # the machine remembers units, rows and their words
        t = build_timetable(warm, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=seed)
        _said(t)
    for seed in (7, 150, 299, 4000):
        fresh = loaded.pack.model_copy(deep=True)  # another pack object: a machine that remembers nothing
        a = build_timetable(warm, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=seed)
        b = build_timetable(fresh, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=seed)
        assert a.rows == b.rows and a.deck == b.deck
        assert json.dumps(timetable_json(a), sort_keys=True) == json.dumps(timetable_json(b), sort_keys=True)
        assert _said(a) == _said(b)


def _card() -> DeckCard:
    loaded = load_site("the-sunken-chapel")
    t = build_timetable(loaded.pack, site=loaded.site, encounter_pack=loaded.encounter_pack, hours=3, seed=5)
    return t.deck[0]


def test_made_at_once_is_made_by_the_class() -> None:
    card = _card()
    values = {f.name: getattr(card, f.name) for f in fields(card)}
    ours, theirs = made(DeckCard, values), DeckCard(**values)
    assert ours == theirs and hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
    assert pickle.loads(pickle.dumps(ours)) == theirs
    with pytest.raises(AttributeError):
        ours.index = 2  # type: ignore[misc]
    del values["signs"]  # a field with a default may be left out
    assert made(DeckCard, values) == theirs


def test_made_refuses_a_field_left_unset() -> None:
    values = {f.name: getattr(_card(), f.name) for f in fields(DeckCard)}
    del values["roll"]
    with pytest.raises(TypeError, match="DeckCard needs roll"):
        made(DeckCard, values)


def test_made_refuses_a_name_that_is_no_field() -> None:
    values = {f.name: getattr(_card(), f.name) for f in fields(DeckCard)}
    with pytest.raises(TypeError, match="DeckCard needs no more and has no colour"):
        made(DeckCard, {**values, "colour": "red"})
    del values["roll"]
    with pytest.raises(TypeError, match="DeckCard needs roll and has no colour"):
        made(DeckCard, {**values, "colour": "red"})
