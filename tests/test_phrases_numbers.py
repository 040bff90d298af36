"""Exact phrases of sheetgen.words.numbers and sheetgen.words.language: units of play, spans of levels and
track ranges, chances, and the language's own joins and numbers, in English and in the shipped languages."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from phrasing import pack_of

from sheetgen.model.pack import Track
from sheetgen.words import language, numbers

F = Fraction
NBSP = "\u00a0"
NNBSP = "\u202f"

WATCHES = {"unit": "watch", "units": "watches", "length": "4 hours"}


# --- units of play ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("time", "english", "german"),
    [
        ({"unit": "turn", "length": "10 minutes"}, "A turn lasts 10 minutes.", "turn: dauert 10 Minuten."),
        ({"unit": "day", "length": "1 day"}, "A day lasts 1 day.", "day: dauert 1 Tag."),
        (
            {"unit": "exploration round", "length": "30 minutes"},
            "An exploration round lasts 30 minutes.",
            "exploration round: dauert 30 Minuten.",
        ),
        ({"unit": "Interval", "length": "1 hour"}, "An Interval lasts 1 hour.", "Interval: dauert 1 Stunde."),
        ({"unit": "hour", "length": "1 hour"}, "An hour lasts 1 hour.", "hour: dauert 1 Stunde."),
        (
            {"unit": "turn", "length": "10 minutes", "actions_per_unit": 1},
            "A turn lasts 10 minutes.",
            "turn: dauert 10 Minuten.",
        ),
        (
            {"unit": "watch", "length": "4 hours", "actions_per_unit": 2},
            "A watch lasts 4 hours, 2 actions.",
            "watch: dauert 4 Stunden, 2 actions.",
        ),
        (
            {"unit": "exploration round", "length": "30 minutes", "actions_per_unit": 3},
            "An exploration round lasts 30 minutes, 3 actions.",
            "exploration round: dauert 30 Minuten, 3 actions.",
        ),
        (
            {"unit": "round", "length": "10 seconds", "actions_per_unit": 2, "action": "move"},
            "A round lasts 10 seconds, 2 moves.",
            "round: dauert 10 Sekunden, 2 moves.",
        ),
        (
            {
                "unit": "round",
                "length": "10 minutes",
                "actions_per_unit": 2,
                "action": "activity",
                "actions": "activities",
            },
            "A round lasts 10 minutes, 2 activities.",
            "round: dauert 10 Minuten, 2 activities.",
        ),
    ],
)
def test_how_long_a_unit_lasts(time: dict[str, Any], english: str, german: str) -> None:
    pack = pack_of(time=time)
    with language.using("de"):
        said = numbers.unit_sentence(pack)
    assert (numbers.unit_sentence(pack), said) == (english, german)


@pytest.mark.parametrize(
    ("time", "units", "english", "german"),
    [
        ({"unit": "turn", "length": "10 minutes"}, 0, "0 turns (0 minutes)", "0 turns (0 Minuten)"),
        ({"unit": "turn", "length": "10 minutes"}, 1, "turn (10 minutes)", "turn (10 Minuten)"),
        ({"unit": "turn", "length": "10 minutes"}, 2, "2 turns (20 minutes)", "2 turns (20 Minuten)"),
        ({"unit": "turn", "length": "10 minutes"}, 6, "6 turns (1 hour)", "6 turns (1 Stunde)"),
        ({"unit": "turn", "length": "10 minutes"}, 9, "9 turns (1 hour 30 minutes)", "9 turns (1 Stunde 30 Minuten)"),
        (WATCHES, 1, "watch (4 hours)", "watch (4 Stunden)"),
        (WATCHES, 6, "6 watches (1 day)", "6 watches (1 Tag)"),
        (WATCHES, 12, "12 watches (2 days)", "12 watches (2 Tage)"),
    ],
)
def test_a_span_of_units(time: dict[str, Any], units: int, english: str, german: str) -> None:
    pack = pack_of(time=time)
    with language.using("de"):
        said = numbers.units_span(pack, units)
    assert (numbers.units_span(pack, units), said) == (english, german)


@pytest.mark.parametrize(
    ("time", "first", "last", "english", "french"),
    [
        (WATCHES, 18, 18, "4 hours: watch 18", f"4 heures{NNBSP}: watch 18"),
        (WATCHES, 1, 2, "8 hours: watches 1-2", f"8 heures{NNBSP}: watches 1-2"),
        (WATCHES, 3, 5, "12 hours: watches 3-5", f"12 heures{NNBSP}: watches 3-5"),
        (WATCHES, 1, 6, "1 day: watches 1-6", f"1 jour{NNBSP}: watches 1-6"),
        ({"unit": "turn", "length": "10 minutes"}, 1, 3, "30 minutes: turns 1-3", f"30 minutes{NNBSP}: turns 1-3"),
    ],
)
def test_how_long_a_leg_of_a_route_takes(
    time: dict[str, Any], first: int, last: int, english: str, french: str
) -> None:
    pack = pack_of(time=time)
    with language.using("fr"):
        said = numbers.leg_time(pack, first, last)
    assert (numbers.leg_time(pack, first, last), said) == (english, french)


# --- times and chances in other languages ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("seconds", "long", "short", "every"),
    [
        (0, "0 minutes", "0 min", "every 0 minutes"),
        (60, "1 minute", "1 min", "every minute"),
        (120, "2 minutes", "2 min", "every 2 minutes"),
        (86400, "1 day", "24 hr", "every day"),
    ],
)
def test_no_time_at_all_and_the_edges_of_a_unit(seconds: int, long: str, short: str, every: str) -> None:
    assert (numbers.duration(seconds), numbers.duration(seconds, short=True), numbers.every(seconds)) == (
        long,
        short,
        every,
    )


@pytest.mark.parametrize(
    ("seconds", "long", "short", "every"),
    [
        (0, "0 Minuten", "0 Min.", "alle 0 Minuten"),
        (1, "1 Sekunde", "1 s", "jede Sekunde"),
        (10, "10 Sekunden", "10 s", "alle 10 Sekunden"),
        (60, "1 Minute", "1 Min.", "jede Minute"),
        (61, "1 Minute 1 Sekunde", "1 Min. 1 s", "alle 1 Minute 1 Sekunde"),
        (600, "10 Minuten", "10 Min.", "alle 10 Minuten"),
        (3600, "1 Stunde", "1 Std.", "jede Stunde"),
        (5400, "1 Stunde 30 Minuten", "1 Std. 30 Min.", "alle 1 Stunde 30 Minuten"),
        (7200, "2 Stunden", "2 Std.", "alle 2 Stunden"),
        (86400, "1 Tag", "24 Std.", "jeden Tag"),
        (172800, "2 Tage", "48 Std.", "alle 2 Tage"),
    ],
)
def test_times_in_german(seconds: int, long: str, short: str, every: str) -> None:
    with language.using("de"):
        said = (numbers.duration(seconds), numbers.duration(seconds, short=True), numbers.every(seconds))
    assert said == (long, short, every)


@pytest.mark.parametrize(
    ("minutes", "german"),
    [
        (F(2, 5), "unter einer Minute"),
        (F(1), "etwa 1 Minute"),
        (F(45), "etwa 45 Minuten"),
        (F(119), "etwa 119 Minuten"),
        (F(120), "etwa 2 Stunden"),
        (F(150), "etwa 2,5 Stunden"),
    ],
)
def test_an_expected_wait_in_german(minutes: Fraction, german: str) -> None:
    with language.using("de"):
        assert numbers.about(minutes) == german


@pytest.mark.parametrize(
    ("p", "pct", "chance"),
    [
        (F(1, 1001), "under 0.1%", "under 0.1%"),
        (F(3, 100), "3.0%", "3/100 (3.0%)"),
        (F(3, 101), "3.0%", "3.0%"),
        (F(2827, 10_000), "28.3%", "28.3%"),
    ],
)
def test_a_chance_as_a_fraction_only_while_the_fraction_is_short(p: Fraction, pct: str, chance: str) -> None:
    assert (numbers.percent(p), numbers.chance(p)) == (pct, chance)


@pytest.mark.parametrize(
    ("p", "pct", "chance"),
    [
        (F(0), f"0,0{NBSP}%", f"0,0{NBSP}%"),
        (F(1, 2000), f"unter 0,1{NBSP}%", f"unter 0,1{NBSP}%"),
        (F(1, 1000), f"0,1{NBSP}%", f"1 zu 1000 (0,1{NBSP}%)"),
        (F(1, 6), f"16,7{NBSP}%", f"1 zu 6 (16,7{NBSP}%)"),
        (F(5, 36), f"13,9{NBSP}%", f"5/36 (13,9{NBSP}%)"),
        (F(2827, 10_000), f"28,3{NBSP}%", f"28,3{NBSP}%"),
        (F(9999, 10_000), f"über 99,9{NBSP}%", f"über 99,9{NBSP}%"),
        (F(1), f"100,0{NBSP}%", f"100,0{NBSP}%"),
    ],
)
def test_percentages_and_chances_in_german(p: Fraction, pct: str, chance: str) -> None:
    with language.using("de"):
        said = (numbers.percent(p), numbers.chance(p))
    assert said == (pct, chance)


# --- levels of a track --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("low", "high", "english", "german"),
    [
        (0, 10, "0-10", "0-10"),
        (1, 4, "1-4", "1-4"),
        (-2, 2, "-2 to 2", "-2 bis 2"),
        (-3, -1, "-3 to -1", "-3 bis -1"),
    ],
)
def test_the_range_of_a_track(low: int, high: int, english: str, german: str) -> None:
    track = Track.model_validate({"id": "mood", "name": "Mood", "min": low, "max": high})
    with language.using("de"):
        said = numbers.track_range(track)
    assert (numbers.track_range(track), said) == (english, german)


@pytest.mark.parametrize(
    ("levels", "english", "german"),
    [
        ([-1], "-1", "-1"),
        ([0, 1], "0-1", "0-1"),
        ([4, 2, 3, 3], "2-4", "2-4"),
        ([1, 3, 5], "1, 3 or 5", "1, 3 oder 5"),
        ([-2, -1], "-2 to -1", "-2 bis -1"),
        ([-1, 0, 1], "-1 to 1", "-1 bis 1"),
        ([-3, -1], "-3 or -1", "-3 oder -1"),
        ([-3, -2, 0, 1], "-3 to -2 or 0-1", "-3 bis -2 oder 0-1"),
    ],
)
def test_levels_as_ranges_below_zero_and_above(levels: list[int], english: str, german: str) -> None:
    with language.using("de"):
        said = numbers.level_span(levels)
    assert (numbers.level_span(levels), said) == (english, german)


@pytest.mark.parametrize(
    ("hits", "low", "high", "english", "german"),
    [
        ([0], 0, 5, "0", "0"),
        ([5], 0, 5, "5", "5"),
        ([4, 5], 0, 5, "4 or more", "4 oder mehr"),
        ([0, 1], 0, 5, "1 or less", "1 oder weniger"),
        ([0, 1, 2, 3, 4, 5], 0, 5, "0 or more", "0 oder mehr"),
        ([2, 3], 0, 5, "2-3", "2-3"),
        ([2, 3, 5], 0, 5, "2-3 or 5", "2-3 oder 5"),
        ([1, 2], -2, 2, "1 or more", "1 oder mehr"),
        ([-2, -1], -2, 2, "-1 or less", "-1 oder weniger"),
        ([-1, 0], -2, 2, "-1 to 0", "-1 bis 0"),
    ],
)
def test_the_levels_at_which_a_rule_fires(hits: list[int], low: int, high: int, english: str, german: str) -> None:
    with language.using("de"):
        said = numbers.levels_phrase(hits, low, high)
    assert (numbers.levels_phrase(hits, low, high), said) == (english, german)


# --- the language's own joins and numbers ------------------------------------------------------------------


def test_the_shipped_languages() -> None:
    assert language.shipped() == ("en", "de", "es", "fr", "pl")


@pytest.mark.parametrize(
    ("tag", "shipped"),
    [
        ("en", "en"),
        ("EN-us", "en"),
        ("de", "de"),
        ("de-AT", "de"),
        ("de_CH", "de"),
        ("DE", "de"),
        ("fr-CA", "fr"),
        ("es-419", "es"),
        ("pl-PL", "pl"),
        ("pt", None),
        ("pt-BR", None),
        ("", None),
    ],
)
def test_the_shipped_language_for_a_tag(tag: str, shipped: str | None) -> None:
    assert language.supported(tag) == shipped


@pytest.mark.parametrize(
    ("tag", "active"),
    [("en", "en"), ("de", "de"), ("de-AT", "de"), ("pl-PL", "pl"), ("pt-BR", "en"), ("", "en")],
)
def test_the_words_are_put_into_the_shipped_language_or_english(tag: str, active: str) -> None:
    with language.using(tag):
        assert language.active() == active
    assert language.active() == "en"


@pytest.mark.parametrize(
    ("text", "words", "tagged"),
    [
        ("en", "en", "en"),
        ("pt-BR", "en", "pt-BR"),
        ("de", "de", "de"),
        ("de-AT", "de", "de-AT"),
        ("fr-CA", "fr", "fr-CA"),
        ("en", "de", "de"),
        ("en-GB", "fr", "fr"),
        ("pt-BR", "fr", "fr"),
        ("de-AT", "pl", "pl"),
    ],
)
def test_the_language_a_document_is_tagged_with(text: str, words: str, tagged: str) -> None:
    assert language.document_language(text, words) == tagged


@pytest.mark.parametrize(
    ("lang", "parts", "said"),
    [
        ("en", [], ""),
        ("en", ["a"], "a"),
        ("en", ["a", "b"], "a; b"),
        ("en", ["a", "b", "c"], "a; b; c"),
        ("de", ["a", "b"], "a; b"),
        ("fr", ["a"], "a"),
        ("fr", ["a", "b", "c"], f"a{NNBSP}; b{NNBSP}; c"),
        ("pl", ["a", "b"], "a; b"),
    ],
)
def test_parts_joined_by_semicolons(lang: str, parts: list[str], said: str) -> None:
    with language.using(lang):
        assert language.semicolons(parts) == said


@pytest.mark.parametrize(
    ("lang", "text", "said"),
    [
        ("en", "", ""),
        ("en", "a", "A"),
        ("en", "highest die", "Highest die"),
        ("en", "due every Round", "Due every round"),
        ("en", "élan", "Élan"),
        ("de", "", ""),
        ("de", "höchster Würfel", "Höchster Würfel"),
        ("de", "fällig je Runde", "Fällig je Runde"),
    ],
)
def test_a_capital_first_letter_in_each_language(lang: str, text: str, said: str) -> None:
    with language.using(lang):
        assert language.capitalised(text) == said


@pytest.mark.parametrize(
    ("value", "digits", "english", "german", "french"),
    [
        (0.0, 1, "0.0", "0,0", "0,0"),
        (2.5, 1, "2.5", "2,5", "2,5"),
        (2.25, 1, "2.2", "2,2", "2,2"),
        (2.256, 2, "2.26", "2,26", "2,26"),
        (1.0, 2, "1.00", "1,00", "1,00"),
        (3.4, 0, "3", "3", "3"),
        (1234.5, 1, "1234.5", "1234,5", "1234,5"),
        (-0.75, 1, "-0.8", "-0,8", "-0,8"),
    ],
)
def test_a_number_with_decimals_in_each_language(
    value: float, digits: int, english: str, german: str, french: str
) -> None:
    said = [language.decimal(value, digits)]
    for lang in ("de", "fr"):
        with language.using(lang):
            said.append(language.decimal(value, digits))
    assert said == [english, german, french]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ("0.0%", "66.5%", "100.0%")),
        ("de", (f"0,0{NBSP}%", f"66,5{NBSP}%", f"100,0{NBSP}%")),
        ("fr", (f"0,0{NBSP}%", f"66,5{NBSP}%", f"100,0{NBSP}%")),
        ("es", (f"0,0{NBSP}%", f"66,5{NBSP}%", f"100,0{NBSP}%")),
        ("pl", ("0,0%", "66,5%", "100,0%")),
    ],
)
def test_a_percentage_in_each_language(lang: str, said: tuple[str, str, str]) -> None:
    with language.using(lang):
        assert tuple(language.percent_number(v) for v in (0, 66.5, 100)) == said


def test_a_catalogues_digest_keys_what_depends_on_it() -> None:
    assert language.catalogue_digest("en") == ""
    digests = [language.catalogue_digest(lang) for lang in ("de", "es", "fr", "pl")]
    assert all(len(d) == 16 and int(d, 16) >= 0 for d in digests) and len(set(digests)) == 4


@pytest.mark.parametrize(
    ("word", "an"),
    [
        *[("encounter", True), ("Encounter", True), ("omen", True), ("hour", True), ("Hourglass", True)],
        *[("danger", False), ("Danger", False), ("watch", False), ("", False), ("yeti", False)],
    ],
)
def test_an_before_a_vowel_or_an_hour(word: str, an: bool) -> None:
    assert language.takes_an(word) == an
