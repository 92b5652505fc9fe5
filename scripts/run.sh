#!/usr/bin/env bash
# Install the bot into .venv (first run only) and start it. Reads config.toml if present;
# the token comes from DISCORD_TOKEN or config.toml.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3.11}
command -v "$PY" >/dev/null 2>&1 || PY=python3
[ -x .venv/bin/python ] || "$PY" -m venv .venv
.venv/bin/python -m pip install -q -e . >/dev/null
exec .venv/bin/python bot.py "$@"
