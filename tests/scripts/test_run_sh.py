"""scripts/run.sh: installs on the first run and when the dependencies change, not otherwise."""

from __future__ import annotations

import pathlib
import shutil
import subprocess

ROOT = pathlib.Path(__file__).parents[2]
FAKE_PYTHON = """#!/bin/sh
# Stands for .venv/bin/python: logs its arguments; `pip` fails when FAIL_PIP is set.
echo "$*" >> "$(dirname "$0")/../calls.log"
case "$*" in *pip*) [ -z "$FAIL_PIP" ] || exit 1 ;; esac
exit 0
"""


def _project(tmp: pathlib.Path) -> pathlib.Path:
    """A copy of run.sh and pyproject.toml, with a fake interpreter in .venv."""
    (tmp / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "run.sh", tmp / "scripts" / "run.sh")
    shutil.copy(ROOT / "pyproject.toml", tmp / "pyproject.toml")
    py = tmp / ".venv" / "bin" / "python"
    py.parent.mkdir(parents=True)
    py.write_text(FAKE_PYTHON)
    py.chmod(0o755)
    return tmp


def _run(tmp: pathlib.Path, *args: str, **env: str) -> tuple[int, list[str]]:
    """Run run.sh once (with ``args``, default ``--config c.toml``); its exit code and the
    interpreter calls it made."""
    log = tmp / ".venv" / "calls.log"
    log.unlink(missing_ok=True)
    proc = subprocess.run(["bash", str(tmp / "scripts" / "run.sh"),
                           *(args or ("--config", "c.toml"))],
                          env={"PATH": "/usr/bin:/bin", **env}, capture_output=True,
                          timeout=30, check=False)
    return proc.returncode, log.read_text().splitlines() if log.exists() else []


def test_run_sh_installs_only_when_the_dependencies_changed(tmp_path: pathlib.Path) -> None:
    tmp = _project(tmp_path)
    install, start = "-m pip install -q -e .", "bot.py --config c.toml"
    assert _run(tmp) == (0, [install, start])  # first run
    assert _run(tmp) == (0, [start])  # nothing changed: straight to the bot
    assert _run(tmp) == (0, [start])
    with (tmp / "pyproject.toml").open("a") as f:
        f.write('\n# a new dependency\n')
    assert _run(tmp) == (0, [install, start])
    assert _run(tmp) == (0, [start])


def test_a_failed_install_is_retried_next_time(tmp_path: pathlib.Path) -> None:
    tmp = _project(tmp_path)
    code, calls = _run(tmp, FAIL_PIP="1")
    assert code != 0 and calls == ["-m pip install -q -e ."]  # the bot does not start
    assert _run(tmp) == (0, ["-m pip install -q -e .", "bot.py --config c.toml"])


def test_run_sh_sandbox_starts_the_web_sandbox_with_its_flags(tmp_path: pathlib.Path) -> None:
    tmp = _project(tmp_path)
    assert _run(tmp, "--sandbox", "--port", "9000") == (
        0, ["-m pip install -q -e .", "-m sandbox --port 9000"])
    assert _run(tmp, "--sandbox") == (0, ["-m sandbox"])
