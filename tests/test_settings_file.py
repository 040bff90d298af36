"""The settings file is read as a user's editor leaves it, and nothing in it or in its place hangs or crashes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from test_bad_inputs import ROOT, sheetgen_env


def run(config: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**sheetgen_env(), "SHEETGEN_CONFIG": str(config)}
    return subprocess.run(
        [sys.executable, "-m", "sheetgen", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_a_byte_order_mark_is_read_as_an_editor_wrote_it(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_bytes(b'\xef\xbb\xbfpapr = "a4"\n')
    done = run(config, "calibrate", "-o", str(tmp_path / "c.pdf"))
    assert done.returncode == 2
    assert done.stderr == f'error: {config}:1:1: papr: unknown setting "papr" (did you mean "paper"?)\n'  # its place
    config.write_bytes(b'\xef\xbb\xbfpaper = "a4"\n')
    done = run(config, "calibrate", "-o", str(tmp_path / "c.pdf"))
    assert done.returncode == 0, done.stderr


def test_a_pipe_as_the_settings_file_is_refused_at_once(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    os.mkfifo(config)
    done = run(config, "calibrate", "-o", str(tmp_path / "c.pdf"))
    assert done.returncode == 2
    assert f"error: {config}: the settings file is not a regular file; give the path of a TOML file" in done.stderr
    assert not (tmp_path / "c.pdf").exists()


def test_deep_nesting_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("paper = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    done = run(config, "calibrate", "-o", str(tmp_path / "c.pdf"))
    assert done.returncode == 2, done.stderr
    assert f"error: {config}:1:1: nested too deeply for a settings file" in done.stderr
    assert "Traceback" not in done.stderr
