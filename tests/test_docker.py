"""The container image: its build context, its Dockerfile's lint rules, the compose health
checks, and (where a container engine runs) the image built, started and healthy.

No ``hadolint`` binary is needed: :func:`lint` checks the rules of hadolint this
Dockerfile could break (listed there), and :func:`test_hadolint_when_installed` runs the
real one where it is on the PATH.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import re
import shutil
import subprocess
import time
import tomllib
import uuid
from pathlib import Path

import pytest

from tests.fakediscord import FakeDiscord

ROOT = Path(__file__).resolve().parents[1]


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions (keyword, arguments), continuation lines joined."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        if not pending and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.lstrip().startswith("#"):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        word, _, rest = pending.strip().partition(" ")
        out.append((word.upper(), rest.strip()))
        pending = ""
    return out


def lint(text: str) -> list[str]:
    """hadolint's rules that a Dockerfile like this one can break, checked by hand:
    DL3002 (last USER root), DL3003 (cd in RUN), DL3004 (sudo), DL3006/DL3007 (untagged or
    latest base), DL3008 (unpinned apt-get install), DL3009 (apt lists kept), DL3013 (unpinned
    pip install), DL3020 (ADD for files), DL3025 (CMD/ENTRYPOINT not JSON), DL3042 (pip
    without --no-cache-dir), DL3046 (useradd with a long UID without -l), DL3059 (consecutive
    RUNs), DL4000 (MAINTAINER), DL4006 (a pipe without pipefail), one HEALTHCHECK (DL3012),
    and a HEALTHCHECK at all (DL3057)."""
    found: list[str] = []
    steps = instructions(text)
    shell_pipefail = any(k == "SHELL" and "pipefail" in a for k, a in steps)
    users = [a for k, a in steps if k == "USER"]
    if users and users[-1].split(":")[0] in ("root", "0"):
        found.append("DL3002 last USER is root")
    previous = ""
    for key, args in steps:
        if key == "FROM":
            image = args.split()[0]
            if "@" not in image and (":" not in image or image.endswith(":latest")):
                found.append(f"DL3006/DL3007 base image not pinned to a tag: {image}")
        if key == "MAINTAINER":
            found.append("DL4000 MAINTAINER")
        if key == "ADD" and not re.search(r"https?://|\.tar", args):
            found.append("DL3020 ADD for a local file")
        if key in ("CMD", "ENTRYPOINT") and not args.startswith("["):
            found.append(f"DL3025 {key} not in JSON form")
        if key == "RUN":
            if previous == "RUN":
                found.append("DL3059 consecutive RUN instructions")
            for cmd in re.split(r"&&|;|\|\||\|", args):
                words = cmd.split()
                if not words:
                    continue
                if words[0] == "cd":
                    found.append("DL3003 cd in RUN (use WORKDIR)")
                if words[0] == "sudo":
                    found.append("DL3004 sudo")
                if words[:2] == ["apt-get", "install"]:
                    pkgs = [w for w in words[2:] if not w.startswith("-")]
                    if any("=" not in p for p in pkgs):
                        found.append("DL3008 apt-get install without pinned versions")
                    if "rm -rf /var/lib/apt/lists" not in args:
                        found.append("DL3009 apt lists not removed")
                pip = words[0] in ("pip", "pip3") or words[1:3] == ["-m", "pip"]
                if pip and "install" in words:
                    pkgs = [w for w in words[words.index("install") + 1:]
                            if not w.startswith("-")]
                    if "-r" not in words and "." not in pkgs and any(
                            not re.search(r"==|>=|<=|~=|/|\.whl$|\.tar\.gz$", p)
                            for p in pkgs):
                        found.append("DL3013 pip install without pinned versions")
                    if "--no-cache-dir" not in words:
                        found.append("DL3042 pip install without --no-cache-dir")
                if words[0] == "useradd" and ("-l" not in words and "--no-log-init" not in words):
                    uid = next((words[i + 1] for i, w in enumerate(words[:-1])
                                if w in ("-u", "--uid")), "")
                    if len(uid) > 5:
                        found.append("DL3046 useradd with a long UID without -l")
            if "|" in args.replace("||", "") and not shell_pipefail:
                found.append("DL4006 a pipe in RUN without SHELL -o pipefail")
        previous = key
    checks = [a for k, a in steps if k == "HEALTHCHECK"]
    if len(checks) != 1:
        found.append(f"DL3012/DL3057 {len(checks)} HEALTHCHECK instructions (want one)")
    elif not checks[0].split("CMD", 1)[-1].strip().startswith("["):
        found.append("HEALTHCHECK CMD not in JSON form")
    return found


def test_the_lint_catches_what_it_claims() -> None:
    bad = ("FROM python\nMAINTAINER me\nRUN apt-get install -y curl\nRUN pip install foo"
           " && cd /x && curl x | sh\nRUN useradd -u 1000001 x\nCMD python bot.py\nUSER root\n")
    found = " ".join(lint(bad))
    for code in ("DL3002", "DL3003", "DL3006", "DL3008", "DL3009", "DL3013", "DL3025",
                 "DL3042", "DL3046", "DL3059", "DL4000", "DL4006", "DL3057"):
        assert code in found, code


def test_the_dockerfile_follows_hadolint_rules() -> None:
    assert lint((ROOT / "Dockerfile").read_text()) == []


def test_hadolint_when_installed() -> None:
    binary = shutil.which("hadolint")
    if binary is None:
        pytest.skip("no hadolint binary on the PATH (its rules are checked by lint())")
    done = subprocess.run([binary, str(ROOT / "Dockerfile")], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr


def ignored(path: str, patterns: list[str]) -> bool:
    """Whether .dockerignore's ``patterns`` leave ``path`` (a top-level name) out."""
    out = False
    for pat in patterns:
        negate = pat.startswith("!")
        pat = pat.removeprefix("!").strip("/")
        if fnmatch.fnmatch(path, pat) or fnmatch.fnmatch(path, pat.removeprefix("**/")):
            out = not negate
    return out


def test_every_package_pyproject_lists_reaches_the_image() -> None:
    """The Dockerfile copies the whole context (``COPY . .``, no list of packages to keep
    up to date) and .dockerignore leaves out none of the packages pyproject.toml installs,
    nor bot.py: a package added later (``referee/``) is copied without a change here."""
    steps = instructions((ROOT / "Dockerfile").read_text())
    assert ("COPY", ". .") in steps
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.lstrip().startswith("#")]
    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "packages"]["find"]
    tops = {p.split(".")[0].rstrip("*") for p in find["include"]}
    assert tops >= {"engine", "cogs", "db"}
    for top in sorted(tops):
        assert (ROOT / top / "__init__.py").exists(), f"{top}: listed but not a package"
        assert not ignored(top, patterns), f".dockerignore leaves out {top}/"
    for needed in ("bot.py", "pyproject.toml", "config.example.toml", "README.md"):
        assert not ignored(needed, patterns), f".dockerignore leaves out {needed}"
    # every package bot.py imports at the top level is one pyproject.toml installs
    imported = set(re.findall(r"^(?:from|import) (\w+)", (ROOT / "bot.py").read_text(), re.M))
    local = {p.name for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert imported & local <= tops, imported & local - tops


def test_compose_bots_have_health_checks() -> None:
    """Every bot service has the heartbeat check (through the shared ``x-bot`` block)."""
    text = (ROOT / "docker-compose.yml").read_text()
    block = text.split("x-bot: &bot", 1)[1].split("\nservices:", 1)[0]
    assert re.search(r'healthcheck:\s*\n\s+test: \["CMD", "python", "-m", "cogs.health"\]',
                     block), block
    services = text.split("\nservices:", 1)[1]
    bots = re.findall(r"^  (bot-\w+):\n    <<: \*bot$", services, re.M)
    assert bots == ["bot-0", "bot-1"], bots
    assert "healthcheck:" in services.split("bot-0:", 1)[0]  # the database's own


def engine_running() -> str | None:
    """Why no container can be built here (None: ``docker info`` answers)."""
    if shutil.which("docker") is None:
        return "no docker client on the PATH"
    try:
        done = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"`docker info` failed: {exc}"
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return "`docker info` failed (no container engine running): " + (
            lines[-1] if lines else f"exit {done.returncode}")
    return None


def docker(*args: str, timeout: float = 60) -> str:
    done = subprocess.run(["docker", *args], capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, f"docker {' '.join(args)}: {done.stderr}"
    return done.stdout.strip()


@pytest.mark.slow
@pytest.mark.timeout(1200)
async def test_the_image_builds_starts_and_becomes_healthy() -> None:
    """Build the image, run it against the offline Discord (host network), wait for the
    health check to say healthy, then stop it: a clean exit, and unhealthy once stopped."""
    why = engine_running()
    if why is not None:
        pytest.skip(why)
    tag = f"hajime-test:{uuid.uuid4().hex[:8]}"
    name = f"hajime-test-{uuid.uuid4().hex[:8]}"
    docker("build", "-t", tag, str(ROOT), timeout=900)
    fake = FakeDiscord()
    await fake.start()
    try:
        docker("run", "-d", "--name", name, "--network", "host",
               "-e", "DISCORD_TOKEN=container-test",
               "-e", f"HAJIME_DISCORD_API={fake.api_base}",
               "-e", f"HAJIME_DISCORD_GATEWAY={fake.gateway_url}",
               "-e", "HAJIME_DATABASE=/tmp/hajime.sqlite3",
               "--health-interval", "1s", "--health-start-period", "60s", tag)
        deadline = time.monotonic() + 120
        status = ""
        while status != "healthy":
            state = json.loads(docker("inspect", "--format", "{{json .State}}", name))
            status = (state.get("Health") or {}).get("Status", "")
            assert state.get("Running"), f"the container stopped: {docker('logs', name)}"
            assert time.monotonic() < deadline, (status, docker("logs", name))
            await asyncio.sleep(1)
        assert fake.connected
        docker("stop", "--time", "30", name, timeout=60)
        state = json.loads(docker("inspect", "--format", "{{json .State}}", name))
        assert state["ExitCode"] == 0, docker("logs", name)
        health = subprocess.run(["docker", "run", "--rm", "--entrypoint", "python", tag, "-m",
                                 "cogs.health"], capture_output=True, text=True, timeout=120)
        assert health.returncode == 1  # no bot, no heartbeat
    finally:
        subprocess.run(["docker", "rm", "-f", name], capture_output=True, timeout=60)
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, timeout=120)
        await fake.stop()
