"""An offline Discord (gateway + REST on 127.0.0.1) for end-to-end tests of the real bot.

Entry points: ``FakeDiscord`` (server.py), ``running_bot`` / ``patch_discord`` /
``fake_discord`` fixture (fixtures.py), ``FakeUser`` and ``InteractionResult`` (users.py).
"""

from .server import FakeDiscord
from .store import Attachment, Channel, Message
from .users import FakeUser, InteractionResult

__all__ = ["Attachment", "Channel", "FakeDiscord", "FakeUser", "InteractionResult", "Message"]
