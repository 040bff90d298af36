"""The command line: parses options, calls the library, and turns its errors into messages.

Exit codes: 0 success, 2 bad input or usage, 1 anything unexpected (a short message; the
traceback only with --debug). Heavy renderers are imported inside the commands that draw.
"""

from __future__ import annotations

import json
import logging
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from sheetgen import __version__
from sheetgen.errors import SheetgenError
from sheetgen.options import CardPrint, RenderOptions, paper_named, parse_back_offset

if TYPE_CHECKING:
    from sheetgen.load.files import LoadedSite
    from sheetgen.model.pack import Pack

F = TypeVar("F", bound=Callable[..., Any])

class SheetgenGroup(click.Group):
    """Turns sheetgen's errors into `file:line:column: field: message` lines and exit code 2."""

    def invoke(self, ctx: click.Context) -> Any:
        debug = bool(ctx.params.get("debug")) or "--debug" in sys.argv
        try:
            return super().invoke(ctx)
        except SheetgenError as exc:
            for problem in exc.problems:
                click.echo(f"error: {problem}", err=True)
            if len(exc.problems) > 1:
                click.echo(f"{len(exc.problems)} problems; nothing was written.", err=True)
            ctx.exit(2)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except BrokenPipeError:
            # the reader went away (`sheetgen odds ... | head`): stop quietly
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("interrupted; nothing was written.", err=True)
            ctx.exit(130)
        except Exception as exc:
            if debug:
                traceback.print_exc()
            else:
                click.echo(f"sheetgen: unexpected error: {type(exc).__name__}: {exc}", err=True)
                click.echo("This is a bug in sheetgen. Run again with --debug for the details.", err=True)
            ctx.exit(1)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from sheetgen.settings import ENV, settings_path

        path = settings_path()
        where = str(path) if path is not None else f"none ({ENV} is empty)"
        formatter.write_paragraph()
        formatter.write_text(
            f"The settings file (TOML; {ENV} names another) holds defaults for options, such as "
            'paper = "a4" or back-offset = [0.5, -1.0]; options on the command line win. It is:'
        )
        formatter.write(f"  {where}\n")  # unwrapped, so it can be copied


@click.group(cls=SheetgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="sheetgen")
@click.option("--debug", is_flag=True, help="Show tracebacks and renderer warnings.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Printable game-master sheets for dungeon exploration.

    \b
    Example: the session packet for the bundled example site
        sheetgen packet
    """
    logging.basicConfig(level=logging.DEBUG if debug else logging.ERROR, format="%(name)s: %(message)s")
    command = cli.commands.get(ctx.invoked_subcommand or "")
    if command is not None:
        from sheetgen.settings import command_defaults

        defaults = command_defaults({param.name for param in command.params if param.name})
        if defaults:
            ctx.default_map = {command.name or "": defaults}


def paper_option(func: F) -> F:
    return click.option("--paper", type=click.Choice(["letter", "a4"], case_sensitive=False), default="letter",
                        show_default=True, help="Paper size.")(func)


def output_option(func: F) -> F:
    return click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
                        help="Write here instead of output/<name>-<sheet>.pdf.")(func)


def seed_option(func: F) -> F:
    return click.option("--seed", type=click.IntRange(0, 2**63 - 1),
                        help="Seed for the dice (default: a new one, printed on the sheet).")(func)


class BackOffset(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 on
    name = "X,Y"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        try:
            return parse_back_offset(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def back_offset_option(func: F) -> F:
    return click.option("--back-offset", type=BackOffset(), default="0,0", show_default=True,
                        help="Move the back pages by X,Y mm (right and up, as seen on the back), as read off "
                             "`sheetgen calibrate`. Example: --back-offset 0.5,-1")(func)


def ink_option(func: F) -> F:
    return click.option("--ink", type=click.Choice(["normal", "saver"]), default="normal", show_default=True,
                        help="saver: no grey or black fills; boxes, bands and headers in outline. "
                             "Example: --ink saver")(func)


def large_option(func: F) -> F:
    return click.option("--large/--no-large", default=False, show_default=True,
                        help="Large print for the players' pages: references in 12 pt type (a page may take "
                             "more than one sheet), the players' trackers enlarged to a 12 pt body. "
                             "Example: --for players --large")(func)


def card_print_options(func: F) -> F:
    func = click.option("--layout", type=click.Choice(["home", "shop"]), default="home", show_default=True,
                        help="home: cards side by side with crop marks on all four sides; shop: one card a "
                             "page at trim size "
                             "(plus bleed), back then front, with TrimBox and BleedBox. "
                             "Example: --layout shop --bleed")(func)
    func = click.option("--bleed/--no-bleed", default=False, show_default=True,
                        help="A 1/8 in bleed around each card, text kept 1/8 in inside the trim; in the "
                             "home layout cards then stand 1/4 in apart with crop marks at every trim. "
                             "Example: --bleed --backs")(func)
    return func


def options_for(paper: str, seed: int | None = None, fillable: bool = False, *, ink: str = "normal",
                large: bool = False, language: str = "en", cards: CardPrint | None = None) -> RenderOptions:
    return RenderOptions(paper=paper_named(paper), seed=seed, fillable=fillable,
                         ink="saver" if ink == "saver" else "normal", large=large, language=language,
                         cards=cards or CardPrint())


def emit(data: bytes, output: Path | None, subject: str, sheet: str, suffix: str = ".pdf") -> Path:
    """Write *data* atomically to -o or to output/<subject>-<sheet><suffix>, and print the path."""
    from sheetgen.output import default_path, prepare_default_folder, write_atomic

    if output is None:
        prepare_default_folder()
        output = default_path(subject, sheet, suffix)
    path = write_atomic(output, data)
    click.echo(str(path))
    return path


def check_output(output: Path | None) -> None:
    """Refuse an impossible -o (or output/ folder), or a SOURCE_DATE_EPOCH that is not a date, before
    doing any work."""
    from sheetgen.clock import source_date

    source_date()
    if output is None:
        from sheetgen.output import prepare_default_folder

        prepare_default_folder(create=False)
    else:
        from sheetgen.output import check_destination

        check_destination(output)


def size_option(func: F) -> F:
    return click.option("--size", type=click.Choice(["poker", "index"]), default="poker", show_default=True,
                        help="Card size: poker 2.5 x 3.5 in (nine a page on A4, six on letter) or index "
                             "3 x 5 in (four a page).")(func)


def backs_option(func: F) -> F:
    return click.option("--backs/--no-backs", default=False, show_default=True,
                        help="Add a back page after each front page, for double-sided printing.")(func)


def fillable_option(func: F) -> F:
    return click.option("--fillable/--no-fillable", default=False, show_default=True,
                        help="Make every tick box a PDF checkbox that can be ticked on screen.")(func)


def cache_option(func: F) -> F:
    return click.option("--no-cache", is_flag=True,
                        help="Draw every page afresh instead of reusing pages from the cache.")(func)


def variant_option(func: F) -> F:
    return click.option("--variant", metavar="ID",
                        help="Play one of the pack's variants: its unit, check and rates (see the reference).")(func)


def rules_option(func: F) -> F:
    return click.option("--rules", "rules_dir", type=click.Path(file_okay=False, path_type=Path),
                        help="Also list the packs in this folder.")(func)


def pack_folder_option(func: F) -> F:
    return click.option("--rules", "rules_dirs", multiple=True, type=click.Path(file_okay=False, path_type=Path),
                        help="A folder of pack files a site may name, besides the site's own folder "
                             "(repeatable).")(func)


@cli.command()
@rules_option
def systems(rules_dir: Path | None) -> None:
    """List the rule packs: id, name, time unit and check.

    \b
    Example:
        sheetgen systems --rules my-packs/
    """
    from sheetgen.load.catalogue import pack_rows

    rows = pack_rows(rules_dir)
    widths = [max(len(r[i]) for r in rows) for i in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row[:3])) + "  " + row[3])


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@pack_folder_option
def check(paths: tuple[Path, ...], rules_dirs: tuple[Path, ...]) -> None:
    """Validate rule packs and site files; print every problem.

    \b
    Example:
        sheetgen check my-dungeon.yaml my-pack.yaml
    """
    from sheetgen.load.catalogue import check_files

    for line in check_files(paths, rules_dirs):
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
@click.option("--dpi", type=int, default=100, show_default=True, help="Resolution, 10 to 600.")
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


def variant_of(found: tuple[Pack, LoadedSite | None], variant: str | None) -> tuple[Pack, LoadedSite | None]:
    """A pack (and the site it came with) under the variant asked for."""
    from sheetgen.load.variants import site_with_variant, with_variant

    pack, loaded = found
    if variant is None:
        return pack, loaded
    if loaded is None:
        return with_variant(pack, variant), None
    changed = site_with_variant(loaded, variant)
    return changed.pack, changed


def new_seed(seed: int | None) -> int:
    """The seed given, or a fresh one (short enough to read off a sheet and type back in)."""
    import random

    return seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)


@cli.command()
@click.argument("system")
@click.option("--hours", type=int, default=3, show_default=True, help="Hours of play to cover.")
@click.option("--extra", type=int, default=0, show_default=True,
              help="Also show the odds with this many extra rolls of the check an hour (0 to 10).")
@variant_option
def odds(system: str, hours: int, extra: int, variant: str | None) -> None:
    """Exact odds of a pack's check for a quiet party, as a table.

    \b
    Example:
        sheetgen odds site-alarm --hours 4
        sheetgen odds dungeon-turn --extra 1
        sheetgen odds dungeon-turn --variant optional-variant-fast-turns
    """
    from sheetgen.engine.odds import extra_odds, quiet_odds
    from sheetgen.load.files import load_pack
    from sheetgen.load.variants import with_variant
    from sheetgen.mechanic_words import extra_rows, mechanics_rows
    from sheetgen.words import odds_rows

    pack = with_variant(load_pack(system), variant)
    quiet = quiet_odds(pack, hours)
    table = odds_rows(quiet) + mechanics_rows(quiet)
    if extra:
        table += extra_rows(quiet, extra_odds(pack, hours, extra))
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for row in table:
        click.echo("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())


@cli.command()
@click.argument("subject", metavar="SITE|SYSTEM")
@click.option("--hours", type=int, default=3, show_default=True, help="Hours of play to pre-roll.")
@seed_option
@click.option("--format", "fmt", type=click.Choice(["pdf", "csv", "json"]), default="pdf", show_default=True)
@paper_option
@ink_option
@variant_option
@pack_folder_option
@output_option
def timetable(subject: str, hours: int, seed: int | None, fmt: str, paper: str, ink: str, variant: str | None,
              rules_dirs: tuple[Path, ...], output: Path | None) -> None:
    """Pre-roll the encounter timetable and encounter deck.

    \b
    Example:
        sheetgen timetable the-sunken-chapel --hours 4 --seed 1234
        sheetgen timetable site-alarm --format json -o alarm.json
    """
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.export.timetable_csv import timetable_csv
    from sheetgen.export.timetable_json import timetable_json
    from sheetgen.load.files import load_pack_or_site

    check_output(output)
    pack, loaded = variant_of(load_pack_or_site(subject, rules_dirs), variant)
    seed = new_seed(seed)
    table = build_timetable(pack, site=loaded.site if loaded else None,
                            encounter_pack=loaded.encounter_pack if loaded else None, hours=hours, seed=seed)
    name = loaded.slug if loaded else pack.id
    if fmt == "json":
        data = (json.dumps(timetable_json(table), indent=2, ensure_ascii=False) + "\n").encode()
    elif fmt == "csv":
        data = timetable_csv(table).encode()
    else:
        from sheetgen.render.pdf.timetable import timetable_pdf

        language = loaded.language if loaded else pack.language
        data = timetable_pdf(table, options_for(paper, seed, ink=ink, language=language))
    emit(data, output, name, "timetable", f".{fmt}")


@cli.command("export")
@click.argument("subject", metavar="SITE|SYSTEM")
@click.option("--to", "fmt", required=True,
              type=click.Choice(["foundry", "foundry-v12", "roll20", "obsidian", "markdown"]),
              help="foundry: Foundry VTT 13 and later; foundry-v12: Foundry VTT 12; roll20: TableExport "
                   "commands; obsidian: a note for the Dice Roller plugin; markdown: plain Markdown.")
@click.option("-o", "--output", metavar="PATH",
              help="A file for everything, or a folder (existing, or ending in /) for one file per table.")
@seed_option
@click.option("--hours", type=int, default=3, show_default=True,
              help="Hours of play to pre-roll (obsidian and markdown hold the timetable and deck).")
@variant_option
def export_tables(subject: str, fmt: str, output: str | None, seed: int | None, hours: int,
                  variant: str | None) -> None:
    """Export every table of a site or pack to a virtual tabletop or a notes app.

    \b
    Example:
        sheetgen export the-sunken-chapel --to foundry
        sheetgen export encounter-reaction --to roll20 -o reaction-tables.txt
        sheetgen export my-dungeon.yaml --to obsidian --seed 1234 -o vault/Dungeon.md
    """
    from sheetgen.engine.odds import check_hours
    from sheetgen.engine.timetable import build_timetable
    from sheetgen.export.formats import FORMATS, check_export_output, export
    from sheetgen.export.tables import pack_subject, site_subject
    from sheetgen.load.files import load_pack_or_site

    check_export_output(output, fmt)
    check_hours(hours)
    pack, loaded = variant_of(load_pack_or_site(subject), variant)
    site, encounter_pack = (loaded.site, loaded.encounter_pack) if loaded else (None, None)
    timetable = None
    if FORMATS[fmt].timetable:
        timetable = build_timetable(pack, site=site, encounter_pack=encounter_pack, hours=hours, seed=new_seed(seed))
    exported = (site_subject(loaded.site, loaded.slug, pack, encounter_pack, timetable) if loaded
                else pack_subject(pack, timetable))
    for path in export(exported, fmt, output):
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
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the site file here instead of output/<file name>.yaml.")
@click.option("--system", "system", default="dungeon-turn", show_default=True,
              help="The rule pack the site is played with: a built-in id or a path to a pack file.")
@click.option("--square", type=click.IntRange(1, 1000), default=10, show_default=True,
              help="Feet to a square of the map's grid.")
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


@cli.command()
@click.argument("system")
@paper_option
@click.option("--for", "audience", type=click.Choice(["gm", "players"]), default="gm", show_default=True,
              help="players: only the sections the pack marks as safe for players.")
@ink_option
@large_option
@cache_option
@variant_option
@output_option
def reference(system: str, paper: str, audience: str, ink: str, large: bool, no_cache: bool, variant: str | None,
              output: Path | None) -> None:
    """The one-page reference(s) of a pack, for behind the screen.

    \b
    Example:
        sheetgen reference dungeon-turn --paper a4
        sheetgen reference dungeon-turn --for players --large --ink saver
    """
    from sheetgen.load.files import load_pack
    from sheetgen.load.variants import with_variant
    from sheetgen.packet.build import cached_reference

    check_output(output)
    pack = with_variant(load_pack(system), variant)
    options = options_for(paper, ink=ink, large=large, language=pack.language)
    pdf = cached_reference(pack, options, players=audience == "players", use_cache=not no_cache)
    emit(pdf, output, pack.id, "reference" if audience == "gm" else "reference-players")


@cli.command()
@click.argument("system")
@paper_option
@fillable_option
@ink_option
@large_option
@click.option("--turns", type=click.IntRange(1, None),
              help="Turns to show (default: as many as fit, at least 3 hours).")
@click.option("--for", "audience", type=click.Choice(["gm", "players"]),
              help="Only the sheets for the GM or the players.")
@variant_option
@output_option
def tracker(system: str, paper: str, fillable: bool, ink: str, large: bool, turns: int | None,
            audience: str | None, variant: str | None, output: Path | None) -> None:
    """The pack's turn trackers and escalation track, to tick during play.

    \b
    Example:
        sheetgen tracker site-alarm --fillable --turns 12
        sheetgen tracker dungeon-turn --for players --large
    """
    from sheetgen.load.files import load_pack
    from sheetgen.load.variants import with_variant
    from sheetgen.render.pdf.trackers import tracker_pdf

    check_output(output)
    pack = with_variant(load_pack(system), variant)
    options = options_for(paper, fillable=fillable, ink=ink, large=large, language=pack.language)
    pdf = tracker_pdf(pack, options, turns=turns,
                      audience="gm" if audience == "gm" else "players" if audience == "players" else None)
    emit(pdf, output, pack.id, "tracker")


@cli.command()
@click.argument("site")
@size_option
@backs_option
@back_offset_option
@card_print_options
@ink_option
@paper_option
@pack_folder_option
@output_option
def cards(site: str, size: str, backs: bool, back_offset: tuple[float, float], bleed: bool, layout: str, ink: str,
          paper: str, rules_dirs: tuple[Path, ...], output: Path | None) -> None:
    """Room-key cards and stat cards from a site file.

    \b
    Example:
        sheetgen cards my-dungeon.yaml --size index --backs
        sheetgen cards my-dungeon.yaml --backs --back-offset 0.5,-1
        sheetgen cards my-dungeon.yaml --bleed --backs
        sheetgen cards my-dungeon.yaml --layout shop --bleed
    """
    from sheetgen.load.files import load_site
    from sheetgen.render.pdf.cards import cards_pdf

    check_output(output)
    loaded = load_site(site, rules_dirs)
    card_print = CardPrint(back_offset=back_offset, bleed=bleed, layout="shop" if layout == "shop" else "home")
    options = options_for(paper, ink=ink, language=loaded.language, cards=card_print)
    pdf = cards_pdf(loaded, options, size="index" if size == "index" else "poker", backs=backs)
    emit(pdf, output, loaded.slug, "cards")


@cli.command()
@click.argument("site", required=False)
@seed_option
@click.option("--hours", type=int, default=3, show_default=True, help="Hours of play to pre-roll.")
@click.option("--for", "audience", type=click.Choice(["gm", "players"]), default="gm", show_default=True,
              help="players: only what a player may see (no timetable, room key or stat cards).")
@paper_option
@size_option
@backs_option
@back_offset_option
@fillable_option
@ink_option
@large_option
@click.option("--previews", is_flag=True, help="Also write a PNG of each page next to the PDF.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but the path of the packet.")
@cache_option
@variant_option
@pack_folder_option
@output_option
def packet(site: str | None, seed: int | None, hours: int, audience: str, paper: str, size: str, backs: bool,
           back_offset: tuple[float, float], fillable: bool, ink: str, large: bool, previews: bool, quiet: bool,
           no_cache: bool, variant: str | None, rules_dirs: tuple[Path, ...], output: Path | None) -> None:
    """The whole session packet: cover, references, trackers, timetable, room and stat cards.

    With no SITE, builds the bundled example site (the-sunken-chapel).

    \b
    Example:
        sheetgen packet
        sheetgen packet my-dungeon.yaml --seed 1234 --hours 4 --paper a4 --backs
        sheetgen packet my-dungeon.yaml --for players --large
        sheetgen packet my-dungeon.yaml --backs --back-offset 0.5,-1 --ink saver
    """
    from sheetgen.engine.odds import check_hours
    from sheetgen.load.files import load_site
    from sheetgen.packet.build import PacketOptions, build_packet, made_on

    check_output(output)
    check_hours(hours)
    from sheetgen.load.variants import site_with_variant

    loaded = site_with_variant(load_site(site or "the-sunken-chapel", rules_dirs), variant)
    seed = new_seed(seed)
    options = PacketOptions(
        render=options_for(paper, seed, fillable, ink=ink, large=large, language=loaded.language,
                           cards=CardPrint(back_offset=back_offset)),
        seed=seed, hours=hours,
        audience="players" if audience == "players" else "gm",
        card_size="index" if size == "index" else "poker", backs=backs, made_on=made_on(),
        use_cache=not no_cache,
    )
    show = not quiet and sys.stderr.isatty()

    def progress(step: str) -> None:
        if show:
            click.echo(f"  {step}...", err=True)

    built = build_packet(loaded, options, progress)
    sheet = "packet" if audience == "gm" else "players"
    path = emit(built.pdf, output, loaded.slug, sheet)
    if previews:
        from sheetgen.output import write_atomic
        from sheetgen.preview import render_png

        for number in range(1, built.pages + 1):
            progress(f"preview of page {number}")
            write_atomic(path.with_name(f"{path.stem}-page{number}.png"), render_png(built.pdf, page=number, dpi=60))
    if show:
        click.echo(f"{built.pages} pages, seed {seed}.", err=True)


@cli.command()
@paper_option
@output_option
def calibrate(paper: str, output: Path | None) -> None:
    """A sheet to print once, double-sided: rulers to check actual size, and a target that shows how far
    the printer shifts the back page, for --back-offset.

    \b
    Example:
        sheetgen calibrate --paper a4
        sheetgen cards my-dungeon.yaml --backs --back-offset 0.5,-1
    """
    from sheetgen.render.pdf.calibration import calibration_pdf

    check_output(output)
    emit(calibration_pdf(paper_named(paper)), output, "sheetgen", "calibration")


@cli.command()
@click.argument("site")
@click.option("--sheet", type=click.Choice(["packet", "cards", "reference", "tracker", "timetable"]),
              default="packet", show_default=True, help="Which sheet to rebuild.")
@seed_option
@click.option("--hours", type=int, default=3, show_default=True, help="Hours of play to pre-roll.")
@paper_option
@size_option
@backs_option
@cache_option
@output_option
def watch(site: str, sheet: str, seed: int | None, hours: int, paper: str, size: str, backs: bool,
          no_cache: bool, output: Path | None) -> None:
    """Rebuild a sheet of SITE whenever the site file or one of its pack files is saved; Ctrl-C stops.

    A mistake is reported as `sheetgen check` reports it, and the last good PDF stays in place until
    the next save fixes it. The seed stays the same from one rebuild to the next.

    \b
    Example:
        sheetgen watch my-dungeon.yaml --sheet cards
    """
    from datetime import datetime

    from sheetgen.engine.odds import check_hours
    from sheetgen.load.files import resolve_site_path
    from sheetgen.packet.watch import Outcome, SheetOptions, site_builder
    from sheetgen.packet.watch import watch as watch_files

    check_output(output)
    check_hours(hours)
    seed = new_seed(seed)
    options = SheetOptions(sheet=sheet, render=options_for(paper, seed), seed=seed, hours=hours,
                           card_size="index" if size == "index" else "poker", backs=backs,
                           use_cache=not no_cache, output=output)

    def report(outcome: Outcome) -> None:
        now = datetime.now().strftime("%H:%M:%S")
        for path in outcome.written:
            click.echo(f"{now} {path} ({outcome.seconds:.1f} s)")
        for line in outcome.problems:
            click.echo(line, err=True)
        if outcome.problems:
            click.echo(f"{now} not rebuilt; the last good PDF is kept. Waiting for the next save.", err=True)

    click.echo(f"Watching {site} and its pack files (seed {seed}); Ctrl-C stops.", err=True)
    try:
        watch_files(site_builder(site, options), resolve_site_path(site), report)
    except KeyboardInterrupt:
        click.echo("Stopped.", err=True)


def main() -> None:
    cli(prog_name="sheetgen")
