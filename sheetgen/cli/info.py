"""Commands that read, check, compute and convert, and draw nothing: systems, check, schema, preview, odds,
export, import and new.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from sheetgen import limits

if TYPE_CHECKING:
    pass

from sheetgen.cli.group import cli
from sheetgen.cli.options import (
    WholeNumber,
    asked_hours,
    cache_option,
    check_output,
    emit,
    hours_options,
    ink_option,
    language_option,
    new_seed,
    options_for,
    output_option,
    pack_folder_option,
    paper_option,
    rules_option,
    seed_option,
    variant_of,
    variant_option,
    words_for,
)


@cli.command()
@rules_option
def systems(rules_dir: Path | None) -> None:
    """List the rule packs by what they are for (dungeons, wilderness, encounter rules): id, name, time
    unit, the language of its text, check and summary of each, then their variants and the languages
    sheetgen's words come in.

    \b
    Example:
        sheetgen systems --rules my-packs/
    """
    from sheetgen.load.catalogue import (
        LANGUAGE_COMMANDS,
        language_lines,
        listed_packs,
        one_line,
        pack_rows,
        shelves,
        variant_lines,
    )

    packs = listed_packs(rules_dir)
    rows = pack_rows(packs)
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    line = "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(rows[0][:4])) + "  " + rows[0][4]
    click.echo(line)
    by_id = {row[0]: row for row in rows[1:]}
    for heading, shelved in shelves(packs):
        click.echo(f"\n{heading}")
        for pack in shelved:
            row = by_id[pack.id]
            click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:4])) + "  " + row[4])
            summary = one_line(pack.summary)
            if summary:
                click.echo(f"    {summary}")
    variants = variant_lines(packs)
    if variants:
        click.echo("\nVARIANTS (give --variant ID to odds, timetable, reference, tracker, packet, export)")
        for line in variants:
            click.echo(f"  {line}")
    click.echo(f"\nLANGUAGES (give --language TAG to {LANGUAGE_COMMANDS})")
    for line in language_lines(packs):
        click.echo(f"  {line}")


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@paper_option
@cache_option
@pack_folder_option
@language_option
def check(
    paths: tuple[Path, ...], paper: str, no_cache: bool, rules_dirs: tuple[Path, ...], language: str | None
) -> None:
    """Validate rule packs and site files; print every problem. A pack's reference and tracker pages (a
    site's pack's, in the site's language) are laid out on the paper and in the pack's language (or
    --language's), as `reference`, `tracker` and `packet` would lay them out, and a page that does not fit
    is a problem. Where a word of sheetgen's on those
    pages has no translation in that language and prints in English, a note says which (not a problem).

    \b
    Example:
        sheetgen check my-dungeon.yaml my-pack.yaml
        sheetgen check my-pack.yaml --paper a4 --language de
    """
    from sheetgen.errors import DataError
    from sheetgen.load.catalogue import check_files, unshipped_line, untranslated_line

    checked = check_files(paths, rules_dirs)
    problems = list(checked.problems)
    notes: list[str] = []
    if language is None:
        notes = [line for file, text in checked.languages if (line := unshipped_line(file, text))]
    if checked.packs:
        from sheetgen.packet.fit import fit_workers, misfits

        chosen = [
            (pack, options_for(paper, language=text, chosen=language))
            for pack, (_file, text) in zip(checked.packs, checked.languages, strict=True)
        ]
        with fit_workers() as jobs:
            fitted = misfits(chosen, jobs, use_cache=not no_cache)
        problems += fitted.problems
        notes += [
            untranslated_line(file, options.words, missed)
            for file, (_pack, options), missed in zip(checked.pack_files, chosen, fitted.untranslated, strict=True)
            if missed
        ]
    if problems:
        raise DataError(problems)
    for line in (*checked.lines, *notes):
        click.echo(line)


@cli.command()
@click.argument("which", type=click.Choice(["pack", "site", "timetable"]))
def schema(which: str) -> None:
    """Print the JSON Schema of the pack or site format (for editors), or of the timetable's JSON.

    \b
    Example:
        sheetgen schema site > site.schema.json
    """
    from sheetgen.load.catalogue import json_schema

    click.echo(json.dumps(json_schema(which), indent=2))


@cli.command()
@click.argument("pdf", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--page", type=int, default=1, show_default=True, help="Page number, from 1.")
@click.option(
    "--dpi", type=WholeNumber(limits.MIN_DPI, limits.MAX_DPI), default=100, show_default=True, help="Resolution."
)
@output_option
def preview(pdf: Path, page: int, dpi: int, output: Path | None) -> None:
    """Render a page of a PDF to PNG, for a quick look.

    \b
    Example:
        sheetgen preview output/the-sunken-chapel-packet.pdf --page 2 --dpi 80
    """
    from sheetgen.preview import read_pdf, render_png

    target = output or pdf.with_name(f"{pdf.stem}-page{page}.png")
    check_output(target)
    emit(render_png(read_pdf(pdf), page=page, dpi=dpi, name=str(pdf)), target, pdf.stem, f"page{page}", ".png")


@cli.command()
@click.argument("system")
@hours_options("cover")
@click.option(
    "--extra",
    type=WholeNumber(0, limits.MAX_EXTRA),
    default=0,
    show_default=True,
    help="Also show the odds with this many extra rolls of the check an hour, spread evenly through it.",
)
@variant_option
@language_option
def odds(
    system: str, hours: int | None, days: int | None, extra: int, variant: str | None, language: str | None
) -> None:
    """Exact odds of a pack's check for a quiet party, as a table, in the pack's language (or --language's).

    \b
    Example:
        sheetgen odds site-alarm --hours 4
        sheetgen odds dungeon-turn --extra 1
        sheetgen odds dungeon-turn --variant fast-turns
        sheetgen odds my-wilderness.yaml --days 3 --language de
    """
    from sheetgen.engine.odds import extra_odds, quiet_odds
    from sheetgen.load.files import load_pack, located_in
    from sheetgen.load.variants import with_variant
    from sheetgen.words import extra_rows, mechanics_rows, odds_rows
    from sheetgen.words.language import using

    hours = asked_hours(hours, days)
    pack = with_variant(load_pack(system), variant)
    with located_in(pack), using(words_for(pack.language, language)):
        quiet = quiet_odds(pack, hours)
        table = odds_rows(quiet) + mechanics_rows(quiet)
        if extra:
            table += extra_rows(quiet, extra_odds(pack, hours, extra))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())


@cli.command()
@click.argument("subject", metavar="SITE|SYSTEM")
@hours_options("pre-roll")
@seed_option
@click.option("--format", "fmt", type=click.Choice(["pdf", "csv", "json"]), default="pdf", show_default=True)
@paper_option
@ink_option
@variant_option
@pack_folder_option
@language_option
@output_option
def timetable(
    subject: str,
    hours: int | None,
    days: int | None,
    seed: int | None,
    fmt: str,
    paper: str,
    ink: str,
    variant: str | None,
    rules_dirs: tuple[Path, ...],
    language: str | None,
    output: Path | None,
) -> None:
    """Pre-roll the encounter timetable and encounter deck.

    \b
    Example:
        sheetgen timetable the-sunken-chapel --hours 4 --seed 1234
        sheetgen timetable site-alarm --format json -o alarm.json
    """
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.export.timetable_csv import timetable_csv
    from sheetgen.export.timetable_json import timetable_json
    from sheetgen.load.files import load_pack_or_site, located_in
    from sheetgen.words.language import using

    check_output(output)
    hours = asked_hours(hours, days)
    pack, loaded = variant_of(load_pack_or_site(subject, rules_dirs), variant)
    seed = new_seed(seed)
    with located_in(pack):
        table = build_timetable(
            pack,
            site=loaded.site if loaded else None,
            encounter_pack=loaded.encounter_pack if loaded else None,
            hours=hours,
            seed=seed,
        )
    name = loaded.slug if loaded else pack.id
    options = options_for(paper, seed, ink=ink, language=loaded.language if loaded else pack.language, chosen=language)
    with using(options.words):
        if fmt == "json":
            data = (json.dumps(timetable_json(table), indent=2, ensure_ascii=False) + "\n").encode()
        elif fmt == "csv":
            data = timetable_csv(table).encode()
        else:
            from sheetgen.render.pdf.timetable import timetable_pdf

            data = timetable_pdf(table, options)
    emit(data, output, name, "timetable", f".{fmt}")


@cli.command("export")
@click.argument("subject", metavar="SITE|SYSTEM")
@click.option(
    "--to",
    "fmt",
    required=True,
    type=click.Choice(["foundry", "foundry-v12", "roll20", "obsidian", "markdown"]),
    help="foundry: Foundry VTT 13 and later; foundry-v12: Foundry VTT 12; roll20: TableExport "
    "commands; obsidian: a note for the Dice Roller plugin; markdown: plain Markdown.",
)
@click.option(
    "-o",
    "--output",
    metavar="PATH",
    help="A file for everything, or a folder (existing, or ending in /) for one file per table.",
)
@seed_option
@hours_options("pre-roll (obsidian and markdown hold the timetable and deck)")
@variant_option
@language_option
def export_tables(
    subject: str,
    fmt: str,
    output: str | None,
    seed: int | None,
    hours: int | None,
    days: int | None,
    variant: str | None,
    language: str | None,
) -> None:
    """Export every table of a site or pack, and a site's room key, to a virtual tabletop or a notes app.
    sheetgen's own words (headings, labels, the rules it words) are in the site's language (the pack's for
    a pack) or --language's; the tables' and the rooms' own text stays as written.

    \b
    Example:
        sheetgen export the-sunken-chapel --to foundry
        sheetgen export encounter-reaction --to roll20 -o reaction-tables.txt
        sheetgen export my-dungeon.yaml --to obsidian --seed 1234 -o vault/Dungeon.md
        sheetgen export the-sunken-chapel --to markdown --language de
    """
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.export.formats import FORMATS, check_export_output, export
    from sheetgen.export.tables import pack_subject, site_subject
    from sheetgen.load.files import load_pack_or_site
    from sheetgen.words.language import using

    check_export_output(output, fmt)
    hours = asked_hours(hours, days)
    pack, loaded = variant_of(load_pack_or_site(subject), variant)
    site, encounter_pack = (loaded.site, loaded.encounter_pack) if loaded else (None, None)
    timetable = None
    if FORMATS[fmt].timetable:
        timetable = build_timetable(pack, site=site, encounter_pack=encounter_pack, hours=hours, seed=new_seed(seed))
    with using(words_for(loaded.language if loaded else pack.language, language)):
        exported = (
            site_subject(loaded.site, loaded.slug, pack, encounter_pack, timetable)
            if loaded
            else pack_subject(pack, timetable)
        )
        paths = export(exported, fmt, output)
    for path in paths:
        click.echo(str(path))


@cli.group("import")
def import_group() -> None:
    """Turn another tool's file into a sheetgen site file.

    \b
    Example:
        sheetgen import watabou dungeon.json -o my-dungeon.yaml
    """


@import_group.command("watabou")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the site file here instead of output/<file name>.yaml.",
)
@click.option(
    "--system",
    "system",
    default="dungeon-turn",
    show_default=True,
    help="The rule pack the site is played with: a built-in id or a path to a pack file.",
)
@click.option(
    "--square", type=WholeNumber(1, 1000), default=10, show_default=True, help="Feet to a square of the map's grid."
)
@click.option("--force", is_flag=True, help="Replace the output file if it exists.")
def import_watabou(file: Path, output: Path | None, system: str, square: int, force: bool) -> None:
    """A site file from a dungeon of Watabou's One Page Dungeon (its JSON export).

    \b
    Example:
        sheetgen import watabou dungeon.json -o my-dungeon.yaml --square 5
        sheetgen check my-dungeon.yaml && sheetgen packet my-dungeon.yaml
    """
    from sheetgen.importers.watabou import import_watabou as convert

    click.echo(str(convert(file, output, system=system, square=square, force=force)))


@cli.group("new")
def new_group() -> None:
    """Start a file of your own: a site file for a pack, or a pack copied from a built-in one. Every field
    of the new file has a comment saying what it does, and the file passes `sheetgen check` as written.
    An existing file is never replaced.

    \b
    Example:
        sheetgen new site my-dungeon.yaml --system dungeon-turn
        sheetgen new pack my-game.yaml --like site-alarm
    """


@new_group.command("site")
@click.argument("path", type=click.Path(path_type=Path))
@click.option(
    "--system",
    "system",
    required=True,
    metavar="ID",
    help="The rule pack the site is played with: a built-in id (`sheetgen systems`) or a pack file.",
)
def new_site(path: Path, system: str) -> None:
    """A starter site file at PATH: three rooms with every room field, a wandering table on the pack's dice
    and a statblock in the pack's layout, each field explained. Fails if PATH exists.

    \b
    Example:
        sheetgen new site my-dungeon.yaml --system site-alarm
        sheetgen new site crypt.yaml --system my-game.yaml
        sheetgen packet my-dungeon.yaml
    """
    from sheetgen.starters.site import new_site as write

    click.echo(str(write(path, system)))


@new_group.command("pack")
@click.argument("path", type=click.Path(path_type=Path))
@click.option(
    "--like",
    default="dungeon-turn",
    show_default=True,
    metavar="ID",
    help="The built-in pack to copy (`sheetgen systems` lists them).",
)
def new_pack(path: Path, like: str) -> None:
    """A rule pack at PATH, copied from a built-in one, with the id its file name gives and a comment above
    each field saying what it does. Fails if PATH exists.

    \b
    Example:
        sheetgen new pack my-game.yaml --like encounter-clock
        sheetgen check my-game.yaml
    """
    from sheetgen.starters.pack import new_pack as write

    click.echo(str(write(path, like)))
