# Hajime: runs bot.py as a non-root user; the SQLite file lives in the /data volume.
#
# Written to hadolint's rules (no apt packages; pip install of the local project only, with
# --no-cache-dir; useradd --no-log-init; no pipes in RUN; JSON CMD and HEALTHCHECK; last
# USER not root). Checked by hand and by tests/test_docker.py, not by the hadolint binary.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    HAJIME_DATABASE=/data/hajime.sqlite3 \
    HAJIME_HEARTBEAT_FILE=/tmp/hajime-heartbeat

WORKDIR /app
# The whole build context, less what .dockerignore leaves out (tests, benches, docs, data,
# caches): every top-level package is copied, whichever pyproject.toml lists (engine, cogs,
# db, sandbox, and any added later), with bot.py and config.example.toml; pip installs
# the packages pyproject.toml's [tool.setuptools.packages.find] includes.
COPY . .
RUN pip install --no-cache-dir . \
    && useradd --create-home --no-log-init --uid 10001 hajime \
    && mkdir -p /data \
    && chown hajime:hajime /data

USER hajime
VOLUME ["/data"]
# Liveness: the bot rewrites $HAJIME_HEARTBEAT_FILE every 15 s while its gateway is
# connected and its event loop turns; the check fails once the last beat is 45 s old.
HEALTHCHECK --interval=30s --timeout=10s --start-period=120s --retries=3 \
    CMD ["python", "-m", "cogs.health"]
# DISCORD_TOKEN must be given at run time: docker run -e DISCORD_TOKEN=... -v hajime:/data
CMD ["python", "bot.py"]
