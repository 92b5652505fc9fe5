# Hajime: runs bot.py as a non-root user; the SQLite file lives in the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    HAJIME_DATABASE=/data/hajime.sqlite3

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY referee ./referee
COPY cogs ./cogs
COPY db ./db
COPY bot.py config.example.toml ./
RUN pip install . \
    && useradd --create-home --uid 10001 hajime \
    && mkdir -p /data && chown hajime:hajime /data

USER hajime
VOLUME ["/data"]
# DISCORD_TOKEN must be given at run time: docker run -e DISCORD_TOKEN=... -v hajime:/data
CMD ["python", "bot.py"]
