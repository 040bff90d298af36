"""The built wheel works on its own: installed into a fresh virtual environment outside the checkout,
it lists its packs, checks its bundled site, and builds a packet with its shipped templates and fonts."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parent.parent

# Every test here builds a wheel or runs from one.
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A venv with the sheetgen wheel, and this environment's dependencies visible (nothing downloaded)."""
    base = tmp_path_factory.mktemp("install")
    wheels = base / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = wheels.glob("sheetgen-*.whl")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    site = Path(sysconfig.get_path("purelib", vars={"base": str(env_dir), "platbase": str(env_dir)}))
    # the dependencies come from the running environment; sheetgen itself only from the wheel
    parents = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (site / "_deps.pth").write_text("\n".join(sorted(parents)) + "\n", encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(env_dir / "bin" / "python"),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:  # pip too old for --python: install with the venv's own interpreter
        done = subprocess.run(
            [str(env_dir / "bin" / "python"), "-m", "pip", "install", "--no-deps", "-q", str(wheel)],
            capture_output=True,
            text=True,
            check=False,
        )
    assert done.returncode == 0, done.stderr
    return env_dir


def run(env_dir: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(env_dir / "bin" / "sheetgen"), *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_the_wheel_is_what_runs(installed: Path, tmp_path: Path) -> None:
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c", "import sheetgen; print(sheetgen.__file__)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(installed) in where.stdout
    assert str(ROOT) not in where.stdout


def test_systems_and_check_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    systems = run(installed, tmp_path, "systems")
    assert systems.returncode == 0, systems.stderr
    listed = [
        line.split()[0]
        for group in systems.stdout.split("\n\nVARIANTS")[0].split("\n\n")[1:]
        for line in group.splitlines()[1:]
        if not line.startswith(" ")
    ]
    assert sorted(listed) == [
        "bx-dungeon",
        "danger-rounds",
        "derelict-crawl",
        "dungeon-turn",
        "encounter-clock",
        "encounter-reaction",
        "site-alarm",
        "tension-dice",
        "usage-dice",
        "wilderness-watches",
    ]
    check = run(installed, tmp_path, "check", str(installed_site(installed)))
    assert check.returncode == 0, check.stderr
    assert "ok (site 'The Sunken Chapel'" in check.stdout


def installed_site(env_dir: Path) -> Path:
    (path,) = env_dir.glob("lib/python*/site-packages/sheetgen/sites/the-sunken-chapel.yaml")
    return path


def test_packet_from_the_wheel(installed: Path, tmp_path: Path) -> None:
    done = run(installed, tmp_path, "packet", "--seed", "3")
    assert done.returncode == 0, done.stderr
    out = tmp_path / "output" / "the-sunken-chapel-packet.pdf"
    assert done.stdout == f"{Path('output') / out.name}\n"
    reader = PdfReader(out)
    assert len(reader.pages) > 10
    assert "Background and room index" in reader.pages[1].extract_text()
    assert "Dungeon Turn Reference" in reader.pages[3].extract_text()  # after the cover, front page and map


def test_every_package_of_the_tree_is_in_the_wheel() -> None:
    """pyproject.toml lists the packages one by one: a new folder of modules must be listed there too."""
    import tomllib

    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["packages"])
    tree = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "sheetgen").rglob("__init__.py")}
    assert tree <= listed, f"not in pyproject.toml's packages: {sorted(tree - listed)}"


def test_the_catalogues_are_in_the_wheel(installed: Path, tmp_path: Path) -> None:
    """The compiled catalogues ship with the package: a German tracker from the wheel says its words in German."""
    (mo,) = installed.glob("lib/python*/site-packages/sheetgen/locale/de/LC_MESSAGES/sheetgen.mo")
    assert mo.with_suffix(".po").is_file()
    done = run(installed, tmp_path, "tracker", "dungeon-turn", "--language", "de", "-o", "t.pdf")
    assert done.returncode == 0, done.stderr
    assert "Für den" in PdfReader(tmp_path / "t.pdf").pages[0].extract_text()
