"""Sheets in the game master's language: the catalogues are complete and compiled, the language is chosen
from the files, the command line or the settings file, and a packet in each shipped language holds none of
sheetgen's English labels."""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from click.testing import CliRunner
from pypdf import PdfReader

from sheetgen.cli import cli
from sheetgen.load.files import load_pack
from sheetgen.words import chance, check_sentence, clock, duration, percent
from sheetgen.words.language import SOURCE, _, shipped, supported, using

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "sheetgen" / "locale"
LANGUAGES = [lang for lang in shipped() if lang != SOURCE]
SLOT = re.compile(r"\{(\w*)\}")


def catalogue(lang: str) -> object:
    with (LOCALE / lang / "LC_MESSAGES" / "sheetgen.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def source_messages() -> set[str | tuple[str, ...]]:
    """Every message sheetgen's code and templates mark for the catalogue, as pybabel extracts them."""
    found: set[str | tuple[str, ...]] = set()
    keywords = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
    for base in ("sheetgen", "templates"):
        method = [("**.py", "python")] if base == "sheetgen" else [("**.html", "jinja2")]
        for _file, _line, message, _comments, context in extract_from_dir(ROOT / base, method, keywords=keywords):
            found.add((context or "", message) if isinstance(message, str) else (context or "", *message))
    return found


def catalogue_messages(cat: object) -> set[str | tuple[str, ...]]:
    return {(m.context or "", m.id) if isinstance(m.id, str) else (m.context or "", *m.id) for m in cat if m.id}  # type: ignore[attr-defined]


def test_english_german_french_spanish_and_polish_are_shipped() -> None:
    assert shipped() == ("en", "de", "es", "fr", "pl")
    assert supported("de-AT") == "de"
    assert supported("pl-PL") == "pl"
    assert supported("pt-BR") is None


def test_the_template_holds_every_message_of_the_code() -> None:
    """A word added to the code without extracting the template again fails here (docs/translating.md)."""
    with (LOCALE / "sheetgen.pot").open("rb") as handle:
        template = read_po(handle)
    assert catalogue_messages(template) == source_messages()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_catalogue_is_complete(lang: str) -> None:
    """No message missing, none stale, none fuzzy or left empty; every slot of a translation is one of its
    English message's (a translation may leave a slot out, never invent one)."""
    cat = catalogue(lang)
    assert catalogue_messages(cat) == source_messages()
    for message in cat:  # type: ignore[attr-defined]
        if not message.id:
            continue
        assert not message.fuzzy, message.id
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        strings = [message.string] if isinstance(message.string, str) else list(message.string)
        assert all(strings), f"{lang}: no translation of {message.id!r}"
        wanted = {slot for text in ids for slot in SLOT.findall(text)}
        for text in strings:
            assert set(SLOT.findall(text)) <= wanted, f"{lang}: {text!r} has slots that {message.id!r} lacks"
            assert text.count("**") % 2 == 0 and text.count("**") == ids[0].count("**"), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_compiled_catalogue_is_its_po_compiled(lang: str) -> None:
    """The shipped .mo is the .po as `pybabel compile` makes it: an edit to a .po without compiling fails."""
    out = io.BytesIO()
    write_mo(out, catalogue(lang))  # type: ignore[arg-type]
    assert (LOCALE / lang / "LC_MESSAGES" / "sheetgen.mo").read_bytes() == out.getvalue()


def test_numbers_follow_the_language_and_clocks_do_not() -> None:
    assert percent(Fraction(133, 200)) == "66.5%"
    with using("de"):
        assert percent(Fraction(133, 200)) == "66,5\u00a0%"
        assert chance(Fraction(1, 6)) == "1 zu 6 (16,7\u00a0%)"
        assert percent(Fraction(1, 10_000)) == "unter 0,1\u00a0%"
        assert clock(600) == "0:10"
        assert duration(5400) == "1 Stunde 30 Minuten"
        assert duration(86400 * 3) == "3 Tage"
    with using("fr"):
        assert percent(Fraction(133, 200)) == "66,5\u00a0%"
        assert duration(3 * 3600) == "3 heures"
        assert duration(3600) == "1 heure"
    with using("pl"):
        assert percent(Fraction(133, 200)) == "66,5%"
        assert chance(Fraction(1, 6)) == "1 na 6 (16,7%)"
        assert percent(Fraction(1, 10_000)) == "poniżej 0,1%"
        assert clock(600) == "0:10"
        assert duration(5400) == "1 godzina 30 minut"
    assert duration(5400) == "1 hour 30 minutes"


@pytest.mark.parametrize(
    ("n", "box", "hours", "minutes", "days"),
    [
        (1, "1 kratka", "1 godzina", "1 minuta", "1 dzień"),
        (2, "2 kratki", "2 godziny", "2 minuty", "2 dni"),
        (5, "5 kratek", "5 godzin", "5 minut", "5 dni"),
        (12, "12 kratek", "12 godzin", "12 minut", "12 dni"),
        (22, "22 kratki", "22 godziny", "22 minuty", "22 dni"),
    ],
)
def test_polish_counts_take_the_three_plural_forms(n: int, box: str, hours: str, minutes: str, days: str) -> None:
    """One, a few (2-4, 22-24, but not 12-14) and many: the catalogue's Plural-Forms picks the form."""
    from sheetgen.words.language import ngettext

    with using("pl"):
        assert ngettext("{n} box", "{n} boxes", n).format(n=n) == box
        assert duration(n * 3600) == hours
        assert duration(n * 60) == minutes
        assert duration(n * 86400) == days


NNBSP = "\u202f"
"""French sets a narrow no-break space before : ; ? and !"""

CHECKS = {
    "de": {
        "bx-dungeon": "1d6: wandering monster bei einer 1; alle 2 turns (20 Minuten)",
        "danger-rounds": "1d6: encounter bei einer 1; alle 3 crawling rounds (30 Minuten) bei Danger Level 1, alle 2 "
        "crawling rounds (20 Minuten) bei Danger Level 2 und je crawling round (10 Minuten) bei "
        "Danger Level 3",
        "derelict-crawl": "1d6: random encounter bei einer 6 (bei Alert Level 1-3) und bei 5-6 (bei Alert Level 4); "
        "alle 6 rounds (1 Stunde) bei Alert Level 1-2 und alle 3 rounds (30 Minuten) bei Alert "
        "Level 3-4",
        "dungeon-turn": "1d6 + Escalation: danger bei einer Summe von 6 oder mehr; je dungeon turn (10 Minuten)",
        "encounter-clock": "höchster Würfel aus einem Pool von d6: encounter, wenn Encounter Clock voll ist (6); je "
        "dungeon round (10 Minuten)",
        "encounter-reaction": "kein Erkundungswurf",
        "site-alarm": "d10: immediate random encounter bei einem Ergebnis bis zum Wert von Alarm; je exploration "
        "round (30 Minuten)",
        "tension-dice": "niedrigster Würfel aus einem Pool von d6: complication bei einer 1; wenn der Pool 6 Würfel "
        "enthält (je 6 turns für eine ruhige Gruppe)",
        "usage-dice": "1d6: wandering encounter bei einer 1; alle 3 turns (30 Minuten)",
        "wilderness-watches": "1d6: encounter bei einer 1 (bei Terrain 1-2), bei 1-2 (bei Terrain 3-4) und bei 1-3 "
        "(bei Terrain 5-6); je watch (4 Stunden)",
    },
    "fr": {
        "bx-dungeon": f"1d6{NNBSP}: wandering monster sur un 1{NNBSP}; tous les 2 turns (20 minutes)",
        "danger-rounds": f"1d6{NNBSP}: encounter sur un 1{NNBSP}; tous les 3 crawling rounds (30 minutes) à Danger "
        "Level 1, tous les 2 crawling rounds (20 minutes) à Danger Level 2 et chaque crawling round "
        "(10 minutes) à Danger Level 3",
        "derelict-crawl": f"1d6{NNBSP}: random encounter sur un 6 (à Alert Level 1-3) et sur 5-6 (à Alert Level "
        f"4){NNBSP}; tous les 6 rounds (1 heure) à Alert Level 1-2 et tous les 3 rounds (30 minutes) "
        "à Alert Level 3-4",
        "dungeon-turn": f"1d6 + Escalation{NNBSP}: danger sur un total de 6 ou plus{NNBSP}; chaque dungeon turn "
        "(10 minutes)",
        "encounter-clock": f"dé le plus haut d’une réserve de d6{NNBSP}: encounter quand la jauge Encounter Clock est "
        f"pleine (6){NNBSP}; chaque dungeon round (10 minutes)",
        "encounter-reaction": "pas de jet d’exploration",
        "site-alarm": f"d10{NNBSP}: immediate random encounter sur un résultat égal ou inférieur à la valeur de la "
        f"jauge Alarm{NNBSP}; chaque exploration round (30 minutes)",
        "tension-dice": f"dé le plus bas d’une réserve de d6{NNBSP}: complication sur un 1{NNBSP}; quand la réserve "
        "contient 6 dés (tous les 6 turns pour un groupe discret)",
        "usage-dice": f"1d6{NNBSP}: wandering encounter sur un 1{NNBSP}; tous les 3 turns (30 minutes)",
        "wilderness-watches": f"1d6{NNBSP}: encounter sur un 1 (à Terrain 1-2), sur 1-2 (à Terrain 3-4) et sur 1-3 (à "
        f"Terrain 5-6){NNBSP}; chaque watch (4 heures)",
    },
    "es": {
        "bx-dungeon": "1d6: wandering monster con un 1; cada 2 turns (20 minutos)",
        "danger-rounds": "1d6: encounter con un 1; cada 3 crawling rounds (30 minutos) con Danger Level 1, cada 2 "
        "crawling rounds (20 minutos) con Danger Level 2 y cada crawling round (10 minutos) con "
        "Danger Level 3",
        "derelict-crawl": "1d6: random encounter con un 6 (con Alert Level 1-3) y con 5-6 (con Alert Level 4); cada "
        "6 rounds (1 hora) con Alert Level 1-2 y cada 3 rounds (30 minutos) con Alert Level 3-4",
        "dungeon-turn": "1d6 + Escalation: danger con un total de 6 o más; cada dungeon turn (10 minutos)",
        "encounter-clock": "dado más alto de una reserva de d6: encounter cuando el marcador Encounter Clock está "
        "lleno (6); cada dungeon round (10 minutos)",
        "encounter-reaction": "sin tirada de exploración",
        "site-alarm": "d10: immediate random encounter con un resultado igual o inferior al valor del marcador "
        "Alarm; cada exploration round (30 minutos)",
        "tension-dice": "dado más bajo de una reserva de d6: complication con un 1; cuando la reserva tiene 6 dados "
        "(cada 6 turns para un grupo sigiloso)",
        "usage-dice": "1d6: wandering encounter con un 1; cada 3 turns (30 minutos)",
        "wilderness-watches": "1d6: encounter con un 1 (con Terrain 1-2), con 1-2 (con Terrain 3-4) y con 1-3 (con "
        "Terrain 5-6); cada watch (4 horas)",
    },
    "pl": {
        "bx-dungeon": "1d6: wandering monster przy wyniku 1; co 2 turns (20 minut)",
        "danger-rounds": "1d6: encounter przy wyniku 1; co 3 crawling rounds (30 minut) przy Danger Level 1, co 2 "
        "crawling rounds (20 minut) przy Danger Level 2 i co crawling round (10 minut) przy Danger "
        "Level 3",
        "derelict-crawl": "1d6: random encounter przy wyniku 6 (przy Alert Level 1-3) i przy wyniku 5-6 (przy Alert "
        "Level 4); co 6 rounds (1 godzina) przy Alert Level 1-2 i co 3 rounds (30 minut) przy Alert "
        "Level 3-4",
        "dungeon-turn": "1d6 + Escalation: danger przy sumie 6 lub więcej; co dungeon turn (10 minut)",
        "encounter-clock": "najwyższa kość z puli d6: encounter, gdy licznik Encounter Clock jest pełny (6); co "
        "dungeon round (10 minut)",
        "encounter-reaction": "brak rzutu eksploracji",
        "site-alarm": "d10: immediate random encounter przy wyniku nie wyższym niż wartość licznika Alarm; co "
        "exploration round (30 minut)",
        "tension-dice": "najniższa kość z puli d6: complication przy wyniku 1; gdy w puli jest 6 kości (co 6 turns "
        "dla cichej drużyny)",
        "usage-dice": "1d6: wandering encounter przy wyniku 1; co 3 turns (30 minut)",
        "wilderness-watches": "1d6: encounter przy wyniku 1 (przy Terrain 1-2), przy wyniku 1-2 (przy Terrain 3-4) i "
        "przy wyniku 1-3 (przy Terrain 5-6); co watch (4 godziny)",
    },
}
"""Each built-in pack's check in each shipped language: sheetgen's words translated, the pack's own (its
result, unit and track names) as the pack writes them."""
PACKS = sorted(CHECKS["de"])


def test_every_shipped_language_has_its_checks_told() -> None:
    assert sorted(CHECKS) == sorted(LANGUAGES)
    assert all(sorted(table) == PACKS for table in CHECKS.values())


@pytest.mark.parametrize("lang", sorted(CHECKS))
@pytest.mark.parametrize("pack_id", PACKS)
def test_the_check_in_each_language(lang: str, pack_id: str) -> None:
    pack = load_pack(pack_id)
    with using(lang):
        assert check_sentence(pack) == CHECKS[lang][pack_id]
    assert check_sentence(pack) != CHECKS[lang][pack_id]  # and English outside the language's block


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "1d6: monster on a 1; at turns 3 and 5 of every 6"),
        ("de", "1d6: monster bei einer 1; bei turns 3 und 5 von je 6"),
        ("fr", "1d6\u202f: monster sur un 1\u202f; aux turns 3 et 5 sur 6"),
        ("es", "1d6: monster con un 1; en turns 3 y 5 de cada 6"),
        ("pl", "1d6: monster przy wyniku 1; w turns 3 i 5 z każdych 6"),
    ],
)
def test_a_check_at_given_units_in_each_language(lang: str, said: str) -> None:
    """tests/data/packs/given-turns.yaml: `cadence: {at: [3, 5], repeat: 6}`; the pack's own words (its unit
    and results) stay as its author wrote them."""
    with using(lang):
        assert check_sentence(load_pack(str(ROOT / "tests" / "data" / "packs" / "given-turns.yaml"))) == said


def test_the_rule_of_a_row_in_each_language() -> None:
    from sheetgen.words import rule_text

    pack = load_pack("site-alarm")
    with using("de"):
        assert rule_text(pack, 4) == "d10 = 4: immediate random encounter, wenn Alarm 4 oder mehr ist"
        assert rule_text(pack, 1) == "d10 = 1: immediate random encounter, wenn Alarm 1 oder mehr ist"
    with using("fr"):
        assert rule_text(pack, 4) == f"d10 = 4{NNBSP}: immediate random encounter si Alarm est à 4 ou plus"
    with using("es"):
        assert rule_text(pack, 4) == "d10 = 4: immediate random encounter si Alarm está en 4 o más"
    with using("pl"):
        assert rule_text(pack, 4) == "d10 = 4: immediate random encounter, jeśli Alarm wynosi 4 lub więcej"
    assert rule_text(pack, 4) == "d10 = 4: immediate random encounter if Alarm is 4 or more"


ENGLISH_LABELS = ("For the DM", "page", "Contents", "Session log", "Quiet party", "Seed", "encounter if")
#: sheetgen's English words in a PDF's title, subject and keywords (the pack's and the site's own stay as written)
ENGLISH_METADATA = (
    "session packet",
    "Session packet",
    "seed",
    "paper",
    "reference",
    "Reference",
    "tracker",
    "trackers",
    "Tracker",
    "cards",
    "map",
    "timetable",
    "Pre-rolled",
    "calibration",
    "for the",
)
#: the beginnings of the packet's outline entries in English
ENGLISH_OUTLINE = (
    "Cover",
    "Background",
    "Room index",
    "Map",
    "Reference",
    "Trackers",
    "Timetable",
    "Room and stat",
    "Room",
    "Stats",
)


def english_in_metadata(reader: PdfReader) -> list[str]:
    """sheetgen's English words in the PDF's title, keywords and subject (its subject up to the first colon, after
    which a reference names its pack's own page titles)."""
    info = reader.metadata
    assert info is not None
    subject = re.split("\u202f?:", info.subject or "")[0]
    said = " | ".join([info.title or "", str(info.get("/Keywords", "")), subject])
    return [word for word in ENGLISH_METADATA if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", said)]


def english_outline(titles: list[str]) -> list[str]:
    """The outline's entries that begin with one of sheetgen's English words (a whole word)."""
    return [t for t in titles if any(re.match(rf"{re.escape(word)}(?!\w)", t) for word in ENGLISH_OUTLINE)]


def outline_titles(outline: Sequence[object]) -> list[str]:
    titles: list[str] = []
    for item in outline:
        titles += outline_titles(item) if isinstance(item, list) else [str(item.title)]  # type: ignore[attr-defined]
    return titles


@pytest.mark.slow
@pytest.mark.parametrize("audience", ["gm", "players"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_packet_in_the_language_holds_no_english_label(lang: str, audience: str, tmp_path: Path) -> None:
    out = tmp_path / "packet.pdf"
    result = CliRunner().invoke(
        cli, ["packet", "--seed", "3", "--for", audience, "--language", lang, "--no-cache", "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert str(reader.root_object["/Lang"]) == lang
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        for label in ENGLISH_LABELS:
            assert label not in text, f"page {number} says {label!r}"
    assert english_in_metadata(reader) == []
    titles = outline_titles(reader.outline)
    assert len(titles) >= 5
    assert english_outline(titles) == []


def test_the_english_metadata_and_outline_the_language_tests_look_for(tmp_path: Path) -> None:
    out = tmp_path / "packet.pdf"
    result = CliRunner().invoke(cli, ["packet", "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert english_in_metadata(reader) == ["session packet", "Session packet", "seed"]
    titles = outline_titles(reader.outline)
    assert titles[:4] == ["Cover", "Background and room index", "Background", "Room index"]
    assert len(english_outline(titles)) == len(titles)


def test_a_german_packets_metadata_and_outline(tmp_path: Path) -> None:
    out = tmp_path / "packet.pdf"
    result = CliRunner().invoke(cli, ["packet", "--seed", "3", "--language", "de", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    info = reader.metadata
    assert info is not None
    assert info.title == "The Sunken Chapel: Spielmappe"
    assert info.subject == "Spielmappe: Dungeon Turns, Encounters; Startwert 3"
    assert str(info["/Keywords"]) == (
        "Spielmappe, The Sunken Chapel, dungeon-turn, encounter-reaction, Startwert 3, letter"
    )
    titles = outline_titles(reader.outline)
    assert titles[:5] == ["Deckblatt", "Hintergrund und Raumverzeichnis", "Hintergrund", "Raumverzeichnis", "Karte"]
    assert "Übersicht: Dungeon Turns" in titles and "Zählbögen: Encounters" in titles
    assert "Raum 7a: Reliquary Niche" in titles and "Werte: Griffon" in titles


def test_an_unknown_language_is_refused_with_the_shipped_ones(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "--language", "xx", "-o", str(tmp_path / "t.pdf")])
    assert result.exit_code == 2
    assert f"Invalid value for '--language': no sheetgen words in 'xx'; shipped: {', '.join(shipped())}" in (
        result.output
    )
    assert not (tmp_path / "t.pdf").exists()


def test_the_settings_file_chooses_the_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "settings.toml"
    settings.write_text('language = "de"\n', encoding="utf-8")
    monkeypatch.setenv("SHEETGEN_CONFIG", str(settings))
    out = tmp_path / "t.pdf"
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert "Für den" in reader.pages[0].extract_text()
    assert str(reader.root_object["/Lang"]) == "de"
    # the command line wins over the file
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "--language", "en", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "For the" in PdfReader(out).pages[0].extract_text()
    settings.write_text('language = "xx"\n', encoding="utf-8")
    result = CliRunner().invoke(cli, ["tracker", "dungeon-turn", "-o", str(out)])
    assert result.exit_code == 2
    assert "no sheetgen words in 'xx' (the settings file's language); shipped: " in result.output


@pytest.mark.parametrize(
    ("lang", "heading", "seed"),
    [
        ("de", "Vorausgewürfelte Begegnungen", "Startwert 3"),
        ("pl", "Spotkania wylosowane z góry", "Ziarno 3"),
    ],
)
def test_a_site_in_a_language_gets_its_words(lang: str, heading: str, seed: str, tmp_path: Path) -> None:
    site = ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml"
    text = site.read_text(encoding="utf-8")
    assert "\nlanguage:" not in text
    translated = tmp_path / "site.yaml"
    translated.write_text(text.replace("\nsystem:", f"\nlanguage: {lang}\nsystem:", 1), encoding="utf-8")
    out = tmp_path / "timetable.pdf"
    result = CliRunner().invoke(cli, ["timetable", str(translated), "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    first = reader.pages[0].extract_text()
    assert heading in first
    assert seed in first
    assert str(reader.root_object["/Lang"]) == lang
    for number, page in enumerate(reader.pages, start=1):
        for label in ENGLISH_LABELS:
            assert label not in page.extract_text(), f"page {number} says {label!r}"


SHEETS = [
    ("reference", "dungeon-turn"),
    ("tracker", "dungeon-turn"),
    ("cards", str(ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml")),
    ("map", str(ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml")),
    ("timetable", str(ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml")),
    ("calibrate", None),
]


@pytest.mark.slow
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("command", "subject"), SHEETS)
def test_every_drawing_command_takes_the_language(lang: str, command: str, subject: str | None, tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    args = [command, *([subject] if subject else []), "--language", lang, "-o", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    reader = PdfReader(out)
    assert str(reader.root_object["/Lang"]) == lang
    for page in reader.pages:
        text = page.extract_text()
        for label in ("For the DM", "For the players", "For the printer", "page 1 of", "Quiet party", "Seed"):
            assert label not in text, (command, label)
    assert english_in_metadata(reader) == [], command


@pytest.mark.parametrize(("command", "subject"), SHEETS)
def test_every_drawing_command_writes_english_metadata_the_test_above_looks_for(
    command: str, subject: str | None, tmp_path: Path
) -> None:
    out = tmp_path / "sheet.pdf"
    result = CliRunner().invoke(cli, [command, *([subject] if subject else []), "--language", "en", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert english_in_metadata(PdfReader(out)), command


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_markdown_export_of_a_site_in_the_language_holds_no_english_label(lang: str, tmp_path: Path) -> None:
    text = (ROOT / "sheetgen" / "sites" / "the-sunken-chapel.yaml").read_text(encoding="utf-8")
    site = tmp_path / "site.yaml"
    site.write_text(text.replace("\nsystem:", f"\nlanguage: {lang}\nsystem:", 1), encoding="utf-8")
    out = tmp_path / "site.md"
    result = CliRunner().invoke(cli, ["export", str(site), "--to", "markdown", "--seed", "3", "-o", str(out)])
    assert result.exit_code == 0, result.output
    exported = out.read_text(encoding="utf-8")
    with using(lang):
        assert _("Quiet party") in exported  # the timetable's column, in the language
    for label in ENGLISH_LABELS:
        assert label not in exported, label
