"""Options shared by several commands, each defined once as a decorator, and the small helpers that turn
them into the library's option objects.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import click

from sheetgen import limits
from sheetgen.errors import UsageError
from sheetgen.options import Audience, CardPrint, RenderOptions, paper_named, parse_back_offset

if TYPE_CHECKING:
    from sheetgen.model.loaded import LoadedSite
    from sheetgen.model.pack import Pack


F = TypeVar("F", bound=Callable[..., Any])


def paper_option(func: F) -> F:
    return click.option(
        "--paper",
        type=click.Choice(["letter", "a4"], case_sensitive=False),
        default="letter",
        show_default=True,
        help="Paper size.",
    )(func)


def output_option(func: F) -> F:
    return click.option(
        "-o",
        "--output",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Write here instead of output/<name>-<sheet>.pdf.",
    )(func)


class WholeNumber(click.IntRange):
    """A whole number from *low* to *high* (a documented limit), refused in one wording for every option:
    "--hours must be a whole number from 1 to 72, not 73"."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low, high)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            name = param.opts[0] if param is not None and param.opts else "the value"
            raise UsageError(f"{name} must be a whole number from {self.min} to {self.max}, not {value}") from None


MAX_DAYS = limits.MAX_HOURS // 24


def hours_options(what: str) -> Callable[[F], F]:
    """--hours and --days: how much play a command covers; with neither, the pack's own horizon."""

    def wrap(func: F) -> F:
        func = click.option(
            "--days", type=WholeNumber(1, MAX_DAYS), help=f"Days of play to {what}, instead of --hours."
        )(func)
        return click.option(
            "--hours",
            type=WholeNumber(1, limits.MAX_HOURS),
            help=f"Hours of play to {what} (default: a site's route, else the pack's "
            "time.horizon, or 3 hours, or 3 units where a unit lasts longer than an hour).",
        )(func)

    return wrap


def asked_hours(hours: int | None, days: int | None) -> int | None:
    """The hours of play asked for with --hours or --days (None: neither, the pack's horizon)."""
    if hours is not None and days is not None:
        raise UsageError("give --hours or --days, not both")
    return days * 24 if days is not None else hours


def audience_option(help: str, *, default: Audience | None = Audience.GM) -> Callable[[F], F]:
    """--for gm|players, as an :class:`~sheetgen.options.Audience` (None: both, where there is no default)."""

    def audience(ctx: click.Context, param: click.Parameter, value: str | None) -> Audience | None:
        return Audience(value) if value is not None else None

    return click.option(
        "--for",
        "audience",
        type=click.Choice([a.value for a in Audience]),
        default=default.value if default is not None else None,
        show_default=default is not None,
        callback=audience,
        help=help,
    )


def seed_option(func: F) -> F:
    return click.option(
        "--seed", type=WholeNumber(0, 2**63 - 1), help="Seed for the dice (default: a new one, printed on the sheet)."
    )(func)


class BackOffset(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 on
    name = "X,Y"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[float, float]:
        try:
            return parse_back_offset(value)
        except ValueError as exc:
            self.fail(str(exc), param, ctx)


def back_offset_option(func: F) -> F:
    return click.option(
        "--back-offset",
        type=BackOffset(),
        default="0,0",
        show_default=True,
        help="Move the back pages by X,Y mm (right and up, as seen on the back), as read off "
        "`sheetgen calibrate`. Example: --back-offset 0.5,-1",
    )(func)


def ink_option(func: F) -> F:
    return click.option(
        "--ink",
        type=click.Choice(["normal", "saver"]),
        default="normal",
        show_default=True,
        help="saver: no grey or black fills; boxes, bands and headers in outline. Example: --ink saver",
    )(func)


def large_option(func: F) -> F:
    return click.option(
        "--large/--no-large",
        default=False,
        show_default=True,
        help="Large print for the players' pages: references in 12 pt type, the players' "
        "trackers enlarged to a 12 pt body (either may take more than one sheet). "
        "Example: --for players --large",
    )(func)


def card_print_options(func: F) -> F:
    func = click.option(
        "--layout",
        type=click.Choice(["home", "shop"]),
        default="home",
        show_default=True,
        help="home: cards side by side with crop marks on all four sides; shop: one card a "
        "page at trim size "
        "(plus bleed), back then front, with TrimBox and BleedBox. "
        "Example: --layout shop --bleed",
    )(func)
    func = click.option(
        "--bleed/--no-bleed",
        default=False,
        show_default=True,
        help="A 1/8 in bleed around each card, text kept 1/8 in inside the trim; in the "
        "home layout cards then stand 1/4 in apart with crop marks at every trim. "
        "Example: --bleed --backs",
    )(func)
    return func


def _shipped_language(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    from sheetgen.words.language import shipped, supported

    if value is None or supported(value) is not None:
        return value
    source = ctx.get_parameter_source(param.name or "")
    where = " (the settings file's language)" if source is click.core.ParameterSource.DEFAULT_MAP else ""
    raise click.BadParameter(
        f"no sheetgen words in {value!r}{where}; shipped: {', '.join(shipped())}", ctx=ctx, param=param
    )


def language_option(func: F) -> F:
    return click.option(
        "--language",
        metavar="TAG",
        callback=_shipped_language,
        help="The language of sheetgen's own words on the sheets (headings, labels, the rules "
        "it words); the pack's and the site's text stays as written. Default: the site's "
        "language (the pack's for a pack), where sheetgen has it, else English. "
        "Example: --language de",
    )(func)


def options_for(
    paper: str,
    seed: int | None = None,
    fillable: bool = False,
    *,
    ink: str = "normal",
    large: bool = False,
    language: str = "en",
    chosen: str | None = None,
    cards: CardPrint | None = None,
) -> RenderOptions:
    """The render options; *language* is the language of the text on the sheets (a site's or a pack's),
    *chosen* the one --language or the settings file asked for sheetgen's words."""
    from sheetgen.words.language import document_language

    words = words_for(language, chosen)
    return RenderOptions(
        paper=paper_named(paper),
        seed=seed,
        fillable=fillable,
        ink="saver" if ink == "saver" else "normal",
        large=large,
        language=document_language(language, words),
        words=words,
        cards=cards or CardPrint(),
    )


def words_for(language: str, chosen: str | None) -> str:
    """The language of sheetgen's words: the one --language or the settings file chose, else the text's
    (*language*, a site's or a pack's) where sheetgen has it, else English."""
    from sheetgen.words.language import SOURCE, supported

    return supported(chosen or language) or SOURCE


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
    return click.option(
        "--size",
        type=click.Choice(["poker", "index"]),
        default="poker",
        show_default=True,
        help="Card size: poker 2.5 x 3.5 in (nine a page on A4, eight on letter) or index 3 x 5 in (four a page).",
    )(func)


def backs_option(func: F) -> F:
    return click.option(
        "--backs/--no-backs",
        default=False,
        show_default=True,
        help="Add a back page after each front page, for double-sided printing.",
    )(func)


def fillable_option(func: F) -> F:
    return click.option(
        "--fillable/--no-fillable",
        default=False,
        show_default=True,
        help="Make every tick box a PDF checkbox that can be ticked on screen.",
    )(func)


def cache_option(func: F) -> F:
    return click.option(
        "--no-cache", is_flag=True, help="Draw every page afresh instead of reusing pages from the cache."
    )(func)


def variant_option(func: F) -> F:
    return click.option(
        "--variant",
        metavar="ID",
        help="Play one of the pack's variants: its unit, check, rates and multipliers (see the reference).",
    )(func)


def rules_option(func: F) -> F:
    return click.option(
        "--rules",
        "rules_dir",
        type=click.Path(file_okay=False, path_type=Path),
        help="Also list the packs in this folder.",
    )(func)


def pack_folder_option(func: F) -> F:
    return click.option(
        "--rules",
        "rules_dirs",
        multiple=True,
        type=click.Path(file_okay=False, path_type=Path),
        help="A folder of pack files a site may name, besides the site's own folder (repeatable).",
    )(func)


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
