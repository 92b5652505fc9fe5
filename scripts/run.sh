#!/usr/bin/env bash
# Install the bot into .venv and start it. Installs only on the first run and when the
# dependencies change (pyproject.toml differs from the copy kept in .venv after the last
# successful install). Reads config.toml if present; the token comes from DISCORD_TOKEN or
# config.toml. `exec` hands the process over to Python, so SIGTERM (docker stop) and
# Ctrl-C reach the bot, which shuts down cleanly.
# `run.sh --sandbox [--port N] [--data DIR]` serves the web sandbox on 127.0.0.1 instead
# (every game in a browser, no Discord and no token needed).
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
[ -x .venv/bin/python ] || "$PY" -m venv .venv
STAMP=.venv/.installed-pyproject.toml
if ! cmp -s pyproject.toml "$STAMP"; then
    echo "Installing dependencies into .venv (pyproject.toml changed)..." >&2
    .venv/bin/python -m pip install -q -e . >/dev/null
    cp pyproject.toml "$STAMP"
fi
if [ "${1:-}" = "--sandbox" ]; then
    shift
    exec .venv/bin/python -m sandbox "$@"
fi
exec .venv/bin/python bot.py "$@"
