"""``python -m sandbox [--port 8765] [--data DIR]``: serve the sandbox on 127.0.0.1."""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
from pathlib import Path

from aiohttp import web

from sandbox.server import make_app

HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def main(argv: list[str] | None = None) -> int:
    """Parse the flags and serve until Ctrl-C."""
    parser = argparse.ArgumentParser(
        prog="python -m sandbox",
        description="Play Hajime's games in a browser, without Discord (127.0.0.1 only).")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--data", type=Path, default=None,
                        help="folder for the SQLite file and the seat-link key "
                             "(default: a new temporary folder)")
    parser.add_argument("--seed", type=int, default=None,
                        help="deal the matches from this seed on (the same matches every "
                             "run: for tests and screenshots)")
    args = parser.parse_args(argv)
    if not 0 < args.port < 65536:
        parser.error("--port must be between 1 and 65535")
    folder = args.data or Path(tempfile.mkdtemp(prefix="hajime-sandbox-"))
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    print(f"Hajime sandbox: open http://{HOST}:{args.port}/ (matches in {folder}; "
          "Ctrl-C stops)", file=sys.stderr, flush=True)
    # No access log: each open page polls about once a second.
    web.run_app(make_app(folder, seed=args.seed), host=HOST, port=args.port, print=None,
                access_log=None, shutdown_timeout=2.0)
    return 0


if __name__ == "__main__":
    sys.exit(main())
