"""Shared fixtures: a CLI runner, a seeded generator, the bundled pack and site, file writers."""

from __future__ import annotations

import gc
import random
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from sheetgen.cli.group import GC_THRESHOLDS
from sheetgen.load.files import load_pack, load_site
from sheetgen.model.loaded import LoadedSite
from sheetgen.model.pack import Pack

# The tests run with the garbage collector set as the program sets it: laid-out pages, fonts and PDFs that
# live for a whole test were walked again and again with Python's defaults (5-15% of the suite's time).
gc.set_threshold(*GC_THRESHOLDS)


def pytest_addoption(parser: pytest.Parser, pluginmanager: pytest.PytestPluginManager) -> None:
    parser.addoption(
        "--update-goldens",
        action="store_true",
        help="write the picture tests' golden PNGs anew (look at them before committing)",
    )
    if not pluginmanager.has_plugin("xdist"):
        # Accept pyproject's "-n auto --dist loadfile" when pytest-xdist is turned off (-p no:xdist) or
        # missing: the tests then run one after another in this process. pytest keeps lowercase short
        # options to itself and its plugins ("-n" is pytest-xdist's), hence _addoption.
        group = parser.getgroup("xdist", "distributed testing (pytest-xdist is off)")
        group._addoption("-n", "--numprocesses", dest="numprocesses", default=None, help="ignored without xdist")
        group.addoption("--dist", dest="dist", default="no", help="ignored without xdist")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def rng() -> random.Random:
    return random.Random(1234)


@pytest.fixture
def dungeon_turn() -> Pack:
    return load_pack("dungeon-turn")


@pytest.fixture
def chapel() -> LoadedSite:
    return load_site("the-sunken-chapel")


@pytest.fixture
def write(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a dedented text file into tmp_path and return its path."""

    def _write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    return _write


@pytest.fixture(scope="session", autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Reference pages are cached per test session, never in the user's own cache folder."""
    import os

    os.environ["SHEETGEN_CACHE_DIR"] = str(tmp_path_factory.mktemp("cache"))
    os.environ["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))  # the key that seals cache entries


@pytest.fixture(scope="session", autouse=True)
def _unchanged_code_in_subprocesses() -> None:
    """While scripts/mutation-report maps which test calls which function (mutmut's "stats" run), a sheetgen
    started as a subprocess runs the unchanged code: mapping its calls too needs mutmut's own state, which
    lives in this process only. This process still maps its calls, from the name mutmut keeps in memory. While
    a mutant's tests run, a subprocess runs the mutant too."""
    import os

    import sheetgen

    if os.environ.get("MUTANT_UNDER_TEST") == "stats":
        del os.environ["MUTANT_UNDER_TEST"]
    elif os.environ.get("MUTANT_UNDER_TEST"):
        # a mutant's run: a sheetgen started as a subprocess (`python -m sheetgen`) imports the mutated copy this
        # process imports, and the mutant named in the environment it inherits is active there too
        here = str(Path(sheetgen.__file__).resolve().parent.parent)
        os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, (here, os.environ.get("PYTHONPATH"))))


@pytest.fixture(scope="session", autouse=True)
def _no_settings_file() -> None:
    """No test reads the user's own settings file (tests that want one set SHEETGEN_CONFIG themselves)."""
    import os

    os.environ["SHEETGEN_CONFIG"] = ""
