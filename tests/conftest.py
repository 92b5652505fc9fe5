"""Test-wide settings: hypothesis without per-example deadlines (timing is for bench/).

Under CI (``CI`` set) hypothesis is derandomized so that a run is reproducible; locally
it explores new examples every run.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("hajime", deadline=None, print_blob=True)
settings.register_profile("hajime-ci", deadline=None, print_blob=True, derandomize=True)
settings.load_profile("hajime-ci" if os.environ.get("CI") else "hajime")
